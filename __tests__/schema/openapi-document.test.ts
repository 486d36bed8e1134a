/**
 * `openApiDocument()`: operations, parameters, error responses and components, validated against
 * the official OpenAPI 3.1 schema; bad routes are argument errors.
 */
import 'reflect-metadata'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import {
  Attribute,
  Field,
  JsonApiResource,
  JsonResource,
  QueryParameterError,
  Relationship,
  defineQuery,
  queryPlan,
  type Related,
} from 'api-resources'
import { openApiDocument, type OpenApiRoute } from 'api-resources/openapi'

type Json = Record<string, unknown>
type Model = Record<string, unknown>

class AccountResource extends JsonResource<Model> {
  @Field({ from: 'id' as string }) id!: number
}
class ArticleApi extends JsonApiResource<Model> {
  static override resourceType = 'articles'
  @Attribute({ from: 'title' as string }) title!: string
  @Relationship(() => WriterApi, { relation: 'writer' as string })
  writer?: Related<typeof WriterApi>
}
class WriterApi extends JsonApiResource<Model> {
  static override resourceType = 'writers'
  @Attribute({ from: 'name' as string }) name!: string
}

function officialValidator(): (document: unknown) => boolean {
  const schema = readFileSync(
    join(__dirname, '../fixtures/openapi-schemas/oas-3.1-schema.json'),
    'utf8',
  ).replace(/"\$dynamicRef": "#meta"/g, '"$ref": "#/$defs/schema"')
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addFormat('media-range', /^[\w!#$&^.+*-]+\/[\w!#$&^.+*-]+(?:\s*;\s*[^;]+)*$/)
  return ajv.compile(JSON.parse(schema) as Json)
}

const routes: OpenApiRoute[] = [
  { method: 'GET', path: '/accounts', responds: { collection: AccountResource } },
  {
    method: 'get',
    path: '/accounts/:id',
    responds: { resource: AccountResource },
    errors: [404],
    operationId: 'showAccount',
  },
  { method: 'get', path: '/accounts/page', responds: { simplePaginated: AccountResource } },
  { method: 'get', path: '/accounts/feed', responds: { cursorPaginated: AccountResource } },
  {
    method: 'post',
    path: '/accounts',
    status: 201,
    requestBody: { type: 'object', properties: { name: { type: 'string' } } },
    responds: { resource: AccountResource },
    errors: [422],
  },
  { method: 'get', path: '/articles', responds: { paginated: ArticleApi } },
  { method: 'get', path: '/articles/{id}', responds: { resource: ArticleApi }, errors: [404] },
  { method: 'get', path: '/rows', responds: { paginator: 'cursor', items: { type: 'object' } } },
  { method: 'get', path: '/health', responds: { schema: { const: 'ok' } } },
]

describe('openApiDocument()', () => {
  const document = openApiDocument({
    info: { title: 'Test', version: '1' },
    routes,
  }) as unknown as {
    paths: Record<string, Record<string, Json>>
    components: { schemas: Record<string, Json> }
  }

  it('validates against the official OpenAPI 3.1 schema', () => {
    const validate = officialValidator()
    expect(validate(document)).toBe(true)
    // and the validator is not vacuous
    expect(validate({ ...document, paths: { 'no-slash': {} } })).toBe(false)
    expect(validate({ openapi: '3.1.0', paths: {} })).toBe(false)
  })

  it('converts Express paths, declares path parameters and the implied query parameters', () => {
    const show = document.paths['/accounts/{id}'].get
    expect(show.operationId).toBe('showAccount')
    expect(show.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ])
    const names = (op: Json) => ((op.parameters ?? []) as Json[]).map((p) => p.name)
    expect(names(document.paths['/accounts/page'].get)).toEqual(['page'])
    expect(names(document.paths['/accounts/feed'].get)).toEqual(['cursor'])
    // an empty cursor is a 400, which the document says
    const [cursor] = document.paths['/accounts/feed'].get.parameters as Json[]
    expect(cursor.schema).toEqual({ type: 'string', minLength: 1 })
    expect(names(document.paths['/articles'].get)).toEqual(['page', 'include', 'fields'])
    expect(names(document.paths['/articles/{id}'].get)).toEqual(['id', 'include', 'fields'])
  })

  it('answers with the named components, in JSON or JSON:API, and both error formats', () => {
    const content = (path: string, method: string, status: string) =>
      ((document.paths[path][method].responses as Json)[status] as Json).content
    expect(content('/accounts', 'get', '200')).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/AccountCollection' } },
    })
    expect(content('/accounts', 'post', '201')).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/AccountResponse' } },
    })
    expect(content('/articles', 'get', '200')).toEqual({
      'application/vnd.api+json': {
        schema: { $ref: '#/components/schemas/PaginatedArticleApiDocument' },
      },
    })
    expect(content('/accounts/{id}', 'get', '404')).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } },
      'application/vnd.api+json': { schema: { $ref: '#/components/schemas/JsonApiErrorDocument' } },
    })
    expect(content('/accounts', 'post', '422')).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/ValidationErrorResponse' } },
      'application/vnd.api+json': { schema: { $ref: '#/components/schemas/JsonApiErrorDocument' } },
    })
    const schemas = Object.keys(document.components.schemas)
    expect(schemas).toEqual(
      expect.arrayContaining([
        'Account',
        'AccountResponse',
        'CursorPaginatedAccount',
        'ArticleApi',
        'WriterApi',
        'ArticleApiIncluded',
        'CursorPage',
      ]),
    )
    // every $ref points at a component of the document
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? []
    for (const ref of refs) {
      const target = /#\/components\/schemas\/(.+)"$/.exec(ref)
      expect(target).not.toBeNull()
      expect(schemas).toContain(target![1])
    }
  })

  it('rejects a route it cannot describe', () => {
    const info = { title: 'T', version: '1' }
    const one = (route: Json) => () =>
      openApiDocument({ info, routes: [route as unknown as OpenApiRoute] })
    expect(one({ method: 'fetch', path: '/', responds: { schema: {} } })).toThrow(
      /routes\[0\]\.method must be an HTTP method/,
    )
    expect(one({ method: 'get', path: 'x', responds: { schema: {} } })).toThrow(/path/)
    expect(one({ method: 'get', path: '/', responds: { resource: 'User' } })).toThrow(
      /responds\.resource must be a resource class/,
    )
    expect(one({ method: 'get', path: '/', responds: { paginator: 'big' } })).toThrow(/paginator/)
    expect(one({ method: 'get', path: '/', responds: { schema: {} }, errors: [500] })).toThrow(
      /errors/,
    )
    expect(
      one({ method: 'get', path: '/', responds: { schema: {} }, parameters: ['sort'] }),
    ).toThrow(/parameters/)
    expect(() =>
      openApiDocument({
        info,
        routes: [
          { method: 'get', path: '/a/:id', responds: { schema: {} } },
          { method: 'GET', path: '/a/{id}', responds: { schema: {} } },
        ],
      }),
    ).toThrow(expect.objectContaining({ code: 'ERR_OPENAPI_ROUTE' }))
  })

  it('describes an unknown include as a 400 when the app is strict (the strict option)', () => {
    class Tagged extends JsonResource<Model> {
      static query = defineQuery<Model>()({ include: ['tags'], sort: ['id'] })
      @Field({ from: 'id' as string }) id!: number
    }
    const include = (strict?: boolean) => {
      const doc = openApiDocument({
        info: { title: 't', version: '1' },
        ...(strict === undefined ? {} : { strict }),
        routes: [
          { method: 'get', path: '/tagged', query: Tagged, responds: { paginated: Tagged } },
        ],
      }) as unknown as { paths: Record<string, Record<string, { parameters: Json[] }>> }
      return doc.paths['/tagged'].get.parameters.find((p) => p.name === 'include')
    }
    expect(include()?.description).toMatch(/unknown paths are ignored/)
    expect(include(true)?.description).toMatch(/an unknown path is a 400/)
    expect(() => include('yes' as unknown as boolean)).toThrow(
      expect.objectContaining({ code: 'ERR_STRICT_OPTION' }),
    )
  })
  /** The query parameter `name` of a paginated GET route whose query is `resource`'s. */
  const queryParameterOf =
    (resource: typeof JsonResource<Model>) =>
    (name: string): Json | undefined => {
      const doc = openApiDocument({
        info: { title: 't', version: '1' },
        routes: [{ method: 'get', path: '/r', query: resource, responds: { paginated: resource } }],
      }) as unknown as { paths: Record<string, Record<string, { parameters: Json[] }>> }
      return doc.paths['/r'].get.parameters.find((p) => p.name === name)
    }

  it('describes every equality and in filter as a comma list of at least one value', () => {
    class Named extends JsonResource<Model> {
      static query = defineQuery<Model>()({
        filters: {
          id: { type: 'integer', operators: ['eq', 'in'] },
          name: { column: 'id', type: 'string', operators: ['eq', 'contains'] },
        },
      })
      @Field({ from: 'id' as string }) id!: number
    }
    const parameter = queryParameterOf(Named)
    // an empty list is a 400 for `in` too: at least one value
    for (const name of ['filter[id]', 'filter[id][in]', 'filter[name]'])
      expect(parameter(name)).toMatchObject({
        style: 'form',
        explode: false,
        schema: { type: 'array', minItems: 1 },
      })
    expect(parameter('filter[name][contains]')).toMatchObject({ schema: { type: 'string' } })
  })

  it('states the limits the server holds values to: integer range, string length and characters, sort entries once', () => {
    class Limited extends JsonResource<Model> {
      static query = defineQuery<Model>()({
        sort: ['id'],
        filters: {
          id: { type: 'integer', operators: ['eq', 'gte'] },
          name: { column: 'id', type: 'string', operators: ['contains'] },
        },
      })
      @Field({ from: 'id' as string }) id!: number
    }
    const parameter = queryParameterOf(Limited)
    const ajv = new Ajv2020({ strict: false })
    const accepts = (name: string, value: unknown): boolean =>
      ajv.compile((parameter(name) as { schema: object }).schema)(value)
    // the server answers 400 past these: an integer a number cannot hold, a string over 1000
    expect(accepts('filter[id][gte]', Number.MAX_SAFE_INTEGER)).toBe(true)
    expect(accepts('filter[id][gte]', Number.MAX_SAFE_INTEGER + 1)).toBe(false)
    expect(accepts('filter[id][gte]', -Number.MAX_SAFE_INTEGER - 1)).toBe(false)
    expect(accepts('filter[id]', [2 ** 53])).toBe(false)
    expect(accepts('filter[name][contains]', 'x'.repeat(1000))).toBe(true)
    expect(accepts('filter[name][contains]', 'x'.repeat(1001))).toBe(false)
    // U+0000 is a 400 too
    expect(accepts('filter[name][contains]', 'a\u0001b')).toBe(true)
    expect(accepts('filter[name][contains]', 'a\u0000b')).toBe(false)
    // a repeated sort entry is a 400
    expect(accepts('sort', ['id', '-id'])).toBe(true)
    expect(accepts('sort', ['id', 'id'])).toBe(false)
  })

  it('describes a date-time filter value as a date-time or a date, as the server reads it', () => {
    class Dated extends JsonResource<Model> {
      static query = defineQuery<Model>()({
        filters: { id: { type: 'date-time', operators: ['gte', 'in'] } },
      })
      @Field({ from: 'id' as string }) id!: number
    }
    const parameter = queryParameterOf(Dated)
    const value = {
      anyOf: [
        { type: 'string', format: 'date-time', pattern: expect.any(String) as string },
        { type: 'string', format: 'date' },
      ],
    }
    expect(parameter('filter[id][gte]')).toMatchObject({ schema: value })
    expect(parameter('filter[id][in]')).toMatchObject({ schema: { type: 'array', items: value } })
    const ajv = new Ajv2020({ strict: false })
    addFormats(ajv)
    const check = ajv.compile((parameter('filter[id][gte]') as { schema: object }).schema)
    const server = (text: string): boolean => {
      try {
        queryPlan(Dated, { query: `filter[id][gte]=${encodeURIComponent(text)}` })
        return true
      } catch (error) {
        if (error instanceof QueryParameterError) return false
        throw error
      }
    }
    // [value, the schema takes it, the server takes it]: a value the schema takes is one the
    // server takes (a leap second and a tenth fraction digit were not); the server also takes
    // forms the schema leaves out (no zone: UTC; no seconds)
    const cases: [string, boolean, boolean][] = [
      ['2024-05-01', true, true],
      ['2024-05-01T10:00:00Z', true, true],
      ['2024-05-01T10:00:00.5+02:00', true, true],
      ['2024-05-01t10:00:00z', true, true],
      ['2024-05-01 10:00:00Z', true, true],
      ['2024-05-01T10:00:00.123456789Z', true, true],
      ['2024-05-01T10:00:00+23:59', true, true],
      ['2024-05-01T10:00:00.1234567891Z', false, false],
      ['2016-12-31T23:59:60Z', false, false],
      ['2024-05-01T10:00:00+24:00', false, false],
      ['2024-02-30', false, false],
      ['2024-02-30T10:00:00Z', false, false],
      ['2024-13-01', false, false],
      ['2024-05-01T10:00:00', false, true],
      ['2024-05-01T10:00Z', false, true],
    ]
    for (const [text, schema, taken] of cases)
      expect([text, check(text), server(text)]).toEqual([text, schema, taken])
  })
})
