import type { LengthAwarePaginator, Paginator } from '../../pagination'
import type { Cursor } from '../../pagination/cursor'
import type { CursorPaginator } from '../../pagination/cursor-paginator'
import {
  cursorPaginateQuery,
  type CursorColumn,
  type CursorPaginateOptions,
  type CursorQuery,
} from '../../pagination/cursor-query'
import { paginatePageQuery, simplePaginatePageQuery } from '../../pagination/page-query'
import type { PageSource } from './page-source'

/** The cursor step of an ORM query: its order columns and the keyset fetch. @internal */
export interface CursorSource<T> extends CursorQuery<T> {
  readonly columns: readonly CursorColumn[]
}

/**
 * How one ORM adapter pages its queries: a check that `query` is one of its queries (throwing an
 * `UnsupportedQueryError` naming `fn` when not), then the steps each paginator runs. The query is
 * never modified: every step works on a copy. @internal
 */
export interface OrmPageAdapter<Q> {
  check(fn: string, query: unknown): void
  /** COUNT and page fetch: `paginate()`. */
  pages(query: Q): PageSource<unknown>
  /** The page fetch alone: `simplePaginate()`. Defaults to the fetch of `pages()`. */
  window?(query: Q): PageSource<unknown>['fetch']
  /** Order columns and keyset fetch: `cursorPaginate()` (`fn` names it in errors). */
  cursor(query: Q, fn: string): CursorSource<unknown>
}

/** The arguments after the query of `paginate()` and `simplePaginate()`. */
export type PageArgs = [perPage: number, page?: number]

/** The arguments after the query of `cursorPaginate()`. */
export type CursorArgs = [
  perPage: number,
  cursor?: Cursor | string | null,
  options?: CursorPaginateOptions,
]

/** The three paginators of an ORM adapter, typed by the caller's query type. @internal */
export interface OrmPaginators<Q> {
  paginate<T>(query: Q, ...args: PageArgs): Promise<LengthAwarePaginator<T>>
  simplePaginate<T>(query: Q, ...args: PageArgs): Promise<Paginator<T>>
  cursorPaginate<T>(query: Q, ...args: CursorArgs): Promise<CursorPaginator<T>>
}

/**
 * `paginate`, `simplePaginate` and `cursorPaginate` over an adapter's page steps: the same
 * paginators (and the same checks) for every ORM, only the way each reads its query differs.
 * @internal
 */
export function ormPaginators<Q>(adapter: OrmPageAdapter<Q>): OrmPaginators<Q> {
  return {
    paginate: async <T>(query: Q, perPage: number, page?: number) => {
      adapter.check('paginate', query)
      const source = adapter.pages(query) as PageSource<T>
      return paginatePageQuery(source, perPage, page)
    },
    simplePaginate: async <T>(query: Q, perPage: number, page?: number) => {
      adapter.check('simplePaginate', query)
      const fetch = adapter.window?.(query) ?? adapter.pages(query).fetch
      return simplePaginatePageQuery({ fetch: fetch as PageSource<T>['fetch'] }, perPage, page)
    },
    cursorPaginate: async <T>(query: Q, ...[perPage, cursor, options]: CursorArgs) => {
      adapter.check('cursorPaginate', query)
      const source = adapter.cursor(query, 'cursorPaginate') as CursorSource<T>
      return cursorPaginateQuery(source, source.columns, perPage, cursor, options)
    },
  }
}
