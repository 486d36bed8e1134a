import type { Request } from 'express'
import { createRequestContext, tryGetRequestContext, type RequestContext } from '../../context'

// One context per request object, so that code which lost the AsyncLocalStorage store (a callback-based
// library that resumes in another async context) still finds its own request. Kept under a symbol on
// the request rather than in a WeakMap: a WeakMap entry per request is an ephemeron the garbage
// collector must trace on every cycle, which measured ~14 us of CPU per request under load, while the
// symbol property cost nothing measurable there.
const CONTEXT: unique symbol = Symbol('api-resources.context')

interface WithContext {
  [CONTEXT]?: RequestContext
}

/** The URL a context is built from by default: the one the client sent, mount prefix included. */
export function defaultRequestUrl(req: Request): string {
  return typeof req.originalUrl === 'string' ? req.originalUrl : (req.url ?? '/')
}

/** Has `req` already got a context (apiResources() mounted twice, app and router)? @internal */
export function existingContext(req: Request): RequestContext | undefined {
  return (req as WithContext)[CONTEXT]
}

/** Creates and remembers the context of `req`. @internal */
export function openContext(req: Request, url: string): RequestContext {
  const context = createRequestContext(url, req)
  ;(req as WithContext)[CONTEXT] = context
  return context
}

/**
 * The context of `req`: the current one when it is this request's, else the one apiResources()
 * opened for it, else a new one (respond() used without the middleware). @internal
 */
export function contextFor(req: Request): RequestContext {
  const current = tryGetRequestContext()
  if (current !== undefined && current.request === req) return current
  return existingContext(req) ?? openContext(req, defaultRequestUrl(req))
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
