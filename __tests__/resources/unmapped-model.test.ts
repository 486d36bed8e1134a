// A member with no thunk, no `raw: true` and no schema never passes a model-like object through: its
// render fails with ERR_UNMAPPED_MODEL naming the class, the member and the fix, in every
// environment. Scalars, dates, byte arrays, lists of scalars and values whose toJSON() is a scalar
// go through unchanged.
import 'reflect-metadata'
import { ApiResourcesError, Field, JsonResource, ResourceError, WhenLoaded } from '../../src'

const savedEnv = process.env.NODE_ENV
afterEach(() => {
  process.env.NODE_ENV = savedEnv
})

// An untyped model: the types cannot see that `author` is an object.
type Loose = Record<string, unknown>
const row = () => ({
  id: 1,
  tags: ['a', 'b'],
  at: new Date(0),
  bytes: new Uint8Array([1]),
  settings: { theme: 'dark' },
  author: { id: 2, email: 'secret@example.com', role: 'admin' },
  empty: {},
})

/** A value class that writes itself as a string (a decimal, a date-time, an id). */
class Decimalish {
  readonly digits = '12.50'
  toJSON(): string {
    return this.digits
  }
}

/** A model class whose toJSON() gives every column (as ORM models do). */
class OrmModel {
  id = 2
  password_hash = 'x'
  toJSON(): object {
    return { ...this }
  }
}

function thrown(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  return undefined
}

describe('a model passed to a member without a thunk', () => {
  it('is written as it is when it is a scalar, a date, bytes, a list of scalars, {} or a toJSON scalar', () => {
    class PostResource extends JsonResource<Loose> {
      @Field() id!: number
      @Field() tags!: string[]
      @Field() at!: Date
      @Field() bytes!: unknown
      @Field() empty!: unknown
      @Field() price!: unknown
      @WhenLoaded() author?: unknown
      @Field({ raw: true }) settings!: unknown
    }
    const model = { ...row(), price: new Decimalish(), author: null }
    const out = PostResource.collection([model]).toPayload()
    expect(out.data[0]).toEqual({
      id: 1,
      tags: ['a', 'b'],
      // toPayload() is JSON-safe: a date and a decimal as their toJSON() strings
      at: '1970-01-01T00:00:00.000Z',
      bytes: new Uint8Array([1]),
      empty: {},
      price: '12.50',
      author: null,
      settings: { theme: 'dark' },
    })
    expect(JSON.stringify(out.data[0])).toContain('"price":"12.50"')
  })

  it('fails with ERR_UNMAPPED_MODEL naming the class, the member and the fix', () => {
    class PostResource extends JsonResource<Loose> {
      @Field() id!: number
      @WhenLoaded() author?: unknown
    }
    const error = thrown(() => new PostResource(row()).toPayload())
    expect(error).toBeInstanceOf(ResourceError)
    expect(error).toBeInstanceOf(ApiResourcesError)
    expect((error as ResourceError).code).toBe('ERR_UNMAPPED_MODEL')
    const text = (error as Error).message
    expect(text).toContain('PostResource.author (@WhenLoaded)')
    expect(text).toContain('@WhenLoaded(() => PostResource)')
    expect(text).toContain('@WhenLoaded({ raw: true })')
    expect(text).not.toContain('secret@example.com')
  })

  it('fails for a list holding an object, and for a model whose toJSON() gives its columns', () => {
    class ListResource extends JsonResource<Loose> {
      @Field() list!: unknown
    }
    expect(thrown(() => new ListResource({ list: [1, { secret: true }] }).toPayload())).toEqual(
      expect.objectContaining({ code: 'ERR_UNMAPPED_MODEL' }),
    )
    expect(thrown(() => new ListResource({ list: new OrmModel() }).toPayload())).toEqual(
      expect.objectContaining({ code: 'ERR_UNMAPPED_MODEL' }),
    )
    expect(new ListResource({ list: [1, 'a', null] }).toPayload()).toEqual({
      data: { list: [1, 'a', null] },
    })
  })

  it('is not checked with a schema, a thunk or a getter', () => {
    class UserResource extends JsonResource<Loose> {
      @Field() id!: number
    }
    class Described extends JsonResource<Loose> {
      @Field({ from: 'author', schema: { type: 'object' } }) described!: unknown
      @WhenLoaded(() => UserResource, { relation: 'author' }) mapped?: unknown
      @Field() get computed(): unknown {
        return { kept: true }
      }
    }
    expect(new Described(row()).toPayload()).toEqual({
      data: { described: row().author, mapped: { id: 2 }, computed: { kept: true } },
    })
  })

  it('fails in production too', () => {
    process.env.NODE_ENV = 'production'
    class ProdResource extends JsonResource<Loose> {
      @WhenLoaded() author?: unknown
    }
    expect(thrown(() => new ProdResource(row()).toPayload())).toEqual(
      expect.objectContaining({ code: 'ERR_UNMAPPED_MODEL' }),
    )
  })
})
