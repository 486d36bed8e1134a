import { JsonResource, MISSING, registerModelRules } from '../../src'
import { mergeValue } from '../../src/runtime/missing'

/** A resource whose toArray() is given by the test, to call the helpers as a user would. */
function payloadOf(model: object, build: (r: JsonResource<any>) => Record<string, unknown>) {
  class R extends JsonResource<any> {
    override toArray() {
      return build(this)
    }
  }
  return (new R(model).toPayload() as { data: unknown }).data
}

describe('when(condition, value, default)', () => {
  it('gives value when true, default (MISSING unless given) when false', () => {
    expect(
      payloadOf({}, (r) => ({
        a: r.when(true, 1),
        b: r.when(false, 1),
        c: r.when(false, 1, null),
        d: r.when(0, 1, 'fallback'),
      })),
    ).toEqual({ a: 1, c: null, d: 'fallback' })
  })

  it('calls a function value (or default) only when it is chosen', () => {
    const value = jest.fn(() => 'v')
    const fallback = jest.fn(() => 'd')
    expect(payloadOf({}, (r) => ({ a: r.when(false, value, fallback) }))).toEqual({ a: 'd' })
    expect(value).not.toHaveBeenCalled()
    expect(payloadOf({}, (r) => ({ a: r.when(true, value, fallback) }))).toEqual({ a: 'v' })
    expect(fallback).toHaveBeenCalledTimes(1)
  })

  it('a result of MISSING is stripped', () => {
    expect(payloadOf({}, (r) => ({ a: r.when(true, MISSING) }))).toEqual({})
  })
})

describe('whenNotNull(value)', () => {
  it('treats null and undefined as none, keeps 0, "" and false', () => {
    expect(
      payloadOf({}, (r) => ({
        a: r.whenNotNull(null),
        b: r.whenNotNull(undefined),
        c: r.whenNotNull(0),
        d: r.whenNotNull(''),
        e: r.whenNotNull(false),
      })),
    ).toEqual({ c: 0, d: '', e: false })
  })
})

describe('whenLoaded(relation, cb)', () => {
  it('gives the loaded relation, or cb of it; no key when not loaded', () => {
    const model = { author: { name: 'a' }, tags: [] }
    expect(
      payloadOf(model, (r) => ({
        author: r.whenLoaded('author'),
        name: r.whenLoaded('author', (a: { name: string }) => a.name),
        tags: r.whenLoaded('tags'),
        comments: r.whenLoaded('comments'),
      })),
    ).toEqual({ author: { name: 'a' }, name: 'a', tags: [] })
  })

  it('gives null for a relation loaded as null, without calling cb', () => {
    const cb = jest.fn()
    expect(payloadOf({ author: null }, (r) => ({ author: r.whenLoaded('author', cb) }))).toEqual({
      author: null,
    })
    expect(cb).not.toHaveBeenCalled()
  })

  it('never calls a lazy relation, a getter, nor awaits a promise or thenable', () => {
    const lazy = jest.fn()
    const then = jest.fn()
    const getter = jest.fn()
    const cb = jest.fn()
    const promise = Promise.resolve([1])
    const thenSpy = jest.spyOn(promise, 'then')
    const model = {
      lazy,
      promised: promise,
      thenable: { then },
      get viaGetter() {
        getter()
        return []
      },
    }
    expect(
      payloadOf(model, (r) => ({
        a: r.whenLoaded('lazy', cb),
        b: r.whenLoaded('promised', cb),
        c: r.whenLoaded('thenable', cb),
        d: r.whenLoaded('viaGetter', cb),
      })),
    ).toEqual({})
    for (const f of [lazy, then, getter, cb, thenSpy]) expect(f).not.toHaveBeenCalled()
  })

  it('uses the rules an ORM adapter registered for the model class', () => {
    class Model {
      relations = new Map<string, unknown>([['author', { name: 'm' }]])
    }
    registerModelRules(Model, {
      relation: (m, name) => (m as Model).relations.get(name) ?? MISSING,
    })
    expect(
      payloadOf(new Model(), (r) => ({ a: r.whenLoaded('author'), b: r.whenLoaded('x') })),
    ).toEqual({ a: { name: 'm' } })
  })
})

describe('whenCounted(relation, cb)', () => {
  it('reads <relation>_count; no key when not counted', () => {
    expect(
      payloadOf({ posts_count: 0 }, (r) => ({
        posts: r.whenCounted('posts'),
        label: r.whenCounted('posts', (n) => `${n} posts`),
        tags: r.whenCounted('tags'),
      })),
    ).toEqual({ posts: 0, label: '0 posts' })
  })
})

describe('whenPivotLoaded(cb, accessor)', () => {
  it('gives the pivot object (default accessor "pivot"), or cb of it', () => {
    const model = { pivot: { role: 'owner' }, membership: { since: 2020 } }
    expect(
      payloadOf(model, (r) => ({
        pivot: r.whenPivotLoaded(),
        role: r.whenPivotLoaded((p: { role: string }) => p.role),
        since: r.whenPivotLoaded((p: { since: number }) => p.since, 'membership'),
        none: r.whenPivotLoaded(undefined, 'other'),
      })),
    ).toEqual({ pivot: { role: 'owner' }, role: 'owner', since: 2020 })
  })

  it('a pivot that is not an object counts as not loaded', () => {
    expect(payloadOf({ pivot: 3 }, (r) => ({ p: r.whenPivotLoaded() }))).toEqual({})
  })
})

describe('mergeWhen(condition, mapping)', () => {
  it('is spread into toArray() when true, nothing when false', () => {
    expect(
      payloadOf({}, (r) => ({
        id: 1,
        ...r.mergeWhen(true, { a: 1, b: MISSING }),
        ...r.mergeWhen(false, { c: 1 }),
        last: 2,
      })),
    ).toEqual({ id: 1, a: 1, last: 2 })
  })

  it('calls a mapping function only when true', () => {
    const mapping = jest.fn(() => ({ a: 1 }))
    expect(payloadOf({}, (r) => ({ ...r.mergeWhen(false, mapping) }))).toEqual({})
    expect(mapping).not.toHaveBeenCalled()
  })

  it('placed as a value, its keys replace that key in place', () => {
    const out = payloadOf({}, (r) => ({ id: 1, admin: r.mergeWhen(true, { x: 1, y: 2 }), z: 3 }))
    expect(out).toEqual({ id: 1, x: 1, y: 2, z: 3 })
    expect(Object.keys(out as object)).toEqual(['id', 'x', 'y', 'z'])
  })
})

describe('a mergeValue() record placed as a value', () => {
  it('is spread in place of its key', () => {
    expect(payloadOf({}, () => ({ a: 1, m: mergeValue({ b: 2, c: MISSING }), d: 3 }))).toEqual({
      a: 1,
      b: 2,
      d: 3,
    })
  })
})
