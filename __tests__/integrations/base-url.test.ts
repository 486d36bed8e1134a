// Absolute links: an app that wants them gives the origin it owns once,
// `apiResources({ baseUrl })`, and links are that origin followed by the request's normalised path,
// through every integration and through a request context built by hand. What the client sends (the
// Host header, X-Forwarded-*, an absolute-form request line) never changes the origin.
import 'reflect-metadata'
import { Controller, Get, Module, type INestApplication } from '@nestjs/common'
import { Test } from '@nestjs/testing'
import express from 'express'
import Fastify from 'fastify'
import { Hono } from 'hono'
import request from 'supertest'
import {
  ArgumentError,
  JsonApiResource,
  JsonResource,
  LengthAwarePaginator,
  createRequestContext,
  runWithRequestContext,
} from 'api-resources'
import {
  apiResources as expressApiResources,
  respond as expressRespond,
} from 'api-resources/express'
import { apiResources as fastifyApiResources } from 'api-resources/fastify'
import { apiResources as honoApiResources, respond as honoRespond } from 'api-resources/hono'
import { ApiResourcesModule } from 'api-resources/nestjs'

const BASE = 'https://api.example.com'
class PostResource extends JsonResource<{ id: number }> {}
class PostDoc extends JsonApiResource<{ id: number }> {
  static override resourceType = 'posts'
  static override selfLink = true
}

const page = () =>
  PostResource.collection(new LengthAwarePaginator([{ id: 1 }], { total: 30, perPage: 10 }))

/** The links every framework must give for GET /v1/posts?page=2 with the base URL. */
function expectAbsolute(body: { links: Record<string, unknown>; meta: { path: string } }): void {
  expect(body.links).toEqual({
    first: `${BASE}/v1/posts?page=1`,
    last: `${BASE}/v1/posts?page=3`,
    prev: `${BASE}/v1/posts?page=1`,
    next: `${BASE}/v1/posts?page=3`,
  })
  expect(body.meta.path).toBe(`${BASE}/v1/posts`)
}

const HOSTILE = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'http',
}

describe('baseUrl: absolute links from the origin the app owns', () => {
  it('a request context built by hand (any server, or outside one)', () => {
    const context = createRequestContext('/v1/posts/?page=2', undefined, { baseUrl: `${BASE}/` })
    const body = runWithRequestContext(context, () => JSON.parse(JSON.stringify(page())))
    expectAbsolute(body)
    // the root path is the bare origin, as an absolute `path` gives it
    const root = createRequestContext('/?page=2', undefined, { baseUrl: BASE })
    const rootPage = runWithRequestContext(
      root,
      () => new LengthAwarePaginator([1], { total: 30, perPage: 10 }),
    )
    expect(rootPage.url(3)).toBe(`${BASE}?page=3`)
    // an explicit path still wins
    const explicit = runWithRequestContext(
      context,
      () => new LengthAwarePaginator([1], { total: 30, perPage: 10, path: '/other' }),
    )
    expect(explicit.url(1)).toBe('/other?page=1')
  })

  it('without a baseUrl, links stay paths', () => {
    const body = runWithRequestContext(createRequestContext('/v1/posts?page=2'), () =>
      JSON.parse(JSON.stringify(page())),
    )
    expect(body.links.next).toBe('/v1/posts?page=3')
  })

  it('a JSON:API self link is absolute too', () => {
    const context = createRequestContext('/v1/posts/1?include=x', undefined, { baseUrl: BASE })
    const doc = runWithRequestContext(context, () =>
      JSON.parse(JSON.stringify(new PostDoc({ id: 1 }))),
    )
    expect(doc.links).toEqual({ self: `${BASE}/v1/posts/1?include=x` })
  })

  it('a baseUrl that is not an http(s) origin is an ArgumentError, at once', () => {
    for (const bad of [
      'api.example.com',
      'ftp://api.example.com',
      'https://api.example.com/v1',
      'https://api.example.com?x=1',
      'https://api.example.com#top',
      'https://user:pw@api.example.com',
      'javascript:alert(1)',
      '',
      42,
    ]) {
      expect(() => createRequestContext('/', undefined, { baseUrl: bad as string })).toThrow(
        ArgumentError,
      )
      expect(() => expressApiResources({ baseUrl: bad as string })).toThrow(/baseUrl must be/)
      expect(() => fastifyApiResources({ baseUrl: bad as string })).toThrow(ArgumentError)
      expect(() => honoApiResources({ baseUrl: bad as string })).toThrow(ArgumentError)
      expect(() => ApiResourcesModule.forRoot({ baseUrl: bad as string })).toThrow(ArgumentError)
    }
    // scheme and host are lower-cased, a default port dropped, another kept
    const ctx = createRequestContext('/a', undefined, { baseUrl: 'HTTPS://API.Example.com:443' })
    expect(ctx.baseUrl).toBe(BASE)
    expect(createRequestContext('/a', undefined, { baseUrl: 'http://h:8080' }).baseUrl).toBe(
      'http://h:8080',
    )
  })

  it('Express: apiResources({ baseUrl }); the Host and X-Forwarded-* headers change nothing', async () => {
    const app = express()
    app.use('/v1', expressApiResources({ baseUrl: BASE }))
    app.get(
      '/v1/posts',
      expressRespond(() => page()),
    )
    const res = await request(app).get('/v1/posts?page=2').set(HOSTILE)
    expectAbsolute(res.body)
  })

  it('Fastify: apiResources({ baseUrl })', async () => {
    const app = Fastify()
    await app.register(fastifyApiResources({ baseUrl: BASE }))
    app.get('/v1/posts', async () => page())
    const res = await app.inject({ url: '/v1/posts?page=2', headers: HOSTILE })
    expectAbsolute(res.json())
    await app.close()
  })

  it('Hono: apiResources({ baseUrl }); the absolute c.req.url host is not used', async () => {
    const app = new Hono()
    app.use(honoApiResources({ baseUrl: BASE }))
    app.get(
      '/v1/posts',
      honoRespond(() => page()),
    )
    const res = await app.request('http://evil.example/v1/posts?page=2', { headers: HOSTILE })
    expectAbsolute((await res.json()) as never)
  })

  it('NestJS: ApiResourcesModule.forRoot({ baseUrl })', async () => {
    @Controller('v1')
    class PostsController {
      @Get('posts')
      posts() {
        return page()
      }
    }
    @Module({
      imports: [ApiResourcesModule.forRoot({ baseUrl: BASE })],
      controllers: [PostsController],
    })
    class AppModule {}
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile()
    const app: INestApplication = moduleRef.createNestApplication({ logger: false })
    await app.init()
    try {
      const res = await request(app.getHttpServer()).get('/v1/posts?page=2').set(HOSTILE)
      expectAbsolute(res.body)
    } finally {
      await app.close()
    }
  })
})
