import {
  checkBaseUrl,
  checkBigintEncoding,
  checkStrict,
  createRequestContext,
  runInSyncRequestContext,
  tryGetRequestContext,
  type BigintEncoding,
  type RequestContext,
  runWithRequestContext,
} from '../context/request-context'
import { CATALOGUE } from '../errors/catalogue'
import { NotAcceptableError } from '../errors/base'
import {
  isRespondable,
  TO_RESPONSE,
  type Respondable,
  type ResponseSpec,
} from '../runtime/respondable'
import { checkResponseBody } from '../schema/check'
import { jsonText } from '../runtime/json'
import { isProductionEnv } from '../util/objects'
import {
  acceptsJsonApi,
  jsonApiNotAcceptable,
  asHandledError,
  jsonApiErrorDocument,
  plainErrorBody,
} from './error-documents'

/** Request headers as a framework holds them: a Fetch `Headers`, or Node's header object. */
export type HeadersLike =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | undefined>>

/** What the HTTP core needs to know about a request. */
export interface HttpRequestLike {
  /**
   * The URL as the client sent it (`/api/posts?page=2`), mount prefix included. An absolute URL
   * (`http://host/api/posts?page=2`, what Fetch-based frameworks hold) is reduced to path + query.
   */
  readonly url: string
  /** The request headers; only `Accept` is read. */
  readonly headers?: HeadersLike
  /** The `Accept` header, when the caller has it at hand (wins over `headers`). */
  readonly accept?: string
  /** The framework's request object, handed to `toArray(request)` and `[TO_RESPONSE](request)`. */
  readonly raw?: unknown
  /** Absolute links: the origin the app owns (`https://api.example.com`); never the request's. */
  readonly baseUrl?: string
  /**
   * How the app writes a `bigint` in bodies: `'string'` (its decimal string, the default) or
   * `'number'` (a JSON number; one outside ±(2^53 - 1) is an error naming its key). Declare the same
   * choice for the payload types with `JsonEncoding` (see the typed payloads guide).
   * @default 'string'
   */
  readonly bigint?: BigintEncoding
  /**
   * App-wide strict includes: an `include` path a resource does not allow is a 400 for every query
   * declaration that does not say `strict` itself.
   * @default false
   */
  readonly strict?: boolean
  /**
   * Reads the route pattern the framework matched (`/posts/:id`): development warnings are given
   * once per route rather than once per path. Called when a warning needs it.
   */
  readonly route?: () => string | undefined
}

/** A response ready to be written: `body` is JSON text. */
export interface HttpResponse {
  readonly status: number
  /** `content-type` is exactly `application/json` or `application/vnd.api+json` (no charset). */
  readonly headers: { readonly 'content-type': string }
  readonly body: string
}

/** Options of {@link toHttpResponse}. */
export interface ToHttpResponseOptions {
  /**
   * The framework's response object: a resource's `withResponse(request, response)` hook receives
   * it before the status is decided, so a status it sets counts as the handler's.
   */
  readonly response?: unknown
  /**
   * The status the handler chose, if it chose one (read after `withResponse`): it wins over the
   * status the value asks for (201 for a model created by this request, for example).
   */
  readonly explicitStatus?: () => number | undefined
  /** JSON text of a body; `JSON.stringify` by default. */
  readonly stringify?: (body: unknown) => string
  /** The request context to build the body in; by default the current one when it is this request's. */
  readonly context?: RequestContext
  /**
   * Validate the body of a resource, collection, paginator or JSON:API document against its
   * generated JSON Schema (needs the package `ajv`), and throw the first mismatch with its JSON
   * pointer. A development aid: off by default, and it costs nothing when off.
   * @default false
   */
  readonly checkResponses?: boolean
}

/** Options of {@link errorToHttpResponse}. */
export interface ErrorToHttpResponseOptions {
  /**
   * Whether to answer with a JSON:API error document.
   * @default the request's Accept header asks for application/vnd.api+json
   */
  readonly jsonApi?: boolean
  /**
   * The `title` of each JSON:API validation error object.
   * @default 'Invalid Attribute'
   */
  readonly validationTitle?: string
  /** JSON text of a body; `JSON.stringify` by default. */
  readonly stringify?: (body: unknown) => string
}

/**
 * The path and query of a URL as the client sent it: a relative URL is returned as it is, an
 * absolute one (`http://host:8080/posts?page=2`) loses its scheme and authority.
 */
