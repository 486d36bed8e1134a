import type { TypeOrmQueryLike } from './typeorm-types'
import { familyOfName } from '../orm-support/column-schema'
import { explainEstimate } from '../../pagination/page-query'
import { ormPaginators } from '../orm-support/orm-paginators'
import { typeOrmCursorSource } from './typeorm-cursor'
import { typeOrmPlanSteps } from './typeorm-query-plan'

const SUPPORTED = 'a TypeORM SelectQueryBuilder (repository.createQueryBuilder())'

/** What runs SQL: a `DataSource` or the builder's own `QueryRunner` (a transaction's). */
interface TypeOrmRunnerLike {
  query(sql: string, parameters?: unknown[]): Promise<unknown>
}

type TypeOrmDataSourceRunner = TypeOrmRunnerLike & { readonly options: { readonly type: string } }

/** The parts of a `SelectQueryBuilder` the estimate reads (`queryRunner` is internal in its typings). */
interface TypeOrmEstimateLike {
  /** TypeORM 1.x; 0.3 has `connection` only. */
  readonly dataSource?: TypeOrmDataSourceRunner
  readonly connection?: TypeOrmDataSourceRunner
  readonly queryRunner?: TypeOrmRunnerLike
  clone(): TypeOrmEstimateLike
  orderBy(): TypeOrmEstimateLike
  skip(n?: number): TypeOrmEstimateLike
  take(n?: number): TypeOrmEstimateLike
  limit(n?: number): TypeOrmEstimateLike
  offset(n?: number): TypeOrmEstimateLike
  getQueryAndParameters(): [string, unknown[]]
}

/**
 * The planner's estimate of the builder's rows (see `explainEstimate`): the SQL of a copy without
 * its order, `skip`/`take` and `limit`/`offset` (`getQueryAndParameters()`, in the driver's own
 * placeholders), explained through the builder's query runner, else its data source. It estimates
 * the rows the SQL returns: a join to a to-many relation counts each joined row, where `getCount()`
 * counts entities.
 */
function typeOrmEstimate(query: TypeOrmQueryLike): Promise<number | undefined> {
  const qb = query as unknown as TypeOrmEstimateLike
  const dataSource = qb.dataSource ?? qb.connection
  if (dataSource === undefined) return Promise.resolve(undefined)
  const unpaged = qb.clone().orderBy().skip(undefined).take(undefined).limit(undefined)
  const [sql, parameters] = unpaged.offset(undefined).getQueryAndParameters()
  const runner = qb.queryRunner ?? dataSource
  return explainEstimate(familyOfName(dataSource.options.type), sql, parameters, (text, values) =>
    runner.query(text, values.slice()),
  )
}

const typeorm = ormPaginators<'typeorm'>({
  supported: SUPPORTED,
  methods: ['getCount', 'getMany', 'clone'],
  // `skip`/`take` rather than `offset`/`limit`, so joined rows stay whole
  pages: (query) => ({
    estimate: () => typeOrmEstimate(query),
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
