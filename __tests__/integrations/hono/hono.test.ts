import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { Field, JsonResource, NotFoundError, ValidationError } from 'api-resources'
import { apiResources, resourceErrors, resourceResponse, respond } from 'api-resources/hono'
import {
  contextProbe,
  HookedResource,
  JSONAPI,
  UserApiResource,
  UserResource,
  users,
  usersPage,
} from '../fixtures'

// a response body as JSON, untyped
const json = (res: Response): Promise<any> => res.json()

function makeApp(): Hono {
  const app = new Hono()
  app.use(apiResources())
  app.onError(resourceErrors())
  return app
}

describe('api-resources/hono', () => {
  it('opens the request context from the absolute c.req.url', async () => {
    const app = makeApp()
    app.get('/probe', (c) => c.json(contextProbe() as object))
    app.get(
      '/later',
      respond(async () => {
        await new Promise((resolve) => setTimeout(resolve, 1))
        return contextProbe()
      }),
    )
    const res = await app.request(
      'http://example.test:8080/probe?page=3&include=a&fields[users]=name',
    )
    expect(await json(res)).toEqual({
      path: '/probe',
      page: 3,
      include: ['a'],
      fields: { users: ['name'] },
    })
    expect(await json(await app.request('/later?page=2'))).toMatchObject({
      path: '/later',
      page: 2,
    })
  })

  it('sends a paginated collection with the page and /path?page= links', async () => {
    const app = makeApp()
    app.get('/users', respond(usersPage))
    const res = await app.request('/users?page=2')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json')
    const body = await json(res)
    expect(body.data[0]).toEqual({ id: 16, name: 'User 16' })
    expect(body.meta).toMatchObject({ current_page: 2, path: '/users', total: 42 })
    expect(body.links).toMatchObject({ next: '/users?page=3', prev: '/users?page=1' })
  })

  it('sends JSON:API documents with exactly application/vnd.api+json', async () => {
    const app = makeApp()
    app.get(
      '/users/:id',
      respond((c) => new UserApiResource(users[Number(c.req.param('id')) - 1])),
    )
    app.get('/direct', (c) => resourceResponse(c, new UserApiResource(users[1])))
    const res = await app.request('/users/1')
    expect(res.headers.get('content-type')).toBe(JSONAPI)
    expect(await json(res)).toMatchObject({ data: { type: 'users', id: '1' } })
    const direct = await app.request('/direct')
    expect(direct.headers.get('content-type')).toBe(JSONAPI)
    expect(await json(direct)).toMatchObject({ data: { id: '2' } })
  })

  it('honours c.status(), keeps headers set with c.header(), calls withResponse(c)', async () => {
    HookedResource.seen = []
    const app = makeApp()
    app.post(
      '/users',
      respond((c) => {
        c.status(201)
        c.header('x-mine', 'yes')
        return new UserResource(users[0])
      }),
    )
    app.get(
      '/hook',
      respond(() => new HookedResource(users[0])),
    )
    const res = await app.request('/users', { method: 'POST' })
    expect(res.status).toBe(201)
    expect(res.headers.get('x-mine')).toBe('yes')
    expect(res.headers.get('content-type')).toBe('application/json')
    await app.request('/hook')
    expect(HookedResource.seen).toHaveLength(1)
    expect(typeof (HookedResource.seen[0] as { header?: unknown }).header).toBe('function')
  })

  it('honours c.status() before resourceResponse() in a plain handler, under the middleware', async () => {
    const app = makeApp()
    app.post('/users', (c) => {
      c.status(201)
      return resourceResponse(c, new UserResource(users[0]))
    })
    // respond() under the middleware records once: the status is still the handler's
    app.put(
      '/users/:id',
      respond((c) => {
        c.status(202)
        return new UserResource(users[0])
      }),
    )
    const created = await app.request('/users', { method: 'POST' })
    expect(created.status).toBe(201)
    expect(await json(created)).toEqual({ data: users[0] })
    expect((await app.request('/users/1', { method: 'PUT' })).status).toBe(202)
  })

  it('passes plain values and Responses through', async () => {
    const app = makeApp()
    app.get(
      '/plain',
      respond(() => ({ ok: true })),
    )
    app.get(
      '/response',
      respond((c) => c.text('hi')),
    )
    expect(await json(await app.request('/plain'))).toEqual({ ok: true })
    expect(await (await app.request('/response')).text()).toBe('hi')
  })

  it('works without the middleware', async () => {
    const app = new Hono()
    app.get('/users', respond(usersPage))
    const body = await json(await app.request('/users?page=3'))
    expect(body.meta).toMatchObject({ current_page: 3, path: '/users' })
  })

  it("builds a mounted app in the mounting app's context: its prefix and baseUrl", async () => {
    const legacy = new Hono()
    legacy.get('/respond', respond(usersPage))
    legacy.get('/plain', (c) => resourceResponse(c, usersPage()))
    legacy.get('/json', (c) => c.json(usersPage()))
    const app = new Hono()
    app.use(apiResources({ baseUrl: 'https://api.example.com' }))
    app.mount('/legacy', legacy.fetch)
    for (const route of ['respond', 'plain', 'json']) {
      const body = await json(await app.request(`/legacy/${route}?page=2`))
      expect(body.meta).toMatchObject({ current_page: 2 })
      expect(body.links.next).toBe(`https://api.example.com/legacy/${route}?page=3`)
    }
  })

  it("builds an app called with app.request() from a handler in its own request's context", async () => {
    const inner = new Hono()
    inner.get('/users', respond(usersPage))
    const app = new Hono()
    app.use(apiResources({ baseUrl: 'https://outer.example' }))
    app.get(
      '/batch',
      respond(async () => json(await inner.request('/users?page=3&q=inner'))),
    )
    const body = await json(await app.request('/batch?page=9'))
    expect(body.meta).toMatchObject({ current_page: 3, path: '/users' })
    expect(body.links.prev).toBe('/users?page=2')
  })

  it('keeps a status withResponse(c) sets, without the middleware too', async () => {
    class Partial extends UserResource {
      override withResponse(_request: unknown, c: unknown): void {
        ;(c as { status(code: number): void }).status(206)
      }
    }
    for (const app of [new Hono(), makeApp()]) {
      app.get('/direct', (c) => resourceResponse(c, new Partial(users[0])))
      app.get(
        '/wrapped',
        respond(() => new Partial(users[0])),
      )
      // withResponse(c) runs after the handler: its status wins over the handler's
      app.get('/both', (c) => {
        c.status(201)
        return resourceResponse(c, new Partial(users[0]))
      })
      for (const route of ['/direct', '/wrapped', '/both']) {
        const res = await app.request(route)
        expect(res.status).toBe(206)
        expect(await json(res)).toEqual({ data: users[0] })
      }
    }
  })

  it('writes a bigint member through c.json() as the app says', async () => {
    class Counter extends JsonResource<{ id: number; hits: bigint }> {
      @Field() id!: number
      @Field() hits!: bigint
    }
    const model = { id: 1, hits: 9007199254740993n }
    const plain = new Hono()
    plain.get('/', (c) => c.json(new Counter(model)))
    const res = await plain.request('/')
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('{"data":{"id":1,"hits":"9007199254740993"}}')
    const numbers = new Hono()
    numbers.use(apiResources({ bigint: 'number' }))
    numbers.onError(resourceErrors({ fallback: (e, c) => c.json({ message: e.message }, 500) }))
    numbers.get('/:hits', (c) => c.json(new Counter({ id: 1, hits: BigInt(c.req.param('hits')) })))
    expect(await (await numbers.request('/7')).text()).toBe('{"data":{"id":1,"hits":7}}')
    const unsafe = await numbers.request('/9007199254740993')
    expect(unsafe.status).toBe(500)
    expect((await json(unsafe)).message).toContain('"hits"')
  })

  it('maps the package errors to their statuses; others get Hono answers', async () => {
    const app = makeApp()
    app.post(
      '/users',
      respond(() => {
        throw new ValidationError({ name: ['The name field is required.'] })
      }),
    )
    app.get('/users/:id', () => {
      throw new NotFoundError('User not found.')
    })
    app.get('/teapot', () => {
      throw new HTTPException(418, { message: 'teapot' })
    })
    const invalid = await app.request('/users', { method: 'POST' })
    expect(invalid.status).toBe(422)
    expect(invalid.headers.get('content-type')).toBe('application/json')
    expect(await json(invalid)).toEqual({
      message: expect.any(String),
      errors: { name: ['The name field is required.'] },
    })
    const jsonApi = await app.request('/users', { method: 'POST', headers: { accept: JSONAPI } })
    expect(jsonApi.status).toBe(422)
    expect(jsonApi.headers.get('content-type')).toBe(JSONAPI)
    expect((await json(jsonApi)).errors[0].source).toEqual({ pointer: '/data/attributes/name' })
    const missing = await app.request('/users/9')
    expect(missing.status).toBe(404)
    expect(await json(missing)).toEqual({ message: 'User not found.' })
    expect((await app.request('/teapot')).status).toBe(418)
  })

  it('keeps concurrent requests apart', async () => {
    const app = makeApp()
    app.get(
      '/slow',
      respond(async (c) => {
        await new Promise((resolve) => setTimeout(resolve, Number(c.req.query('d'))))
        return contextProbe()
      }),
    )
    const pages = await Promise.all(
      [5, 1, 3, 2, 4].map(async (p) => json(await app.request(`/slow?page=${p}&d=${p * 3}`))),
    )
    expect(pages.map((b) => b.page)).toEqual([5, 1, 3, 2, 4])
  })
})
