import type { LengthAwarePaginator, Paginator } from '../../pagination'
import { UnsupportedQueryError } from '../../errors/pagination-errors'
import { lengthAwarePage, simplePage } from '../orm-support/page-source'
import type { TypeOrmQueryLike } from './typeorm-types'

const SUPPORTED = 'a TypeORM SelectQueryBuilder (repository.createQueryBuilder())'

function assertQuery<T>(fn: string, query: unknown): asserts query is TypeOrmQueryLike<T> {
  const q = query as Partial<TypeOrmQueryLike<T>> | null
  const ok = typeof q === 'object' && q !== null && typeof q.getCount === 'function'
  if (!ok || typeof q.getMany !== 'function' || typeof q.clone !== 'function')
    throw UnsupportedQueryError.unsupportedQuery(fn, SUPPORTED, query)
}

/** One page of entities: `skip`/`take` rather than `offset`/`limit`, so joined rows stay whole. */
function pageRows<T>(query: TypeOrmQueryLike<T>) {
  return (offset: number, limit: number) => query.clone().skip(offset).take(limit).getMany()
}

/**
 * Runs a `SelectQueryBuilder` one page at a time. The total is TypeORM's `getCount()`, which counts
 * distinct entities of the main alias, so a join that multiplies rows does not inflate it; the page is
 * read with `skip`/`take`. The builder is not modified.
 *
 * @example
 * const qb = dataSource.getRepository(Post).createQueryBuilder('post')
 *   .innerJoin('post.author', 'author').where('author.active = :active', { active: true })
 * const page = await paginate(qb, 15)
 */
export async function paginate<T>(
  query: TypeOrmQueryLike<T>,
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
 * const page = await simplePaginate(repo.createQueryBuilder('post').orderBy('post.id'), 15)
 */
export async function simplePaginate<T>(
  query: TypeOrmQueryLike<T>,
  perPage: number,
  page?: number,
): Promise<Paginator<T>> {
  assertQuery<T>('simplePaginate', query)
  return simplePage<T>(pageRows(query), perPage, page)
}
