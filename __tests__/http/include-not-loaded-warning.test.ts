// An include the request asks for on a relation the model does not have loaded renders nothing for
// it; in development the process is told so, once per route and relation (the route pattern the
// framework matched, so /posts/1 and /posts/2 are one notice; the request path where no route is
// known), under Express, Fastify, Hono and NestJS alike, and never in production.
import 'reflect-metadata'
import request from 'supertest'

type Library = typeof import('../../src')

const CODE = 'API_RESOURCES_INCLUDE_NOT_LOADED'
let emitWarning: jest.SpyInstance

interface Row {
  id: number
  author?: { id: number } | null
}

/** A fresh copy of the library (the notices are once per loaded copy) and its integrations. */
function fresh() {
  jest.resetModules()
  const lib = require('../../src') as Library
  class UserDoc extends lib.JsonApiResource<{ id: number }> {
    static override resourceType = 'users'
  }
  class PostDoc extends lib.JsonApiResource<Row> {
    static override resourceType = 'posts'
    @lib.Relationship(() => UserDoc) author?: UserDoc
  }
  const post = (id: string): Row => (id === '3' ? { id: 3, author: { id: 7 } } : { id: Number(id) })
  return { lib, PostDoc, post }
}

function warnings(): string[] {
  return emitWarning.mock.calls
    .filter(([, options]) => (options as { code?: string } | undefined)?.code === CODE)
    .map(([message]) => message as string)
}

beforeEach(() => {
  emitWarning = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined)
})
afterEach(() => emitWarning.mockRestore())

/**
 * Asks /posts/1 twice, /posts/2 once (author not loaded), /posts/3 (author loaded), then
 * /drafts/4 (another route): one notice per route, naming its pattern (after `prefix`, the mount
 * path of the routes).
 */
async function expectNotices(get: (path: string) => Promise<unknown>, prefix = ''): Promise<void> {
  const body = (await get(`${prefix}/posts/1?include=author`)) as { included?: unknown }
  expect(body).toMatchObject({ data: { type: 'posts', id: '1' } })
  expect(body.included).toBeUndefined()
  await get(`${prefix}/posts/1?include=author`)
  await get(`${prefix}/posts/2?include=author`)
  expect(await get(`${prefix}/posts/3?include=author`)).toMatchObject({
    included: [{ type: 'users', id: '7' }],
  })
  expect(warnings()).toHaveLength(1)
  await get(`${prefix}/drafts/4?include=author`)
  const said = warnings()
  expect(said).toHaveLength(2)
  expect(said[0]).toContain(`${prefix}/posts/:id asked to include "author" ("users" objects)`)
  expect(said[0]).toContain('not loaded')
  expect(said[1]).toContain(`${prefix}/drafts/:id asked to include "author"`)
}

describe('an included relation that is not loaded', () => {
  it('is said once per route and relation under Express', async () => {
    const { PostDoc, post } = fresh()
    const { apiResources } =
      require('../../src/integrations/express') as typeof import('../../src/integrations/express')
    const express = require('express') as typeof import('express')
    const app = express()
    app.use(apiResources())
    const router = express.Router()
    for (const route of ['/posts/:id', '/drafts/:id'])
      router.get(route, (req, res) => {
        res.json(new PostDoc(post(req.params.id as string)))
      })
    app.use('/api', router)
    await expectNotices(async (path) => (await request(app).get(path).expect(200)).body, '/api')
  })

  it('is said once per route and relation under Fastify', async () => {
    const { PostDoc, post } = fresh()
    const { apiResources } =
      require('../../src/integrations/fastify') as typeof import('../../src/integrations/fastify')
    const Fastify = (require('fastify') as typeof import('fastify')).default
    const app = Fastify()
    await app.register(apiResources())
    for (const route of ['/posts/:id', '/drafts/:id'])
      app.get<{ Params: { id: string } }>(route, async (req) => new PostDoc(post(req.params.id)))
    try {
      await expectNotices(async (path) => (await app.inject(path)).json())
    } finally {
      await app.close()
    }
  })

  it('is said once per route and relation under Hono', async () => {
    const { PostDoc, post } = fresh()
    const { apiResources, respond } =
      require('../../src/integrations/hono') as typeof import('../../src/integrations/hono')
    const { Hono } = require('hono') as typeof import('hono')
    const app = new Hono()
    app.use(apiResources())
    for (const route of ['/posts/:id', '/drafts/:id'])
      app.get(
        route,
        respond((c) => new PostDoc(post(c.req.param('id') ?? ''))),
      )
    await expectNotices(async (path) => (await app.request(path)).json())
  })

  it('is said once per route and relation under NestJS', async () => {
    const { PostDoc, post } = fresh()
    const { ApiResourcesModule } =
      require('../../src/integrations/nestjs') as typeof import('../../src/integrations/nestjs')
    const { Controller, Get, Module, Param } =
      require('@nestjs/common') as typeof import('@nestjs/common')
    const { Test } = require('@nestjs/testing') as typeof import('@nestjs/testing')
    @Controller()
    class PostsController {
      @Get('posts/:id')
      one(@Param('id') id: string) {
        return new PostDoc(post(id))
      }

      @Get('drafts/:id')
      draft(@Param('id') id: string) {
        return new PostDoc(post(id))
      }
    }
    @Module({ imports: [ApiResourcesModule.forRoot()], controllers: [PostsController] })
    class AppModule {}
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile()
    const app = moduleRef.createNestApplication({ logger: false })
    app.setGlobalPrefix('v1')
    await app.init()
    try {
      await expectNotices(
        async (path) => (await request(app.getHttpServer()).get(path).expect(200)).body,
        '/v1',
      )
    } finally {
      await app.close()
    }
  })

  it('is said once per request path where no route is known', async () => {
    const { lib, PostDoc } = fresh()
    for (const path of ['/posts/1', '/posts/1', '/posts/2'])
      await lib.runWithRequestContext(
        lib.createRequestContext(`${path}?include=author`),
        async () => JSON.stringify(new PostDoc({ id: 1 })),
      )
    const said = warnings()
    expect(said).toHaveLength(2)
    expect(said[0]).toContain('/posts/1 asked to include "author"')
    expect(said[1]).toContain('/posts/2 asked to include "author"')
  })

  it('is never said in production, nor when nothing is included', async () => {
    const { lib, PostDoc } = fresh()
    const saved = process.env.NODE_ENV
    try {
      await lib.runWithRequestContext(lib.createRequestContext('/posts/1'), async () =>
        JSON.stringify(new PostDoc({ id: 1 })),
      )
      process.env.NODE_ENV = 'production'
      await lib.runWithRequestContext(
        lib.createRequestContext('/posts/1?include=author'),
        async () => JSON.stringify(new PostDoc({ id: 1 })),
      )
    } finally {
      process.env.NODE_ENV = saved
    }
    expect(warnings()).toHaveLength(0)
  })
})
