import * as api from '../../src'
import { MISSING, registerModelRules } from '../../src'
import { loadedCount, loadedPivot, loadedRelation } from '../../src/adapters/kit'

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

describe('rules live on the model class', () => {
  const tagged = (tag: string) => ({ relation: () => tag })

  it('stores them as a non-enumerable static of the class', () => {
    class Model {}
    registerModelRules(Model, tagged('m'))
    expect(Object.keys(Model)).toEqual([])
    const own = Object.getOwnPropertyDescriptor(Model, Symbol.for('api-resources.modelRules'))
    expect(own).toMatchObject({ enumerable: false })
    expect(loadedRelation(new Model(), 'x')).toBe('m')
  })

  it('registering again replaces them; a subclass may register its own', () => {
    class Base {}
    class Child extends Base {}
    class GrandChild extends Child {}
    registerModelRules(Base, tagged('base'))
    expect(loadedRelation(new GrandChild(), 'x')).toBe('base')
    registerModelRules(Base, tagged('base again'))
    expect(loadedRelation(new GrandChild(), 'x')).toBe('base again')
    registerModelRules(Child, tagged('child'))
    expect(loadedRelation(new Base(), 'x')).toBe('base again')
    expect(loadedRelation(new Child(), 'x')).toBe('child')
    expect(loadedRelation(new GrandChild(), 'x')).toBe('child')
  })

  it('missing rules fall back to the defaults, merged per rule', () => {
    class Model {
      posts_count = 4
    }
    registerModelRules(Model, tagged('m'))
    expect(loadedCount(new Model(), 'posts')).toBe(4)
    expect(loadedPivot(new Model(), 'pivot')).toBe(MISSING)
  })

  it('a row with a `constructor` column is looked up through its prototype', () => {
    class Model {}
    registerModelRules(Model, tagged('m'))
    const row = Object.assign(new Model(), { constructor: 'a column' })
    expect(loadedRelation(row, 'x')).toBe('m')
    const plain = { constructor: 'a column', posts: [1] }
    expect(loadedRelation(plain, 'posts')).toEqual([1])
  })

  it('prototype-less rows and other values get the defaults', () => {
    const row = Object.assign(Object.create(null) as Record<string, unknown>, { posts: [1] })
    expect(loadedRelation(row, 'posts')).toEqual([1])
    expect(loadedRelation(row, 'tags')).toBe(MISSING)
    expect(loadedRelation(null, 'posts')).toBe(MISSING)
    expect(loadedRelation('posts', 'length')).toBe(MISSING)
  })

  it('keeps no process-wide registry to reset', () => {
    expect(Object.keys(api)).not.toContain('unregisterModelRules')
  })
})
