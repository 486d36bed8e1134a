/**
 * Every query parameter, operator and value type, good and bad, through HTTP under Express (both
 * query parsers), Fastify, Hono and NestJS: the same plan from the same URL, and every 400 in its
 * plain JSON and JSON:API shapes, naming the parameter.
 */
import 'reflect-metadata'
import { Controller, Get, Module, type INestApplication } from '@nestjs/common'
import { Test } from '@nestjs/testing'
import express from 'express'
import { Hono } from 'hono'
import request from 'supertest'
import { Field, JsonResource, WhenCounted, WhenLoaded, defineQuery, queryPlan } from 'api-resources'
import * as expressIntegration from 'api-resources/express'
import * as fastifyIntegration from 'api-resources/fastify'
import * as honoIntegration from 'api-resources/hono'
import { ApiResourcesModule } from 'api-resources/nestjs'
import { fastifyApp } from '../support/fastify-app'

interface Article {
  id: number
  title: string
  rating: number
  views: number
  featured: boolean
  status: string
  published_at: string | null
  writer_id: number
  writer?: { id: number }
  comments_count?: number
}

class WriterResource extends JsonResource<{ id: number; articles?: Article[] }> {
  @Field() id!: number
  @WhenLoaded(() => ArticleResource) articles?: unknown
}

class ArticleResource extends JsonResource<Article> {
  static query = defineQuery<Article>()({
    sort: ['title', 'rating', { name: 'published', column: 'published_at' }, 'id'],
    defaultSort: '-published',
    filters: {
      id: { type: 'integer', operators: ['eq', 'ne', 'in'] },
      rating: { type: 'number', operators: ['lt', 'lte', 'gt', 'gte'] },
      views: { type: 'integer', operators: ['eq', 'gte'] },
      featured: { type: 'boolean', operators: ['eq'] },
      status: { type: 'enum', values: ['draft', 'live'], operators: ['eq', 'in'] },
      title: { type: 'string', operators: ['eq', 'contains', 'starts_with'] },
      published_at: { type: 'date-time', operators: ['gte', 'lte', 'null'] },
      writer: { column: 'writer_id', type: 'integer', operators: ['eq', 'in'] },
      recent: {
        type: 'boolean',
        where: (v) => ({
          column: 'published_at',
          op: v === true ? 'gte' : 'lt',
          value: '2024-01-01',
        }),
      },
    },
    perPage: { default: 15, max: 50 },
  })
  @Field() id!: number
  @WhenLoaded(() => WriterResource) writer?: unknown
  @WhenCounted() comments_count?: number
}

/** What a handler answers: the plan, as plain data. */
function summary(strict?: boolean): unknown {
  const plan = queryPlan(ArticleResource, strict === undefined ? {} : { strict })
  return {
    include: plan.include.map((i) => i.path),
    counts: plan.counts.map((c) => c.name),
    order: plan.orderKey,
    columns: plan.order.map((o) => o.column),
    where: JSON.parse(JSON.stringify(plan.where)),
    perPage: plan.perPage,
    parameters: plan.parameters,
  }
}

interface Answer {
  status: number
  type: string
  body: any
}
type Client = (url: string, jsonApi?: boolean) => Promise<Answer>
const ACCEPT_JSONAPI = 'application/vnd.api+json'

/** The app's own options: `strict` app-wide. */
interface AppOptions {
  readonly strict?: boolean
}

function expressClient(parser: 'simple' | 'extended', options: AppOptions = {}): Client {
  const app = express()
  app.set('query parser', parser)
  app.use(expressIntegration.apiResources(options))
  app.get('/articles', (_req, res) => void res.json(summary()))
  app.get('/strict', (_req, res) => void res.json(summary(true)))
  app.get('/loose', (_req, res) => void res.json(summary(false)))
  app.use(expressIntegration.resourceErrors())
  return async (url, jsonApi) => {
    const res = await request(app)
      .get(url)
      .set('Accept', jsonApi ? ACCEPT_JSONAPI : 'application/json')
    return {
      status: res.status,
      type: String(res.headers['content-type']),
      body: JSON.parse(res.text),
    }
  }
}

