import type { NextFunction, Request, RequestHandler, Response } from 'express'
import {
  runWithRequestContext,
  type BigintEncoding,
  tryGetRequestContext,
  type RequestContext,
} from '../../context/request-context'
import { isRespondable } from '../../runtime/respondable'
import { loadResponseChecker, responseCheckerSettled } from '../../schema/check'
import {
  heldRequestContext,
  holdRequestContext,
  integrationSettings,
} from '../../http/http-response'
import { installExplicitStatus, sendRespondable } from './respond'

/** Options of {@link apiResources}. */
export interface ApiResourcesOptions {
  /**
   * The URL the request context is built from: its path becomes the paginators' page path, its
   * query gives `page`, `include` and `fields[<type>]`. Override it behind a proxy that strips a
   * prefix, for example `(req) => (req.get('x-forwarded-prefix') ?? '') + req.originalUrl`.
   * @default (req) => req.originalUrl (the URL the client sent, mount prefix included)
   */
  readonly url?: (req: Request) => string
  /**
   * Development aid: validate every body built from a resource, collection, paginator or JSON:API
   * document against its generated JSON Schema (with the package `ajv`, loaded on the first check),
   * and answer a mismatch with an error naming the first wrong member by its JSON pointer. Ignored
   * when `NODE_ENV` is `production`; costs nothing when off.
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
 * The Express middleware: opens the request context (AsyncLocalStorage) that paginators and
 * JSON:API documents read, and makes `res.json(x)` (and `res.send(x)`) serialize resources,
 * collections, paginators and JSON:API documents with this request. Plain values go to Express's
 * own `res.json` unchanged.
 *
 * Mount it before the routes (after body parsers if you can; before them works too).
 *
 * @see respond, resourceErrors
 * @example
 * const app = express()
 * app.use(apiResources())
 * app.get('/users/:id', async (req, res) => {
 *   res.json(new UserResource(await findUser(req.params.id)))
 * })
 */
export function apiResources(options: ApiResourcesOptions = {}): RequestHandler {
  const urlOf = options.url ?? defaultRequestUrl
  const { shared, checkResponses } = integrationSettings(options)
  const requestOf = (req: Request) => ({
    url: urlOf(req),
    raw: req,
    ...shared,
    route: () => routeOf(req),
  })
  // Ajv is imported now; a request that comes before it is loaded waits for it
  const checker = checkResponses ? loadResponseChecker() : undefined
  return function apiResourcesMiddleware(req: Request, res: Response, next: NextFunction): void {
    const existing = existingContext(req)
    if (existing !== undefined) {
      // mounted twice (app and router): keep the first context
      runWithRequestContext(existing, next)
      return
    }
    const context = holdRequestContext(req, requestOf)
    teachResponses(res)
    if (checker !== undefined) {
      markChecked(req)
      if (!responseCheckerSettled()) {
        void checker.then(() => runWithRequestContext(context, next))
        return
      }
    }
    // `next` is called with no argument: AsyncLocalStorage.run passes none, so no arrow is needed
    runWithRequestContext(context, next)
  }
}

/**
 * Makes `res.json` answer respondables (and `res.status` record a status the handler chose), once
 * per app: on the app's own response object (`app.response`, which Express makes the prototype of
 * each of the app's responses, and which a mounted sub-app's response object inherits from), never
 * on Express's shared `express.response`, so another app of the process is left alone. Once per app
 * rather than per response: two own wrappers added to each response would cost more than the rest of
 * the middleware together (V8 gives the object a map of its own, and later property reads on `res`
 * turn megamorphic). The wrappers act only for requests that went through apiResources().
 */
function teachResponses(res: Response): void {
  const appResponse = Object.getPrototypeOf(res) as Partial<Response> | null
  if (appResponse === null || JSON_INSTALLED in appResponse) return
  const original = appResponse.json as (...a: unknown[]) => Response
  appResponse.json = function jsonWithResources(this: Response, ...args: unknown[]) {
    const context = existingContext(this.req)
    if (context !== undefined && args.length === 1 && isRespondable(args[0])) {
      sendRespondable(this.req, this, args[0], context)
      return this
    }
    return original.apply(this, args)
  } as Response['json']
  installExplicitStatus(appResponse)
  Object.defineProperty(appResponse, JSON_INSTALLED, { value: true })
}

// Marks the app response objects whose `json` already goes through jsonWithResources.
const JSON_INSTALLED: unique symbol = Symbol('api-resources.json')

/** A request without the middleware's options, as respond() opens a context for it. */
const defaultRequest = (req: Request) => ({
  url: defaultRequestUrl(req),
  raw: req,
  route: () => routeOf(req),
})

/** The URL a context is built from by default: the one the client sent, mount prefix included. */
export function defaultRequestUrl(req: Request): string {
  return typeof req.originalUrl === 'string' ? req.originalUrl : (req.url ?? '/')
}

/**
 * The context apiResources() opened for `req`, kept on the request (see heldRequestContext() in http/http-response.ts)
 * so that code which lost the AsyncLocalStorage store still finds its own request. @internal
 */
export function existingContext(req: Request): RequestContext | undefined {
  return heldRequestContext(req)
}

/**
 * The context of `req`: the current one when it is this request's, else the one apiResources()
 * opened for it, else a new one (respond() used without the middleware). @internal
 */
export function contextFor(req: Request): RequestContext {
  const current = tryGetRequestContext()
  if (current !== undefined && current.request === req) return current
  return holdRequestContext(req, defaultRequest)
}

/**
 * The route pattern Express matched for `req` (`/posts/:id`), after the mount path of its router
 * (`req.baseUrl`); `undefined` before a route matched, or for a pattern that is not a string.
 * @internal
 */
export function routeOf(req: Request): string | undefined {
  const path = (req.route as { path?: unknown } | undefined)?.path
  if (typeof path !== 'string') return undefined
  const base = typeof req.baseUrl === 'string' ? req.baseUrl : ''
  return path === '/' && base !== '' ? base : base + path
}

const CHECKED: unique symbol = Symbol('api-resources.checkResponses')

/** Marks `req` as one whose respondable bodies are validated (`checkResponses`). @internal */
export function markChecked(req: Request): void {
  ;(req as { [CHECKED]?: boolean })[CHECKED] = true
}

/** Are the respondable bodies of `req` validated? @internal */
export function isChecked(req: Request): boolean {
  return (req as { [CHECKED]?: boolean })[CHECKED] === true
}
