/**
 * A small OpenAPI 3.1 builder: routes and the bodies they answer with in, a document out, with the
 * generated JSON Schema of every resource, envelope and error body as named components.
 * @module
 */
import { checkBigintEncoding, checkStrict, type BigintEncoding } from '../context/request-context'
import { ArgumentError } from '../errors/base'
import type { JsonSchema } from '../metadata/types'
import {
  ComponentSet,
  DEFS_PREFIX,
  type BodyKind,
  type SchemaObject,
  type SharedComponent,
  usedComponents,
} from '../schema/resource-schemas'
import type { QueryNarrowing } from '../query/declaration'
import { resolveQuery, type ResolvedFilter } from '../query/resolve'
import { MAX_FILTER_TEXT } from '../query/plan'

/** A resource class, as the builder takes it (`UserResource`, `PostApiResource`). */
export type ResourceClass = abstract new (...args: never) => unknown

/**
 * What a route answers with:
 * - `{ resource: UserResource }`: one resource (`UserResponse`; a JSON:API class gives its document);
 * - `{ collection }`, `{ paginated }`, `{ simplePaginated }`, `{ cursorPaginated }`: a collection of
 *   the resource, plain or over a length-aware, simple or cursor paginator;
 * - `{ paginator: 'lengthAware' | 'simple' | 'cursor' }`: a paginator returned as it is (its flat
 *   page JSON), with `items` the schema of its rows when known;
 * - `{ schema }`: any other JSON body.
 */
export type RouteBody =
  | { readonly resource: ResourceClass }
  | { readonly collection: ResourceClass }
  | { readonly paginated: ResourceClass }
  | { readonly simplePaginated: ResourceClass }
  | { readonly cursorPaginated: ResourceClass }
  | { readonly paginator: 'lengthAware' | 'simple' | 'cursor'; readonly items?: JsonSchema }
  | { readonly schema: JsonSchema; readonly contentType?: string }

/** The query parameters the library reads, by name, or any OpenAPI Parameter Object. */
export type RouteParameter =
  | 'page'
  | 'cursor'
  | 'include'
  | 'fields'
  | { readonly name: string; readonly in: string; readonly [key: string]: unknown }

/** The error answers `resourceErrors()` (and every integration) gives, by status. */
export type RouteError = 400 | 404 | 422

/** One route of an application. */
export interface OpenApiRoute {
  /** `get`, `post`, ... (any case). */
  readonly method: string
  /** The path, Express style (`/users/:id`) or OpenAPI style (`/users/{id}`). */
  readonly path: string
  /** What a successful request answers with. */
  readonly responds: RouteBody
  /** The success status. @default 200 */
  readonly status?: number
  readonly summary?: string
  readonly description?: string
  readonly operationId?: string
  readonly tags?: readonly string[]
  /**
   * Query parameters beyond the ones the body implies (`page` for a length-aware or simple page,
   * `cursor` for a cursor page, `include` and `fields` for a JSON:API document).
   */
  readonly parameters?: readonly RouteParameter[]
  /**
   * The resource whose query declaration (`static query`) the route reads, or `{ resource,
   * ...narrowing }`: adds `include`, `sort`, the `filter[...]` parameters, `per_page` and a 400
   * answer.
   */
  readonly query?: RouteQuery
  /** The JSON Schema of a JSON request body. */
  readonly requestBody?: JsonSchema
  /** Error answers: a plain JSON body, or a JSON:API error document when Accept asks for one. */
  readonly errors?: readonly RouteError[]
}

