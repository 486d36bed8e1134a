// This file deliberately does NOT import reflect-metadata: jest gives each test file its own global
// Reflect, so here the decorators find no metadata API. They record on the class all the same;
// reflect-metadata only adds design:type inference.
import { Field, JsonResource, MISSING, WhenLoaded, type NestedList } from '../../src'

describe('without reflect-metadata', () => {
  it('legacy decorators record on the class and render', () => {
    expect(typeof (Reflect as any).getOwnMetadata).toBe('undefined')
    class PostResource extends JsonResource<any> {
      @Field() title!: string
    }
    class UserResource extends JsonResource<any> {
      @Field() id!: number
      @Field() get upper() {
        return String(this.resource.name).toUpperCase()
      }
      @WhenLoaded(() => PostResource) posts?: NestedList<typeof PostResource>
    }
    const model = { id: 1, name: 'ann', posts: [{ title: 't', secret: 's' }] }
    expect(new UserResource(model).toPayload()).toEqual({
      data: { id: 1, upper: 'ANN', posts: [{ title: 't' }] },
    })
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
