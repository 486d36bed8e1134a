import type { SelectQueryBuilder } from 'kysely'
import type { LengthAwarePaginator } from '../../pagination/length-aware-paginator'
import type { Paginator } from '../../pagination/paginator'
import type { Cursor } from '../../pagination/cursor'
import type { CursorPaginator } from '../../pagination/cursor-paginator'
import { cursorPaginateQuery, type CursorPaginateOptions } from '../../pagination/cursor-query'
import {
  kyselyColumnsWithSchema,
  kyselyCursorColumns,
  kyselyCursorQuery,
  kyselyFamily,
} from './kysely-cursor-query'
import type { BasePaginator } from '../../pagination/base-paginator'
import { paginatePageQuery, simplePaginatePageQuery } from '../../pagination/page-query'
import type { PageQuery, PaginateOptions, SimplePaginateOptions } from '../../pagination/page-query'
import { cursorSecretOf, type QueryPlan } from '../../query/plan'
import { assertKyselyQuery, kyselyPageQuery } from './kysely-page-query'
import { isQueryPlan } from '../../query/apply'
import { planned, type KyselyPlanLoadOptions } from './kysely-query-plan'

/**
 * Runs a Kysely select query as one page: `select count(*)` over the query (without its ORDER BY,
 * LIMIT and OFFSET), then the page's rows with LIMIT/OFFSET. No row query when the count is 0.
 * The page is `page` when given, else the request's `?page=` (1 outside a request).
 * `options.total`: a number, a function returning one, or `'estimate'` (see the Knex adapter).
 * Given a query plan instead of `perPage`: `paginate(query, plan, { db, relations })` applies the
 * plan and loads its includes in batches (see the Knex adapter); likewise `simplePaginate` and
 * `cursorPaginate` (its cursor then bound to the plan's order).
 *
 * @example
 * import { paginate } from 'api-resources/kysely'
 * const posts = await paginate(db.selectFrom('posts').selectAll().orderBy('id'), 15)
 */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  perPage: number | QueryPlan,
  page?: number | (PaginateOptions & KyselyPlanLoadOptions),
  options?: PaginateOptions,
): Promise<LengthAwarePaginator<O>> {
  return pageOf('paginate', paginatePageQuery, query, perPage, page, options)
}

/**
 * Runs a Kysely select query as one simple page: a single query of `perPage + 1` rows (no COUNT).
 *
 * @example
 * import { simplePaginate } from 'api-resources/kysely'
 * const feed = await simplePaginate(db.selectFrom('events').selectAll().orderBy('id', 'desc'), 50)
 */
export async function simplePaginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  perPage: number | QueryPlan,
  page?: number | (SimplePaginateOptions & KyselyPlanLoadOptions),
  options?: SimplePaginateOptions,
): Promise<Paginator<O>> {
  return pageOf('simplePaginate', simplePaginatePageQuery, query, perPage, page, options)
}

/** A page of `query` by `pager` (length-aware or simple); with a plan, the plan's page. */
function pageOf<DB, TB extends keyof DB, O, P extends BasePaginator<O>>(
  fn: string,
  pager: (
    query: PageQuery<O>,
    perPage: number,
    page?: number,
    options?: PaginateOptions,
  ) => Promise<P>,
  query: SelectQueryBuilder<DB, TB, O>,
  perPage: number | QueryPlan,
  page?: number | (PaginateOptions & KyselyPlanLoadOptions),
  options?: PaginateOptions,
): Promise<P> {
  assertKyselyQuery(fn, query)
  if (!isQueryPlan(perPage)) return pager(kyselyPageQuery(query), perPage, page as number, options)
  const opts = typeof page === 'object' ? page : {}
  return planned(anySelect(query), perPage, opts, (q, size) =>
    pager(kyselyPageQuery(q as unknown as typeof query), size, undefined, opts),
  )
}

/**
 * Runs a Kysely select query as one cursor page: a single query of `perPage + 1` rows after (or
 * before) the cursor, no COUNT. The cursor's columns are the query's own `orderBy` columns, each
 * with its direction; end the order with a unique column. An order column may hold NULL: rows keep
 * the database's NULL order (or the query's `nullsFirst()`/`nullsLast()`). `cursor` is an encoded
 * string, a `Cursor` or `null` (the first page); left out, the request's `?cursor=`.
 *
 * @example
 * import { cursorPaginate } from 'api-resources/kysely'
 * const page = await cursorPaginate(db.selectFrom('posts').selectAll().orderBy('id', 'desc'), 15)
 */
export async function cursorPaginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  perPage: number | QueryPlan,
  cursor?: Cursor | string | null | (CursorPaginateOptions & KyselyPlanLoadOptions),
  options?: CursorPaginateOptions,
): Promise<CursorPaginator<O>> {
  assertKyselyQuery('cursorPaginate', query)
  if (isQueryPlan(perPage)) {
    const opts = (isOptions(cursor) ? cursor : {}) as CursorPaginateOptions & KyselyPlanLoadOptions
    const bound = { ...opts, cursorSecret: cursorSecretOf(perPage, opts.cursorSecret) }
    return planned(anySelect(query), perPage, opts, (q, size) =>
      cursorPaginate(q as unknown as typeof query, size, undefined, bound),
    )
  }
  return cursorPaginateRows(query, perPage, cursor as Cursor | string | null | undefined, options)
}

function isOptions(value: unknown): value is object {
  return typeof value === 'object' && value !== null && value.constructor === Object
}

function anySelect<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<never, never, unknown> {
  return query as unknown as SelectQueryBuilder<never, never, unknown>
}

async function cursorPaginateRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  perPage: number,
  cursor?: Cursor | string | null,
  options?: CursorPaginateOptions,
): Promise<CursorPaginator<O>> {
  const select = query as unknown as SelectQueryBuilder<never, never, O>
  const family = kyselyFamily(select)
  const columns = await kyselyColumnsWithSchema(
    select,
    kyselyCursorColumns('cursorPaginate', select, family),
    family,
  )
  return cursorPaginateQuery(
    kyselyCursorQuery(select, columns, family),
    columns,
    perPage,
    cursor,
    options,
  )
}
