import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify'
import {
  endRequestContextTrial,
  enterSyncRequestContext,
  isAsyncRequestContextUsed,
  restoreSyncRequestContext,
  runWithRequestContext,
  runWithRequestContextTrial,
  type RequestContext,
} from '../../context/request-context'
import { buildResponse, errorToHttpResponse } from '../../http/http-response'
import {
  heldRequestContext,
  holdRequestContextOf,
  runInRequestContext,
} from '../../http/request-context-holder'
import { isRespondable, type Respondable } from '../../runtime/respondable'
import { isThenable } from '../../util/objects'

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
   * How plain function handlers (not declared `async`) get the request context. Handlers declared
   * `async` always run in `AsyncLocalStorage`, which carries the context across their `await`s.
   * Plain functions can do without it: `AsyncLocalStorage`'s async hooks, once enabled, tax every
   * promise and socket of the process (on Node 20, 4-6% of the throughput of a small JSON reply;
   * Node 22 uses the same hooks by default; Node 24's is built on V8's continuation data and costs
   * less).
   *
   * - unset (the default): a plain function's route runs its requests in `AsyncLocalStorage` until
   *   one finishes within the call (returns a value, or has sent); from then on it gets the context
   *   for its synchronous part only, and `AsyncLocalStorage` is switched off again while nothing else
   *   uses it. A route whose handler returns a promise, or returns without having sent (it sends
   *   from a callback), stays in `AsyncLocalStorage`. Should a route that finished synchronously
   *   later go on asynchronously, it moves to `AsyncLocalStorage` from its next request on, with a
   *   warning: on that one request, what it read of the context after its first `await`,
   *   `.then()` or callback fell back to page 1 and path `/`.
   * - `true`: the same without the first, trial requests in `AsyncLocalStorage`: for apps whose
   *   plain handlers build their pages before any `await`, `.then()` or callback.
   * - `false`: every handler runs in `AsyncLocalStorage`, always: for apps whose plain handlers
   *   sometimes finish synchronously and sometimes build a page after an `await`.
   *
   * Once any handler has run in `AsyncLocalStorage` for good, every handler does (its hooks are
   * paid for).
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
}