function fastifyClient(options: AppOptions = {}): Client {
  const ready = fastifyApp(fastifyIntegration.apiResources(options), (app) => {
    app.get('/articles', async () => summary())
    app.get('/strict', async () => summary(true))
    app.get('/loose', async () => summary(false))
  })
  return async (url, jsonApi) => {
    const app = await ready
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { accept: jsonApi ? ACCEPT_JSONAPI : 'application/json' },
    })
    return {
      status: res.statusCode,
      type: String(res.headers['content-type']),
      body: JSON.parse(res.body),
    }
  }
}

function honoClient(options: AppOptions = {}): Client {
  const app = new Hono()
  app.use(honoIntegration.apiResources(options))
  app.onError(honoIntegration.resourceErrors())
  app.get('/articles', (c) => c.json(summary() as object))
  app.get('/strict', (c) => c.json(summary(true) as object))
  app.get('/loose', (c) => c.json(summary(false) as object))
  return async (url, jsonApi) => {
    const res = await app.request(url, {
      headers: { accept: jsonApi ? ACCEPT_JSONAPI : 'application/json' },
    })
    return {
      status: res.status,
      type: String(res.headers.get('content-type')),
      body: await res.json(),
    }
  }
}

@Controller()
class ArticlesController {
  @Get('articles')
  list(): unknown {
    return summary()
  }
  @Get('strict')
  strict(): unknown {
    return summary(true)
  }
  @Get('loose')
  loose(): unknown {
    return summary(false)
  }
}

const nests: INestApplication[] = []
function nestClient(options: AppOptions = {}): Client {
  const ready = (async () => {
    @Module({ imports: [ApiResourcesModule.forRoot(options)], controllers: [ArticlesController] })
    class AppModule {}
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile()
    const nest = moduleRef.createNestApplication({ logger: false })
    nests.push(nest)
    await nest.init()
    return nest
  })()
  return async (url, jsonApi) => {
    const app = await ready
    const res = await request(app.getHttpServer())
      .get(url)
      .set('Accept', jsonApi ? ACCEPT_JSONAPI : 'application/json')
    return {
      status: res.status,
      type: String(res.headers['content-type']),
      body: JSON.parse(res.text),
    }
  }
}

afterAll(async () => {
  for (const nest of nests) await nest.close()
})

const FRAMEWORKS: [string, Client][] = [
  ['Express (simple query parser)', expressClient('simple')],
  ['Express (extended query parser)', expressClient('extended')],
  ['Fastify', fastifyClient()],
  ['Hono', honoClient()],
  ['NestJS', nestClient()],
]

