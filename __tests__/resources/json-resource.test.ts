import 'reflect-metadata'
import {
  Field,
  JsonResource,
  MISSING,
  ResourceCollection,
  ResourceError,
  TO_RESPONSE,
  WhenLoaded,
  createRequestContext,
  runWithRequestContext,
  type Nested,
} from '../../src'

interface Post {
  id: number
  title: string
  secret?: string
}

class PostResource extends JsonResource<Post> {
  override toArray() {
    return { id: this.resource.id, title: this.resource.title }
  }
}

describe('JsonResource payload (spec 2.1)', () => {
  it('wraps toArray() under "data" and strips MISSING keys', () => {
    class R extends JsonResource<Post> {
      override toArray() {
        return { id: this.resource.id, secret: this.when(false, 'x'), title: this.resource.title }
      }
    }
    const payload = new R({ id: 1, title: 't' }).toPayload()
    expect(payload).toEqual({ data: { id: 1, title: 't' } })
    expect(Object.keys((payload as { data: object }).data)).toEqual(['id', 'title'])
  })

  it('strips MISSING at any depth of plain objects and arrays, never inside class instances', () => {
    class Box {
      constructor(readonly inner: unknown) {}
    }
    const box = new Box(MISSING)
    const when = new Date(0)
    class R extends JsonResource<null | object> {
      override toArray() {
        return {
          a: { b: { c: MISSING, d: 1 }, list: [1, MISSING, { e: MISSING, f: [MISSING] }] },
          box,
          when,
        }
      }
    }
    const { data } = new R({}).toPayload() as { data: Record<string, unknown> }
    // toPayload() is JSON-safe: the date as its toJSON() string (the box has no toJSON)
    expect(data).toEqual({
      a: { b: { d: 1 }, list: [1, { f: [] }] },
      box,
      when: '1970-01-01T00:00:00.000Z',
    })
    expect(data.box).toBe(box)
    expect(box.inner).toBe(MISSING)
  })

  it('never mutates what toArray() returns (it may be the model itself)', () => {
    const model = { id: 1, gone: MISSING as unknown }
    class R extends JsonResource<typeof model> {
      override toArray() {
        return this.resource
      }
    }
    expect(new R(model).toPayload()).toEqual({ data: { id: 1 } })
    expect(model.gone).toBe(MISSING)
  })

  it('uses the static wrap of the subclass; wrap = null gives the fields themselves', () => {
    class Wrapped extends PostResource {
      static override wrap = 'post'
    }
    class Bare extends PostResource {
      static override wrap = null
    }
    expect(new Wrapped({ id: 1, title: 't' }).toPayload()).toEqual({ post: { id: 1, title: 't' } })
    expect(new Bare({ id: 1, title: 't' }).toPayload()).toEqual({ id: 1, title: 't' })
    expect(new PostResource({ id: 1, title: 't' }).toPayload()).toEqual({
      data: { id: 1, title: 't' },
    })
  })

  it('is never double-wrapped when toArray() already has the wrap key', () => {
    class R extends JsonResource<Post> {
      override toArray() {
        return { data: { id: this.resource.id }, extra: 1 }
      }
    }
    expect(new R({ id: 1, title: '' }).toPayload()).toEqual({ data: { id: 1 }, extra: 1 })
  })

  it('adds additional() keys beside the wrap key, chainable and merged', () => {
    const r = new PostResource({ id: 1, title: 't' })
    expect(r.additional({ meta: { v: 1 } }).additional({ links: { self: '/p/1' } })).toBe(r)
    expect(r.toPayload()).toEqual({
      data: { id: 1, title: 't' },
      meta: { v: 1 },
      links: { self: '/p/1' },
    })
    expect(Object.keys(r.toPayload() as object)).toEqual(['data', 'meta', 'links'])
  })

  it('with wrap = null puts additional() keys beside the fields', () => {
    class Bare extends PostResource {
      static override wrap = null
    }
    expect(new Bare({ id: 1, title: 't' }).additional({ meta: 1 }).toPayload()).toEqual({
      id: 1,
      title: 't',
      meta: 1,
    })
  })

  it('rejects additional() with the wrap key: an Error naming the class and the key', () => {
    const r = new PostResource({ id: 1, title: 't' })
    let err: unknown
    try {
      r.additional({ data: 1 })
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(ResourceError)
    expect((err as ResourceError).code).toBe('ERR_WRAP_KEY_COLLISION')
    expect((err as Error).message).toMatch(/PostResource/)
    expect((err as Error).message).toMatch(/"data"/)
  })

  it('rejects an additional() key that collides with a field when wrap = null', () => {
    class Bare extends PostResource {
      static override wrap = null
    }
    const r = new Bare({ id: 1, title: 't' }).additional({ title: 'x' })
    expect(() => r.toPayload()).toThrow(/Bare\.additional\(\) key "title" collides/)
  })

  it('rejects a non-object toArray() with wrap = null, naming the class', () => {
    class Scalar extends JsonResource<string> {
      static override wrap = null
      override toArray() {
        return this.resource as unknown as Record<string, unknown>
      }
    }
    expect(() => new Scalar('x').toPayload()).toThrow(
      expect.objectContaining({ code: 'ERR_UNWRAPPED_NON_OBJECT' }),
    )
    expect(() => new Scalar('x').toPayload()).toThrow(
      /Scalar\.toArray\(\) must return a plain object/,
    )
    class List extends Scalar {
      override toArray() {
        return [1] as unknown as Record<string, unknown>
      }
    }
    expect(() => new List('x').toPayload()).toThrow(/got an array of 1/)
    // null is not an object either, with or without additional() keys
    class Empty extends Scalar {
      override toArray() {
        return null as unknown as Record<string, unknown>
      }
    }
    expect(() => new Empty('x').toPayload()).toThrow(
      /Empty\.toArray\(\) must return a plain object/,
    )
    expect(() => new Empty('x').additional({ meta: 1 }).toPayload()).toThrow(
      expect.objectContaining({ code: 'ERR_UNWRAPPED_NON_OBJECT' }),
    )
  })

  it('toJSON() gives the payload, so JSON.stringify works', () => {
    expect(JSON.stringify(new PostResource({ id: 1, title: 't' }))).toBe(
      '{"data":{"id":1,"title":"t"}}',
    )
  })

  it('implements the TO_RESPONSE protocol: 200, application/json, the payload', () => {
    const r = new PostResource({ id: 1, title: 't' }).additional({ meta: 1 })
    expect(r[TO_RESPONSE]()).toEqual({
      status: 200,
      contentType: 'application/json',
      body: { data: { id: 1, title: 't' }, meta: 1 },
    })
  })

  it('gives toArray() the explicit request, else the request of the current context', () => {
    const seen: unknown[] = []
    class R extends JsonResource<object> {
      override toArray(request?: unknown) {
        seen.push(request)
        return {}
      }
    }
    const req = { user: 'ctx' }
    new R({}).toPayload()
    runWithRequestContext(createRequestContext('/x', req), () => {
      new R({}).toPayload()
      JSON.stringify(new R({}))
      new R({}).toPayload('explicit')
    })
    expect(seen).toEqual([undefined, req, req, 'explicit'])
  })

  it('renders the model own attributes when the class declares nothing', () => {
    expect(new JsonResource({ a: 1, b: [MISSING] }).toPayload()).toEqual({ data: { a: 1, b: [] } })
    const model = { toJSON: () => ({ viaToJSON: true }) }
    expect(new JsonResource(model).toPayload()).toEqual({ data: { viaToJSON: true } })
  })
})

describe('a resource over null or undefined', () => {
  it('renders { data: null } without evaluating any field', () => {
    const getter = jest.fn()
    class R extends JsonResource<Post | null> {
      @Field() get title() {
        getter()
        return this.resource!.title
      }
    }
    class O extends JsonResource<Post | null> {
      override toArray() {
        getter()
        return { id: this.resource!.id }
      }
    }
    expect(new R(null).toPayload()).toEqual({ data: null })
    expect(new O(undefined as unknown as null).toPayload()).toEqual({ data: null })
    expect(JSON.stringify(new O(null))).toBe('{"data":null}')
    expect(getter).not.toHaveBeenCalled()
  })

  it('keeps additional() keys beside { data: null }', () => {
    expect(new PostResource(null as unknown as Post).additional({ meta: 1 }).toPayload()).toEqual({
      data: null,
      meta: 1,
    })
  })

  it('with wrap = null is the JSON null (wrapped under data when it has additional keys)', () => {
    class Bare extends PostResource {
      static override wrap = null
    }
    expect(new Bare(null as unknown as Post).toPayload()).toBeNull()
    expect(new Bare(null as unknown as Post).additional({ meta: 1 }).toPayload()).toEqual({
      data: null,
      meta: 1,
    })
  })

  it('base toArray() over null is {}', () => {
    expect(new JsonResource(null).toArray()).toEqual({})
  })
})

describe('nested resources', () => {
  class UserResource extends JsonResource<{ name: string }> {
    static override wrap = 'user'
    override toArray() {
      return { name: this.resource.name }
    }
  }

  it('render without their wrap key or additional(), at any depth', () => {
    class R extends JsonResource<{ author: { name: string } | null }> {
      override toArray() {
        return {
          author: new UserResource(this.resource.author!).additional({ ignored: true }),
          list: [new UserResource({ name: 'b' })],
          deep: { users: UserResource.collection([{ name: 'c' }]) },
          none: new UserResource(null as unknown as { name: string }),
        }
      }
    }
    expect(new R({ author: { name: 'a' } }).toPayload()).toEqual({
      data: {
        author: { name: 'a' },
        list: [{ name: 'b' }],
        deep: { users: [{ name: 'c' }] },
        none: null,
      },
    })
  })

  it('a nested collection renders as its items', () => {
    class R extends JsonResource<object> {
      override toArray() {
        return { users: new ResourceCollection([{ name: 'x' }], UserResource) }
      }
    }
    expect(new R({}).toPayload()).toEqual({ data: { users: [{ name: 'x' }] } })
  })

  it('a relation loaded as null renders as null, not loaded: no key', () => {
    class R extends JsonResource<{ author?: unknown }> {
      @WhenLoaded(() => UserResource) author?: Nested<typeof UserResource>
    }
    expect(new R({ author: null }).toPayload()).toEqual({ data: { author: null } })
    expect(new R({}).toPayload()).toEqual({ data: {} })
    expect(new R({ author: { name: 'z' } }).toPayload()).toEqual({
      data: { author: { name: 'z' } },
    })
  })
})
