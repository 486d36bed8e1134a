import { AsyncLocalStorage } from 'node:async_hooks'
import {
  parseFieldsParam,
  parseIncludeParam,
  pageParamOf,
  parsePageParam,
  parseQueryPairs,
  type QueryPair,
  dropLoneSurrogates,
  encodeUnsafeUrlChars,
} from './parse-query'
import { ArgumentError } from '../errors/base'

/**
 * What core code may know about the current HTTP request. The Express middleware opens one per
 * request; outside a request there is none, and callers fall back to page 1 and path `/`.
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
  /**
   * The origin the app owns (`https://api.example.com`), when it asked for absolute links: page
   * links and JSON:API self links are then this origin followed by {@link path}.
   */
  readonly baseUrl?: string
  /** How the app writes a `bigint` in JSON bodies (`'string'` when it did not say). */
  readonly bigint?: BigintEncoding
  /** App-wide strict includes, for query declarations that do not say `strict` themselves. */
  readonly strict?: boolean
  /**
   * The route pattern the framework matched (`/posts/:id`), when it knows one: what development
   * warnings are given once for, rather than once per path. Read when asked (a framework may match
   * the route after the context is opened).
   */
  readonly route?: string
}

/**
 * How a `bigint` is written in a JSON body: `'string'`, its decimal string (`9007199254740993n` ->
 * `"9007199254740993"`), or `'number'`, a JSON number; a `bigint` outside ±(2^53 - 1) cannot be
 * written as a number exactly, and is then an error naming its key, never a rounded number.
 */
export type BigintEncoding = 'string' | 'number'

/** `value` checked as a {@link BigintEncoding} option (`undefined` when not given). @internal */
export function checkBigintEncoding(value: unknown): BigintEncoding | undefined {
  if (value === undefined || value === 'string' || value === 'number') return value
  throw ArgumentError.bigintEncoding(value)
}

/** `value` checked as a `strict` option (`undefined` when not given). @internal */
export function checkStrict(value: unknown): boolean | undefined {
  if (value === undefined || typeof value === 'boolean') return value
  throw ArgumentError.strictOption(value)
}

/** Options of {@link createRequestContext}. */
export interface RequestContextOptions {
  /**
   * Absolute links: the `http:` or `https:` origin the app owns (`https://api.example.com`; a
   * trailing `/` is fine). Never taken from the request. An `ArgumentError`
   * otherwise.
   */
  readonly baseUrl?: string
  /** How the app writes a `bigint` in JSON bodies. An `ArgumentError` unless `'string'` or `'number'`. */
  readonly bigint?: BigintEncoding
  /** App-wide strict includes (see {@link RequestContext.strict}). An `ArgumentError` unless a boolean. */
  readonly strict?: boolean
  /** Reads the route pattern the framework matched for the request (see {@link RequestContext.route}). */
  readonly route?: () => string | undefined
}

/**
 * `baseUrl` checked and reduced to its origin (`https://api.example.com:8443`), or `undefined` when
 * not given. A path other than `/`, a query, a fragment, credentials or another scheme is an
 * `ArgumentError`. @internal
 */
export function checkBaseUrl(baseUrl: unknown): string | undefined {
  if (baseUrl === undefined) return undefined
  // an app gives one baseUrl for every request: parse it once
  if (baseUrl === lastBaseUrl) return lastOrigin
  let url: URL | undefined
  try {
    url = typeof baseUrl === 'string' ? new URL(baseUrl) : undefined
  } catch {
    url = undefined
  }
  if (
    url === undefined ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username !== '' ||
    url.password !== '' ||
    url.pathname !== '/' ||
    url.search !== '' ||
    url.hash !== '' ||
    /[?#]/.test(baseUrl as string)
  )
    throw ArgumentError.baseUrl(baseUrl)
  lastBaseUrl = baseUrl
  return (lastOrigin = url.origin)
}

let lastBaseUrl: unknown
let lastOrigin: string | undefined

/**
 * The base of links made in `context`: its path, after the app's origin when it gave a `baseUrl`
 * (`https://api.example.com/users`; the root path is the bare origin, as an absolute `path` is).
 * @internal
 */
export function linkBase(context: RequestContext): string {
  const { baseUrl, path } = context
  if (baseUrl === undefined) return path
  return path === '/' ? baseUrl : baseUrl + path
}

/** Where the current request's context is kept. */
interface ContextSlots {
  /** The context of the request being handled, for everything its handler awaits. */
  readonly storage: AsyncLocalStorage<RequestContext>
  /**
   * The context entered for a synchronous section ({@link runInSyncRequestContext}); while it is
   * set it wins over the store, and nothing the section schedules sees it.
   */
  sync: RequestContext | undefined
}

/**
 * One set of slots per process, kept under a registered symbol: the package's ES-module and
 * CommonJS builds are two copies of this module when an app loads both (an ES-module app with a
 * CommonJS dependency that requires the package), and a context one opens must be the one the
 * other reads. The `v1` names the shape of the slots and of a `RequestContext`.
 */
const SLOTS_KEY = Symbol.for('api-resources.request-context.v1')
const slots: ContextSlots = ((globalThis as { [SLOTS_KEY]?: ContextSlots })[SLOTS_KEY] ??= {
  storage: new AsyncLocalStorage<RequestContext>(),
  sync: undefined,
})
const storage = slots.storage

/** The current request's context, or `undefined` outside a request. */
export function tryGetRequestContext(): RequestContext | undefined {
  return slots.sync ?? storage.getStore()
}

/** The explicit request, else the current request context's request, else `undefined`. @internal */
export function currentRequest(request?: unknown): unknown {
  return request !== undefined ? request : tryGetRequestContext()?.request
}

/**
 * Runs `fn` with `context` as the current request context, for everything `fn` awaits or schedules
 * too (AsyncLocalStorage): what every integration does around a request's handler.
 */
export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  // the store alone, with no synchronous context over it: one would also win over the context of
  // a callback that `fn` runs but that restores its own (`AsyncResource.bind`, a queued `next()`)
  const outer = slots.sync
  if (outer === undefined) return storage.run(context, fn)
  slots.sync = undefined
  try {
    return storage.run(context, fn)
  } finally {
    slots.sync = outer
  }
}

