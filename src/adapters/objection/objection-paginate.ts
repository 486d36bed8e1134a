import type { LengthAwarePaginator, Paginator } from '../../pagination'
import { UnsupportedQueryError } from '../../errors/pagination-errors'
import { lengthAwarePage, simplePage } from '../orm-support/page-source'
import type { ObjectionQueryLike } from './objection-types'

const SUPPORTED = 'an Objection query builder (Model.query())'

function assertQuery<T>(fn: string, query: unknown): asserts query is ObjectionQueryLike<T> {
  const q = query as Partial<ObjectionQueryLike<T>> | null
  const ok = typeof q === 'object' && q !== null && typeof q.resultSize === 'function'
  if (!ok || typeof q.clone !== 'function')
    throw UnsupportedQueryError.unsupportedQuery(fn, SUPPORTED, query)
}

/**
 * Runs an Objection query one page at a time: `resultSize()` (Objection's COUNT over the query as a
 * subquery, so joins, filters and groupings count what the query returns) and then the page.
 * Eager loading (`withGraphFetched`) applies to the page's models. The query is not modified.
 *
 * @example
 * const page = await paginate(Post.query().joinRelated('author').where('author.active', true), 15)
 */
export async function paginate<T>(
  query: ObjectionQueryLike<T>,
  perPage: number,
  page?: number,
): Promise<LengthAwarePaginator<T>> {
  assertQuery<T>('paginate', query)
  return lengthAwarePage<T>(
    {
      count: () => query.clone().resultSize(),
      fetch: async (offset, limit) => query.clone().offset(offset).limit(limit),
    },
    perPage,
    page,
  )
}

/**
 * Like {@link paginate} without the COUNT: fetches `perPage + 1` models to know whether a next
 * page exists.
 *
 * @example
 * const page = await simplePaginate(Post.query().orderBy('id'), 15)
 */
export async function simplePaginate<T>(
  query: ObjectionQueryLike<T>,
  perPage: number,
  page?: number,
): Promise<Paginator<T>> {
  assertQuery<T>('simplePaginate', query)
  return simplePage<T>(
    async (offset, limit) => query.clone().offset(offset).limit(limit),
    perPage,
    page,
  )
}
