// Laravel's response hooks and collection options: with(request), withResponse(request, response),
// paginationInformation(request, paginated, defaults), and preserveKeys over Map / object sources.
import 'reflect-metadata'
import express from 'express'
import request from 'supertest'
import {
  Attribute,
  Field,
  JsonApiResource,
  JsonResource,
  LengthAwarePaginator,
  MISSING,
  ResourceCollection,
  ResourceError,
  type AbstractPaginator,
  type PaginationInformation,
} from '../../src'
import { apiResources, respond } from '../../src/integrations/express'
import { assertJsonApiDocument } from '../support/jsonapi-schema'

interface User {
  id: number
  name: string
}
const ada: User = { id: 1, name: 'Ada' }
const bob: User = { id: 2, name: 'Bob' }

class UserResource extends JsonResource<User> {
  @Field() id!: number
  @Field() name!: string
}

describe('with(request): top-level members computed per request', () => {
  class Versioned extends UserResource {
    override with(req?: unknown) {
      return { meta: { version: 2, asked: (req as { v?: string } | undefined)?.v ?? null } }
    }
  }

  it('adds its keys beside the data; additional() keys win and plain objects merge', () => {
    expect(new Versioned(ada).toPayload({ v: 'x' })).toEqual({
      data: { id: 1, name: 'Ada' },
      meta: { version: 2, asked: 'x' },
    })
    expect(
      new Versioned(ada).additional({ meta: { version: 3, extra: true } }).toPayload(),
    ).toEqual({ data: { id: 1, name: 'Ada' }, meta: { version: 3, asked: null, extra: true } })
  })

  it('applies to collections, and the wrap key stays forbidden', () => {
    class Listed extends ResourceCollection {
      static override collects = () => UserResource
      override with() {
        return { meta: { count: this.collection.length } }
      }
    }
    expect(new Listed([ada, bob]).toPayload()).toEqual({
      data: [
        { id: 1, name: 'Ada' },
        { id: 2, name: 'Bob' },
      ],
      meta: { count: 2 },
    })
    class Clash extends UserResource {
      override with() {
        return { data: 1 }
      }
    }
    expect(() => new Clash(ada).toPayload()).toThrow(ResourceError)
  })
})

describe('a top-level key whose value is MISSING is left out', () => {
  class Page extends ResourceCollection {
    static override collects = () => UserResource
    override with() {
      return { meta: MISSING, note: MISSING }
    }
  }
  class Doc extends JsonApiResource<User> {
    static override resourceType = 'users'
    @Attribute() name!: string
  }

  it('from additional() and with(), on resources, lists, pages and documents', () => {
    const single = new UserResource(ada).additional({ meta: MISSING }).toPayload()
    expect(Object.keys(single as object)).toEqual(['data'])
    const unwrapped = class extends UserResource {
      static override wrap = null
    }
    expect(new unwrapped(ada).additional({ extra: MISSING }).toPayload()).toEqual({
      id: 1,
      name: 'Ada',
    })
    expect(Object.keys(new Page([ada]).toPayload() as object)).toEqual(['data'])
    const paginated = new Page(
      new LengthAwarePaginator([ada], { total: 1, perPage: 1, currentPage: 1, path: '/u' }),
    ).toPayload() as Record<string, unknown>
    expect(Object.keys(paginated)).toEqual(['data', 'links', 'meta'])
    expect(paginated.meta).toMatchObject({ total: 1 })
    const document = new Doc(ada).additional({ meta: MISSING }).toPayload()
    expect(Object.keys(document as object)).toEqual(['data', 'jsonapi'])
  })
})