describe.each(FRAMEWORKS)('query parameters under %s', (_name, get) => {
  it('gives the default plan when nothing is asked', async () => {
    const { status, body } = await get('/articles')
    expect(status).toBe(200)
    expect(body).toEqual({
      include: [],
      counts: [],
      order: '-published,-id',
      columns: ['published_at', 'id'],
      where: [],
      perPage: 15,
      parameters: {},
    })
  })

  it('reads include paths (nested, counts, repeated parameters), dropping unknown ones silently', async () => {
    const { status, body } = await get(
      '/articles?include=writer.articles,nope&include=comments_count,writer',
    )
    expect(status).toBe(200)
    expect(body.include).toEqual(['writer', 'writer.articles'])
    expect(body.counts).toEqual(['comments_count'])
    expect(body.parameters.include).toBe('comments_count,writer.articles')
  })

  it('sorts by output names (renamed ones by their column), ending with the unique key', async () => {
    const { body } = await get('/articles?sort=-rating,published')
    expect(body.order).toBe('-rating,published,id')
    expect(body.columns).toEqual(['rating', 'published_at', 'id'])
    expect(body.parameters.sort).toBe('-rating,published')
    expect((await get('/articles?sort=title,-id')).body.order).toBe('title,-id')
  })

  it.each([
    ['filter[id]=3', [{ column: 'id', op: 'eq', value: 3 }], 'filter[id]', '3'],
    ['filter[id]=3,4', [{ column: 'id', op: 'in', value: [3, 4] }], 'filter[id]', '3,4'],
    ['filter[id][in]=05,6', [{ column: 'id', op: 'in', value: [5, 6] }], 'filter[id][in]', '5,6'],
    ['filter[id][ne]=-2', [{ column: 'id', op: 'ne', value: -2 }], 'filter[id][ne]', '-2'],
    [
      'filter[rating][lt]=4.5',
      [{ column: 'rating', op: 'lt', value: 4.5 }],
      'filter[rating][lt]',
      '4.5',
    ],
    [
      'filter[rating][lte]=1e1',
      [{ column: 'rating', op: 'lte', value: 10 }],
      'filter[rating][lte]',
      '10',
    ],
    ['filter[rating][gt]=0', [{ column: 'rating', op: 'gt', value: 0 }], 'filter[rating][gt]', '0'],
    [
      'filter[rating][gte]=-1.25',
      [{ column: 'rating', op: 'gte', value: -1.25 }],
      'filter[rating][gte]',
      '-1.25',
    ],
    [
      'filter[views][gte]=100',
      [{ column: 'views', op: 'gte', value: 100 }],
      'filter[views][gte]',
      '100',
    ],
    [
      'filter[featured]=true',
      [{ column: 'featured', op: 'eq', value: true }],
      'filter[featured]',
      'true',
    ],
    [
      'filter[featured]=0',
      [{ column: 'featured', op: 'eq', value: false }],
      'filter[featured]',
      'false',
    ],
    [
      'filter[status]=live',
      [{ column: 'status', op: 'eq', value: 'live' }],
      'filter[status]',
      'live',
    ],
    [
      'filter[status][in]=live,draft',
      [{ column: 'status', op: 'in', value: ['live', 'draft'] }],
      'filter[status][in]',
      'live,draft',
    ],
    [
      'filter[title]=Hello%20world',
      [{ column: 'title', op: 'eq', value: 'Hello world' }],
      'filter[title]',
      'Hello world',
    ],
    [
      'filter[title][contains]=50%25_off',
      [{ column: 'title', op: 'contains', value: '50%_off' }],
      'filter[title][contains]',
      '50%_off',
    ],
    [
      'filter[title][starts_with]=%27%3B%20drop',
      [{ column: 'title', op: 'starts_with', value: "'; drop" }],
      'filter[title][starts_with]',
      "'; drop",
    ],
    [
      'filter[published_at][gte]=2024-05-01',
      [{ column: 'published_at', op: 'gte', value: '2024-05-01T00:00:00.000Z' }],
      'filter[published_at][gte]',
      '2024-05-01T00:00:00.000Z',
    ],
    [
      'filter[published_at][lte]=2024-05-01T10:30:00%2B02:00',
      [{ column: 'published_at', op: 'lte', value: '2024-05-01T08:30:00.000Z' }],
      'filter[published_at][lte]',
      '2024-05-01T08:30:00.000Z',
    ],
    [
      // RFC 3339 allows t/z in lower case and any fraction; a Date keeps the milliseconds
      'filter[published_at][gte]=2024-05-01t10:00:00.123456789z',
      [{ column: 'published_at', op: 'gte', value: '2024-05-01T10:00:00.123Z' }],
      'filter[published_at][gte]',
      '2024-05-01T10:00:00.123Z',
    ],
    [
      // the last instant of the year 9999 and the first of the year 0000 are in range
      'filter[published_at][lte]=9999-12-31T23:59:59.999Z',
      [{ column: 'published_at', op: 'lte', value: '9999-12-31T23:59:59.999Z' }],
      'filter[published_at][lte]',
      '9999-12-31T23:59:59.999Z',
    ],
    [
      'filter[published_at][gte]=0001-01-01T00:00:00%2B01:00',
      [{ column: 'published_at', op: 'gte', value: '0000-12-31T23:00:00.000Z' }],
      'filter[published_at][gte]',
      '0000-12-31T23:00:00.000Z',
    ],
    [
      'filter[published_at][null]=true',
      [{ column: 'published_at', op: 'null', value: true }],
      'filter[published_at][null]',
      'true',
    ],
    ['filter[writer]=7', [{ column: 'writer_id', op: 'eq', value: 7 }], 'filter[writer]', '7'],
    [
      'filter[recent]=true',
      [{ column: 'published_at', op: 'gte', value: '2024-01-01' }],
      'filter[recent]',
      'true',
    ],
  ])('filters %s', async (query, where, key, normal) => {
    const { status, body } = await get(`/articles?${query}`)
    expect(status).toBe(200)
    expect(body.where).toEqual(where)
    expect(body.parameters[key]).toBe(normal)
  })

  it('combines filters (all must hold) and keeps them in a normal order', async () => {
    const { body } = await get('/articles?filter[views][gte]=1&filter[id]=2&filter[rating][lt]=3')
    expect(body.where).toHaveLength(3)
    expect(Object.keys(body.parameters)).toEqual([
      'filter[id]',
      'filter[rating][lt]',
      'filter[views][gte]',
    ])
  })

  it.each([
    ['per_page=20', 20, '20'],
    ['per_page=500', 50, '50'],
    ['per_page=abc', 15, undefined],
    ['per_page=0', 15, undefined],
    ['per_page=-3', 15, undefined],
    ['per_page=2.5', 15, undefined],
    ['per_page=1&per_page=2', 15, undefined],
    ['per_page[]=5', 15, undefined],
  ])('reads %s as a page size of %s', async (query, perPage, normal) => {
    const { status, body } = await get(`/articles?${query}`)
    expect(status).toBe(200)
    expect(body.perPage).toBe(perPage)
    expect(body.parameters.per_page).toBe(normal)
  })

  const BAD: [string, string, RegExp][] = [
    ['sort=secret', 'sort', /"secret" is not sortable; sortable: title, rating, published, id/],
    ['sort=title,,id', 'sort', /empty entry/],
    ['sort=', 'sort', /empty entry/],
    ['sort=title,title', 'sort', /more than once/],
    ['sort=title&sort=id', 'sort', /given once/],
    ['sort[]=title', 'sort', /one comma-separated list/],
    ['sort=%2Btitle', 'sort', /"\+title" is not sortable/],
    ['filter[nope]=1', 'filter[nope]', /"nope" is not a filter; filters: id, rating/],
    [
      'filter[id][like]=1',
      'filter[id][like]',
      /"like" is not an operator of filter\[id\]; operators: eq, ne, in/,
    ],
    ['filter[rating]=1', 'filter[rating]', /needs an operator: .* lt, lte, gt, gte/],
    ['filter[id]=abc', 'filter[id]', /must be an integer; got "abc"/],
    ['filter[id]=1,x', 'filter[id]', /must be an integer; got "x"/],
    [
      'filter[id]=99999999999999999',
      'filter[id]',
      /must be an integer from -9007199254740991 to 9007199254740991; got "99999999999999999"/,
    ],
    ['filter[rating][gt]=NaN', 'filter[rating][gt]', /must be a number/],
    ['filter[featured]=yes', 'filter[featured]', /must be true or false/],
    ['filter[status]=gone', 'filter[status]', /must be one of draft, live/],
    ['filter[title]=', 'filter[title]', /non-empty string/],
    ['filter[published_at][gte]=yesterday', 'filter[published_at][gte]', /date or date-time/],
    ['filter[published_at][gte]=2024-02-30', 'filter[published_at][gte]', /date or date-time/],
    // an impossible day is refused whatever the offset (not rolled over into March)
    [
      'filter[published_at][gte]=2024-02-30T10:00:00%2B01:00',
      'filter[published_at][gte]',
      /date or date-time/,
    ],
    // an offset that carries the instant out of the years 0000-9999 (a link would write it as
    // +010000-... and the next page would refuse it; SQLite would compare its text)
    [
      'filter[published_at][lte]=9999-12-31T23:59:59.999-23:59',
      'filter[published_at][lte]',
      /in the years 0000 to 9999 \(UTC\); got "9999-12-31T23:59:59.999-23:59"/,
    ],
    [
      'filter[published_at][gte]=0000-01-01T00:00:00%2B01:00',
      'filter[published_at][gte]',
      /in the years 0000 to 9999 \(UTC\)/,
    ],
    // a value that does not decode is refused, not read as absent (an unfiltered page)
    ['filter[id]=%ZZ', 'filter[id]', /must be valid percent-encoding; got "%ZZ"/],
    ['sort=%E0%A4%A', 'sort', /must be valid percent-encoding/],
    ['filter[published_at][null]=maybe', 'filter[published_at][null]', /true or false/],
    ['filter[id]=1&filter[id]=2', 'filter[id]', /more than once/],
    ['filter[id][]=1', 'filter[id][]', /"" is not an operator/],
    ['filter[id][eq][x]=1', 'filter[id][eq][x]', /is not a filter; use filter\[<name>\]/],
    ['filter=1', 'filter', /is not a filter/],
    [
      `filter[id][in]=${Array.from({ length: 101 }, (_, i) => i).join(',')}`,
      'filter[id][in]',
      /at most 100/,
    ],
    ['filter[%3Cscript%3E]=1', 'filter[<script>]', /"<script>" is not a filter/],
  ]

  it.each(BAD)(
    'answers %s with a 400 naming %s (plain JSON)',
    async (query, parameter, message) => {
      const { status, type, body } = await get(`/articles?${query}`)
      expect(status).toBe(400)
      expect(type).toMatch(/^application\/json/)
      expect(Object.keys(body)).toEqual(['message', 'errors'])
      expect(Object.keys(body.errors)).toEqual([parameter])
      expect(body.errors[parameter][0]).toMatch(message)
      expect(body.message).toBe(body.errors[parameter][0])
    },
  )

  it.each(BAD)('answers %s with a 400 naming %s (JSON:API)', async (query, parameter, message) => {
    const { status, type, body } = await get(`/articles?${query}`, true)
    expect(status).toBe(400)
    expect(type).toMatch(/^application\/vnd\.api\+json/)
    expect(body.errors).toHaveLength(1)
    expect(body.errors[0]).toEqual({
      status: '400',
      title: 'Invalid Query Parameter',
      detail: expect.stringMatching(message),
      source: { parameter },
    })
  })

  it('names every wrong parameter at once', async () => {
    const { status, body } = await get('/articles?sort=x&filter[y]=1&filter[id]=z', true)
    expect(status).toBe(400)
    expect(body.errors.map((e: { source: { parameter: string } }) => e.source.parameter)).toEqual([
      'sort',
      'filter[y]',
      'filter[id]',
    ])
  })

  it('answers an unknown include with 400 when strict (JSON and JSON:API)', async () => {
    const plain = await get('/strict?include=writer,secrets')
    expect(plain.status).toBe(400)
    expect(plain.body.errors.include[0]).toMatch(
      /"secrets" cannot be included; allowed: writer, writer.articles, writer.articles.writer, writer.articles.writer.articles, writer.articles.writer.articles.writer, comments_count\./,
    )
    const api = await get('/strict?include=writer.nope', true)
    expect(api.body.errors[0]).toMatchObject({ status: '400', source: { parameter: 'include' } })
    expect((await get('/strict?include[]=writer')).status).toBe(400)
    expect((await get('/strict?include=writer')).status).toBe(200)
  })

  it('never echoes a hostile string at length, and never crashes', async () => {
    const long = 'x'.repeat(5000)
    const { status, body } = await get(`/articles?sort=${long}&filter[${long}]=1`)
    expect(status).toBe(400)
    expect(JSON.stringify(body).length).toBeLessThan(2000)
    const odd = await get('/articles?sort=%E0%A4%A&filter[id]=%00')
    expect(odd.status).toBe(400)
  })
})