export function requestTarget(url: string): string {
  if (url.charCodeAt(0) === 0x2f /* / */) return url
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)
  if (scheme === null) return url
  const rest = url.slice(scheme[0].length)
  return rest === '' || rest[0] !== '/' ? `/${rest}` : rest
}

/** A request context for `request`: its page, path, `include` and `fields[<type>]`. */
export function openRequestContext(request: HttpRequestLike): RequestContext {
  return createRequestContext(requestTarget(request.url), request.raw, {
    baseUrl: request.baseUrl,
    bigint: request.bigint,
    strict: request.strict,
    route: request.route,
  })
}

/** The context of `request`: the current one when it belongs to this request, else a new one. */
function contextOf(request: HttpRequestLike): RequestContext {
  const current = tryGetRequestContext()
  if (current !== undefined && request.raw !== undefined && current.request === request.raw)
    return current
  return openRequestContext(request)
}

const defaultStringify = (body: unknown): string => jsonText(body)

/** JSON text with a `bigint` written as `bigint` says (its decimal string by default). */
function writerOf(bigint: BigintEncoding | undefined): (body: unknown) => string {
  return bigint === undefined || bigint === 'string'
    ? defaultStringify
    : (body) => jsonText(body, undefined, undefined, bigint)
}

/**
 * What a handler returned, as a response. A resource, collection, paginator or JSON:API document
 * is built with the request's context (`[TO_RESPONSE]`), its `withResponse` hook gets
 * `options.response`, and the status is the handler's when it chose one, else the value's; any
 * other value is plain JSON with status 200 (or the handler's).
 *
 * @example
 * const { status, headers, body } = toHttpResponse(new UserResource(user), { url: req.url, raw: req })
 */
export function toHttpResponse(
  value: unknown,
  request: HttpRequestLike,
  options: ToHttpResponseOptions = {},
): HttpResponse {
  if (!isRespondable(value)) {
    const stringify = options.stringify ?? writerOf(request.bigint ?? options.context?.bigint)
    const status = options.explicitStatus?.() ?? 200
    return { status, headers: { 'content-type': 'application/json' }, body: stringify(value) }
  }
  const context = options.context ?? contextOf(request)
  const stringify = options.stringify ?? writerOf(context.bigint)
  const spec = buildResponse(
    value,
    request.raw,
    context,
    options.response,
    options.checkResponses === true,
    acceptOf(request) ?? acceptOfRaw(request.raw),
  )
  return {
    status: options.explicitStatus?.() ?? spec.status,
    headers: { 'content-type': spec.contentType },
    body: stringify(spec.body),
  }
}

/**
 * What `value` answers (its status, content type and body, not yet JSON text), built in `context`
 * for the framework request `raw`; its `withResponse` hook gets `response`. The core of
 * {@link toHttpResponse}, for integrations that write status and headers themselves. @internal
 */
export function buildResponse(
  value: Respondable,
  raw: unknown,
  context: RequestContext,
  response: unknown,
  checkResponses: boolean,
  accept: string | undefined = acceptOfRaw(raw),
): ResponseSpec {
  // building is synchronous: the context is entered for that call only, no AsyncLocalStorage
  const spec = runInSyncRequestContext(context, () => {
    const built = value[TO_RESPONSE](raw)
    built.withResponse?.(response)
    return built
  })
  if (spec.contentType.startsWith(JSON_API)) {
    const refused = jsonApiNotAcceptable(accept, spec.contentType)
    if (refused !== undefined) throw NotAcceptableError.notAcceptable(refused)
  }
  if (checkResponses) checkResponseBody(value, spec.body, context.bigint)
  return spec
}

const JSON_API = 'application/vnd.api+json'

/** The Accept header of a framework request (Node's header object, or a Fetch `Headers`). */
function acceptOfRaw(raw: unknown): string | undefined {
  const headers = (raw as { headers?: HeadersLike } | undefined)?.headers
  return typeof headers === 'object' && headers !== null
    ? acceptOf({ url: '', headers })
    : undefined
}

/** The request's Accept header, from `accept` or `headers`. */
export function acceptOf(request: HttpRequestLike): string | undefined {
  if (request.accept !== undefined) return request.accept
  const headers = request.headers
  if (headers === undefined) return undefined
  if (typeof (headers as { get?: unknown }).get === 'function') {
    return (headers as { get(name: string): string | null }).get('accept') ?? undefined
  }
  const value = (headers as Record<string, string | readonly string[] | undefined>).accept
  return typeof value === 'string' ? value : value?.join(', ')
}

