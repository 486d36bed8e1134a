import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import {
  LengthAwarePaginator,
  NotFoundError,
  TO_RESPONSE,
  ValidationError,
  type Respondable,
} from 'api-resources'
import { apiResources, answerResourceError } from 'api-resources/fastify'
import {
  contextProbe,
  HookedResource,
  JSONAPI,
  UserApiResource,
  UserResource,
  users,
  usersPage,
} from '../fixtures'
import { fastifyApp } from '../../support/fastify-app'

const makeApp = (
  routes: (app: FastifyInstance) => void,
  options?: Parameters<typeof apiResources>[0],
) => fastifyApp(apiResources(options), routes)

describe('api-resources/fastify apiResources()', () => {
  it('runs every route inside the request context (sync, async, prefixed routes)', async () => {
    const app = await makeApp((app) => {
      app.get('/sync', () => contextProbe())
      app.get('/async', async () => {
        await new Promise((resolve) => setTimeout(resolve, 1))
        return contextProbe()
      })
      app.register(
        async (api) => {
          api.get('/probe', async () => contextProbe())
        },
        { prefix: '/api' },
      )
    })
    const sync = await app.inject('/sync?page=3&include=a.b&fields[users]=name')
    expect(sync.json()).toEqual({
      path: '/sync',
      page: 3,
      include: ['a.b'],
      fields: { users: ['name'] },
    })
    expect((await app.inject('/async?page=2')).json()).toMatchObject({ path: '/async', page: 2 })
    expect((await app.inject('/api/probe?page=4')).json()).toMatchObject({
      path: '/api/probe',
      page: 4,
    })
  })

  it('rejects register() when the app decorated reply.status itself (no uncaught exception)', async () => {
    for (const name of ['status', 'code'] as const) {
      const app = Fastify()
      app.decorateReply(name, function (this: FastifyReply) {
        return this
      })
      await expect(app.register(apiResources())).rejects.toMatchObject({
        code: 'FST_ERR_DEC_ALREADY_PRESENT',
      })
      await app.close().catch(() => undefined)
    }
  })

  it('also covers routes declared before the plugin loaded (register without await)', async () => {
    const app = Fastify()
    app.register(apiResources())
    app.get('/probe', async () => contextProbe())
    app.get('/users', async () => usersPage())
    app.get('/one', async () => new UserApiResource(users[0]))
    await app.ready()
    expect((await app.inject('/probe?page=3')).json()).toMatchObject({ path: '/probe', page: 3 })
    const page = await app.inject('/users?page=2')
    expect(page.headers['content-type']).toBe('application/json')
    expect(page.json().links).toMatchObject({ next: '/users?page=3' })
    const one = await app.inject('/one')
    expect(one.headers['content-type']).toBe(JSONAPI)
    expect(one.json().data).toMatchObject({ type: 'users', id: '1' })
  })

  it('sends a paginated collection with the page and /path?page= links', async () => {
    const app = await makeApp((app) => app.get('/users', async () => usersPage()))
    const res = await app.inject('/users?page=2')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json')
    const body = res.json()
    expect(body.data).toHaveLength(15)
    expect(body.data[0]).toEqual({ id: 16, name: 'User 16' })
    expect(body.meta).toMatchObject({ current_page: 2, last_page: 3, path: '/users', total: 42 })
    expect(body.links).toMatchObject({ next: '/users?page=3', prev: '/users?page=1' })
  })

  it('sends JSON:API documents with exactly application/vnd.api+json', async () => {
    const app = await makeApp((app) => {
      app.get('/users/1', () => new UserApiResource(users[0]))
      app.get('/users', (_request, reply) => {
        reply.send(UserApiResource.collection(users.slice(0, 2)))
      })
    })
    const one = await app.inject('/users/1')
    expect(one.headers['content-type']).toBe(JSONAPI)
    expect(one.json()).toMatchObject({ data: { type: 'users', id: '1' } })
    // reply.send(resource) goes through the same path
    const list = await app.inject('/users')
    expect(list.statusCode).toBe(200)
    expect(list.headers['content-type']).toBe(JSONAPI)
    expect(list.json().data).toHaveLength(2)
  })

  it('leaves plain values to Fastify', async () => {
    const app = await makeApp((app) => app.get('/plain', async () => ({ ok: true })))
    const res = await app.inject('/plain')
    expect(res.json()).toEqual({ ok: true })
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
  })

  it('honours a status set with reply.code() and calls withResponse(reply)', async () => {
    HookedResource.seen = []
    class Created extends UserResource {
      override withResponse(_request: unknown, reply: any): void {
        reply.code(201)
        reply.header('x-hook', 'yes')
      }
    }
    const app = await makeApp((app) => {
      app.post('/users', async (_request, reply) => {
        reply.code(202)
        return new UserResource(users[0])
      })
      app.get('/hook', async () => new HookedResource(users[0]))
      app.get('/created', async () => new Created(users[0]))
    })
    expect((await app.inject({ method: 'POST', url: '/users' })).statusCode).toBe(202)
    await app.inject('/hook')
    expect(HookedResource.seen).toHaveLength(1)
    expect(typeof (HookedResource.seen[0] as { code?: unknown }).code).toBe('function')
    const created = await app.inject('/created')
    expect(created.statusCode).toBe(201)
    expect(created.headers['x-hook']).toBe('yes')
  })

  it('lets a status chosen with reply.code(), even 200, win over the one a value asks for', async () => {
    // a value that asks for 201, as a resource of a model created by this request does
    const created = (): Respondable => ({
      [TO_RESPONSE]: () => ({ status: 201, contentType: 'application/json', body: { ok: 1 } }),
    })
    const app = await makeApp((app) => {
      app.get('/asked', () => created())
      app.get('/returned', (_request, reply) => {
        reply.code(200)
        return created()
      })
      app.get('/sent', (_request, reply) => {
        reply.status(200).send(created())
      })
    })
    expect((await app.inject('/asked')).statusCode).toBe(201)
    for (const url of ['/returned', '/sent', '/returned']) {
      const res = await app.inject(url)
      expect([url, res.statusCode, res.json()]).toEqual([url, 200, { ok: 1 }])
    }
    expect((await app.inject('/asked')).statusCode).toBe(201)
  })

  it('maps the package errors to their statuses, as JSON or JSON:API', async () => {
    const app = await makeApp((app) => {
      app.post('/users', async () => {
        throw new ValidationError({ name: ['The name field is required.'] })
      })
      app.get('/users/:id', () => {
        throw new NotFoundError('User not found.')
      })
      app.get('/boom', async () => {
        throw new Error('boom')
      })
      app.get('/bad-page', () => new LengthAwarePaginator([], { total: 0, perPage: 0 }))
    })
    const invalid = await app.inject({ method: 'POST', url: '/users' })
    expect(invalid.statusCode).toBe(422)
    expect(invalid.headers['content-type']).toBe('application/json')
    expect(invalid.json()).toEqual({
      message: expect.any(String),
      errors: { name: ['The name field is required.'] },
    })
    const missing = await app.inject('/users/9')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: 'User not found.' })
    const jsonApi = await app.inject({
      method: 'POST',
      url: '/users',
      headers: { accept: JSONAPI },
    })
    expect(jsonApi.statusCode).toBe(422)
    expect(jsonApi.headers['content-type']).toBe(JSONAPI)
    expect(jsonApi.json()).toEqual({
      errors: [
        {
          status: '422',
          title: 'Invalid Attribute',
          detail: 'The name field is required.',
          source: { pointer: '/data/attributes/name' },
        },
      ],
      jsonapi: { version: '1.1' },
    })
    // other errors (and the package's errors without an HTTP status) go on to Fastify
    expect((await app.inject('/boom')).statusCode).toBe(500)
    expect((await app.inject('/bad-page')).statusCode).toBe(500)
  })

  it('leaves the error handler to the app when told to', async () => {
    const app = await makeApp(
      (app) => {
        app.setErrorHandler((error, request, reply) => {
          if (answerResourceError(error, request, reply)) return
          reply.code(418).send({ mine: true })
        })
        app.get('/missing', () => {
          throw new NotFoundError('gone')
        })
        app.get('/other', () => {
          throw new Error('x')
        })
      },
      { errorHandler: false },
    )
    expect((await app.inject('/missing')).statusCode).toBe(404)
    expect((await app.inject('/other')).json()).toEqual({ mine: true })
  })

  it('builds a resource sent from a hook, before the handler opened the context', async () => {
    const app = await makeApp((app) => {
      app.addHook('onRequest', (request, reply, done) => {
        if (request.url.startsWith('/early')) reply.send(new UserApiResource(users[0]))
        else done()
      })
      app.get('/early', () => ({ unreached: true }))
    })
    const res = await app.inject('/early?page=2')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe(JSONAPI)
    expect(res.json()).toMatchObject({ data: { type: 'users', id: '1' } })
  })

  it('answers an error raised while building a sent resource through the error handler', async () => {
    class Missing extends UserResource {
      override toArray(): never {
        throw new NotFoundError('No such user.')
      }
    }
    const app = await makeApp((app) => {
      app.get('/sent', (_request, reply) => {
        reply.send(new Missing(users[0]))
      })
      app.get('/returned', () => new Missing(users[0]))
    })
    for (const url of ['/sent', '/returned']) {
      const res = await app.inject(url)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ message: 'No such user.' })
    }
  })

  it('leaves apps without the plugin alone', async () => {
    const withPlugin = await makeApp((app) => {
      app.get('/one', () => new UserApiResource(users[0]))
    })
    expect((await withPlugin.inject('/one')).headers['content-type']).toBe(JSONAPI)
    // another app of the same process has neither the hooks nor the wrapped reply.code
    const without = Fastify()
    without.get('/one', (_request, reply) => {
      reply.send(new UserApiResource(users[0]))
    })
    without.get('/probe', () => contextProbe())
    // reply.code() marks nothing here: the plugin decorated its app's replies, not Fastify's shared
    // Reply prototype (which an app without reply decorators uses)
    without.get('/code', (_request, reply) => {
      reply.code(200)
      return { marks: Object.getOwnPropertySymbols(reply).map((s) => s.description) }
    })
    await without.ready()
    const one = await without.inject('/one')
    expect(one.headers['content-type']).toBe('application/json; charset=utf-8')
    expect((await without.inject('/probe?page=2')).json()).toEqual({ context: false })
    const marks = (await without.inject('/code')).json<{ marks: string[] }>().marks
    expect(marks.filter((m) => m.startsWith('api-resources'))).toEqual([])
  })

  it('keeps concurrent requests apart', async () => {
    const app = await makeApp((app) =>
      app.get('/slow', async (request) => {
        const delay = Number((request.query as { d: string }).d)
        await new Promise((resolve) => setTimeout(resolve, delay))
        return contextProbe()
      }),
    )
    const pages = await Promise.all(
      [5, 1, 3, 2, 4].map((p) => app.inject(`/slow?page=${p}&d=${p * 3}`)),
    )
    expect(pages.map((r) => r.json().page)).toEqual([5, 1, 3, 2, 4])
  })
})