/** Options of {@link openApiDocument}. */
export interface OpenApiOptions {
  /** The Info Object (`title` and `version` are required by OpenAPI). */
  readonly info: {
    readonly title: string
    readonly version: string
    readonly [key: string]: unknown
  }
  readonly servers?: readonly { readonly url: string; readonly [key: string]: unknown }[]
  /**
   * The document's Security Requirement Objects: `[]` says that the operations need no
   * authentication (linters such as `@redocly/cli` ask for it to be said).
   */
  readonly security?: readonly Readonly<Record<string, readonly string[]>>[]
  readonly routes: readonly OpenApiRoute[]
  /** Components to add (or replace) under `components.schemas`, by name. */
  readonly schemas?: Readonly<Record<string, JsonSchema>>
  /**
   * How the app writes a `bigint` (the integrations' `bigint` option): `'string'` describes a
   * `bigint` member as a string of digits, `'number'` as an integer (`format: int64`, within
   * ±(2^53 - 1)). An `ArgumentError` for any other value.
   * @default 'string'
   */
  readonly bigint?: BigintEncoding
  /**
   * App-wide strict includes (the integrations' `strict` option): an `include` is then described
   * as a 400 for an unknown path wherever the query declaration does not say `strict` itself. An
   * `ArgumentError` unless a boolean.
   * @default false
   */
  readonly strict?: boolean
}

/** An OpenAPI 3.1 document (a plain JSON object). */
export interface OpenApiDocument {
  readonly openapi: '3.1.0'
  readonly info: OpenApiOptions['info']
  readonly servers?: OpenApiOptions['servers']
  readonly security?: OpenApiOptions['security']
  readonly paths: Record<string, Record<string, unknown>>
  readonly components: { readonly schemas: Record<string, JsonSchema> }
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'])
const JSON_TYPE = 'application/json'
const JSONAPI_TYPE = 'application/vnd.api+json'
const COMPONENTS = '#/components/schemas/'

const PARAMETERS: Readonly<Record<'page' | 'cursor' | 'include' | 'fields', SchemaObject>> = {
  page: {
    name: 'page',
    in: 'query',
    description: 'The page number (1 when absent or not a positive integer).',
    schema: { type: 'integer', minimum: 1 },
  },
  cursor: {
    name: 'cursor',
    in: 'query',
    description: 'The cursor of the page, from links.next / links.prev or meta.next_cursor.',
    schema: { type: 'string', minLength: 1 },
  },
  include: {
    name: 'include',
    in: 'query',
    description: 'Related objects to include: comma-separated relationship paths (a.b,c).',
    schema: { type: 'string' },
  },
  fields: {
    name: 'fields',
    in: 'query',
    description: 'Sparse fieldsets: fields[type]=a,b keeps only those members of that type.',
    style: 'deepObject',
    explode: true,
    schema: { type: 'object', additionalProperties: { type: 'string' } },
  },
}

const ERROR_DESCRIPTIONS: Readonly<Record<RouteError, string>> = {
  400: 'A query parameter is invalid',
  404: 'Not found',
  422: 'The input is invalid',
}

/** `$ref`s to `#/$defs/X` become `#/components/schemas/X` (a deep copy). */
function toComponentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toComponentRefs)
  if (typeof value !== 'object' || value === null) return value
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof item === 'string' && item.startsWith(DEFS_PREFIX)
        ? COMPONENTS + item.slice(DEFS_PREFIX.length)
        : toComponentRefs(item)
  }
  return out
}

const refTo = (name: string): SchemaObject => ({ $ref: `${COMPONENTS}${name}` })

/** The OpenAPI path (`/users/{id}`) and its path parameters' names. */
function openApiPath(path: string): { path: string; names: string[] } {
  const names: string[] = []
  const converted = path.replace(/:([A-Za-z0-9_]+)|\{([^}/]+)\}/g, (_m, express, braces) => {
    const name = (express ?? braces) as string
    names.push(name)
    return `{${name}}`
  })
  return { path: converted, names }
}

const BODY_KINDS: readonly BodyKind[] = [
  'collection',
  'paginated',
  'simplePaginated',
  'cursorPaginated',
]

const BARE_PAGES: Readonly<Record<'lengthAware' | 'simple' | 'cursor', SharedComponent>> = {
  lengthAware: 'LengthAwarePage',
  simple: 'SimplePage',
  cursor: 'CursorPage',
}

interface Described {
  readonly contentType: string
  readonly schema: JsonSchema
  /** Query parameters the body implies. */
  readonly implied: readonly ('page' | 'cursor' | 'include' | 'fields')[]
}

