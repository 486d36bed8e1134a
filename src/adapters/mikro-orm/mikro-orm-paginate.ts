import type { LengthAwarePaginator, Paginator } from '../../pagination'
import { UnsupportedQueryError } from '../../errors/pagination-errors'
import { lengthAwarePage, simplePage } from '../orm-support/page-source'
import type { MikroOrmQueryLike } from './mikro-orm-types'

const SUPPORTED = 'a MikroORM QueryBuilder (em.createQueryBuilder())'

function assertQuery<T>(fn: string, query: unknown): asserts query is MikroOrmQueryLike<T> {
  const q = query as Partial<MikroOrmQueryLike<T>> | null
  const ok = typeof q === 'object' && q !== null && typeof q.getCount === 'function'
  if (!ok || typeof q.getResultList !== 'function' || typeof q.clone !== 'function')
    throw UnsupportedQueryError.unsupportedQuery(fn, SUPPORTED, query)
}

function pageRows<T>(query: MikroOrmQueryLike<T>) {
  return (offset: number, limit: number) =>
    query.clone().limit(limit).offset(offset).getResultList()
}

/**
 * Runs a MikroORM `QueryBuilder` one page at a time: `getCount()` (a COUNT of distinct primary keys,
 * so a join that multiplies rows does not inflate it), then the page's entities. The builder is not
 * modified.
 *
 * @example
 * const qb = em.createQueryBuilder(Post, 'p').join('p.author', 'a').where({ 'a.active': true })
 * const page = await paginate(qb, 15)
 */
export async function paginate<T>(
  query: MikroOrmQueryLike<T>,
  perPage: number,
  page?: number,
): Promise<LengthAwarePaginator<T>> {
  assertQuery<T>('paginate', query)
  return lengthAwarePage<T>(
    { count: () => query.clone().getCount(), fetch: pageRows(query) },
    perPage,
    page,
  )
}

/**
 * Like {@link paginate} without the COUNT: `perPage + 1` entities tell whether a next page
 * exists.
 *
 * @example
 * const page = await simplePaginate(em.createQueryBuilder(Post, 'p').orderBy({ id: 'asc' }), 15)
 */
export async function simplePaginate<T>(
  query: MikroOrmQueryLike<T>,
  perPage: number,
  page?: number,
): Promise<Paginator<T>> {
  assertQuery<T>('simplePaginate', query)
  return simplePage<T>(pageRows(query), perPage, page)
}
