/**
 * The demo's `/openapi.json`: it is a valid OpenAPI 3.1 document (the official schema), it describes
 * every route the app registers, and every JSON answer of the app (each recorded exchange, and the
 * routes the recording does not reach) validates against the schema its operation declares for
 * that status and content type. A body with a required member removed fails (negative controls).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import request from 'supertest'
import type { Knex } from 'knex'
import { seededDemo } from './demo-db'

type Json = Record<string, unknown>

const OAS_SCHEMA = JSON.parse(
  readFileSync(join(__dirname, '../fixtures/openapi-schemas/oas-3.1-schema.json'), 'utf8'),
) as Json
const RECORDING = JSON.parse(
  readFileSync(join(__dirname, 'recordings/demo-endpoints.json'), 'utf8'),
) as Record<string, unknown>
const JSON_API = 'application/vnd.api+json'

interface Exchange {
  readonly method: string
  readonly path: string
  readonly accept?: string
  readonly body?: unknown
}

/** `GET /path [accept] {body}`, as the recording names its exchanges. */
function parseKey(key: string): Exchange {
  const match = /^(GET|POST) (\S+)(?: \[([^\]]+)\])?(?: (.+))?$/.exec(key)
  if (match === null) throw new Error(`unexpected recording key ${key}`)
  return {
    method: match[1],
    path: match[2],
    accept: match[3],
    body: match[4] === undefined ? undefined : JSON.parse(match[4]),
  }
}

/** Routes the recording does not call, and successful writes. */
const EXTRA: readonly Exchange[] = [
  { method: 'GET', path: '/json/users/2' },
  { method: 'GET', path: '/json/users/999999' },
  { method: 'GET', path: '/json/users/999999', accept: JSON_API },
  { method: 'GET', path: '/jsonapi/users/1' },
  { method: 'GET', path: '/jsonapi/users/999999', accept: JSON_API },
  { method: 'GET', path: '/jsonapi/users/3/posts?include=author,tags' },
  { method: 'GET', path: '/jsonapi/users/999999/posts', accept: JSON_API },
  { method: 'GET', path: '/jsonapi/posts/2/comments' },
  { method: 'GET', path: '/jsonapi/posts/1/tags' },
  { method: 'GET', path: '/jsonapi/posts/999999/tags', accept: JSON_API },
  { method: 'GET', path: '/jsonapi/comments/1?include=author,post' },
  { method: 'GET', path: '/jsonapi/comments/999999' },
  { method: 'GET', path: '/jsonapi/tags/node-js' },
  { method: 'GET', path: '/jsonapi/tags/nope', accept: JSON_API },
  { method: 'GET', path: '/paginated/search?q=a' },
  { method: 'GET', path: '/paginated/cursor?cursor=nope', accept: JSON_API },
  { method: 'GET', path: '/json/posts?limit=3' },
  {
    method: 'POST',
    path: '/json/posts',
    body: { user_id: 1, title: 'A new post', body: 'Long enough to be a body.' },
  },
  {
    method: 'POST',
    path: '/json/posts',
    body: { user_id: 999999, title: 'abc', body: '0123456789' },
  },
]

const EXCHANGES: readonly Exchange[] = [...Object.keys(RECORDING).map(parseKey), ...EXTRA]

let db: Knex
let app: Awaited<ReturnType<typeof seededDemo>>['app']
let document: Json & { paths: Record<string, Record<string, Json>>; components: Json }
let ajv: Ajv2020

beforeAll(async () => {
  ;({ db, app } = await seededDemo())
  const res = await request(app).get('/openapi.json').expect(200)
  document = res.body as typeof document
  ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema(document, 'openapi.json')
})

afterAll(async () => {
  await db.destroy()
})

/** The path template of `document` that `path` matches. */
function templateOf(path: string): string | undefined {
  const bare = path.split('?')[0]
  return Object.keys(document.paths).find((template) => {
    const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')
    return new RegExp(`^${pattern}$`).test(bare)
  })
}

