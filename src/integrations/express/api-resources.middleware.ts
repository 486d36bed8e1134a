import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { runWithRequestContext } from '../../context'
import { isRespondable } from '../../runtime/respondable'
import { defaultRequestUrl, existingContext, markChecked, openContext } from './request-contexts'
import { installExplicitStatus, sendRespondable } from './send-respondable'

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
  const check = options.checkResponses === true && process.env.NODE_ENV !== 'production'
  return function apiResourcesMiddleware(req: Request, res: Response, next: NextFunction): void {
    const existing = existingContext(req)
    if (existing !== undefined) {
      // mounted twice (app and router): keep the first context
      runWithRequestContext(existing, next)
      return
    }
    const context = openContext(req, urlOf(req))
    if (check) markChecked(req)
    teachResponses(res)
    // `next` is called with no argument: AsyncLocalStorage.run passes none, so no arrow is needed
    runWithRequestContext(context, next)
  }
}

// Response prototypes already looked at by teachResponses().
const seenPrototypes = new WeakSet<object>()

/**
 * Makes `res.json` answer respondables, once per response prototype rather than per response:
 * Express swaps each response's prototype (Object.setPrototypeOf), and a property added to an object
 * after that gets a map of its own in V8: two own wrappers per response cost more than the rest of
 * the middleware together and make every later property access on `res` megamorphic. The methods are
 * installed where Express defines them (so mounted sub-apps, whose `app.response` objects inherit
 * them, are covered too) and act only for requests that went through apiResources(); any other
 * request gets Express's own behaviour unchanged.
 */
function teachResponses(res: Response): void {
  const proto = Object.getPrototypeOf(res) as object | null
  if (proto === null || seenPrototypes.has(proto)) return
  seenPrototypes.add(proto)
  installJson(definingObject(proto, 'json'))
  installExplicitStatus(definingObject(proto, 'status'))
}

// Marks objects whose `json` already goes through jsonWithResources.
const JSON_INSTALLED: unique symbol = Symbol('api-resources.json')

function installJson(owner: Partial<Response> | undefined): void {
  if (owner === undefined || typeof owner.json !== 'function' || JSON_INSTALLED in owner) return
  const original = owner.json as (...a: unknown[]) => Response
  const json = function jsonWithResources(this: Response, ...args: unknown[]) {
    const context = existingContext(this.req)
    if (context !== undefined && args.length === 1 && isRespondable(args[0])) {
      sendRespondable(this.req, this, args[0], context)
      return this
    }
    return original.apply(this, args)
  }
  Object.defineProperty(owner, JSON_INSTALLED, { value: true })
  owner.json = json as Response['json']
}

/** The object on `proto`'s chain that defines `key` itself. */
function definingObject(proto: object | null, key: string): Partial<Response> | undefined {
  for (let o = proto; o !== null; o = Object.getPrototypeOf(o) as object | null)
    if (Object.prototype.hasOwnProperty.call(o, key)) return o as Partial<Response>
  return undefined
}
