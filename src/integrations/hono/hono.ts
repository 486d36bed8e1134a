import type { Context, Env, ErrorHandler, Input, MiddlewareHandler } from 'hono'
import {
  errorToHttpResponse,
  toHttpResponse,
  heldRequestContext,
  holdRequestContext,
  integrationSettings,
  runInRequestContext,
} from '../../http/http-response'
import {
  tryGetRequestContext,
  type BigintEncoding,
  type RequestContext,
} from '../../context/request-context'
import { loadResponseChecker, responseCheckerSettled } from '../../schema/check'

/** Options of {@link apiResources}. */
export interface ApiResourcesOptions {
  /**
   * The URL the request context is built from: its path becomes the paginators' page path, its
   * query gives `page`, `include` and `fields[<type>]`. An absolute URL is reduced to path + query.
   * @default (c) => c.req.url
   */
  readonly url?: (c: Context) => string
  /**
   * Development aid: validate every body built from a resource, collection, paginator or JSON:API
   * document against its generated JSON Schema (with the package `ajv`), and throw the first
   * mismatch with its JSON pointer. Ignored when `NODE_ENV` is `production`; costs nothing when off.
   * @default false
   */
  readonly checkResponses?: boolean
  /**
   * Absolute links: the `http:`/`https:` origin the app owns (`https://api.example.com`). Page
   * links and JSON:API self links are then this origin followed by the request's path. Never taken
   * from the request (`c.req.url`'s host, `X-Forwarded-*`). An `ArgumentError` here when it is not
   * an origin.
   * @default undefined (links are paths, `/users?page=2`)
   */
  readonly baseUrl?: string
  /**
   * How a `bigint` is written in the bodies of resources, collections, paginators and JSON:API
   * documents: `'string'`, its decimal string; or `'number'`, a JSON number, where one outside
   * ±(2^53 - 1) fails the request with an error naming its key. Declare the
   * same choice once for the payload types (`interface JsonEncoding { bigint: 'number' }`), and give
   * it to `openApiDocument()`. An `ArgumentError` here for any other value.
   * @default 'string'
   */
  readonly bigint?: BigintEncoding
  /**
   * App-wide strict includes: an `include` path a resource does not allow is a 400 (what JSON:API
   * requires) for every query declaration that does not say `strict` itself (a route's `strict`
   * wins over both). An `ArgumentError` here unless a boolean.
   * @default false (a path that is not allowed is ignored)
   */
  readonly strict?: boolean
}

/** Options of {@link resourceErrors}. */
export interface ResourceErrorsOptions {
  /**
   * Whether to answer with a JSON:API error document for this request.
   * @default (c) => the Accept header asks for application/vnd.api+json
   */
  readonly jsonApi?: (c: Context) => boolean
  /**
   * The `title` of each JSON:API validation error object.
   * @default 'Invalid Attribute'
   */
  readonly validationTitle?: string
  /**
   * The answer to any other error.
   * @default Hono's: an HTTPException's own response, else 500 `Internal Server Error`
   */
  readonly fallback?: ErrorHandler
}

/** A handler for {@link respond}: sync or async; what it returns is the response. */
export type RespondHandler<
  E extends Env = Env,
  P extends string = string,
  I extends Input = Input,
> = (c: Context<E, P, I>) => unknown

// The status a Hono context's handler chose.
const EXPLICIT_STATUS: unique symbol = Symbol('api-resources.explicitStatus')

const CHECKED: unique symbol = Symbol('api-resources.checkResponses')

// Set on a Hono context whose `c.status()` records the status.
const RECORDING: unique symbol = Symbol('api-resources.recordingStatus')

interface WithExplicitStatus {
  [EXPLICIT_STATUS]?: number
  [CHECKED]?: boolean
  [RECORDING]?: true
}

const defaultUrl = (c: Context): string => c.req.url

/**
 * The Hono middleware: opens the request context (page, path, `include`, `fields[<type>]`) that
 * paginators and JSON:API documents read, for everything after it. Hono's absolute `c.req.url` is
 * reduced to path + query; `c.req.raw` is the request handed to `toArray(request)`.
 *
 * @example
 * const app = new Hono()
 * app.use(apiResources())
 * app.get('/users', respond(async () => UserResource.collection(await paginate(db('users'), 15))))
 * app.onError(resourceErrors())
 */
export function apiResources(options: ApiResourcesOptions = {}): MiddlewareHandler {
  const urlOf = options.url ?? defaultUrl
  const { shared, checkResponses } = integrationSettings(options)
  const requestOf = (c: Context) => ({
    url: urlOf(c),
    raw: c.req.raw,
    ...shared,
    route: () => routeOf(c),
  })
  // Ajv is imported now; a request that comes before it is loaded waits for it
  const checker = checkResponses ? loadResponseChecker() : undefined
  return function apiResourcesMiddleware(c, next) {
    recordStatus(c)
    if (checker !== undefined) {
      ;(c as unknown as WithExplicitStatus)[CHECKED] = true
      if (!responseCheckerSettled())
        return checker.then(() => runInRequestContext(holdRequestContext(c, requestOf), next))
    }
    return runInRequestContext(holdRequestContext(c, requestOf), next)
  }
}

/**
 * The request context of `c`: the one apiResources() opened for it; else the current one when it
 * is this request's, as it is for a handler of an app mounted with `app.mount()` (the mounting
 * app's, with its mount prefix and options, what `c.json(page)` reads too); else a new one (an app
 * called with `app.request()` from another app's handler is not in that handler's request).
 */
