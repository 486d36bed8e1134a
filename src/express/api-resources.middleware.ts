import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { runWithRequestContext, type RequestContext } from '../context'
import { isRespondable } from '../respondable'
import { defaultRequestUrl, existingContext, openContext } from './request-contexts'
import { markExplicitStatus, sendRespondable } from './send-respondable'

/** Options of {@link apiResources}. */
export interface ApiResourcesOptions {
  /**
   * The URL the request context is built from: its path becomes the paginators' page path, its
   * query gives `page`, `include` and `fields[<type>]`. Override it behind a proxy that strips a
   * prefix, for example `(req) => (req.get('x-forwarded-prefix') ?? '') + req.originalUrl`.
   * @default (req) => req.originalUrl (the URL the client sent, mount prefix included)
   */
  readonly url?: (req: Request) => string
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
  return function apiResourcesMiddleware(req: Request, res: Response, next: NextFunction): void {
    const existing = existingContext(req)
    if (existing !== undefined) {
      // mounted twice (app and router): keep the first context and the first res.json wrapper
      runWithRequestContext(existing, next)
      return
    }
    const context = openContext(req, urlOf(req))
    wrapJson(req, res, context)
    markExplicitStatus(res)
    // `next` is called with no argument: AsyncLocalStorage.run passes none, so no arrow is needed
    runWithRequestContext(context, next)
  }
}

// Replaces res.json on this one response object (never on the prototype).
function wrapJson(req: Request, res: Response, context: RequestContext): void {
  const original = res.json
  res.json = function jsonWithResources(this: Response, ...args: unknown[]) {
    if (args.length === 1 && isRespondable(args[0])) {
      sendRespondable(req, this, args[0], context)
      return this
    }
    return (original as (...a: unknown[]) => Response).apply(this, args)
  } as Response['json']
}