function describeBody(body: RouteBody, set: ComponentSet, where: string): Described {
  if (typeof body !== 'object' || body === null)
    throw ArgumentError.openApiRoute(`${where}.responds`, 'a body description', body)
  if ('schema' in body)
    return { contentType: body.contentType ?? JSON_TYPE, schema: body.schema, implied: [] }
  if ('paginator' in body) {
    const name = BARE_PAGES[body.paginator]
    if (name === undefined)
      throw ArgumentError.openApiRoute(
        `${where}.responds.paginator`,
        "'lengthAware', 'simple' or 'cursor'",
        body.paginator,
      )
    set.shared(name)
    const page = refTo(name)
    const schema =
      body.items === undefined
        ? page
        : { allOf: [page, { properties: { data: { type: 'array', items: body.items } } }] }
    return {
      contentType: JSON_TYPE,
      schema,
      implied: [body.paginator === 'cursor' ? 'cursor' : 'page'],
    }
  }
  const kind: BodyKind =
    'resource' in body ? 'resource' : (BODY_KINDS.find((k) => k in body) ?? 'resource')
  const cls = (body as Partial<Record<BodyKind, unknown>>)[kind]
  if (typeof cls !== 'function')
    throw ArgumentError.openApiRoute(`${where}.responds.${kind}`, 'a resource class', cls)
  const schemas = set.add(cls)
  const implied: ('page' | 'cursor' | 'include' | 'fields')[] = []
  if (kind === 'paginated' || kind === 'simplePaginated') implied.push('page')
  if (kind === 'cursorPaginated') implied.push('cursor')
  if (schemas.jsonApi) implied.push('include', 'fields')
  return {
    contentType: schemas.jsonApi ? JSONAPI_TYPE : JSON_TYPE,
    schema: refTo(schemas.bodies[kind]),
    implied,
  }
}

function parametersOf(
  route: OpenApiRoute,
  pathNames: readonly string[],
  implied: readonly string[],
  where: string,
  strict: boolean,
): SchemaObject[] {
  const out: SchemaObject[] = pathNames.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }))
  const declared = route.query === undefined ? [] : queryParameters(route.query, strict)
  for (const parameter of [...declared, ...implied, ...(route.parameters ?? [])]) {
    let object: SchemaObject
    if (typeof parameter === 'string') {
      const known = PARAMETERS[parameter as keyof typeof PARAMETERS]
      if (known === undefined)
        throw ArgumentError.openApiRoute(
          `${where}.parameters`,
          "'page', 'cursor', 'include', 'fields' or a Parameter Object",
          parameter,
        )
      object = known
    } else object = parameter as SchemaObject
    if (!out.some((p) => p.name === object.name && p.in === object.in)) out.push({ ...object })
  }
  return out
}

function errorResponse(status: RouteError, set: ComponentSet): SchemaObject {
  const plain = status === 422 ? 'ValidationErrorResponse' : 'ErrorResponse'
  set.shared(plain)
  set.shared('JsonApiErrorDocument')
  return {
    description: ERROR_DESCRIPTIONS[status],
    content: {
      [JSON_TYPE]: { schema: refTo(plain) },
      [JSONAPI_TYPE]: { schema: refTo('JsonApiErrorDocument') },
    },
  }
}

/**
 * An OpenAPI 3.1 document of `routes`: one operation per route, its success response described by
 * the generated schema of the body it answers with (named components per resource: `User`,
 * `UserResponse`, `UserCollection`, `PaginatedUser`, `SimplePaginatedUser`, `CursorPaginatedUser`,
 * and for a JSON:API class `PostApi`, `PostApiDocument`, `PostApiCollectionDocument`,
 * `PaginatedPostApiDocument`, ...), its error responses by the error bodies the library writes.
 *
 * @example
 * const document = openApiDocument({
 *   info: { title: 'Blog', version: '1.0.0' },
 *   routes: [
 *     { method: 'get', path: '/users/:id', responds: { resource: UserResource }, errors: [404] },
 *     { method: 'get', path: '/posts', responds: { paginated: PostResource } },
 *   ],
 * })
 * app.get('/openapi.json', (_req, res) => res.json(document))
 */
