import { LengthAwarePaginator, Paginator } from '../../pagination'
import { assertPerPage, offsetOf, resolvePage } from '../../pagination/resolve'

/**
 * What an ORM adapter must supply to paginate one of its queries: a COUNT of the rows the query
 * returns (ignoring its own limit/offset/order), and one window of rows. The adapters build these from
 * the ORM's query object; the paginators themselves never touch the database (STYLE.md).
 * @internal
 */
export interface PageSource<T> {
  count(): Promise<number>
  fetch(offset: number, limit: number): Promise<T[]>
}

/**
 * Counts, then fetches the page (the fetch is skipped when the count says the page is empty) and
 * builds a `LengthAwarePaginator`; the page and path come from the request when not given.
 * @internal
 */
export async function lengthAwarePage<T>(
  source: PageSource<T>,
  perPage: number,
  page?: number,
): Promise<LengthAwarePaginator<T>> {
  assertPerPage(perPage)
  const currentPage = resolvePage(page, perPage)
  const total = await source.count()
  const offset = offsetOf(currentPage, perPage)
  const items = offset < total ? await source.fetch(offset, perPage) : []
  return new LengthAwarePaginator(items, { total, perPage, currentPage })
}

/**
 * Fetches `perPage + 1` rows, so that the extra row tells whether there is a next page, and builds a
 * simple `Paginator` without counting.
 * @internal
 */
export async function simplePage<T>(
  fetch: PageSource<T>['fetch'],
  perPage: number,
  page?: number,
): Promise<Paginator<T>> {
  assertPerPage(perPage)
  const currentPage = resolvePage(page, perPage)
  const rows = await fetch(offsetOf(currentPage, perPage), perPage + 1)
  const hasMore = rows.length > perPage
  return new Paginator(hasMore ? rows.slice(0, perPage) : rows, { perPage, currentPage, hasMore })
}

/** A database COUNT as a number: drivers return numbers, bigints or numeric strings. @internal */
export function toCount(value: unknown): number {
  const n = typeof value === 'string' || typeof value === 'bigint' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) ? n : 0
}