/**
 * Runs `fn` with `context` as the current request context for its synchronous part only: what it
 * awaits or schedules does not see it. Costs no AsyncLocalStorage: for building a response body,
 * which is synchronous, and for the handlers an app declares synchronous (the Fastify plugin's
 * `syncHandlers: true`). @internal
 */
export function runInSyncRequestContext<T>(context: RequestContext, fn: () => T): T {
  const outer = slots.sync
  slots.sync = context
  try {
    return fn()
  } finally {
    slots.sync = outer
  }
}

/**
 * Normalises a path for page URLs, a request path and an explicit `path` alike: no query or fragment,
 * no trailing `/` unless the path is `/`, and `/` for an empty path. Whatever the input holds, the
 * result is a path starting with exactly one `/` that a browser's URL parser resolves on the page's
 * own origin:
 *
 * - an absolute-form URL (`http://evil.example/p`, what a proxy-style request line gives as
 *   `req.originalUrl`) is reduced to its path (`/p`);
 * - leading `/` and `\` collapse to one `/` (`//evil.example/x` is `/evil.example/x`), and a path
 *   without a leading `/` gets one (`javascript:alert(1)` is `/javascript:alert(1)`);
 * - control characters, spaces and backslashes are percent-encoded (`/\t/evil.example` is
 *   `/%09/evil.example`: a browser strips a raw tab and would read `//evil.example`), and lone
 *   surrogates, which have no encoding, are dropped.
 */
export function normalizePath(path: string): string {
  return isNormalPath(path) ? path : normalizeSlowly(path)
}

/** `scheme://authority` at the start of an absolute-form URL. */
const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*/

function normalizeSlowly(path: string): string {
  const end = path.search(/[?#]/)
  // Lone surrogates go first: dropping one later could join two slashes (`/\ud800/evil.example`).
  let clean = dropLoneSurrogates(end === -1 ? path : path.slice(0, end))
  const absolute = ABSOLUTE_FORM.exec(clean)
  if (absolute !== null) clean = clean.slice(absolute[0].length)
  // leading slashes go, dot segments are resolved, until neither changes the path
  for (let before = ''; before !== clean;) {
    before = clean
    let start = 0
    while (start < clean.length && (clean[start] === '/' || clean[start] === '\\')) start++
    clean = withoutDotSegments(`/${clean.slice(start)}`)
  }
  clean = `/${encodeUnsafeUrlChars(clean.slice(1))}`
  let last = clean.length
  while (last > 1 && clean.charCodeAt(last - 1) === 0x2f) last--
  return last === clean.length ? clean : clean.slice(0, last)
}

/** A dot segment as a URL parser reads one: `.` or `..`, a dot possibly written `%2e`. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i

/**
 * `path` with its dot segments resolved as a URL parser resolves them (`/a/../b` -> `/b`, `/..` ->
 * `/`), so no client that resolves a link reads another path than the one sent (`/..//evil.example`
 * would become `//evil.example`).
 */
function withoutDotSegments(path: string): string {
  if (!path.includes('.') && !/%2e/i.test(path)) return path
  const out: string[] = []
  const segments = path.split('/')
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]
    if (!DOT_SEGMENT.test(segment)) {
      out.push(segment)
      continue
    }
    if (segment.length > 1 && segment !== '%2e' && segment !== '%2E' && out.length > 1) out.pop()
    // a dot segment at the end leaves a directory: `/a/b/..` -> `/a/`
    if (i === segments.length - 1) out.push('')
  }
  return out.join('/')
}

