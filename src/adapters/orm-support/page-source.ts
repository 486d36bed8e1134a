import type { LengthAwarePaginator, Paginator } from '../../pagination'
import {
  paginatePageQuery,
  simplePaginatePageQuery,
  type PageQuery,
} from '../../pagination/page-query'

/**
 * What an ORM adapter must supply to paginate one of its queries: a COUNT of the rows the query
 * returns (ignoring its own limit/offset/order), and one page of rows. The same two steps the Knex
 * and Kysely adapters supply; the paginators themselves never touch the database.
 */
export type PageSource<T> = PageQuery<T>

/** Counts, then fetches the page (skipped when it is empty): a `LengthAwarePaginator`. @internal */
export function lengthAwarePage<T>(
  source: PageSource<T>,
  perPage: number,
  page?: number,
): Promise<LengthAwarePaginator<T>> {
  return paginatePageQuery(source, perPage, page)
}

/** Fetches `perPage + 1` rows, the extra one telling whether a next page exists. @internal */
export function simplePage<T>(
  fetch: PageSource<T>['fetch'],
  perPage: number,
  page?: number,
): Promise<Paginator<T>> {
  return simplePaginatePageQuery({ fetch }, perPage, page)
}
