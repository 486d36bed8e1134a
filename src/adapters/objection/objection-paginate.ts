import {
  knexCursorColumns,
  knexLikeCursorQuery,
  knexNullsAreLargest,
  type KnexInternals,
  type KnexLikeBuilder,
} from '../orm-support/knex-like-cursor'
import { ormPaginators } from '../orm-support/orm-paginators'
import type { ObjectionQueryLike } from './objection-types'
import { UnsupportedQueryError } from '../../errors/pagination-errors'
import type { LengthAwarePaginator, Paginator } from '../../pagination'
import type { Cursor } from '../../pagination/cursor'
import type { CursorPaginator } from '../../pagination/cursor-paginator'
import type { CursorPaginateOptions } from '../../pagination/cursor-query'
import type { PaginateOptions, SimplePaginateOptions } from '../../pagination/page-query'
import { isQueryPlan } from '../../query/apply'
import type { QueryPlan } from '../../query/plan'
import {
  plannedObjectionCursorPage,
  plannedObjectionPage,
  plannedObjectionSimplePage,
} from './objection-query-plan'

const SUPPORTED = 'an Objection query builder (Model.query())'

/** The parts of an Objection builder the cursor step uses besides those of every query. */
interface ObjectionCursorLike extends ObjectionQueryLike {
  toKnexQuery(): KnexInternals
  clearOrder(): ObjectionCursorLike
  clear(operation: string): ObjectionCursorLike
}

const objection = ormPaginators<'objection'>({
  supported: SUPPORTED,
  methods: ['resultSize', 'clone'],
  accepts: (query, fn) =>
    fn !== 'cursorPaginate' ||
    typeof (query as Partial<ObjectionCursorLike>).toKnexQuery === 'function',
  pages: (query) => ({
    count: () => query.clone().resultSize(),
    fetch: async (offset, limit) => query.clone().offset(offset).limit(limit),
  }),
  cursor(query, fn) {
    // Objection builds on Knex: its statements are a Knex builder's, and so is its WHERE/ORDER API
    const q = query as ObjectionCursorLike
    const knex = q.toKnexQuery()
    const page = () =>
      (q.clone() as ObjectionCursorLike).clearOrder().clear('limit').clear('offset')
    const source = knexLikeCursorQuery(
      () => page() as unknown as KnexLikeBuilder,
      knexNullsAreLargest(knex),
      (builder, limit) => (builder as unknown as ObjectionQueryLike).limit(limit),
    )
    return { columns: knexCursorColumns(fn, knex), fetch: source.fetch }
  },
})

/**
 * Runs an Objection query one page at a time: `resultSize()` (Objection's COUNT over the query as a
 * subquery, so joins, filters and groupings count what the query returns) and then the page.
 * Eager loading (`withGraphFetched`) applies to the page's models. The query is not modified.
 *
 * @example
 * const page = await paginate(Post.query().joinRelated('author').where('author.active', true), 15)
 */
export function paginate<T>(
  query: ObjectionQueryLike<T>,
  perPage: number,
  page?: number,
): Promise<LengthAwarePaginator<T>>
export function paginate<T>(
  query: ObjectionQueryLike<T>,
  plan: QueryPlan,
  options?: PaginateOptions,
): Promise<LengthAwarePaginator<T>>
export async function paginate<T>(
  query: ObjectionQueryLike<T>,
  perPage: number | QueryPlan,
  page?: number | PaginateOptions,
): Promise<LengthAwarePaginator<T>> {
  if (!isQueryPlan(perPage)) return objection.paginate(query, perPage, page as number | undefined)
  assertPlannable('paginate', query)
  return plannedObjectionPage(query, perPage, optionsOf(page))
}

/**
 * Like {@link paginate} without the COUNT: fetches `perPage + 1` models to know whether a next
 * page exists.
 *
 * @example
 * const page = await simplePaginate(Post.query().orderBy('id'), 15)
 */
export function simplePaginate<T>(
  query: ObjectionQueryLike<T>,
  perPage: number,
  page?: number,
): Promise<Paginator<T>>
export function simplePaginate<T>(
  query: ObjectionQueryLike<T>,
  plan: QueryPlan,
  options?: SimplePaginateOptions,
): Promise<Paginator<T>>
export async function simplePaginate<T>(
  query: ObjectionQueryLike<T>,
  perPage: number | QueryPlan,
  page?: number | SimplePaginateOptions,
): Promise<Paginator<T>> {
  if (!isQueryPlan(perPage))
    return objection.simplePaginate(query, perPage, page as number | undefined)
  assertPlannable('simplePaginate', query)
  return plannedObjectionSimplePage(query, perPage, optionsOf(page))
}

/**
 * One cursor page of an Objection query: a single query of `perPage + 1` models after (or before)
 * the cursor, no COUNT. The cursor columns are the query's `orderBy` columns (mixed directions,
 * `nulls first/last`, qualified or aliased columns, NULL values), as with the Knex adapter; end the
 * order with a unique column. A cursor that does not decode or names other columns is an
 * `InvalidCursorError`; an `orderByRaw` or an expression is an `ArgumentError`.
 *
 * @example
 * const page = await cursorPaginate(Post.query().orderBy('created_at', 'desc').orderBy('id', 'desc'), 15)
 */
export function cursorPaginate<T>(
  query: ObjectionQueryLike<T>,
  perPage: number,
  cursor?: Cursor | string | null,
  options?: CursorPaginateOptions,
): Promise<CursorPaginator<T>>
export function cursorPaginate<T>(
  query: ObjectionQueryLike<T>,
  plan: QueryPlan,
  options?: CursorPaginateOptions,
): Promise<CursorPaginator<T>>
export async function cursorPaginate<T>(
  query: ObjectionQueryLike<T>,
  perPage: number | QueryPlan,
  cursor?: Cursor | string | null | CursorPaginateOptions,
  options?: CursorPaginateOptions,
): Promise<CursorPaginator<T>> {
  if (!isQueryPlan(perPage))
    return objection.cursorPaginate(query, perPage, cursor as Cursor | string | null, options)
  assertPlannable('cursorPaginate', query)
  return plannedObjectionCursorPage(query, perPage, optionsOf(cursor), (q, size, o) =>
    objection.cursorPaginate(q, size, undefined, o),
  )
}

/** The options argument of a planned call (anything else there: no options). */
function optionsOf<O extends object>(value: unknown): O {
  return (
    typeof value === 'object' && value !== null && value.constructor === Object ? value : {}
  ) as O
}

/** A plan needs the query's model class (`Model.query()`): anything else is refused. */
function assertPlannable(fn: string, query: unknown): void {
  const q = query as Partial<Record<'clone' | 'resultSize' | 'modelClass', unknown>> | null
  if (
    typeof q !== 'object' ||
    q === null ||
    typeof q.clone !== 'function' ||
    typeof q.resultSize !== 'function' ||
    typeof q.modelClass !== 'function'
  )
    throw UnsupportedQueryError.unsupportedQuery(fn, SUPPORTED, query)
}
