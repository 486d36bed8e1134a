import {
  type BigintEncoding,
  runInSyncRequestContext,
  type RequestContext,
} from '../../context/request-context'
import { loadResponseChecker, responseCheckerSettled } from '../../schema/check'
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawServerBase,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify'
import {
  buildResponse,
  CONTEXT,
  errorToHttpResponse,
  holdRequestContext,
  integrationSettings,
  runInRequestContext,
} from '../../http/http-response'
import { isRespondable, type Respondable } from '../../runtime/respondable'
import { jsonText } from '../../runtime/json'
import { hasOwn, isThenable } from '../../util/objects'

/** Options of {@link apiResources}. */
export interface ApiResourcesOptions {
  /**
   * The URL the request context is built from: its path becomes the paginators' page path, its
   * query gives `page`, `include` and `fields[<type>]`.
   * @default (request) => request.url (the URL the client sent, route prefix included)
   */
  readonly url?: (request: FastifyRequest) => string
  /**
   * Install {@link resourceErrors} as the app's error handler. Set `false` when you install your
   * own and call `resourceErrors()` from it.
   * @default true
   */
  readonly errorHandler?: boolean
  /** Options of the error handler. */
  readonly errors?: ResourceErrorsOptions
  /**
   * Opt-in shortcut for apps whose plain (not `async`) handlers build their pages before any
   * `await`, `.then()` or callback: such a handler gets the request context for its synchronous part
   * only, without `AsyncLocalStorage` (whose async hooks tax every promise and socket of the process
   * on Node 20 and 22). What it reads of the context after an `await` falls back to page 1 and path
   * `/`. Handlers declared `async` always run in `AsyncLocalStorage`.
   * @default false (every handler runs in `AsyncLocalStorage`)
   */
  readonly syncHandlers?: boolean
  /**
   * Development aid: validate every body built from a resource, collection, paginator or JSON:API
   * document against its generated JSON Schema (with the package `ajv`), and fail the request with
   * the first mismatch and its JSON pointer. Ignored when `NODE_ENV` is `production`; costs nothing
   * when off (the hook that marks requests is installed only when on).
   * @default false
   */
  readonly checkResponses?: boolean
  /**
   * Absolute links: the `http:`/`https:` origin the app owns (`https://api.example.com`). Page
   * links and JSON:API self links are then this origin followed by the request's path. Never taken
   * from the request (`Host`, `X-Forwarded-*`). An `ArgumentError` here when it is not an origin.
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

/**
 * Options of {@link resourceErrors}. `Server` is the app's server (`http2: true` gives an HTTP/2
 * one), inferred where the handler is passed to `setErrorHandler()`.
 */
export interface ResourceErrorsOptions<Server extends RawServerBase = RawServerDefault> {
  /**
   * Whether to answer with a JSON:API error document for this request.
   * @default (request) => the Accept header asks for application/vnd.api+json
   */
  readonly jsonApi?: (request: FastifyRequest<RouteGenericInterface, Server>) => boolean
  /**
   * The `title` of each JSON:API validation error object.
   * @default 'Invalid Attribute'
   */
  readonly validationTitle?: string
}

/** A Fastify plugin that applies to the app it is registered on (not encapsulated). */
export type ApiResourcesPlugin = ((
  fastify: FastifyInstance,
  options: unknown,
  done: (error?: Error) => void,
) => void) & { readonly [key: symbol]: unknown }

// Set on a reply whose status the handler chose with reply.code() / reply.status().
const EXPLICIT_STATUS: unique symbol = Symbol('api-resources.explicitStatus')
// The Fastify instances whose replies already record explicit statuses.
const statusRecorded = new WeakSet<FastifyInstance>()

const CHECKED: unique symbol = Symbol('api-resources.checkResponses')

interface WithChecked {
  [CHECKED]?: true
}

interface WithExplicitStatus {
  [EXPLICIT_STATUS]?: true
}

const defaultUrl = (request: FastifyRequest): string => request.url

/**
 * The Fastify plugin: every route's handler runs inside the request context (page, path,
 * `include`, `fields[<type>]`), and a resource, collection, paginator or JSON:API document the
 * handler returns (or passes to `reply.send`) is sent with this request, with exactly the content
 * type it asks for (`application/json` or `application/vnd.api+json`, no charset). A status the
 * handler chose with `reply.code()` wins over the one the value asks for. The package's own errors
 * are answered by {@link resourceErrors} (422 for `ValidationError`, 404 for `NotFoundError`, ...);
 * any other error goes on to Fastify's error handling.
 *
 * The plugin applies to the whole app (like a plugin wrapped with fastify-plugin). Register it with
 * `await` before the routes: their handlers are then wrapped (`onRoute`) to run inside the context
 * and to send what they return; routes declared before the plugin loaded get the context from a
 * `preHandler` hook. A value passed to `reply.send` is built by a `preSerialization` hook, which
 * Fastify runs only for payloads that are not strings or buffers.
 *
 * @example
 * const app = Fastify()
 * await app.register(apiResources())
 * app.get('/users', async () => UserResource.collection(await paginate(db('users'), 15)))
 */
export function apiResources(options: ApiResourcesOptions = {}): ApiResourcesPlugin {
  const urlOf = options.url ?? defaultUrl
  const { shared, checkResponses } = integrationSettings(options)
  const requestOf = (request: FastifyRequest) => ({
    url: urlOf(request),
    raw: request,
    ...shared,
    route: () => request.routeOptions?.url,
  })
  const contextOf = (request: FastifyRequest) => holdRequestContext(request, requestOf)
  function apiResourcesPlugin(
    fastify: FastifyInstance,
    _options: unknown,
    done: (error?: Error) => void,
  ): void {
    try {
      // Fastify's FST_ERR_DEC_ALREADY_PRESENT when the app decorated `code` or `status` itself:
      // a rejection of register(), not an exception thrown past it
      recordExplicitStatuses(fastify)
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)))
      return
    }
    // the context's slot, a field of every request from its constructor on: set later, it would
    // give the requests the handler and Fastify read a second shape
    if (!fastify.hasRequestDecorator(CONTEXT)) fastify.decorateRequest(CONTEXT, null)
    fastify.addHook('onRoute', (route: RouteOptions) => {
      route.handler = withRequestContext(route.handler, contextOf, options.syncHandlers === true)
    })
    // Routes declared before the plugin was loaded (`app.register(apiResources())` without
    // `await`, or routes of a plugin registered earlier) are not seen by onRoute. Their handler is
    // called synchronously from this hook's `done`, so running `done` inside the context covers
    // them too. Only installed when there are such routes: a hook costs every request a little.
    if (hasRoutes(fastify)) {
      fastify.addHook('preHandler', (request, _reply, done) => {
        runInRequestContext(contextOf(request), done)
      })
    }
    // reply.send(resource), from a handler or a hook: built before Fastify serializes it
    fastify.addHook('preSerialization', (request, reply, payload, done) => {
      if (!isRespondable(payload)) return done(null, payload)
      let body: string
      try {
        body = respondableBody(payload, request, reply, contextOf(request))
      } catch (error) {
        // answered like an error the handler threw: Fastify's error handling
        return done(error instanceof Error ? error : new Error(String(error)))
      }
      reply.serializer(identity)
      done(null, body)
    })
    if (checkResponses) {
      // Ajv is imported now; a request that comes before it is loaded waits for it
      const checker = loadResponseChecker()
      fastify.addHook('onRequest', (request, _reply, next) => {
        ;(request as WithChecked)[CHECKED] = true
        if (responseCheckerSettled()) next()
        else void checker.then(() => next())
      })
    }
    if (options.errorHandler !== false) fastify.setErrorHandler(resourceErrors(options.errors))
    done()
  }
  // what fastify-plugin sets: the plugin is not encapsulated, its hooks reach every route
  Object.defineProperty(apiResourcesPlugin, Symbol.for('skip-override'), { value: true })
  Object.defineProperty(apiResourcesPlugin, Symbol.for('fastify.display-name'), {
    value: 'api-resources',
  })
  return apiResourcesPlugin as ApiResourcesPlugin
}

