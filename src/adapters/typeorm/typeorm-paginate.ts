import { ormPaginators } from '../orm-support/orm-paginators'
import { typeOrmCursorSource } from './typeorm-cursor'
import { typeOrmPlanSteps } from './typeorm-query-plan'

const SUPPORTED = 'a TypeORM SelectQueryBuilder (repository.createQueryBuilder())'

const typeorm = ormPaginators<'typeorm'>({
  supported: SUPPORTED,
  methods: ['getCount', 'getMany', 'clone'],
  // `skip`/`take` rather than `offset`/`limit`, so joined rows stay whole
  pages: (query) => ({
    count: () => query.clone().getCount(),
    fetch: (offset, limit) => query.clone().skip(offset).take(limit).getMany(),
  }),
  cursor: typeOrmCursorSource,
  plan: typeOrmPlanSteps,
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
export const paginate = typeorm.paginate

/**
 * Like {@link paginate} without the COUNT: `perPage + 1` entities tell whether a next page
 * exists.
 *
 * @example
 * const page = await simplePaginate(repo.createQueryBuilder('post').orderBy('post.id'), 15)
 */
export const simplePaginate = typeorm.simplePaginate

/**
 * One cursor page of a `SelectQueryBuilder`: a single query of `perPage + 1` entities after (or
 * before) the cursor, no COUNT. The cursor columns are the builder's `orderBy`/`addOrderBy` columns
 * of the main entity (`post.createdAt`), each with its direction and `NULLS FIRST/LAST`; end the
 * order with a unique column. NULL values keep the database's NULL order. On PostgreSQL, MySQL/MariaDB
 * and SQLite the table's catalog tells which columns are NOT NULL and how values travel exactly
 * (microsecond timestamps as text). A cursor that does not decode, names other columns or carries a
 * value that does not fit its column is an `InvalidCursorError`; ordering by a joined entity's
 * column or an expression is an `ArgumentError`. The builder is not modified.
 *
 * @example
 * const qb = repo.createQueryBuilder('post').orderBy('post.createdAt', 'DESC').addOrderBy('post.id', 'DESC')
 * const page = await cursorPaginate(qb, 15)
 */
export const cursorPaginate = typeorm.cursorPaginate
