import type { TypeOrmQueryLike } from './typeorm-types'
import { familyOfName } from '../orm-support/column-schema'
import { countDerived, explainEstimate } from '../../pagination/page-query'
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

/** The parts of a `SelectQueryBuilder` a numbered page reads besides {@link TypeOrmEstimateLike}. */
interface TypeOrmPageLike<T> extends TypeOrmEstimateLike {
  clone(): TypeOrmPageLike<T>
  orderBy(): TypeOrmPageLike<T>
  skip(n?: number): TypeOrmPageLike<T>
  take(n?: number): TypeOrmPageLike<T>
  limit(n?: number): TypeOrmPageLike<T>
  offset(n?: number): TypeOrmPageLike<T>
  addOrderBy(key: string, order?: string, nulls?: string): TypeOrmPageLike<T>
  andWhereInIds(ids: unknown[]): TypeOrmPageLike<T>
  getMany(): Promise<T[]>
  getCount(): Promise<number>
  readonly expressionMap: {
    readonly groupBys: readonly string[]
    readonly havings: readonly unknown[]
    readonly orderBys: Readonly<Record<string, string | { order: string; nulls?: string }>>
    readonly mainAlias?: {
      readonly metadata: { getEntityIdMap(entity: unknown): Record<string, unknown> | undefined }
    }
    readonly joinAttributes: readonly {
      readonly alias: { readonly name: string }
      readonly parentAlias?: string
      readonly relation?: { readonly isOneToMany: boolean; readonly isManyToMany: boolean }
    }[]
  }
}

/** A copy of the builder without its own `limit`/`offset` (a page replaces them). */
function unlimited<T>(query: TypeOrmQueryLike<T>): TypeOrmPageLike<T> {
  return (query as unknown as TypeOrmPageLike<T>).clone().limit(undefined).offset(undefined)
}

/**
 * The rows of the builder: `getCount()` (distinct entities of the main alias), except for a
 * `GROUP BY` or `HAVING`, which `getCount()` drops or breaks: the rows of the query (its groups),
 * counted over it as a derived table.
 */
async function countRows<T>(query: TypeOrmQueryLike<T>): Promise<number> {
  const qb = unlimited(query)
  const { groupBys, havings } = qb.expressionMap
  if (groupBys.length === 0 && havings.length === 0) return qb.getCount()
  const dataSource = qb.dataSource ?? qb.connection
  const runner = qb.queryRunner ?? dataSource
  if (runner === undefined) return qb.getCount()
  const [sql, parameters] = qb.orderBy().skip(undefined).take(undefined).getQueryAndParameters()
  return countDerived(sql, parameters, (text, values) => runner.query(text, values.slice()))
}

/** The aliases of joins to many rows per entity (a to-many relation, or a join below one). */
function multiplyingAliases(qb: TypeOrmPageLike<unknown>): Set<string> {
  const many = new Set<string>()
  for (const join of qb.expressionMap.joinAttributes) {
    const relation = join.relation
    if (
      relation?.isOneToMany === true ||
      relation?.isManyToMany === true ||
      (join.parentAlias !== undefined && many.has(join.parentAlias))
    )
      many.add(join.alias.name)
  }
  return many
}

/**
 * One page of entities, with `skip`/`take` rather than `offset`/`limit`, so joined rows stay whole.
 * TypeORM picks the page's entities by the distinct values of every order column, so an order
 * that goes on to a column of a to-many join would pick fewer entities than the page holds: the
 * entities are then picked by the other order columns, and read again with the whole order (their
 * joined rows in that order), in the order they were picked.
 */
async function fetchPage<T>(query: TypeOrmQueryLike<T>, offset: number, limit: number) {
  const qb = unlimited(query)
  const many = multiplyingAliases(qb)
  const orders = Object.entries(qb.expressionMap.orderBys)
  const picking = orders.filter(([key]) => !many.has(key.slice(0, key.indexOf('.'))))
  const metadata = qb.expressionMap.mainAlias?.metadata
  if (picking.length === orders.length || metadata === undefined)
    return qb.skip(offset).take(limit).getMany()
  const picker = qb.clone().orderBy()
  for (const [key, order] of picking)
    if (typeof order === 'string') picker.addOrderBy(key, order)
    else picker.addOrderBy(key, order.order, order.nulls)
  const picked = await picker.skip(offset).take(limit).getMany()
  if (picked.length === 0) return picked
  const keyOf = (entity: unknown) => JSON.stringify(metadata.getEntityIdMap(entity))
  const ids = picked.map((entity) => metadata.getEntityIdMap(entity))
  const read = new Map((await qb.andWhereInIds(ids).getMany()).map((e) => [keyOf(e), e]))
  return picked.map((entity) => read.get(keyOf(entity)) ?? entity)
}

const typeorm = ormPaginators<'typeorm'>({
  supported: SUPPORTED,
  methods: ['getCount', 'getMany', 'clone'],
  pages: (query) => ({
    estimate: () => typeOrmEstimate(query),
    count: () => countRows(query),
    fetch: (offset, limit) => fetchPage(query, offset, limit),
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