export function openApiDocument(options: OpenApiOptions): OpenApiDocument {
  const set = new ComponentSet(checkBigintEncoding(options.bigint))
  const strict = checkStrict(options.strict) === true
  const paths: Record<string, Record<string, unknown>> = {}
  options.routes.forEach((route, index) => {
    const where = `routes[${index}]`
    const method = typeof route.method === 'string' ? route.method.toLowerCase() : ''
    if (!METHODS.has(method))
      throw ArgumentError.openApiRoute(`${where}.method`, 'an HTTP method', route.method)
    if (typeof route.path !== 'string' || !route.path.startsWith('/'))
      throw ArgumentError.openApiRoute(`${where}.path`, 'a path starting with /', route.path)
    const { path, names } = openApiPath(route.path)
    const item = (paths[path] ??= {})
    if (item[method] !== undefined)
      throw ArgumentError.openApiRoute(
        where,
        `${method.toUpperCase()} ${path} described once`,
        route,
      )
    const body = describeBody(route.responds, set, where)
    const status = String(route.status ?? 200)
    const responses: Record<string, unknown> = {
      [status]: {
        description: route.summary ?? 'Success',
        content: { [body.contentType]: { schema: body.schema } },
      },
    }
    const errors = new Set<RouteError>(route.errors ?? [])
    if (route.query !== undefined) errors.add(400)
    for (const error of [...errors].sort()) {
      if (ERROR_DESCRIPTIONS[error] === undefined)
        throw ArgumentError.openApiRoute(`${where}.errors`, '400, 404 or 422', error)
      responses[String(error)] = errorResponse(error, set)
    }
    const parameters = parametersOf(route, names, body.implied, where, strict)
    item[method] = {
      ...(route.operationId === undefined ? {} : { operationId: route.operationId }),
      ...(route.summary === undefined ? {} : { summary: route.summary }),
      ...(route.description === undefined ? {} : { description: route.description }),
      ...(route.tags === undefined ? {} : { tags: [...route.tags] }),
      ...(parameters.length === 0 ? {} : { parameters }),
      ...(route.requestBody === undefined
        ? {}
        : {
            requestBody: {
              required: true,
              content: { [JSON_TYPE]: { schema: route.requestBody } },
            },
          }),
      responses,
    }
  })
  // only the components the operations (and the components given) refer to, transitively
  const given = toComponentRefs({ ...options.schemas }) as Record<string, JsonSchema>
  const all = toComponentRefs({ ...set.components, ...given }) as Record<string, JsonSchema>
  const schemas = { ...usedComponents([paths, given], all, COMPONENTS), ...given }
  return {
    openapi: '3.1.0',
    info: options.info,
    ...(options.servers === undefined ? {} : { servers: options.servers }),
    ...(options.security === undefined ? {} : { security: options.security }),
    paths,
    components: { schemas },
  }
}

/**
 * The OpenAPI parameters of a route's query declaration: `include` and `sort` (comma lists of
 * their allowed values), one `filter[...]` parameter per allowed filter and operator with its value
 * schema, and `per_page`.
 */

/** A route's query: the resource whose declaration it reads, narrowed as the route narrows it. */
export type RouteQuery = Function | ({ readonly resource: Function } & QueryNarrowing)

