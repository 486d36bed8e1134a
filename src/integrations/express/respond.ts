import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { RequestContext } from '../../context/request-context'
import { runInRequestContext } from '../../http/request-context-holder'
import type { ResponseBody } from '../../resources/payload'
import { isRespondable } from '../../runtime/respondable'
import { isThenable } from '../../util/objects'
import { contextFor } from './request-contexts'
import { sendRespondable } from './send-respondable'

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
