import { AsyncLocalStorage } from 'node:async_hooks'
import {
  parseFieldsParam,
  parseIncludeParam,
  parsePageParam,
  parseQueryPairs,
  type QueryPair,
} from './parse-query'

/**
 * What core code may know about the current HTTP request. The Express middleware opens one per
 * request; outside a request there is none, and callers fall back to page 1 and path `/` (spec 4).
 */
export interface RequestContext {
  /** The path as the client sent it, mount prefix included, no host or query, no trailing `/`. */
  readonly path: string
  /** The raw query string, without `?`. */
  readonly rawQuery: string
  /** Decoded query pairs in client order (undecodable pairs dropped). */
  readonly queryPairs: readonly QueryPair[]
  /** `?page=` read per the "Bad input" rules (1 when absent or invalid). */
  readonly page: number
  /** `?include=` paths. */
  readonly include: readonly string[]
  /** `?fields[<type>]=` sparse fieldsets. */
  readonly fields: ReadonlyMap<string, ReadonlySet<string>>
  /** The framework's request object (an Express `Request`), handed to `toArray(request)`. */
  readonly request: unknown
}

const storage = new AsyncLocalStorage<RequestContext>()

/** The current request's context, or `undefined` outside a request. */
export function tryGetRequestContext(): RequestContext | undefined {
  return storage.getStore()
}

/** Runs `fn` with `context` as the current request context (what the Express middleware does). */
export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn)
}

/**
 * Normalises a request path: no query or fragment, no trailing `/` unless the path is `/`, and `/`
 * for an empty path.
 */
export function normalizePath(path: string): string {
  if (isNormalPath(path)) return path
  let end = path.length
  const q = path.search(/[?#]/)
  if (q !== -1) end = q
  // Leading slashes collapse to one: `//evil.example/x` would otherwise be a protocol-relative URL
  // pointing at another host once it is used as the base of page links.
  let clean = path.slice(0, end).replace(/^[/\\]+/, '/')
  while (clean.length > 1 && clean.endsWith('/')) clean = clean.slice(0, -1)
  return clean === '' || clean[0] !== '/' ? `/${clean}`.replace(/^\/+$/, '/') : clean
}

/**
 * The common case, already normal: `/` plus at least one character, neither a second leading `/` or
 * `\`, nor a trailing `/`, nor a query or fragment. Checked without regular expressions because
 * every request's path goes through here.
 */
function isNormalPath(path: string): boolean {
  const n = path.length
  if (n < 2 || path.charCodeAt(0) !== 0x2f || path.charCodeAt(n - 1) === 0x2f) return false
  const second = path.charCodeAt(1)
  return second !== 0x2f && second !== 0x5c && !path.includes('?') && !path.includes('#')
}

/**
 * Builds a context from a URL as the client sent it (`/api/posts?page=2`), parsing lazily: the query
 * is read only when something asks for it.
 */
export function createRequestContext(url: string, request?: unknown): RequestContext {
  const q = url.indexOf('?')
  const rawPath = q === -1 ? url : url.slice(0, q)
  const hash = url.indexOf('#', q === -1 ? 0 : q)
  const rawQuery = q === -1 ? '' : url.slice(q + 1, hash === -1 ? undefined : hash)
  return new LazyRequestContext(normalizePath(rawPath), rawQuery, request)
}

class LazyRequestContext implements RequestContext {
  #pairs: QueryPair[] | undefined
  #page: number | undefined
  #include: string[] | undefined
  #fields: Map<string, Set<string>> | undefined

  constructor(
    readonly path: string,
    readonly rawQuery: string,
    readonly request: unknown,
  ) {}

  get queryPairs(): readonly QueryPair[] {
    return (this.#pairs ??= parseQueryPairs(this.rawQuery))
  }

  get page(): number {
    return (this.#page ??= parsePageParam(this.queryPairs))
  }

  get include(): readonly string[] {
    return (this.#include ??= parseIncludeParam(this.queryPairs))
  }

  get fields(): ReadonlyMap<string, ReadonlySet<string>> {
    return (this.#fields ??= parseFieldsParam(this.queryPairs))
  }
}

/**
 * The context for an explicit `request` argument (`toPayload(req)`): the current context when it is
 * that request's (or no request is given), else one built from the request's `originalUrl`/`url`.
 */
export function resolveRequestContext(request?: unknown): RequestContext | undefined {
  const current = storage.getStore()
  if (request === undefined || request === null || current?.request === request) return current
  if (typeof request !== 'object') return current
  const { originalUrl, url } = request as { originalUrl?: unknown; url?: unknown }
  const href =
    typeof originalUrl === 'string' ? originalUrl : typeof url === 'string' ? url : undefined
  return href === undefined ? current : createRequestContext(href, request)
}
