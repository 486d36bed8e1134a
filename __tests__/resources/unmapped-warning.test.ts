// A member with no thunk, no `raw: true` and no schema that passes a model-like object through is
// told about in development, once per member; the value itself is written unchanged.
import 'reflect-metadata'
import { Field, JsonResource, WhenLoaded } from '../../src'

const CODE = 'API_RESOURCES_UNMAPPED_MODEL'

let emitWarning: jest.SpyInstance
const savedEnv = process.env.NODE_ENV
beforeEach(() => {
  emitWarning = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined)
})
afterEach(() => {
  emitWarning.mockRestore()
  process.env.NODE_ENV = savedEnv
})

const unmapped = () =>
  emitWarning.mock.calls.filter((c) => (c[1] as { code?: string } | undefined)?.code === CODE)

// An untyped model: the types cannot see that `author` is an object.
type Loose = Record<string, unknown>
const row = () => ({
  id: 1,
  tags: ['a', 'b'],
  at: new Date(0),
  settings: { theme: 'dark' },
  author: { id: 2, email: 'secret@example.com', role: 'admin' },
  empty: {},
})

describe('an object passed through unmapped', () => {
  it('warns once per member, naming the class, the member and the fix; the value is unchanged', () => {
    class PostResource extends JsonResource<Loose> {
      @Field() id!: number
      @Field() tags!: string[]
      @Field() at!: Date
      @Field() empty!: unknown
      @WhenLoaded() author?: unknown
      @Field({ raw: true }) settings!: unknown
    }
    const out = PostResource.collection([row(), row()]).toPayload()
    expect(out.data[0]).toEqual({
      id: 1,
      tags: ['a', 'b'],
      at: new Date(0),
      empty: {},
      author: { id: 2, email: 'secret@example.com', role: 'admin' },
      settings: { theme: 'dark' },
    })
    new PostResource(row()).toPayload()
    expect(unmapped()).toHaveLength(1)
    const text = String(unmapped()[0]![0])
    expect(text).toContain('PostResource.author (@WhenLoaded)')
    expect(text).toContain('@WhenLoaded(() => PostResource)')
    expect(text).toContain('@WhenLoaded({ raw: true })')
  })

  it('warns for a list of objects; not with a schema, a thunk or a getter', () => {
    class UserResource extends JsonResource<Loose> {
      @Field() id!: number
    }
    class ListResource extends JsonResource<Loose> {
      @Field() list!: unknown
      @Field({ from: 'author', schema: { type: 'object' } }) described!: unknown
      @WhenLoaded(() => UserResource, { relation: 'author' }) mapped?: unknown
      @Field() get computed(): unknown {
        return this.resource.author
      }
    }
    new ListResource({ ...row(), list: [1, { secret: true }] }).toPayload()
    expect(unmapped().map((c) => String(c[0]))).toEqual([
      expect.stringContaining('ListResource.list (@Field)'),
    ])
  })

  it('is never given in production', () => {
    process.env.NODE_ENV = 'production'
    class ProdResource extends JsonResource<Loose> {
      @WhenLoaded() author?: unknown
    }
    expect(new ProdResource(row()).toPayload()).toEqual({ data: { author: row().author } })
    expect(unmapped()).toHaveLength(0)
  })
})