const identity = (payload: unknown): string => payload as string

/** Has `fastify` routes already (declared before the plugin loaded)? In doubt, yes. */
function hasRoutes(fastify: FastifyInstance): boolean {
  try {
    return fastify.printRoutes() !== '(empty tree)'
  } catch {
    return true
  }
}

// The constructor of every `async` function (an async arrow too).
const AsyncFunction = (async () => {}).constructor

/**
 * The route's handler, run inside the request's context, its return value sent by {@link answer}:
 * in AsyncLocalStorage (entered with `run`, so it holds for everything the handler awaits), or, for
 * a plain function when the app opted in with `syncHandlers: true`, for its synchronous part only.
 */
function withRequestContext(
  handler: RouteHandlerMethod,
  contextOf: (request: FastifyRequest) => RequestContext,
  syncHandlers: boolean,
): RouteHandlerMethod {
  const enter =
    syncHandlers && !(handler instanceof AsyncFunction)
      ? runInSyncRequestContext
      : runInRequestContext
  return function apiResourcesHandler(this: FastifyInstance, request, reply) {
    const context = contextOf(request)
    const result = enter(context, () => handler.call(this, request, reply) as unknown)
    if (!isThenable(result)) return answer(result, request, reply, context)
    return Promise.resolve(result).then((value) => answer(value, request, reply, context))
  } as RouteHandlerMethod
}