/** The parameters of `query`, in wire order (`strict`: the app's strict includes). */
export function queryParameters(query: RouteQuery, strict = false): SchemaObject[] {
  const { resource, ...narrowing } =
    typeof query === 'function' ? { resource: query } : (query as { resource: Function })
  const resolved = resolveQuery(
    resource,
    Object.keys(narrowing).length === 0 ? undefined : (narrowing as QueryNarrowing),
  )
  const out: SchemaObject[] = []
  const includes = [...resolved.includes.keys(), ...resolved.counts.keys()]
  if (includes.length > 0)
    out.push(
      list(
        'include',
        includes,
        (resolved.strict ?? strict)
          ? 'Relationships (and counts) to load and include; an unknown path is a 400.'
          : 'Relationships (and counts) to load and include; unknown paths are ignored.',
      ),
    )
  const sortable = [...resolved.sortable.keys()]
  if (sortable.length > 0) {
    const fallback = resolved.defaultSort
      .map((e) => (e.descending ? `-${e.name}` : e.name))
      .join(',')
    out.push(
      list(
        'sort',
        sortable.flatMap((name) => [name, `-${name}`]),
        `The order: sortable attributes, each at most once, "-" for descending${fallback === '' ? '' : `; default ${fallback}`}. ` +
          `The rows are always ordered by ${resolved.uniqueKey.name} last.`,
        true,
      ),
    )
  }
  for (const filter of resolved.filters.values()) out.push(...filterParameters(filter))
  const { max } = resolved.perPage
  if (max !== undefined)
    out.push({
      name: 'per_page',
      in: 'query',
      description: `The page size (at most ${max}; larger values are clamped).`,
      schema: { type: 'integer', minimum: 1, maximum: max, default: resolved.perPage.default },
    })
  return out
}

function list(
  name: string,
  values: readonly string[],
  description: string,
  unique = false,
): SchemaObject {
  const schema: SchemaObject = { type: 'array', items: { type: 'string', enum: [...values] } }
  if (unique) schema.uniqueItems = true
  return { name, in: 'query', description, style: 'form', explode: false, schema }
}

/** The date-times a filter takes beside `format: date-time`: seconds below 60, at most 9 digits. */
const DATE_TIME_PATTERN =
  '^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ][0-9]{2}:[0-9]{2}:[0-5][0-9](\\.[0-9]{1,9})?([Zz]|[+-][0-9]{2}:[0-9]{2})$'

function valueSchema(filter: ResolvedFilter): SchemaObject {
  switch (filter.type) {
    case 'integer':
      // what the server converts: a JavaScript number holds integers exactly up to 2^53 - 1
      return {
        type: 'integer',
        minimum: -Number.MAX_SAFE_INTEGER,
        maximum: Number.MAX_SAFE_INTEGER,
      }
    case 'number':
      return { type: 'number' }
    case 'boolean':
      return { type: 'boolean' }
    case 'date-time':
      // the server reads a date alone too (`2024-05-01`, midnight UTC); the pattern leaves out
      // what RFC 3339 allows and the server refuses: a leap second, more than 9 fraction digits
      return {
        anyOf: [
          { type: 'string', format: 'date-time', pattern: DATE_TIME_PATTERN },
          { type: 'string', format: 'date' },
        ],
      }
    case 'string':
      // no U+0000 (the server refuses it)
      return { type: 'string', minLength: 1, maxLength: MAX_FILTER_TEXT, pattern: '^[^\\u0000]*$' }
    case 'enum':
      return { type: 'string', enum: [...(filter.values ?? [])] }
  }
}

function filterParameters(filter: ResolvedFilter): SchemaObject[] {
  const value = valueSchema(filter)
  const described = filter.description === undefined ? {} : { description: filter.description }
  if (filter.kind === 'computed')
    return [{ name: `filter[${filter.name}]`, in: 'query', ...described, schema: value }]
  return filter.operators.map((op) => {
    const name = op === 'eq' ? `filter[${filter.name}]` : `filter[${filter.name}][${op}]`
    if (op === 'null')
      return {
        name,
        in: 'query',
        description: 'true: IS NULL; false: IS NOT NULL.',
        schema: { type: 'boolean' },
      }
    // equality takes a comma list (any of the values), as `in` does, whatever the type
    if (op === 'in' || op === 'eq')
      return {
        name,
        in: 'query',
        ...described,
        style: 'form',
        explode: false,
        // an empty list (`filter[x][in]=`) is a 400, as an empty value is
        schema: { type: 'array', items: value, minItems: 1, maxItems: 100 },
      }
    return { name, in: 'query', ...described, schema: value }
  })
}
