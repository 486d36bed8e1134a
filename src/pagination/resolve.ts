import { tryGetRequestContext } from '../context'
import { ArgumentError } from '../errors/base'

/**
 * Page and path resolution (spec 4): an explicit argument wins, then the current request context,
 * then page 1 and path `/` outside a request.
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
 * else 1. A page whose offset `(page - 1) * perPage` is not a safe integer is page 1 (API.md "Bad
 * input"): the database could not be asked for it anyway. `argument` names the argument in errors.
 *
 * @example
 * // paginating an in-memory array by hand
 * const page = resolvePage(undefined, 20) // the request's ?page=, or 1
 * new LengthAwarePaginator(all.slice((page - 1) * 20, page * 20), { total: all.length, perPage: 20 })
 */
export function resolvePage(explicit?: unknown, perPage = 1, argument = 'page'): number {
  let page: number
  if (explicit !== undefined) {
    if (typeof explicit !== 'number' || !Number.isInteger(explicit) || explicit < 1)
      throw ArgumentError.page(explicit, argument)
    page = explicit
  } else {
    page = tryGetRequestContext()?.page ?? 1
  }
  return Number.isSafeInteger((page - 1) * perPage) ? page : 1
}

/** The offset of the first row of `page`. */
export function offsetOf(page: number, perPage: number): number {
  return (page - 1) * perPage
}

/**
 * The path page URLs are built on: an explicit `path` normalised like a request path (no trailing `/`
 * unless it is `/`, no fragment; a query it carries is kept and continued with `&`), else the request
 * path, else `/`.
 */
export function resolvePath(explicit?: unknown): string {
  if (explicit === undefined) return tryGetRequestContext()?.path ?? '/'
  if (typeof explicit !== 'string') throw ArgumentError.path(explicit)
  const hash = explicit.indexOf('#')
  const withoutFragment = hash === -1 ? explicit : explicit.slice(0, hash)
  const q = withoutFragment.indexOf('?')
  const base = q === -1 ? withoutFragment : withoutFragment.slice(0, q)
  const query = q === -1 ? '' : withoutFragment.slice(q)
  let clean = base
  while (clean.length > 1 && clean.endsWith('/')) clean = clean.slice(0, -1)
  if (clean === '') clean = '/'
  return query.length > 1 ? clean + query : clean
}