const STRICT_APPS: [string, Client][] = [
  ['Express', expressClient('simple', { strict: true })],
  ['Fastify', fastifyClient({ strict: true })],
  ['Hono', honoClient({ strict: true })],
  ['NestJS', nestClient({ strict: true })],
]

describe.each(STRICT_APPS)('app-wide strict includes under %s', (_name, get) => {
  it('answers an include the resource does not allow with a 400', async () => {
    const { status, body } = await get('/articles?include=nope', true)
    expect(status).toBe(400)
    expect(body.errors[0].source).toEqual({ parameter: 'include' })
  })

  it('still reads what is allowed, and a route that says strict: false ignores the rest', async () => {
    expect((await get('/articles?include=writer')).body.include).toEqual(['writer'])
    const loose = await get('/loose?include=nope,writer')
    expect(loose.status).toBe(200)
    expect(loose.body.include).toEqual(['writer'])
  })
})

describe('the strict option', () => {
  it('is an ArgumentError unless a boolean', () => {
    expect(() => expressIntegration.apiResources({ strict: 'yes' as unknown as boolean })).toThrow(
      expect.objectContaining({ code: 'ERR_STRICT_OPTION' }),
    )
  })

  it('leaves an app without it as it was: an include that is not allowed is ignored', async () => {
    const get = expressClient('simple')
    const { status, body } = await get('/articles?include=nope,writer')
    expect(status).toBe(200)
    expect(body.include).toEqual(['writer'])
  })
})