describe('withResponse(request, response): headers and status from the resource', () => {
  class Created extends UserResource {
    override withResponse(_req: unknown, res: express.Response) {
      res.status(201)
      res.setHeader('Location', `/users/${this.resource.id}`)
    }
  }

  it('runs with the Express response before the body is sent (res.json and respond())', async () => {
    const app = express()
    app.use(apiResources())
    app.post('/users', (_req, res) => res.json(new Created(ada)))
    app.post(
      '/users2',
      respond(() => new Created(bob)),
    )
    const one = await request(app).post('/users').expect(201)
    expect(one.headers.location).toBe('/users/1')
    expect(one.body).toEqual({ data: { id: 1, name: 'Ada' } })
    const two = await request(app).post('/users2').expect(201)
    expect(two.headers.location).toBe('/users/2')
    expect(two.headers['content-type']).toBe('application/json')
  })

  it('does nothing unless overridden', async () => {
    const app = express()
    app.use(apiResources())
    app.get(
      '/u',
      respond(() => new UserResource(ada)),
    )
    const res = await request(app).get('/u').expect(200)
    expect(res.headers.location).toBeUndefined()
  })
})

describe('paginationInformation(request, paginated, defaults)', () => {
  const page = () =>
    new LengthAwarePaginator([ada, bob], { total: 12, perPage: 2, currentPage: 3, path: '/users' })

  class Compact extends ResourceCollection {
    static override collects = () => UserResource
    override paginationInformation(
      _req: unknown,
      paginated: AbstractPaginator<unknown>,
      defaults: PaginationInformation,
    ): PaginationInformation {
      const { next } = defaults.links as { next: string | null }
      return { links: { next }, meta: { page: paginated.currentPage() } }
    }
  }

  it('rewrites the links and meta of a paginated collection', () => {
    expect(new Compact(page()).toPayload()).toEqual({
      data: [
        { id: 1, name: 'Ada' },
        { id: 2, name: 'Bob' },
      ],
      links: { next: '/users?page=4' },
      meta: { page: 3 },
    })
  })

  it('applies to JSON:API collections too', () => {
    class Doc extends JsonApiResource<User> {
      static override resourceType = 'users'
      @Attribute() name!: string
    }
    const collection = Doc.collection(page())
    collection.paginationInformation = (_r, _p, defaults) => ({
      links: defaults.links,
      meta: { custom: true },
    })
    // an overridden paginationInformation() changes what the standard body type says
    const doc = collection.toPayload() as unknown as {
      meta: unknown
      links: Record<string, unknown>
    }
    assertJsonApiDocument(doc)
    expect(doc.meta).toEqual({ custom: true })
    expect(doc.links.next).toBe('/users?page=4')
  })

  it('a result that is not a plain object is a clear error', () => {
    class Broken extends ResourceCollection {
      static override collects = () => UserResource
      override paginationInformation(): PaginationInformation {
        return null as never
      }
    }
    expect(() => new Broken(page()).toPayload()).toThrow(/paginationInformation\(\) must return/)
  })
})

describe('preserveKeys', () => {
  class KeyedUserResource extends UserResource {
    static override preserveKeys = true
  }

  it('a Map or plain-object source keeps its keys when asked', () => {
    const byName = new Map([
      ['ada', ada],
      ['bob', bob],
    ])
    expect(KeyedUserResource.collection(byName).toPayload()).toEqual({
      data: { ada: { id: 1, name: 'Ada' }, bob: { id: 2, name: 'Bob' } },
    })
    expect(KeyedUserResource.collection({ x: ada }).toPayload()).toEqual({
      data: { x: { id: 1, name: 'Ada' } },
    })
  })

  it('without preserveKeys the values are listed in order', () => {
    expect(
      UserResource.collection(
        new Map([
          ['b', bob],
          ['a', ada],
        ]),
      ).toPayload(),
    ).toEqual({
      data: [
        { id: 2, name: 'Bob' },
        { id: 1, name: 'Ada' },
      ],
    })
    expect(UserResource.collection({ x: ada }).toPayload()).toEqual({
      data: [{ id: 1, name: 'Ada' }],
    })
  })

  it('a list stays a list, and a collection class may set it for itself', () => {
    expect(KeyedUserResource.collection([ada]).toPayload()).toEqual({
      data: [{ id: 1, name: 'Ada' }],
    })
    class Keyed extends ResourceCollection {
      static override collects = () => UserResource
      static override preserveKeys = true
    }
    expect(new Keyed(new Map([[7, ada]])).toPayload()).toEqual({
      data: { 7: { id: 1, name: 'Ada' } },
    })
  })
})
