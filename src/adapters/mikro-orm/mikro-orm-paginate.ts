import { freshClone, type MikroOrmQueryLike } from './mikro-orm-types'
import { countDerived, explainEstimate } from '../../pagination/page-query'
import type { KnexSqlLike } from '../orm-support/knex-like-cursor'
import { ormPaginators } from '../orm-support/orm-paginators'
import { knexFamily } from '../orm-support/knex-like-cursor'
import { flushPending, mikroOrmCursorSource } from './mikro-orm-cursor'
import { mikroOrmPlanSteps } from './mikro-orm-query-plan'

const SUPPORTED = 'a MikroORM QueryBuilder (em.createQueryBuilder())'

/** The parts of a MikroORM SQL `QueryBuilder` (and its `EntityManager`) the estimate calls. */
interface MikroOrmEstimateLike {
  readonly em?: {
    getConnection(): {
      execute(
        sql: string,
        params: readonly unknown[],
        method: 'all',
        ctx?: unknown,
      ): Promise<unknown>
    }
    getTransactionContext(): unknown
  }
  clone(reset?: string[]): MikroOrmEstimateLike
  orderBy(order: readonly object[]): MikroOrmEstimateLike
  limit(n?: number): MikroOrmEstimateLike
  offset(n?: number): MikroOrmEstimateLike
  getKnexQuery(): KnexSqlLike
}

/**
 * The planner's estimate of the builder's rows: the SQL of a copy without its order, limit and
 * offset (`getKnexQuery()`), explained on the EntityManager's connection, in its transaction.
 * Undefined for a builder without `getKnexQuery()` or an EntityManager: it counts exactly.
 */
function mikroOrmEstimate(query: MikroOrmQueryLike<unknown>): Promise<number | undefined> {
  const qb = query as unknown as Partial<MikroOrmEstimateLike>
  const em = qb.em
  if (typeof qb.getKnexQuery !== 'function' || em === undefined) return Promise.resolve(undefined)
  const unpaged = freshClone(qb as MikroOrmEstimateLike)
    .orderBy([])
    .limit(undefined)
  const knex = unpaged.offset(undefined).getKnexQuery()
  const { sql, bindings } = knex.toSQL()
  return explainEstimate(knexFamily(knex), sql, bindings, (text, values) =>
    em.getConnection().execute(text, values, 'all', em.getTransactionContext()),
  )
}

/**
 * The rows of the builder: `getCount()` (a COUNT of distinct primary keys), except for a
 * `GROUP BY` or `HAVING`, where that COUNT counts the first group's rows: the rows of the query
 * (its groups), counted over it as a derived table on the EntityManager's connection.
 */
async function countRows(query: MikroOrmQueryLike<unknown>): Promise<number> {
  // the count sees what the page query will: getResultList() flushes pending changes first
  await flushPending(query)
  const qb = query as unknown as Partial<MikroOrmEstimateLike> & {
    readonly _groupBy?: readonly unknown[]
    readonly _having?: object
  }
  const em = qb.em
  const grouped =
    (qb._groupBy?.length ?? 0) > 0 ||
    (qb._having !== undefined && Object.keys(qb._having).length > 0)
  if (!grouped || typeof qb.getKnexQuery !== 'function' || em === undefined)
    return freshClone(query).getCount()
  const unpaged = freshClone(qb as MikroOrmEstimateLike)
    .orderBy([])
    .limit(undefined)
  const { sql, bindings } = unpaged.offset(undefined).getKnexQuery().toSQL()
  return countDerived(sql, bindings, (text, values) =>
    em.getConnection().execute(text, values, 'all', em.getTransactionContext()),
  )
}

const mikroOrm = ormPaginators<'mikroOrm'>({
  supported: SUPPORTED,
  methods: ['getCount', 'getResultList', 'clone'],
  pages: (query) => ({
    estimate: () => mikroOrmEstimate(query),
    count: () => countRows(query),
    fetch: (offset, limit) => freshClone(query).limit(limit).offset(offset).getResultList(),
  }),
  cursor: mikroOrmCursorSource,
  plan: mikroOrmPlanSteps,
})

/**
 * Runs a MikroORM `QueryBuilder` one page at a time: `getCount()` (a COUNT of distinct primary keys,
 * so a join that multiplies rows does not inflate it), then the page's entities. The builder is not
 * modified.
 *
 * @example
 * const qb = em.createQueryBuilder(Post, 'p').join('p.author', 'a').where({ 'a.active': true })
 * const page = await paginate(qb, 15)
 */
export const paginate = mikroOrm.paginate

/**
 * Like {@link paginate} without the COUNT: `perPage + 1` entities tell whether a next page
 * exists.
 *
 * @example
 * const page = await simplePaginate(em.createQueryBuilder(Post, 'p').orderBy({ id: 'asc' }), 15)
 */
export const simplePaginate = mikroOrm.simplePaginate

/**
 * One cursor page of a MikroORM `QueryBuilder`: a single query of `perPage + 1` entities after (or
 * before) the cursor, no COUNT. The cursor columns are the builder's `orderBy` properties of the
 * main entity, each with its `QueryOrder` direction (`QueryOrder.DESC_NULLS_LAST` included); end the
 * order with a unique property. NULL values keep the database's NULL order. A cursor that does not
 * decode or names other properties is an `InvalidCursorError`; ordering by a joined entity's
 * property or an expression is an `ArgumentError`. The builder is not modified.
 *
 * @example
 * const qb = em.createQueryBuilder(Post, 'p').orderBy([{ createdAt: 'desc' }, { id: 'desc' }])
 * const page = await cursorPaginate(qb, 15)
 */
export const cursorPaginate = mikroOrm.cursorPaginate
