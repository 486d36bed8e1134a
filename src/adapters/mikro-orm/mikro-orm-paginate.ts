import { ormPaginators } from '../orm-support/orm-paginators'
import { flushPending, mikroOrmCursorSource } from './mikro-orm-cursor'
import { mikroOrmPlanSteps } from './mikro-orm-query-plan'

const SUPPORTED = 'a MikroORM QueryBuilder (em.createQueryBuilder())'

const mikroOrm = ormPaginators<'mikroOrm'>({
  supported: SUPPORTED,
  methods: ['getCount', 'getResultList', 'clone'],
  pages: (query) => ({
    // the count sees what the page query will: getResultList() flushes pending changes first
    count: async () => {
      await flushPending(query)
      return query.clone().getCount()
    },
    fetch: (offset, limit) => query.clone().limit(limit).offset(offset).getResultList(),
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