function contextOf(c: Context): RequestContext {
  const held = heldRequestContext(c)
  if (held !== undefined) return held
  const current = tryGetRequestContext()
  if (current !== undefined && isMountedFrom(current.request, c.req.raw)) return current
  return holdRequestContext(c, defaultRequest)
}

/**
 * Is `request` the one `outer` was handed to an app mounted with `app.mount()`: `outer` itself, or
 * its URL less a mount prefix (the same origin and query, its path ending with this one's)?
 */
function isMountedFrom(outer: unknown, request: Request): boolean {
  if (outer === request) return true
  const url = (outer as { readonly url?: unknown } | null)?.url
  if (typeof url !== 'string') return false
  const from = new URL(url)
  const to = new URL(request.url)
  return (
    from.origin === to.origin &&
    from.search === to.search &&
    (to.pathname === '/' || from.pathname.endsWith(to.pathname))
  )
}

const defaultRequest = (c: Context) => ({
  url: c.req.url,
  raw: c.req.raw,
  route: () => routeOf(c),
})

/**
 * The path Hono registered for the handler running now (`/posts/:id`): read when a warning needs
 * it, by then the handler's, not the middleware's.
 */
function routeOf(c: Context): string | undefined {
  const path = (c.req as { readonly routePath?: unknown }).routePath
  return typeof path === 'string' ? path : undefined
}

/**
 * Turns a handler whose return value is the response into a Hono handler: a resource, collection,
 * paginator or JSON:API document becomes a `Response` with exactly its content type
 * (`application/json` or `application/vnd.api+json`) and its status, unless the handler chose one
 * with `c.status()`; a `Response` is returned as it is; any other value is sent with `c.json()`.
 * Works without {@link apiResources} too: it then opens the request context itself (in an app
 * mounted with `app.mount()` inside one that runs it, it builds in the mounting app's context).
 * The route does not type the handler's `c` through `respond()`: name the app's `Env` and the
 * route's path when the handler reads them (`respond<AppEnv, '/users/:id'>(...)`).
 *
 * @example
 * app.get('/users', respond(async () => UserResource.collection(await paginate(db('users'), 15))))
 * app.get(
 *   '/users/:id',
 *   respond<AppEnv, '/users/:id'>(async (c) => new UserResource(await findUser(c.req.param('id')))),
 * )
 */
export function respond<E extends Env = Env, P extends string = string, I extends Input = Input>(
  handler: RespondHandler<E, P, I>,
): (c: Context<E, P, I>) => Promise<Response> {
  return async function respondHandler(c) {
    const context = contextOf(c as unknown as Context)
    recordStatus(c as unknown as Context)
    const value = await runInRequestContext(context, () => handler(c))
    if (value instanceof Response) return value
    return resourceResponse(c as unknown as Context, value)
  }
}

/**
 * Makes `c.status()` remember the status the handler chose (it is write-only in Hono), once per
 * context: the middleware does it for every handler, `respond()` for a route without it.
 */
function recordStatus(c: Context): void {
  const holder = c as unknown as WithExplicitStatus
  if (holder[RECORDING] === true) return
  holder[RECORDING] = true
  const original = c.status
  c.status = (status) => {
    holder[EXPLICIT_STATUS] = status
    original(status)
  }
}

/**
 * `value` as a `Response` for `c`: what {@link respond} does with a handler's return value, for a
 * handler that builds its own response. A status the handler set with `c.status()` wins when
 * {@link apiResources} (or `respond()`) runs for the route, which makes `c.status()` remember it.
 *
 * @example
 * app.get('/users/:id', (c) => resourceResponse(c, new UserResource(findUser(c.req.param('id')))))
 */
export function resourceResponse(c: Context, value: unknown): Response {
  const holder = c as unknown as WithExplicitStatus
  // a status withResponse(c) sets with c.status() is remembered, with or without the middleware
  recordStatus(c)
  const answer = toHttpResponse(
    value,
    { url: c.req.url, raw: c.req.raw },
    {
      context: contextOf(c),
      response: c,
      explicitStatus: () => holder[EXPLICIT_STATUS],
      checkResponses: holder[CHECKED] === true,
    },
  )
  return c.body(answer.body, answer.status as never, {
    'content-type': answer.headers['content-type'],
  })
}

/**
 * A handler for `app.onError` that answers the errors a handler throws on purpose:
 * `ValidationError` gives 422 with `{ message, errors: { field: [..] } }`, `NotFoundError` 404
 * with `{ message }`, any other of the package's errors with an HTTP status that status. When the
 * client's `Accept` asks for `application/vnd.api+json` the body is a JSON:API error document with
 * exactly that content type. Any other error gets `options.fallback`, Hono's default answer unless
 * given.
 *
 * @example
 * app.onError(resourceErrors())
 */
export function resourceErrors(options: ResourceErrorsOptions = {}): ErrorHandler {
  const fallback = options.fallback ?? honoDefault
  return function resourceErrorsHandler(error, c) {
    const answer = errorToHttpResponse(
      error,
      { url: c.req.url, headers: c.req.raw.headers, raw: c.req.raw },
      { jsonApi: options.jsonApi?.(c), validationTitle: options.validationTitle },
    )
    if (answer === undefined) return fallback(error, c)
    return c.body(answer.body, answer.status as never, {
      'content-type': answer.headers['content-type'],
    })
  }
}

/** Hono's own error answer: an HTTPException's response, else 500. */
const honoDefault: ErrorHandler = (error, c) => {
  const withResponse = error as { getResponse?: () => Response }
  if (typeof withResponse.getResponse === 'function') return withResponse.getResponse()
  console.error(error)
  return c.text('Internal Server Error', 500)
}
