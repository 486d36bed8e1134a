import type { Knex } from 'knex'
import type { LengthAwarePaginator } from '../../pagination/length-aware-paginator'
import type { Paginator } from '../../pagination/paginator'
import type { Cursor } from '../../pagination/cursor'
import type { CursorPaginator } from '../../pagination/cursor-paginator'
import { cursorPaginateQuery, type CursorPaginateOptions } from '../../pagination/cursor-query'
import type { CursorQuery } from '../../pagination/cursor-query'
import type { BasePaginator } from '../../pagination/base-paginator'
import { paginatePageQuery, simplePaginatePageQuery } from '../../pagination/page-query'
import type { PageQuery, PaginateOptions, SimplePaginateOptions } from '../../pagination/page-query'
import { cursorSecretOf, type QueryPlan } from '../../query/plan'
import { assertKnexQuery, knexPageQuery } from './knex-page-query'
import { isQueryPlan, type PlanLoadOptions } from '../../query/apply'
import { planned, type PlannedPaginateOptions } from './knex-query-plan'
import {
  knexColumnsWithSchema,
  knexCursorColumns,
  type KnexInternals,
  knexLikeCursorQuery,
  type KnexLikeBuilder,
} from '../orm-support/knex-like-cursor'

/** The row type a Knex builder resolves to. */
export type KnexRow<Q> = Awaited<Q> extends readonly (infer R)[] ? R : unknown

/**
 * Runs a Knex select query as one page: `select count(*)` over the query (without its ORDER BY,
 * LIMIT and OFFSET), then the page's rows with LIMIT/OFFSET. No row query when the count is 0.
 * The page is `page` when given, else the request's `?page=` (1 outside a request).
 * `options.total` replaces the COUNT: a number, a function returning one, or `'estimate'` (the
 * planner's estimate on PostgreSQL and MySQL/MariaDB, marked `total_is_estimate`; an exact COUNT
 * elsewhere).
 *
 * Given a query plan (`queryPlan(Resource)`) instead of `perPage`, `paginate(query, plan, options?)`
 * applies the plan's WHERE and ORDER BY, takes its page size, loads its includes and counts through
 * `options.relations` (one query per include path segment for the page) and carries its accepted
 * parameters into every page link. `simplePaginate` and `cursorPaginate` take a plan the same way.
 *
 * @example
 * import { paginate } from 'api-resources/knex'
 * const posts = await paginate(db('posts').where('published', true).orderBy('id'), 15)
 * res.json(posts) // the page JSON
 */
export async function paginate<Q extends Knex.QueryBuilder>(
  query: Q,
  perPage: number | QueryPlan,
  page?: number | PlannedPaginateOptions,
  options?: PaginateOptions,
): Promise<LengthAwarePaginator<KnexRow<Q>>> {
  return pageOf('paginate', paginatePageQuery, query, perPage, page, options)
}

/**
 * Runs a Knex select query as one simple page: a single query of `perPage + 1` rows (no COUNT);
 * the extra row says whether a next page exists.
 *
 * @example
 * import { simplePaginate } from 'api-resources/knex'
 * const feed = await simplePaginate(db('events').orderBy('id', 'desc'), 50)
 */
export async function simplePaginate<Q extends Knex.QueryBuilder>(
  query: Q,
  perPage: number | QueryPlan,
  page?: number | (SimplePaginateOptions & PlanLoadOptions),
  options?: SimplePaginateOptions,
): Promise<Paginator<KnexRow<Q>>> {
  return pageOf('simplePaginate', simplePaginatePageQuery, query, perPage, page, options)
}

