import { UnsupportedQueryError } from '../../errors/pagination-errors'
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

/** The cursor step of an ORM query: its order columns and the keyset fetch. */
export interface CursorSource<T> extends CursorQuery<T> {
  readonly columns: readonly CursorColumn[]
}

/**
 * How one ORM adapter pages its queries: a check that `query` is one of its queries (throwing an
 * `UnsupportedQueryError` naming `fn` when not), then the steps each paginator runs. The query is
 * never modified: every step works on a copy.
 */
export interface OrmPageAdapter<Q> {
  /** What the adapter accepts, for the `UnsupportedQueryError` of anything else. */
  readonly supported: string
  /** The query's members every paginator calls (`clone`, `getMany`...): all must be functions. */
  readonly methods?: readonly string[]
  /** Further checks (another object than the query, members of one paginator). */
  accepts?(query: object, fn: string): boolean
  /** COUNT and page fetch: `paginate()`. */
  pages(query: Q): PageSource<unknown>
  /** The page fetch alone: `simplePaginate()`. Defaults to the fetch of `pages()`. */
  window?(query: Q): PageSource<unknown>['fetch']
  /**
   * Order columns and keyset fetch: `cursorPaginate()` (`fn` names it in errors). A promise when
   * the adapter first loads its ORM's module.
   */
  cursor(query: Q, fn: string): CursorSource<unknown> | Promise<CursorSource<unknown>>
}

/** The arguments after the query of `paginate()` and `simplePaginate()`. */
export type PageArgs = [perPage: number, page?: number]

/** The arguments after the query of `cursorPaginate()`. */
export type CursorArgs = [
  perPage: number,
  cursor?: Cursor | string | null,
  options?: CursorPaginateOptions,
]

/**
 * The query type of each ORM adapter for rows of type `T`, by adapter name: each adapter adds its
 * own entry (`declare module`), so that its paginators keep their `<T>(query: Query<T>)` typing.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars -- filled in by the adapters
export interface OrmQueries<T> {}

/** The three paginators of an ORM adapter, typed by the caller's query type. */
export interface OrmPaginators<K extends keyof OrmQueries<unknown>> {
  paginate<T>(query: OrmQueries<T>[K], ...args: PageArgs): Promise<LengthAwarePaginator<T>>
  simplePaginate<T>(query: OrmQueries<T>[K], ...args: PageArgs): Promise<Paginator<T>>
  cursorPaginate<T>(query: OrmQueries<T>[K], ...args: CursorArgs): Promise<CursorPaginator<T>>
}

/** Refuses what is not one of the adapter's queries, with an `UnsupportedQueryError` naming `fn`. */
function check(adapter: OrmPageAdapter<unknown>, fn: string, query: unknown): void {
  const ok =
    typeof query === 'object' &&
    query !== null &&
    (adapter.methods ?? []).every(
      (name) => typeof (query as Record<string, unknown>)[name] === 'function',
    ) &&
    (adapter.accepts?.(query, fn) ?? true)
  if (!ok) throw UnsupportedQueryError.unsupportedQuery(fn, adapter.supported, query)
}

/**
 * `paginate`, `simplePaginate` and `cursorPaginate` over an adapter's page steps: the same
 * paginators (and the same checks) for every ORM, only the way each reads its query differs.
 */
export function ormPaginators<K extends keyof OrmQueries<unknown>>(
  adapter: OrmPageAdapter<OrmQueries<unknown>[K]>,
): OrmPaginators<K> {
  type Q = OrmQueries<unknown>[K]
  return {
    paginate: async <T>(query: OrmQueries<T>[K], perPage: number, page?: number) => {
      check(adapter, 'paginate', query)
      const source = adapter.pages(query as Q) as PageSource<T>
      return paginatePageQuery(source, perPage, page)
    },
    simplePaginate: async <T>(query: OrmQueries<T>[K], perPage: number, page?: number) => {
      check(adapter, 'simplePaginate', query)
      const fetch = adapter.window?.(query as Q) ?? adapter.pages(query as Q).fetch
      return simplePaginatePageQuery({ fetch: fetch as PageSource<T>['fetch'] }, perPage, page)
    },
    cursorPaginate: async <T>(
      query: OrmQueries<T>[K],
      ...[perPage, cursor, options]: CursorArgs
    ) => {
      check(adapter, 'cursorPaginate', query)
      const source = (await adapter.cursor(query as Q, 'cursorPaginate')) as CursorSource<T>
      return cursorPaginateQuery(source, source.columns, perPage, cursor, options)
    },
  }
}
