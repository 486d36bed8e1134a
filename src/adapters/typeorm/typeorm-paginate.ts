import type { LengthAwarePaginator, Paginator } from '../../pagination'
import { UnsupportedQueryError } from '../../errors/pagination-errors'
import type { CursorPaginator } from '../../pagination/cursor-paginator'
import { ormPaginators, type CursorArgs, type PageArgs } from '../orm-support/orm-paginators'
import { typeOrmCursorSource } from './typeorm-cursor'
import type { TypeOrmQueryLike } from './typeorm-types'

const SUPPORTED = 'a TypeORM SelectQueryBuilder (repository.createQueryBuilder())'

const typeorm = ormPaginators<TypeOrmQueryLike>({
  check(fn, query) {
    const q = query as Partial<TypeOrmQueryLike> | null
    const ok = typeof q === 'object' && q !== null && typeof q.getCount === 'function'
    if (!ok || typeof q.getMany !== 'function' || typeof q.clone !== 'function')
      throw UnsupportedQueryError.unsupportedQuery(fn, SUPPORTED, query)
  },
  // `skip`/`take` rather than `offset`/`limit`, so joined rows stay whole
  pages: (query) => ({
    count: () => query.clone().getCount(),
    fetch: (offset, limit) => query.clone().skip(offset).take(limit).getMany(),
  }),
  cursor: typeOrmCursorSource,
})

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
export const paginate: <T>(
  query: TypeOrmQueryLike<T>,
  ...args: PageArgs
) => Promise<LengthAwarePaginator<T>> = typeorm.paginate

/**
 * Like {@link paginate} without the COUNT: `perPage + 1` entities tell whether a next page
 * exists.
 *
 * @example
 * const page = await simplePaginate(repo.createQueryBuilder('post').orderBy('post.id'), 15)
 */
export const simplePaginate: <T>(
  query: TypeOrmQueryLike<T>,
  ...args: PageArgs
) => Promise<Paginator<T>> = typeorm.simplePaginate

/**
 * One cursor page of a `SelectQueryBuilder`: a single query of `perPage + 1` entities after (or
 * before) the cursor, no COUNT. The cursor columns are the builder's `orderBy`/`addOrderBy` columns
 * of the main entity (`post.createdAt`), each with its direction and `NULLS FIRST/LAST`; end the
 * order with a unique column. NULL values keep the database's NULL order. A cursor that does not
 * decode or names other columns is an `InvalidCursorError`; ordering by a joined entity's column or
 * an expression is an `ArgumentError`. The builder is not modified.
 *
 * @example
 * const qb = repo.createQueryBuilder('post').orderBy('post.createdAt', 'DESC').addOrderBy('post.id', 'DESC')
 * const page = await cursorPaginate(qb, 15)
 */
export const cursorPaginate: <T>(
  query: TypeOrmQueryLike<T>,
  ...args: CursorArgs
) => Promise<CursorPaginator<T>> = typeorm.cursorPaginate
