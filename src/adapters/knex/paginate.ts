import type { Knex } from 'knex'
import type { LengthAwarePaginator, Paginator } from '../../pagination'
import { paginatePageQuery, simplePaginatePageQuery } from '../../pagination/page-query'
import { assertKnexQuery, knexPageQuery } from './knex-page-query'

/** The row type a Knex builder resolves to. */
export type KnexRow<Q> = Awaited<Q> extends readonly (infer R)[] ? R : unknown

/**
 * Runs a Knex select query as one page: `select count(*)` over the query (without its ORDER BY,
 * LIMIT and OFFSET), then the page's rows with LIMIT/OFFSET. No row query when the count is 0.
 * The page is `page` when given, else the request's `?page=` (1 outside a request).
 *
 * @example
 * import { paginate } from 'api-resources/knex'
 * const posts = await paginate(db('posts').where('published', true).orderBy('id'), 15)
 * res.json(posts) // spec 2.5 JSON
 */
export async function paginate<Q extends Knex.QueryBuilder>(
  query: Q,
  perPage: number,
  page?: number,
): Promise<LengthAwarePaginator<KnexRow<Q>>> {
  assertKnexQuery('paginate', query)
  return paginatePageQuery(knexPageQuery<KnexRow<Q>>(query), perPage, page)
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
  perPage: number,
  page?: number,
): Promise<Paginator<KnexRow<Q>>> {
  assertKnexQuery('simplePaginate', query)
  return simplePaginatePageQuery(knexPageQuery<KnexRow<Q>>(query), perPage, page)
}
