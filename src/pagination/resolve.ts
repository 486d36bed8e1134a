import { normalizePath, tryGetRequestContext } from '../context'
import { noteMissingRequestContext } from '../context/no-context-warning'
import { dropLoneSurrogates, encodeUnsafeUrlChars } from '../context/url-text'
import { parsePageParam } from '../context/parse-query'
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
 * The current page: `explicit` when given (it must be an integer >= 1), else the request's `?page=`,
 * else 1. A page whose offset `(page - 1) * perPage` is not a safe integer is page 1: the database
 * could not be asked for it anyway. `argument` names the argument in errors; `pageName` is the
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

/**
 * The path page URLs are built on: an explicit `path` normalised like a request path (see
 * `normalizePath`: on the page's own origin whatever it holds, no trailing `/` unless it is `/`, no
 * fragment; a query it carries is kept, made inert the same way, and continued with `&`), else the
 * request path, else `/`.
 */
export function resolvePath(explicit?: unknown): string {
  if (explicit === undefined) {
    const context = tryGetRequestContext()
    if (context !== undefined) return context.path
    noteMissingRequestContext()
    return '/'
  }
  if (typeof explicit !== 'string') throw ArgumentError.path(explicit)
  const hash = explicit.indexOf('#')
  const withoutFragment = hash === -1 ? explicit : explicit.slice(0, hash)
  const q = withoutFragment.indexOf('?')
  const path = normalizePath(q === -1 ? withoutFragment : withoutFragment.slice(0, q))
  if (q === -1 || q === withoutFragment.length - 1) return path
  return path + encodeUnsafeUrlChars(dropLoneSurrogates(withoutFragment.slice(q)))
}
