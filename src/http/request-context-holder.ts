/**
 * What every integration does with the request context: keep it on the framework's per-request
 * object (Fastify's request, Hono's context, Express's request under Nest), opened once by
 * whichever of the hook, middleware or handler wrapper runs first, and enter it around the
 * handler unless it is the current one already.
 * @internal
 * @module
 */

import {
  createRequestContext,
  runWithRequestContext,
  tryGetRequestContext,
  type RequestContext,
  type RequestContextOptions,
} from '../context/request-context'
import { openRequestContext, requestTarget, type HttpRequestLike } from './http-response'

// Set on the framework's per-request object the context was opened for.
const CONTEXT: unique symbol = Symbol('api-resources.context')

interface Holder {
  [CONTEXT]?: RequestContext
}

/** The context kept on `holder`, if one was opened for it. @internal */
export function heldRequestContext(holder: object): RequestContext | undefined {
  return (holder as Holder)[CONTEXT]
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
 * The context kept on `holder`, opened for the URL `url` (as the client sent it), the framework
 * request `raw` and the app's `options` the first time: {@link holdRequestContext} without a
 * request object. @internal
 */
export function holdRequestContextOf(
  holder: object,
  url: string,
  raw: unknown,
  options?: RequestContextOptions,
): RequestContext {
  return ((holder as Holder)[CONTEXT] ??= createRequestContext(requestTarget(url), raw, options))
}

/**
 * Runs `fn` in `context`, for everything it awaits too: as it is when `context` is the current one
 * already, else entered with `runWithRequestContext`. @internal
 */
export function runInRequestContext<T>(context: RequestContext, fn: () => T): T {
  return tryGetRequestContext() === context ? fn() : runWithRequestContext(context, fn)
}
