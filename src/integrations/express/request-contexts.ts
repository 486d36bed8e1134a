import type { Request } from 'express'
import { tryGetRequestContext, type RequestContext } from '../../context/request-context'
import { heldRequestContext, holdRequestContextOf } from '../../http/request-context-holder'

/** The URL a context is built from by default: the one the client sent, mount prefix included. */
export function defaultRequestUrl(req: Request): string {
  return typeof req.originalUrl === 'string' ? req.originalUrl : (req.url ?? '/')
}

/**
 * The context apiResources() opened for `req`, kept on the request (see http/request-context-holder)
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
  return holdRequestContextOf(req, defaultRequestUrl(req), req, { route: () => routeOf(req) })
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