/** A page of `query` by `pager` (length-aware or simple); with a plan, the plan's page. */
function pageOf<Q extends Knex.QueryBuilder, P extends BasePaginator<KnexRow<Q>>>(
  fn: string,
  pager: (
    query: PageQuery<KnexRow<Q>>,
    perPage: number,
    page?: number,
    options?: PaginateOptions,
  ) => Promise<P>,
  query: Q,
  perPage: number | QueryPlan,
  page?: number | PlannedPaginateOptions,
  options?: PaginateOptions,
): Promise<P> {
  assertKnexQuery(fn, query)
  if (!isQueryPlan(perPage)) return pager(knexPageQuery(query), perPage, page as number, options)
  const opts = typeof page === 'object' ? page : {}
  return planned(query, perPage, opts, (q, size) => pager(knexPageQuery(q), size, undefined, opts))
}

/**
 * Runs a Knex select query as one cursor page: a single query of `perPage + 1` rows after (or
 * before) the cursor, no COUNT. The cursor's columns are the query's own `orderBy` columns, each
 * with its direction; end the order with a unique column so that no two rows share a cursor. An
 * order column may hold NULL: rows keep the database's NULL order (or the query's `nulls first/last`).
 * `cursor` is an encoded string, a `Cursor` or `null` (the first page); left out, the request's
 * `?cursor=`. A cursor that does not decode, or names other columns, is an `InvalidCursorError`.
 * With a query plan, the cursor is bound to the plan's order: a cursor made for another `sort` is
 * an `InvalidCursorError` too.
 *
 * @example
 * import { cursorPaginate } from 'api-resources/knex'
 * const page = await cursorPaginate(db('posts').orderBy('created_at', 'desc').orderBy('id', 'desc'), 15)
 * res.json(PostResource.collection(page)) // links.next carries ?cursor=...
 */
export async function cursorPaginate<Q extends Knex.QueryBuilder>(
  query: Q,
  perPage: number | QueryPlan,
  cursor?: Cursor | string | null | (CursorPaginateOptions & PlanLoadOptions),
  options?: CursorPaginateOptions,
): Promise<CursorPaginator<KnexRow<Q>>> {
  assertKnexQuery('cursorPaginate', query)
  if (isQueryPlan(perPage)) {
    const opts = (isOptions(cursor) ? cursor : {}) as CursorPaginateOptions & PlanLoadOptions
    const bound = { ...opts, cursorSecret: cursorSecretOf(perPage, opts.cursorSecret) }
    return planned(query, perPage, opts, (q, size) =>
      cursorPaginate(q as Q, size, undefined, bound),
    )
  }
  return cursorPaginateRows(query, perPage, cursor as Cursor | string | null | undefined, options)
}

function isOptions(value: unknown): value is object {
  return typeof value === 'object' && value !== null && value.constructor === Object
}

async function cursorPaginateRows<Q extends Knex.QueryBuilder>(
  query: Q,
  perPage: number,
  cursor?: Cursor | string | null,
  options?: CursorPaginateOptions,
): Promise<CursorPaginator<KnexRow<Q>>> {
  const internals = query as unknown as KnexInternals
  const columns = await knexColumnsWithSchema(
    internals,
    knexCursorColumns('cursorPaginate', internals),
  )
  return cursorPaginateQuery(knexCursorQuery<KnexRow<Q>>(query), columns, perPage, cursor, options)
}

/**
 * A copy of `query` without its order, limit and offset. Knex keeps a limit and an offset in
 * `_single`; clearing one the query does not have would filter all its statements for nothing.
 */
function unpaged(query: Knex.QueryBuilder): KnexLikeBuilder {
  const page = query.clone().clearOrder()
  const single = (query as unknown as KnexInternals)._single ?? {}
  if ('limit' in single) page.clear('limit')
  if ('offset' in single) page.clear('offset')
  return page as unknown as KnexLikeBuilder
}

/** The cursor query step of a Knex query (which the caller's query never sees: it is cloned). */
export function knexCursorQuery<T>(query: Knex.QueryBuilder): CursorQuery<T> {
  return knexLikeCursorQuery<T, KnexLikeBuilder>(
    () => unpaged(query),
    query as unknown as KnexInternals,
    (page, limit) => (page as unknown as Knex.QueryBuilder).limit(limit),
  )
}
