import { linkBase, normalizePath, tryGetRequestContext } from '../context/request-context'
import { noteMissingRequestContext } from '../context/no-context-warning'
import { dropLoneSurrogates, encodeUnsafeUrlChars, parsePageParam } from '../context/parse-query'
import { ArgumentError } from '../errors/base'

/**
 * Page and path resolution: an explicit argument wins, then the current request context, then page 1
 * and path `/` outside a request (with a one-time process warning outside production).
 *
 * @internal
 */

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1
}

/** Throws unless `perPage` is a safe integer >= 1. */
export function assertPerPage(perPage: unknown): asserts perPage is number {
  if (!isPositiveInteger(perPage)) throw ArgumentError.perPage(perPage)
}

/**
 * The current page: `explicit` when given (an integer >= 1 whose offset `(page - 1) * perPage` is a
 * safe integer, else an `ArgumentError`), else the request's `?page=`, else 1. A request's page
 * whose offset is not a safe integer is page 1: the database could not be asked for it anyway. `argument` names the argument in errors; `pageName` is the
 * request parameter the page is read from.
 *
 * @example
 * // paginating an in-memory array by hand
 * const page = resolvePage(undefined, 20) // the request's ?page=, or 1
 * new LengthAwarePaginator(all.slice((page - 1) * 20, page * 20), { total: all.length, perPage: 20 })
 */
export function resolvePage(
  explicit?: unknown,
  perPage = 1,
  argument = 'page',
  pageName = 'page',
): number {
  let page: number
  if (explicit !== undefined) {
    if (typeof explicit !== 'number' || !Number.isInteger(explicit) || explicit < 1)
      throw ArgumentError.page(explicit, argument)
    // a page the programmer asked for is never replaced by page 1, as a client's `?page=` is
    if (!Number.isSafeInteger((explicit - 1) * perPage))
      throw ArgumentError.page(explicit, argument, perPage)
    page = explicit
  } else {
    const context = tryGetRequestContext()
    if (context === undefined) noteMissingRequestContext()
    page =
      context === undefined
        ? 1
        : pageName === 'page'
          ? context.page
          : parsePageParam(context.queryPairs, pageName)
  }
  return Number.isSafeInteger((page - 1) * perPage) ? page : 1
}

/**
 * A page or cursor parameter name: `fallback` when not given, else a non-empty string that can be
 * percent-encoded (no lone surrogate). @internal
 */
export function parameterName(argument: string, value: unknown, fallback: string): string {
  if (value === undefined) return fallback
  if (typeof value !== 'string' || value === '' || !encodable(value))
    throw ArgumentError.pageName(value, argument)
  return value
}

function encodable(text: string): boolean {
  try {
    encodeURIComponent(text)
    return true
  } catch {
    return false
  }
}

/** The offset of the first row of `page`. */
export function offsetOf(page: number, perPage: number): number {
  return (page - 1) * perPage
}

/** A scheme at the start of a URL, as a URL parser reads it (tab, CR and LF are ignored there). */
// eslint-disable-next-line no-control-regex
const SCHEME = /^[\u0000-\u0020]*([A-Za-z][A-Za-z0-9+.-]*):/
/** An absolute `http:`/`https:` URL: its scheme, its authority, and the rest. */
const HTTP_URL = /^(https?):\/\/([^/?#\\]+)(.*)$/is

/**
 * The path page URLs are built on, else the request path, else `/`. An explicit `path` is normalised
 * like a request path (see `normalizePath`: dot segments resolved, no trailing `/` unless it is `/`,
 * no fragment, characters a URL may not hold percent-encoded), and a `%` that starts no
 * percent-escape is written `%25`; an absolute `http:`/`https:` URL keeps
 * its scheme, host and port, as Laravel keeps it (any other scheme is an `ArgumentError`). A query it
 * carries is kept, made inert the same way, and continued with `&`; the paginator's own parameter
 * `own` (`page`, `cursor` or their configured names) is dropped from it.
 */
export function resolvePath(explicit?: unknown, own = 'page'): string {
  if (explicit === undefined) {
    const context = tryGetRequestContext()
    if (context !== undefined) return linkBase(context)
    noteMissingRequestContext()
    return '/'
  }
  if (typeof explicit !== 'string') throw ArgumentError.path(explicit)
  const hash = explicit.indexOf('#')
  const withoutFragment = hash === -1 ? explicit : explicit.slice(0, hash)
  const q = withoutFragment.indexOf('?')
  const given = strayPercentsEncoded(withoutFragment)
  const beforeQuery = q === -1 ? given : given.slice(0, given.indexOf('?'))
  const query = q === -1 ? '' : given.slice(given.indexOf('?') + 1)
  return originAndPath(explicit, beforeQuery) + ownQueryDropped(query, own)
}

/**
 * `text` with each `%` that does not start a percent-escape written `%25` (`/50%off` is
 * `/50%25off`): a link holds only valid escapes, and one already written (`%20`) is kept.
 */
function strayPercentsEncoded(text: string): string {
  return text.includes('%') ? text.replace(/%(?![0-9A-Fa-f]{2})/g, '%25') : text
}

/** `https://host/path` for an absolute http(s) URL, else the normalised path. */
function originAndPath(explicit: string, text: string): string {
  const scheme = SCHEME.exec(text.replace(/[\t\n\r]/g, ''))
  if (scheme === null) return normalizePath(text)
  const url = HTTP_URL.exec(text.replace(/[\t\n\r]/g, '').trimStart())
  // credentials (`user:secret@`) would be printed in every link of every response
  if (url === null || url[2].includes('@')) throw ArgumentError.path(explicit)
  const authority = hostOf(explicit, dropLoneSurrogates(url[2]))
  const path = normalizePath(url[3] === '' ? '/' : url[3])
  return `${url[1].toLowerCase()}://${authority}${path === '/' ? '' : path}`
}

/**
 * The authority `host[:port]` as a link holds it: an internationalized host name in its ASCII
 * (punycode) form, as a URL parser writes it; one no parser reads is an `ArgumentError`.
 */
function hostOf(explicit: string, authority: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u007f]*$/.test(authority)) return encodeUnsafeUrlChars(authority)
  try {
    return new URL(`http://${authority}`).host
  } catch {
    throw ArgumentError.path(explicit)
  }
}

/**
 * `?query` without the parameter `own`, nor `own[...]` (`page[]=2` would turn the link's page into an
 * array), nothing when nothing is left, made inert.
 */
function ownQueryDropped(query: string, own: string): string {
  if (query === '') return ''
  const kept = query.split('&').filter((pair) => pair !== '' && !isParameter(pair, own))
  if (kept.length === 0) return ''
  return `?${encodeUnsafeUrlChars(dropLoneSurrogates(kept.join('&')))}`
}

function isParameter(pair: string, own: string): boolean {
  const eq = pair.indexOf('=')
  const key = eq === -1 ? pair : pair.slice(0, eq)
  try {
    const name = decodeURIComponent(key.replace(/\+/g, ' '))
    return name === own || name.startsWith(`${own}[`)
  } catch {
    return false
  }
}