/** Options of {@link resourceErrors}. */
export interface ResourceErrorsOptions {
  /**
   * Whether to answer with a JSON:API error document for this request.
   * @default (request) => the Accept header asks for application/vnd.api+json
   */
  readonly jsonApi?: (request: FastifyRequest) => boolean
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
// Marks objects whose `code` already records explicit statuses and whose `send` builds resources.
const CODE_INSTALLED: unique symbol = Symbol('api-resources.code')
// Set on the Fastify instance the plugin was registered on (its child instances inherit it): the
// app's URL reader, for a resource sent on a request that has no context yet.
const URL_OF: unique symbol = Symbol('api-resources.url')

interface WithUrlOf {
  [URL_OF]?: (request: FastifyRequest) => string
}

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
 * `await` before the routes: their handlers are then wrapped to run inside the context and to send
 * what they return; routes declared before the plugin loaded get the context from a `preHandler`
 * hook, and their resources are built by `reply.send` (which the plugin wraps once, on Fastify's
 * Reply prototype, for the apps that registered it).
 *
 * @example
 * const app = Fastify()
 * await app.register(apiResources())
 * app.get('/users', async () => UserResource.collection(await paginate(db('users'), 15)))
 */
export function apiResources(options: ApiResourcesOptions = {}): ApiResourcesPlugin {
  const urlOf = options.url ?? defaultUrl
  function apiResourcesPlugin(
    fastify: FastifyInstance,
    _options: unknown,
    done: (error?: Error) => void,
  ): void {
    fastify.addHook('onRoute', (route: RouteOptions) => {
      route.handler = withRequestContext(route, urlOf, options.syncHandlers)
    })
    // Routes declared before the plugin was loaded (`app.register(apiResources())` without
    // `await`, or routes of a plugin registered earlier) are not seen by onRoute. Their handler is
    // called synchronously from this hook's `done`, so running `done` inside the context (run, not
    // enterWith) covers them too. Only installed when there are such routes: a hook costs every
    // request a little.
    if (hasRoutes(fastify)) {
      fastify.addHook('preHandler', (request, reply, done) => {
        if (!(CODE_INSTALLED in reply)) installReplyWrappers(reply)
        runInRequestContext(holdRequestContextOf(request, urlOf(request), request), done)
      })
    }
    // reply.send(resource) from inside a handler (or a hook) is built by the wrapped `reply.send`,
    // which asks the app for its URL reader when the request has no context yet
    ;(fastify as WithUrlOf)[URL_OF] = urlOf
    const replyPrototype = replyPrototypeOf(fastify)
    if (replyPrototype !== undefined) installReplyWrappers(replyPrototype)
    if (options.checkResponses === true && process.env.NODE_ENV !== 'production') {
      fastify.addHook('onRequest', (request, _reply, next) => {
        ;(request as WithChecked)[CHECKED] = true
        next()
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

// How a route's handler gets the request context: see `ApiResourcesOptions.syncHandlers`.
const enum ContextMode {
  /** in AsyncLocalStorage, for good */
  Async,
  /** in AsyncLocalStorage as a trial, until a request finishes within the call */
  Trial,
  /** in the synchronous context only */
  Sync,
}

/**
 * The route's handler, run inside the request's context, its return value sent by {@link answer}.
 *
 * An `async` handler runs in the async context (AsyncLocalStorage, entered with `run`, so it holds
 * for everything the handler awaits). A plain function starts in the async context as a trial
 * (unless `syncHandlers` is `true`): once a request finishes within the call, the route gets the
 * context for its synchronous part only, which costs no AsyncLocalStorage. A plain function that
 * returns a promise, or returns without having sent (it will send from a callback), puts its route
 * in the async context for good; and once the process uses the async context for good at all,
 * plain functions run in it too, since its hooks are paid for.
 */
function withRequestContext(
  route: RouteOptions,
  urlOf: (request: FastifyRequest) => string,
  syncHandlers: boolean | undefined,
): RouteHandlerMethod {
  const handler = route.handler
  let mode =
    syncHandlers === false || handler instanceof AsyncFunction
      ? ContextMode.Async
      : syncHandlers === true
        ? ContextMode.Sync
        : ContextMode.Trial
  return function apiResourcesHandler(this: FastifyInstance, request, reply) {
    const held = heldRequestContext(request)
    const context = held ?? holdRequestContextOf(request, urlOf(request), request)
    if (!(CODE_INSTALLED in reply)) installReplyWrappers(reply)
    let result: unknown
    if (mode === ContextMode.Async || isAsyncRequestContextUsed()) {
      const call = () => handler.call(this, request, reply) as unknown
      // a context opened just now cannot be the current one: no store lookup
      result =
        held === undefined
          ? runWithRequestContext(context, call)
          : runInRequestContext(context, call)
    } else if (mode === ContextMode.Trial) {
      let threw = true
      try {
        result = runWithRequestContextTrial(context, () => handler.call(this, request, reply))
        threw = false
      } finally {
        // a handler that threw is no sign either way: the route stays on trial
        if (threw) endRequestContextTrial(false)
      }
      const later = goesOn(result, reply)
      endRequestContextTrial(later)
      mode = later ? ContextMode.Async : ContextMode.Sync
    } else {
      const outer = enterSyncRequestContext(context)
      try {
        result = handler.call(this, request, reply)
      } finally {
        restoreSyncRequestContext(outer)
      }
      if (goesOn(result, reply)) {
        mode = ContextMode.Async
        warnWentOnAsynchronously(route)
      }
    }
    if (!isThenable(result)) return answer(result, request, reply, context)
    return Promise.resolve(result).then((value) => answer(value, request, reply, context))
  } as RouteHandlerMethod
}

/** The `code` of the warning given when a route's plain handler went on asynchronously. */
const WENT_ON_ASYNCHRONOUSLY_WARNING = 'API_RESOURCES_HANDLER_WENT_ON_ASYNCHRONOUSLY'

/**
 * Tells, once per route, that a plain handler running in the synchronous context went on
 * asynchronously, so that what it read of the context after that point fell back to page 1.
 */
function warnWentOnAsynchronously(route: RouteOptions): void {
  if (typeof process.emitWarning !== 'function') return
  const method = Array.isArray(route.method) ? route.method.join(',') : String(route.method)
  process.emitWarning(
    `api-resources: the plain (not async) handler of ${method} ${route.url} went on ` +
      'asynchronously (it returned a promise, or returned without having sent) after running in ' +
      'the synchronous request context, so what it read of the request context after its first ' +
      'await, .then() or callback on this request fell back to page 1 and path "/". The route runs ' +
      'in AsyncLocalStorage from its next request on. Declare the handler async, or register the ' +
      'plugin with apiResources({ syncHandlers: false }).',
    { type: 'ApiResourcesWarning', code: WENT_ON_ASYNCHRONOUSLY_WARNING },
  )
}

/** Will the handler that returned `result` answer later: from a promise, or from a callback? */
function goesOn(result: unknown, reply: FastifyReply): boolean {
  return result === undefined || result === reply ? !reply.sent : isThenable(result)
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
  return JSON.stringify(spec.body) ?? 'null'
}

function isExplicit(reply: FastifyReply): boolean {
  return (reply as WithExplicitStatus)[EXPLICIT_STATUS] === true || reply.statusCode !== 200
}

/**
 * The prototype of the replies of `fastify`'s routes (Fastify keeps the Reply class under an
 * internal symbol), or `undefined` when this Fastify version keeps it elsewhere: the wrappers are
 * then installed on the first request instead.
 */
function replyPrototypeOf(fastify: FastifyInstance): object | undefined {
  for (let owner: object | null = fastify; owner !== null; owner = Object.getPrototypeOf(owner)) {
    for (const key of Object.getOwnPropertySymbols(owner)) {
      if (key.description !== 'fastify.Reply') continue
      const reply = (owner as Record<symbol, unknown>)[key]
      return typeof reply === 'function' ? (reply.prototype as object) : undefined
    }
  }
  return undefined
}

/** The object that defines `name` for `reply` (Fastify's Reply prototype), or `null`. */
function ownerOf(reply: object, name: string): object | null {
  let owner = Object.getPrototypeOf(reply) as object | null
  while (owner !== null && !Object.prototype.hasOwnProperty.call(owner, name))
    owner = Object.getPrototypeOf(owner) as object | null
  return owner
}

/**
 * Wraps, once, on the object that defines them (Fastify's Reply prototype, shared by every app of
 * the process):
 *
 * - `reply.code` (and its alias `reply.status`), to record that the handler chose the status;
 * - `reply.send`, to build a resource, collection, paginator or JSON:API document sent on a
 *   request of an app that registered the plugin (its JSON text, status and content type), before
 *   Fastify serializes it. Any other payload, and any payload of an app without the plugin, goes
 *   to Fastify's `send` as it is.
 *
 * `send` is wrapped instead of adding a `preSerialization` hook: a route with such a hook served
 * 12-18% fewer requests per second on Node 20 even when its hook never ran (a handler that returns
 * a string), while the wrapper costs one type check per reply.
 */
function installReplyWrappers(reply: object): void {
  const owner = ownerOf(reply, 'code')
  if (owner === null || CODE_INSTALLED in owner) return
  Object.defineProperty(owner, CODE_INSTALLED, { value: true })
  const target = owner as { code: (code: number) => FastifyReply; status: unknown }
  const originalCode = target.code
  const code = function codeWithMark(this: FastifyReply, status: number) {
    const request = this.request as FastifyRequest | undefined
    if (request !== undefined && heldRequestContext(request) !== undefined)
      (this as WithExplicitStatus)[EXPLICIT_STATUS] = true
    return originalCode.call(this, status)
  }
  if (target.status === originalCode) target.status = code
  target.code = code
  const sender = ownerOf(reply, 'send') as { send: (payload?: unknown) => FastifyReply } | null
  if (sender === null) return
  const originalSend = sender.send
  sender.send = function sendWithResources(this: FastifyReply, payload?: unknown) {
    if (!isRespondable(payload) || this.sent) return originalSend.call(this, payload)
    const request = this.request
    let context = heldRequestContext(request)
    if (context === undefined) {
      const urlOf = (this.server as WithUrlOf)[URL_OF]
      if (urlOf === undefined) return originalSend.call(this, payload)
      context = holdRequestContextOf(request, urlOf(request), request)
    }
    let body: string
    try {
      body = respondableBody(payload, request, this, context)
    } catch (error) {
      // answered like an error the handler threw: Fastify's error handling
      return originalSend.call(this, error instanceof Error ? error : new Error(String(error)))
    }
    this.serializer(identity)
    return originalSend.call(this, body)
  }
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
export function resourceErrors(
  options: ResourceErrorsOptions = {},
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return function resourceErrorsHandler(error, request, reply) {
    if (!answerResourceError(error, request, reply, options)) throw error
  }
}

/**
 * Answers `error` when it is one of the package's own errors with an HTTP status and returns
 * `true`; returns `false` (and sends nothing) for any other error.
 */
export function answerResourceError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  options: ResourceErrorsOptions = {},
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