/** A respondable as its JSON text, with its status and content type set; anything else as it is. */
function answer(
  value: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  context: RequestContext,
): unknown {
  if (!isRespondable(value) || reply.sent) return value
  const body = respondableBody(value, request, reply, context)
  // Fastify appends `; charset=utf-8` to a JSON content type sent as a string, except through a
  // reply serializer; a string (rather than a Buffer) goes out in one write with the headers
  reply.serializer(identity)
  return body
}

/** The JSON text of a respondable built for this request, its status and content type set. */
function respondableBody(
  value: Respondable,
  request: FastifyRequest,
  reply: FastifyReply,
  context: RequestContext,
): string {
  const checked = (request as WithChecked)[CHECKED] === true
  const spec = buildResponse(value, request, context, reply, checked)
  // a status the handler (or the value's withResponse hook) chose wins over the value's
  if (!isExplicit(reply) && reply.statusCode !== spec.status) reply.code(spec.status)
  reply.header('content-type', spec.contentType)
  return jsonText(spec.body, undefined, undefined, context.bigint)
}

function isExplicit(reply: FastifyReply): boolean {
  return (reply as WithExplicitStatus)[EXPLICIT_STATUS] === true || reply.statusCode !== 200
}

/**
 * Makes `reply.code()` (and its alias `reply.status()`) record that the handler chose the status,
 * even 200, so that it wins over the one a resource asks for. Fastify has no hook or event for a
 * status being set; a reply decorator may override an inherited method, so the app's replies get a
 * `code` and a `status` that mark the reply and call Fastify's own. Decorating also gives the app
 * a Reply class of its own (Fastify's shared one is left as it is, and so are other apps).
 */
function recordExplicitStatuses(fastify: FastifyInstance): void {
  if (statusRecorded.has(fastify)) return
  statusRecorded.add(fastify)
  fastify.decorateReply('code', marking('code'))
  fastify.decorateReply('status', marking('status'))
}

type StatusMethod = (this: FastifyReply, status: number) => FastifyReply

/** A reply method `name` that marks the status as chosen, then calls the one it overrides. */
function marking(name: 'code' | 'status'): StatusMethod {
  let overridden: StatusMethod | undefined
  const method: StatusMethod = function (this, status) {
    ;(this as WithExplicitStatus)[EXPLICIT_STATUS] = true
    overridden ??= inheritedPast(this, name, method)
    return overridden.call(this, status)
  }
  return method
}

/** The method `name` that `own` overrides: found on the prototypes above the one holding it. */
function inheritedPast(reply: object, name: string, own: StatusMethod): StatusMethod {
  let holder = Object.getPrototypeOf(reply) as Record<string, unknown>
  while (!hasOwn.call(holder, name) || holder[name] !== own)
    holder = Object.getPrototypeOf(holder) as Record<string, unknown>
  return (Object.getPrototypeOf(holder) as Record<string, StatusMethod>)[name]
}

/**
 * A Fastify error handler for the errors a handler throws on purpose: `ValidationError` gives 422
 * with `{ message, errors: { field: [..] } }`, `NotFoundError` 404 with `{ message }`, any other of
 * the package's errors with an HTTP status that status. When the client's `Accept` asks for
 * `application/vnd.api+json` the body is a JSON:API error document with exactly that content type.
 * Any other error is thrown on to Fastify's default error handling. {@link apiResources} installs
 * it unless told not to.
 *
 * @example
 * app.setErrorHandler((error, request, reply) => {
 *   if (answerResourceError(error, request, reply)) return
 *   reply.code(500).send({ message: 'Server error' })
 * })
 */
export function resourceErrors<Server extends RawServerBase = RawServerDefault>(
  options: ResourceErrorsOptions<Server> = {},
): (
  error: FastifyError,
  request: FastifyRequest<RouteGenericInterface, Server>,
  reply: FastifyReply<RouteGenericInterface, Server>,
) => void {
  return function resourceErrorsHandler(error, request, reply) {
    if (!answerResourceError(error, request, reply, options)) throw error
  }
}

/**
 * Answers `error` when it is one of the package's own errors with an HTTP status and returns
 * `true`; returns `false` (and sends nothing) for any other error.
 */
export function answerResourceError<Server extends RawServerBase = RawServerDefault>(
  error: unknown,
  request: FastifyRequest<RouteGenericInterface, Server>,
  reply: FastifyReply<RouteGenericInterface, Server>,
  options: ResourceErrorsOptions<Server> = {},
): boolean {
  const answer = errorToHttpResponse(
    error,
    { url: request.url, headers: request.headers, raw: request },
    { jsonApi: options.jsonApi?.(request), validationTitle: options.validationTitle },
  )
  if (answer === undefined) return false
  reply.code(answer.status)
  reply.header('content-type', answer.headers['content-type'])
  reply.send(Buffer.from(answer.body, 'utf8'))
  return true
}