/**
 * ASCII characters a normal path may hold as is: printable, but not `#`, `?`, `\` or a character a URL
 * may not hold (`"`, `<`, `>`, `{`, `}`, `|`, `^`, backtick).
 */
const PLAIN_PATH_CHAR = new Uint8Array(128)
for (let c = 0x21; c < 0x7f; c++) PLAIN_PATH_CHAR[c] = 1
for (const c of '#?\\"<>{}|^`') PLAIN_PATH_CHAR[c.charCodeAt(0)] = 0

/**
 * The common case, already normal: `/` plus at least one character, no second leading `/`, no
 * trailing `/`, and only ASCII: no query, fragment, backslash, space or control character. One pass
 * over the characters with a table lookup, no regular expression and no allocation: every request's
 * path goes through here.
 */
function isNormalPath(path: string): boolean {
  const n = path.length
  if (n < 2 || path.charCodeAt(0) !== 0x2f || path.charCodeAt(1) === 0x2f) return false
  if (path.charCodeAt(n - 1) === 0x2f) return false
  for (let i = 1; i < n; i++) {
    const c = path.charCodeAt(i)
    if (c >= 0x80 || PLAIN_PATH_CHAR[c] === 0) return false
    // a segment starting with `.` or `%` may be a dot segment: the slow path decides
    if ((c === 0x2e || c === 0x25) && path.charCodeAt(i - 1) === 0x2f) return false
  }
  return true
}

/**
 * Builds a context from a URL as the client sent it (`/api/posts?page=2`), parsing lazily: the query
 * is read only when something asks for it.
 */
export function createRequestContext(
  url: string,
  request?: unknown,
  options?: RequestContextOptions,
): RequestContext {
  if (typeof url !== 'string')
    throw ArgumentError.badArgument(
      'url',
      "the request's URL, a string such as '/posts?page=2'",
      url,
    )
  const q = url.indexOf('?')
  const rawPath = q === -1 ? url : url.slice(0, q)
  const hash = url.indexOf('#', q === -1 ? 0 : q)
  const rawQuery = q === -1 ? '' : url.slice(q + 1, hash === -1 ? undefined : hash)
  const baseUrl = checkBaseUrl(options?.baseUrl)
  const context = new LazyRequestContext(normalizePath(rawPath), rawQuery, request)
  if (baseUrl !== undefined) context.baseUrl = baseUrl
  const bigint = checkBigintEncoding(options?.bigint)
  if (bigint !== undefined) context.bigint = bigint
  const strict = checkStrict(options?.strict)
  if (strict !== undefined) context.strict = strict
  if (options?.route !== undefined) context.routeOf = options.route
  return context
}

class LazyRequestContext implements RequestContext {
  #pairs: QueryPair[] | undefined
  #page: number | undefined
  #include: string[] | undefined
  #fields: Map<string, Set<string>> | undefined
  baseUrl: string | undefined = undefined
  bigint: BigintEncoding | undefined = undefined
  strict: boolean | undefined = undefined
  routeOf: (() => string | undefined) | undefined = undefined

  constructor(
    readonly path: string,
    readonly rawQuery: string,
    readonly request: unknown,
  ) {}

  get queryPairs(): readonly QueryPair[] {
    return (this.#pairs ??= parseQueryPairs(this.rawQuery))
  }

  get page(): number {
    // the query is split into pairs only when it needs decoding, or when something else reads them
    return (this.#page ??=
      this.#pairs === undefined
        ? (pageParamOf(this.rawQuery) ?? parsePageParam(this.queryPairs))
        : parsePageParam(this.#pairs))
  }

  get include(): readonly string[] {
    return (this.#include ??= parseIncludeParam(this.queryPairs))
  }

  get fields(): ReadonlyMap<string, ReadonlySet<string>> {
    return (this.#fields ??= parseFieldsParam(this.queryPairs))
  }

  get route(): string | undefined {
    const route = this.routeOf?.()
    return typeof route === 'string' && route !== '' ? route : undefined
  }
}

/**
 * The context for an explicit `request` argument (`toPayload(req)`): the current context when it is
 * that request's (or no request is given), else one built from the request's `originalUrl`/`url`.
 */
export function resolveRequestContext(request?: unknown): RequestContext | undefined {
  const current = tryGetRequestContext()
  if (request === undefined || request === null || current?.request === request) return current
  if (typeof request !== 'object') return current
  const { originalUrl, url } = request as { originalUrl?: unknown; url?: unknown }
  const href =
    typeof originalUrl === 'string' ? originalUrl : typeof url === 'string' ? url : undefined
  if (href === undefined) return current
  return createRequestContext(href, request, {
    baseUrl: current?.baseUrl,
    bigint: current?.bigint,
    strict: current?.strict,
  })
}
