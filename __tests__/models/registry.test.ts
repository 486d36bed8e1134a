import { MISSING, loadedCount, loadedPivot, loadedRelation, registerModelRules } from '../../src'

describe('default model rules', () => {
  it('reads loaded relations, counts and pivots off plain objects', () => {
    const model = { posts: [], author: null, posts_count: 3, pivot: { role: 'x' } }
    expect(loadedRelation(model, 'posts')).toEqual([])
    expect(loadedRelation(model, 'author')).toBeNull()
    expect(loadedRelation(model, 'tags')).toBe(MISSING)
    expect(loadedCount(model, 'posts')).toBe(3)
    expect(loadedCount(model, 'tags')).toBe(MISSING)
    expect(loadedPivot(model, 'pivot')).toEqual({ role: 'x' })
    expect(loadedPivot(model, 'membership')).toBe(MISSING)
  })
  it("reads a count under `_count.<relation>` (Prisma's `include: { _count }`)", () => {
    expect(loadedCount({ _count: { posts: 2 } }, 'posts')).toBe(2)
    expect(loadedCount({ _count: { posts: 2 }, posts_count: 5 }, 'posts')).toBe(5)
    expect(loadedCount({ _count: { posts: 2 } }, 'tags')).toBe(MISSING)
    expect(loadedCount({ _count: null }, 'posts')).toBe(MISSING)
    expect(loadedCount({ _count: 3 }, 'posts')).toBe(MISSING)
  })
  it('never calls a lazy relation, a getter, or awaits a thenable', () => {
    const fn = jest.fn()
    const then = jest.fn()
    const getter = jest.fn()
    const model = {
      lazy: fn,
      promised: Promise.resolve([]),
      thenable: { then },
      get viaGetter() {
        getter()
        return []
      },
    }
    expect(loadedRelation(model, 'lazy')).toBe(MISSING)
    expect(loadedRelation(model, 'promised')).toBe(MISSING)
    expect(loadedRelation(model, 'thenable')).toBe(MISSING)
    expect(loadedRelation(model, 'viaGetter')).toBe(MISSING)
    expect(fn).not.toHaveBeenCalled()
    expect(then).not.toHaveBeenCalled()
    expect(getter).not.toHaveBeenCalled()
  })
  it('uses rules registered for a class and its subclasses', () => {
    class Base {
      store = { posts: ['p'] }
    }
    class Child extends Base {}
    registerModelRules(Base, {
      relation: (m, r) => (m as Base).store[r as 'posts'] ?? MISSING,
    })
    expect(loadedRelation(new Child(), 'posts')).toEqual(['p'])
    expect(loadedRelation(new Child(), 'other')).toBe(MISSING)
    expect(loadedCount(new Child(), 'posts')).toBe(MISSING)
  })
})