/**
 * The answer to a thrown error, or `undefined` when it is not one of the package's own errors with
 * an HTTP status (pass those on to the framework's next error handler). `ValidationError` gives 422
 * with `{ message, errors: { field: [..] } }`, `NotFoundError` 404 with `{ message }`, any other
 * catalogued error its catalogue status. When the client's Accept header asks for
 * `application/vnd.api+json`, the body is a JSON:API error document with exactly that content type
 * (a 406 instead when it asks for it only with parameters JSON:API does not allow, as for any
 * document).
 */
export function errorToHttpResponse(
  error: unknown,
  request: HttpRequestLike,
  options: ErrorToHttpResponseOptions = {},
): HttpResponse | undefined {
  let handled = asHandledError(error)
  if (handled === undefined) return undefined
  const stringify = options.stringify ?? defaultStringify
  const accept = acceptOf(request) ?? acceptOfRaw(request.raw)
  const jsonApi = options.jsonApi ?? acceptsJsonApi(accept)
  // JSON:API's content negotiation holds for error documents too: a client that asks for the media
  // type only with parameters it may not carry is answered 406, whatever the error was
  const refused = jsonApi ? jsonApiNotAcceptable(accept, JSON_API) : undefined
  if (refused !== undefined) handled = asHandledError(NotAcceptableError.notAcceptable(refused))!
  if (!jsonApi) {
    return {
      status: handled.status,
      headers: { 'content-type': 'application/json' },
      body: stringify(plainErrorBody(handled)),
    }
  }
  const title = options.validationTitle ?? CATALOGUE.validation.title
  return {
    status: handled.status,
    headers: { 'content-type': 'application/vnd.api+json' },
    body: stringify(jsonApiErrorDocument(handled, title)),
  }
}

/**
 * What every integration does with the request context: keep it on the framework's per-request
 * object (Fastify's request, Hono's context, Express's request under Nest), opened once by
 * whichever of the hook, middleware or handler wrapper runs first, and enter it around the
 * handler unless it is the current one already.
 * @internal
 * @module
 */

/**
 * The key of the context on the framework's per-request object it was opened for. An integration
 * whose framework declares per-request fields up front (Fastify's `decorateRequest`) declares it as
 * `null`, so that setting it does not give its requests a second shape. A registered symbol: the
 * ES-module and CommonJS builds, both loaded by one app, find the context the other opened (the
 * `v1` names the shape of a `RequestContext`). @internal
 */
export const CONTEXT: unique symbol = Symbol.for('api-resources.context.v1')

/** The options every integration takes for the app as a whole. */
export interface IntegrationOptions {
  readonly baseUrl?: string
  readonly bigint?: BigintEncoding
  readonly strict?: boolean
  readonly checkResponses?: boolean
}

/** An integration's options, checked once, when the app installs it. @internal */
export interface IntegrationSettings {
  /** What every request's context takes from the app (spread into an {@link HttpRequestLike}). */
  readonly shared: Pick<HttpRequestLike, 'baseUrl' | 'bigint' | 'strict'>
  /** `checkResponses`, and not in production (`NODE_ENV`). */
  readonly checkResponses: boolean
}

/**
 * The app-wide options of an integration, checked (an `ArgumentError` for a bad one): what every
 * integration reads the same way when it is installed. @internal
 */
export function integrationSettings(options: IntegrationOptions): IntegrationSettings {
  return {
    shared: {
      baseUrl: checkBaseUrl(options.baseUrl),
      bigint: checkBigintEncoding(options.bigint),
      strict: checkStrict(options.strict),
    },
    checkResponses: options.checkResponses === true && !isProductionEnv(),
  }
}

interface Holder {
  [CONTEXT]?: RequestContext | null
}

/** The context kept on `holder`, if one was opened for it. @internal */
export function heldRequestContext(holder: object): RequestContext | undefined {
  return (holder as Holder)[CONTEXT] ?? undefined
}

/**
 * The context kept on `holder`, opened from `request(holder)` (its URL and request object) the first
 * time. @internal
 */
export function holdRequestContext<H extends object>(
  holder: H,
  request: (holder: H) => HttpRequestLike,
): RequestContext {
  return ((holder as Holder)[CONTEXT] ??= openRequestContext(request(holder)))
}

/**
 * Runs `fn` in `context`, for everything it awaits too: as it is when `context` is the current one
 * already, else entered with `runWithRequestContext`. @internal
 */
export function runInRequestContext<T>(context: RequestContext, fn: () => T): T {
  return tryGetRequestContext() === context ? fn() : runWithRequestContext(context, fn)
}
