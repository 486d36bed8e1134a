import 'reflect-metadata'
import { instanceToPlain } from 'class-transformer'
import {
  AbstractResource,
  Attribute,
  Field,
  isMergeValue,
  JsonApiResource,
  JsonResource,
  LengthAwarePaginator,
  TO_RESPONSE,
} from '../../src'

interface User {
  id: number
  name: string
  password_hash: string
}

const user: User = { id: 1, name: 'Ada', password_hash: 'secret-hash' }

class UserResource extends JsonResource<User> {
  @Field() id!: number
  @Field() name!: string
}

class ArticleResource extends JsonApiResource<{ id: number; title: string; secret: string }> {
  static override resourceType = 'articles'
  @Attribute() title!: string
}

const leaks = (value: unknown): boolean => JSON.stringify(value).includes('secret')

describe('one class hierarchy for resources and collections', () => {
  it('resources, collections and their JSON:API kinds share one root', () => {
    const page = new LengthAwarePaginator([user], { total: 1, perPage: 10 })
    for (const value of [
      new UserResource(user),
      UserResource.collection([user]),
      UserResource.collection(page),
      new ArticleResource({ id: 1, title: 't', secret: 's' }),
      ArticleResource.collection([{ id: 1, title: 't', secret: 's' }]),
    ]) {
      expect(value).toBeInstanceOf(AbstractResource)
      expect(typeof value[TO_RESPONSE]).toBe('function')
      expect(value.toJSON()).toEqual(value.toPayload())
    }
  })

  it('additional() is chainable and guarded by the wrap key on every kind', () => {
    expect(new UserResource(user).additional({ a: 1 }).additional({ b: 2 }).toPayload()).toEqual({
      data: { id: 1, name: 'Ada' },
      a: 1,
      b: 2,
    })
    expect(() => new UserResource(user).additional({ data: 1 })).toThrow(/wrap key/)
    expect(() => UserResource.collection([user]).additional({ data: 1 })).toThrow(/wrap key/)
  })
})

describe('the wrapped model never shows through the instance', () => {
  it('a resource has no own enumerable property holding the model', () => {
    const resource = new UserResource(user)
    expect(resource.resource).toBe(user)
    expect(Object.keys(resource)).not.toContain('resource')
    expect(leaks({ ...resource })).toBe(false)
    expect(JSON.stringify(resource)).toBe('{"data":{"id":1,"name":"Ada"}}')
  })

  it('a collection has no own enumerable property holding the items or the paginator', () => {
    const page = new LengthAwarePaginator([user], { total: 1, perPage: 10 })
    const collection = UserResource.collection(page)
    expect(collection.collection).toEqual([user])
    expect(collection.paginator).toBe(page)
    expect(leaks({ ...collection })).toBe(false)
    expect(leaks(Object.assign({}, collection))).toBe(false)
  })

  it("class-transformer's instanceToPlain (what NestJS's ClassSerializerInterceptor runs) prints no model", () => {
    expect(leaks(instanceToPlain(new UserResource(user)))).toBe(false)
    expect(leaks(instanceToPlain(UserResource.collection([user])))).toBe(false)
    const article = new ArticleResource({ id: 1, title: 't', secret: 's' })
    expect(leaks(instanceToPlain(article))).toBe(false)
  })
})

describe('one merge-value encoding', () => {
  it('mergeWhen() is a merge value whose data are its own keys, and spreads as plain keys', () => {
    class R extends JsonResource<User> {
      override toArray() {
        const merged = this.mergeWhen(true, { extra: 1 })
        expect(isMergeValue(merged)).toBe(true)
        expect(Object.keys(merged)).toEqual(['extra'])
        return { id: this.resource.id, ...merged, nested: this.mergeWhen(true, { more: 2 }) }
      }
    }
    expect(new R(user).toPayload()).toEqual({ data: { id: 1, extra: 1, more: 2 } })
    expect(isMergeValue({ extra: 1 })).toBe(false)
  })
})