function pointerSegment(text: string): string {
  return text.replace(/~/g, '~0').replace(/\//g, '~1')
}

/** The `$ref` to the schema of one response (template, method, status, content type). */
function responseSchemaRef(template: string, method: string, status: number, type: string): string {
  const operation = document.paths[template]?.[method] as Json | undefined
  const responses = (operation?.responses ?? {}) as Record<string, Json>
  const response = responses[String(status)]
  const content = (response?.content ?? {}) as Record<string, Json>
  if (content[type] === undefined)
    throw new Error(`${method.toUpperCase()} ${template} declares no ${status} ${type} answer`)
  return (
    `openapi.json#/paths/${pointerSegment(template)}/${method}/responses/${status}` +
    `/content/${pointerSegment(type)}/schema`
  )
}

async function call(exchange: Exchange): Promise<request.Response> {
  const agent = request(app)
  const req = exchange.method === 'POST' ? agent.post(exchange.path) : agent.get(exchange.path)
  if (exchange.accept !== undefined) req.set('Accept', exchange.accept)
  return exchange.body === undefined ? req : req.send(exchange.body as object)
}

describe('the demo /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document (official schema)', () => {
    const oas = new Ajv2020({ strict: false, allErrors: true })
    addFormats(oas)
    // the one format of the OpenAPI schema that ajv-formats does not know (RFC 9110 media ranges)
    oas.addFormat('media-range', /^[\w!#$&^.+*-]+\/[\w!#$&^.+*-]+(?:\s*;\s*[^;]+)*$/)
    // `$dynamicRef: '#meta'` names the one `$dynamicAnchor: meta` of this schema (`$defs/schema`),
    // whose dynamic scope only matters when schema-base extends it; Ajv resolves dynamic
    // references in this shape wrongly, so they are given as the static references they are here
    const text = JSON.stringify(OAS_SCHEMA).replace(
      /"\$dynamicRef":"#meta"/g,
      '"$ref":"#/$defs/schema"',
    )
    expect(text).not.toContain('$dynamicRef')
    const validate = oas.compile(JSON.parse(text) as Json)
    const valid = validate(document)
    expect(validate.errors ?? []).toEqual([])
    expect(valid).toBe(true)
    expect(document.openapi).toBe('3.1.0')
  })

  it('has components that are strict JSON Schema 2020-12, named per resource', () => {
    const strict = new Ajv2020({ strict: true, strictTypes: false })
    addFormats(strict)
    const components = document.components.schemas as Record<string, unknown>
    const defs = JSON.parse(
      JSON.stringify(components).replace(/#\/components\/schemas\//g, '#/$defs/'),
    ) as Json
    for (const name of Object.keys(components))
      expect(() => strict.compile({ $defs: defs, $ref: `#/$defs/${name}` })).not.toThrow()
    expect(Object.keys(components)).toEqual(
      expect.arrayContaining([
        'User',
        'UserResponse',
        'UserCollection',
        'PaginatedUser',
        'Post',
        'PostResponse',
        'PaginatedPost',
        'SimplePaginatedPost',
        'CursorPaginatedPost',
        'Comment',
        'Tag',
        'PostApi',
        'PostApiDocument',
        'PaginatedPostApiDocument',
        'CursorPaginatedPostApiDocument',
        'UserApiDocument',
        'CommentApiCollectionDocument',
        'TagApiDocument',
        'ErrorResponse',
        'ValidationErrorResponse',
        'JsonApiErrorDocument',
        'LengthAwarePage',
      ]),
    )
    // included may hold any type reachable through relationships
    expect(components.PostApiIncluded).toEqual({
      oneOf: expect.arrayContaining([
        { $ref: '#/components/schemas/UserApi' },
        { $ref: '#/components/schemas/CommentApi' },
        { $ref: '#/components/schemas/TagApi' },
        { $ref: '#/components/schemas/PostApi' },
      ]),
    })
  })

  it('describes every route the app registers', () => {
    const router = (app as unknown as { router: { stack: Layer[] } }).router
    interface Layer {
      route?: { path: string; methods: Record<string, boolean> }
    }
    const registered = router.stack.flatMap((layer) =>
      layer.route === undefined
        ? []
        : Object.keys(layer.route.methods).map((method) => `${method} ${layer.route!.path}`),
    )
    expect(registered.length).toBeGreaterThan(20)
    const described = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
    )
    expect([...registered].sort()).toEqual([...described].sort())
  })

  it('every JSON answer validates against the schema its operation declares', async () => {
    const checked = new Set<string>()
    for (const exchange of EXCHANGES) {
      const template = templateOf(exchange.path)
      const res = await call(exchange)
      const type = String(res.headers['content-type']).split(';')[0]
      if (template === undefined) {
        // the app's own 404 for an unknown path
        expect(res.status).toBe(404)
        continue
      }
      if (type !== 'application/json' && type !== JSON_API) continue
      const method = exchange.method.toLowerCase()
      const validate = ajv.getSchema(responseSchemaRef(template, method, res.status, type))!
      const body = JSON.parse(res.text) as unknown
      const valid = validate(body)
      if (!valid)
        throw new Error(
          `${exchange.method} ${exchange.path} (${res.status} ${type}): ` +
            JSON.stringify(validate.errors?.slice(0, 3)),
        )
      checked.add(`${method} ${template} ${res.status} ${type}`)
    }
    // every JSON operation was answered successfully at least once
    for (const [template, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const responses = (operation as Json).responses as Record<string, Json>
        const [status, success] = Object.entries(responses)[0]
        const types = Object.keys(success.content as Json)
        if (!types.includes('application/json') && !types.includes(JSON_API)) continue
        if (template === '/openapi.json') continue
        expect([...checked]).toContain(`${method} ${template} ${status} ${types[0]}`)
      }
    }
    expect(checked.size).toBeGreaterThan(30)
  })

  it('rejects answers with a required member removed (negative controls)', async () => {
    const cases: Array<[string, string, (body: Json) => void, string]> = [
      ['/json/users/1', 'application/json', (b) => delete (b.data as Json).email, '/data'],
      ['/json/users', 'application/json', (b) => delete (b.data as Json[])[0].id, '/data/0'],
      ['/paginated/posts', 'application/json', (b) => delete (b.meta as Json).total, '/meta'],
      ['/paginated/feed', 'application/json', (b) => delete b.links, ''],
      [
        '/paginated/cursor',
        'application/json',
        (b) => delete (b.meta as Json).next_cursor,
        '/meta',
      ],
      ['/paginated/users', 'application/json', (b) => delete b.last_page, ''],
      ['/jsonapi/posts/1', JSON_API, (b) => delete b.jsonapi, ''],
      ['/jsonapi/posts/1', JSON_API, (b) => delete (b.data as Json).type, '/data'],
      ['/jsonapi/users', JSON_API, (b) => delete (b.meta as Json).per_page, '/meta'],
    ]
    for (const [path, type, mutate, pointer] of cases) {
      const res = await request(app).get(path).expect(200)
      const template = templateOf(path)!
      const validate = ajv.getSchema(responseSchemaRef(template, 'get', 200, type))!
      const body = JSON.parse(res.text) as Json
      expect(validate(body)).toBe(true)
      mutate(body)
      expect(validate(body)).toBe(false)
      expect(validate.errors).toContainEqual(
        expect.objectContaining({ keyword: 'required', instancePath: pointer }),
      )
    }
    // the error documents too
    const missing = await request(app).get('/jsonapi/posts/999999').set('Accept', JSON_API)
    const validate = ajv.getSchema(responseSchemaRef('/jsonapi/posts/{id}', 'get', 404, JSON_API))!
    const body = JSON.parse(missing.text) as Json
    expect(validate(body)).toBe(true)
    delete (body.errors as Json[])[0].detail
    expect(validate(body)).toBe(false)
  })

  it('with checkResponses on, answers every GET with the same bytes', async () => {
    // two fresh apps over the same seed (the other tests here create rows)
    const checked = await seededDemo({ checkResponses: true })
    const plain = await seededDemo()
    const get = (target: typeof app, exchange: Exchange) => {
      const req = request(target).get(exchange.path)
      return exchange.accept === undefined ? req : req.set('Accept', exchange.accept)
    }
    try {
      for (const exchange of EXCHANGES.filter((e) => e.method === 'GET')) {
        const expected = await get(plain.app, exchange)
        const res = await get(checked.app, exchange)
        expect([exchange.path, res.status, res.text]).toEqual([
          exchange.path,
          expected.status,
          expected.text,
        ])
      }
    } finally {
      await Promise.all([checked.db.destroy(), plain.db.destroy()])
    }
  })

  it('renders an API reference page from node_modules (no CDN)', async () => {
    const page = await request(app).get('/reference').expect(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])
    expect(sources.length).toBeGreaterThanOrEqual(3)
    for (const source of sources) {
      expect(source.startsWith('/')).toBe(true) // served by the app itself
      const asset = await request(app).get(source).expect(200)
      expect(asset.text.length).toBeGreaterThan(0)
    }
    const init = await request(app).get('/reference/init.js').expect(200)
    expect(init.text).toContain("url: '/openapi.json'")
    const bundle = await request(app).get('/reference/assets/swagger-ui-bundle.js').expect(200)
    expect(bundle.text).toContain('SwaggerUIBundle')
  })
})
