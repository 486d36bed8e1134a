// This file deliberately does NOT import reflect-metadata: jest gives each test file its own global
// Reflect, so here the decorators find no metadata API.
import { Field, JsonResource, MISSING, ResourceError } from '../../src'

describe('without reflect-metadata', () => {
  it('a decorator throws an Error that says how to fix it, at class definition', () => {
    expect(typeof (Reflect as any).getOwnMetadata).toBe('undefined')
    let err: unknown
    try {
      class UserResource {
        @Field() id!: number
      }
      void UserResource
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(ResourceError)
    expect((err as ResourceError).code).toBe('ERR_REFLECT_METADATA_MISSING')
    expect((err as Error).message).toContain("import 'reflect-metadata'")
  })
})

describe('resources without decorators', () => {
  it('work without reflect-metadata (it is an optional peer dependency)', () => {
    class PostResource extends JsonResource<{ id: number }> {
      override toArray() {
        return { id: this.resource.id, gone: MISSING }
      }
    }
    expect(new PostResource({ id: 1 }).toPayload()).toEqual({ data: { id: 1 } })
    expect(PostResource.collection([{ id: 2 }]).toPayload()).toEqual({ data: [{ id: 2 }] })
    expect(new JsonResource({ a: 1 }).toPayload()).toEqual({ data: { a: 1 } })
  })
})
