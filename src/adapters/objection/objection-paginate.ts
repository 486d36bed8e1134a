import { UnsupportedQueryError } from '../../errors/base'
import type { ObjectionQueryLike } from './objection-types'
import { objectionCursorSource, type ObjectionCursorLike } from './objection-cursor'
import { knexEstimate, type KnexSqlLike } from '../orm-support/knex-like-cursor'
import { ormPaginators } from '../orm-support/orm-paginators'
import { objectionPlanSteps } from './objection-query-plan'

const SUPPORTED = 'an Objection query builder (Model.query())'

/** The parts of an Objection builder the estimate calls. */
interface ObjectionEstimateLike {
  clone(): ObjectionEstimateLike
  clearOrder(): ObjectionEstimateLike
  clear(operation: string): ObjectionEstimateLike
  toKnexQuery(): KnexSqlLike
}

/**
 * The planner's estimate of the query's rows: the Knex builder Objection makes of a copy without
 * its order, limit and offset (`toKnexQuery()`), estimated as the Knex adapter does. Undefined for
 * a builder without `toKnexQuery()`: it counts exactly.
 */
function objectionEstimate(query: ObjectionQueryLike): Promise<number | undefined> {
  const q = query as unknown as Partial<ObjectionEstimateLike>
  if (typeof q.toKnexQuery !== 'function') return Promise.resolve(undefined)
  const unpaged = (q as ObjectionEstimateLike).clone().clearOrder().clear('limit').clear('offset')
  return knexEstimate(unpaged.toKnexQuery())
}

/**
 * Does the query load a graph with `withGraphJoined()`: one row per joined row, which a LIMIT and a
 * COUNT would page and count instead of the models (short pages, a wrong total)?
 */
function joinsGraph(query: object): boolean {
  const find = (query as { findOperation?: (name: string) => unknown }).findOperation
  if (typeof find !== 'function') return false
  const eager = find.call(query, 'eager') as { joiner?: unknown } | null | undefined
  return eager != null && 'joiner' in eager
}

const objection = ormPaginators<'objection'>({
  supported: SUPPORTED,
  methods: ['resultSize', 'clone'],
  accepts: (query, fn) => {
    if (joinsGraph(query))
      throw UnsupportedQueryError.unsupportedQuery(
        fn,
        'a query whose graph is fetched (withGraphFetched(): its own queries for the page)',
        query,
        'a query with withGraphJoined(), whose rows are the joined rows, not the models',
      )
    return (
      fn !== 'cursorPaginate' ||
      typeof (query as Partial<ObjectionCursorLike>).toKnexQuery === 'function'
    )
  },
  pages: (query) => ({
    estimate: () => objectionEstimate(query),
    count: () => query.clone().resultSize(),
    fetch: async (offset, limit) => query.clone().offset(offset).limit(limit),
  }),
  plan: objectionPlanSteps,
  cursor: objectionCursorSource,
})

/**
 * Runs an Objection query one page at a time: `resultSize()` (Objection's COUNT over the query as a
 * subquery, so joins, filters and groupings count what the query returns) and then the page.
 * Eager loading (`withGraphFetched`) applies to the page's models. The query is not modified.
 *
 * Given a query plan (`queryPlan(Resource)`) instead of `perPage`, `paginate(query, plan, options?)`
 * adds the plan's conditions as `where` calls (values bound), replaces the order with the plan's,
 * takes its page size, loads its includes with one `withGraphFetched` (one query per relation path
 * segment for the page; to-many relations ordered by the related key) and its counts with one query
 * of `relatedQuery(relation).count()` subqueries for the page, and carries its accepted parameters
 * into every page link. `simplePaginate` and `cursorPaginate` take a plan the same way (the cursor
 * follows the plan's order, and a cursor made for another `sort` is an `InvalidCursorError`).
 *
 * @example
 * const page = await paginate(Post.query().joinRelated('author').where('author.active', true), 15)
 * const planned = await paginate(Post.query(), queryPlan(PostResource)) // ?include=author&sort=-id...
 */
export const paginate = objection.paginate

/**
 * Like {@link paginate} without the COUNT: fetches `perPage + 1` models to know whether a next
 * page exists.
 *
 * @example
 * const page = await simplePaginate(Post.query().orderBy('id'), 15)
 */
export const simplePaginate = objection.simplePaginate

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
export const cursorPaginate = objection.cursorPaginate
