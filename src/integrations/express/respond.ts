import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { RequestContext } from '../../context/request-context'
import { runInRequestContext } from '../../http/http-response'
import type { ResponseBody } from '../../resources/payload'
import { isRespondable, type Respondable } from '../../runtime/respondable'
import { isThenable } from '../../util/objects'
import { contextFor, existingContext, isChecked } from './api-resources.middleware'
import { toHttpResponse } from '../../http/index'
import { jsonText, type BigintEncoding, type JsonReplacer } from '../../runtime/json'

/**
 * A handler for {@link respond}: sync or async; what it returns (`V`) is the response.
 * Returning `undefined` (or `res`) means it answered by itself.
 */
export type RespondHandler<P = Request['params'], V = unknown> = (
  req: Request<P>,
  res: Response,
  next: NextFunction,
) => V

/**
 * The body type of an Express response that answers with `V` through `res.json(value)`: the
 * value itself (a resource, collection or paginator, serialized by `apiResources()`) or its body.
 *
 * @example
 * app.get('/users/:id', async (req, res: Response<Sends<UserResource>>) => {
 *   res.json(new UserResource(await findUser(req.params.id))) // a PostResource is a type error
 * })
 */
export type Sends<V> = V | ResponseBody<V>

/**
 * Turns a handler whose return value is the response into an Express handler: a
 * resource, a collection, a paginator or a JSON:API document is serialized with the request; any
 * other value is sent with `res.json`. Thrown errors and rejected promises go to `next(err)`.
 * Works without {@link apiResources} too: it then opens the request context itself.
 *
 * @example
 * app.get('/users', respond(async () => UserResource.collection(await paginate(db('users'), 15))))
 * app.get('/ping', respond(() => ({ ok: true })))
 */
export function respond<P = Request['params'], V = unknown>(
  handler: RespondHandler<P, V | Promise<V>>,
): RequestHandler<P, ResponseBody<Awaited<V>>> {
  return function respondHandler(req: Request<P>, res: Response, next: NextFunction): void {
    const context = contextFor(req as Request)
    runInRequestContext(context, () => invoke(handler, req, res, next, context))
  }
}

function invoke<P, V>(
  handler: RespondHandler<P, V>,
  req: Request<P>,
  res: Response,
  next: NextFunction,
  context: RequestContext,
): void {
  let result: unknown
  try {
    result = handler(req, res, next)
  } catch (error) {
    next(error)
    return
  }
  if (!isThenable(result)) return deliver(req as Request, res, next, result, context)
  Promise.resolve(result).then(
    (value) => deliver(req as Request, res, next, value, context),
    // next(undefined) would mean "no error": a promise rejected without a reason still fails
    (error: unknown) => next(error || new Error('Rejected promise')),
  )
}

function deliver(
  req: Request,
  res: Response,
  next: NextFunction,
  value: unknown,
  context: RequestContext,
): void {
  // `undefined` or `res` itself (`return res.json(x)`): the handler answered
  if (value === undefined || value === res || res.headersSent) return
  try {
    if (isRespondable(value)) sendRespondable(req, res, value, context)
    else res.json(value)
  } catch (error) {
    next(error)
  }
}

// Set on a response whose status the handler chose through res.status(); see installExplicitStatus().
// A symbol property on the response, as http/http-response.ts keeps a context on a request.
const EXPLICIT_STATUS: unique symbol = Symbol('api-resources.explicitStatus')

interface WithExplicitStatus {
  [EXPLICIT_STATUS]?: true
}

/**
 * Wraps `status` on the app's response object (see apiResources()) so that a status the handler
 * chose (even 200) wins over the one a respondable asks for: Express has no hook or event for a
 * status being set. Only responses of requests that went through apiResources() are recorded.
 * @internal
 */
export function installExplicitStatus(owner: Partial<Response>): void {
  const original = owner.status!
  const status = function statusWithMark(this: Response, code: number) {
    if (existingContext(this.req) !== undefined)
      (this as WithExplicitStatus)[EXPLICIT_STATUS] = true
    return original.call(this, code)
  }
  owner.status = status as Response['status']
}

/**
 * Sends a respondable: `[TO_RESPONSE](req)` runs inside the request's context, the body is JSON
 * written as a Buffer so Express keeps the content type exactly as given (it appends
 * `; charset=utf-8` to string bodies, which JSON:API forbids). The app's `json replacer`,
 * `json spaces` and `json escape` settings apply as they do to `res.json`. @internal
 */
export function sendRespondable(
  req: Request,
  res: Response,
  value: Respondable,
  context: RequestContext,
): void {
  const answer = toHttpResponse(
    value,
    { url: req.originalUrl, raw: req },
    {
      context,
      response: res,
      explicitStatus: () => (isExplicit(res) ? res.statusCode : undefined),
      stringify: (body) => stringify(req, body, context.bigint),
      checkResponses: isChecked(req),
    },
  )
  res.statusCode = answer.status
  res.setHeader('Content-Type', answer.headers['content-type'])
  res.send(Buffer.from(answer.body, 'utf8'))
}

function isExplicit(res: Response): boolean {
  return (res as WithExplicitStatus)[EXPLICIT_STATUS] === true || res.statusCode !== 200
}

/** JSON text of `body` with the app's json settings and bigint writing. @internal */
export function stringify(req: Request, body: unknown, bigint?: BigintEncoding): string {
  const app = req.app as Request['app'] | undefined
  // an array replacer works at runtime too; the cast only picks one JSON.stringify overload
  const replacer = app?.get('json replacer') as JsonReplacer | undefined
  const spaces = app?.get('json spaces') as string | number | undefined
  const json = jsonText(body, replacer, spaces, bigint)
  return app?.get('json escape') === true ? escapeHtmlInJson(json) : json
}

// Same characters Express escapes with `json escape`: <, >, & (no change to the parsed value).
function escapeHtmlInJson(json: string): string {
  return json.replace(/[<>&]/g, (c) => (c === '<' ? '\\u003c' : c === '>' ? '\\u003e' : '\\u0026'))
}
