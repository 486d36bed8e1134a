// The real library classes through Express: resources, paginated collections and JSON:API documents
// read the request context that apiResources()/respond() open.
import 'reflect-metadata'
import request from 'supertest'
import {
  Attribute,
  Field,
  JsonResource,
  LengthAwarePaginator,
  Paginator,
  Relationship,
  JsonApiResource,
  type Related,
} from 'api-resources'
import { apiResources, respond } from 'api-resources/express'
import { EXPRESS_VERSIONS, express4, express5 } from './express-versions'

interface User {
  id: number
  name: string
}
interface Post {
  id: number
  title: string
  body: string
  author?: User
}

class UserResource extends JsonResource<User> {
  @Field() id!: number
  @Field() name!: string
}

class RequestAwareResource extends JsonResource<User> {
  override toArray(request?: unknown): Record<string, unknown> {
    const req = request as { originalUrl?: string } | undefined
    return { id: this.resource.id, url: req?.originalUrl ?? null }
  }
}

class ApiUser extends JsonApiResource<User> {
  static override resourceType = 'users'
  @Attribute() name!: string
}

class ApiPost extends JsonApiResource<Post> {
  static override resourceType = 'posts'
  @Attribute() title!: string
  @Attribute() body!: string
  @Relationship(() => ApiUser) author?: Related<typeof ApiUser>
}

const users: User[] = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `u${i + 1}` }))
const post: Post = { id: 7, title: 'T', body: 'B', author: { id: 3, name: 'Ann' } }

describe.each(EXPRESS_VERSIONS)('library classes on %s', (name, makeApp) => {
  const express = name === 'express 4' ? express4 : express5

  it('res.json(resource) gives the payload; toArray receives the Express request', async () => {
    const app = makeApp()
    app.use(apiResources())
    app.get('/users/:id', (req, res) => {
      res.json(new RequestAwareResource(users[Number(req.params.id) - 1]))
    })
    const res = await request(app).get('/users/2?x=1').expect(200)
    expect(res.body).toEqual({ data: { id: 2, url: '/users/2?x=1' } })
    expect(res.headers['content-type']).toBe('application/json')
    // outside a request there is no request to hand over
    expect(new RequestAwareResource(users[0]).toPayload()).toEqual({ data: { id: 1, url: null } })
  })

  it.each(['simple', 'extended'])(
    'a paginated collection under a mount prefix (%s parser) links to the prefixed path',
    async (parser) => {
      const app = makeApp()
      app.set('query parser', parser)
      const router = express.Router()
      router.get(
        '/users',
        respond(() => {
          const page = new LengthAwarePaginator(users.slice(0, 3), { total: 30, perPage: 3 })
          return UserResource.collection(page)
        }),
      )
      app.use(apiResources())
      app.use('/api', router)
      const res = await request(app).get('/api/users/?page=4&include[]=x').expect(200)
      expect(res.body.meta).toMatchObject({ current_page: 4, path: '/api/users', last_page: 10 })
      expect(res.body.links).toEqual({
        first: '/api/users?page=1',
        last: '/api/users?page=10',
        prev: '/api/users?page=3',
        next: '/api/users?page=5',
      })
    },
  )

  it('res.json(paginator) and respond(() => simple paginator) give the paginator JSON', async () => {
    const app = makeApp()
    const router = express.Router()
    router.get('/users', (_req, res) => {
      res.json(new LengthAwarePaginator(users.slice(0, 2), { total: 10, perPage: 2 }))
    })
    router.get(
      '/simple',
      respond(() => new Paginator(users.slice(0, 2), { perPage: 2, hasMore: true })),
    )
    app.use(apiResources())
    app.use('/v1', router)
    const res = await request(app).get('/v1/users?page=2&x=1').expect(200)
    expect(res.headers['content-type']).toBe('application/json')
    expect(res.body).toMatchObject({
      current_page: 2,
      path: '/v1/users',
      next_page_url: '/v1/users?page=3',
      prev_page_url: '/v1/users?page=1',
      total: 10,
    })
    const simple = await request(app).get('/v1/simple?page=3').expect(200)
    expect(simple.body).toMatchObject({ current_page: 3, next_page_url: '/v1/simple?page=4' })
    expect(simple.body).not.toHaveProperty('total')
  })

  it('a JSON:API collection over a paginator carries links with the request path', async () => {
    const app = makeApp()
    app.use(apiResources())
    app.get(
      '/api/users',
      respond(() =>
        ApiUser.collection(new LengthAwarePaginator(users.slice(0, 2), { total: 4, perPage: 2 })),
      ),
    )
    const res = await request(app).get('/api/users?page=2&fields[users]=').expect(200)
    expect(res.headers['content-type']).toBe('application/vnd.api+json')
    const doc = JSON.parse(res.text)
    expect(doc.data.map((u: any) => u.id)).toEqual(['1', '2'])
    expect(doc.links).toMatchObject({ prev: '/api/users?page=1', next: null })
    expect(doc.meta).toMatchObject({ current_page: 2, path: '/api/users' })
  })

  it.each(['simple', 'extended'])(
    'a JSON:API document reads include and fields[type] the same way (%s parser)',
    async (parser) => {
      const app = makeApp()
      app.set('query parser', parser)
      app.use(apiResources())
      app.get(
        '/posts/:id',
        respond(() => new ApiPost(post)),
      )
      const res = await request(app)
        .get(
          '/posts/7?include=author&include=nope&fields[posts]=title,author&fields[users]=name,nope',
        )
        .expect(200)
      expect(res.headers['content-type']).toBe('application/vnd.api+json')
      const doc = JSON.parse(res.text)
      expect(doc.data).toEqual({
        type: 'posts',
        id: '7',
        attributes: { title: 'T' },
        relationships: { author: { data: { type: 'users', id: '3' } } },
      })
      expect(doc.included).toEqual([{ type: 'users', id: '3', attributes: { name: 'Ann' } }])
      expect(doc.jsonapi).toEqual({ version: '1.1' })
    },
  )
})
