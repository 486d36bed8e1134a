import type { LengthAwarePaginator } from '../../pagination/length-aware-paginator'
import type { Paginator } from '../../pagination/paginator'
import { countFrom } from '../../pagination/page-query'
import type { CursorPaginator } from '../../pagination/cursor-paginator'
import {
  ormPaginators,
  type CursorArgs,
  type PageArgs,
  type SimplePageArgs,
} from '../orm-support/orm-paginators'
import { sequelizeCursorSource } from './sequelize-cursor'
import { isPlanInclude, sequelizePlanSteps } from './sequelize-query-plan'

/**
 * The parts of Sequelize this adapter uses, duck-typed so that `api-resources/sequelize` never loads
 * `sequelize` itself.
 */

/** An association (`Model.associations[as]`). */
export interface SequelizeAssociationLike {
  readonly associationType: string
  readonly target: Function
  /** BelongsToMany only: the through model, whose row lands on each target under its name. */
  readonly through?: { readonly model: { readonly name: string } }
}

/** A model class (`sequelize.define()` or `class X extends Model`, after `init`). */
export type SequelizeModelClass = (abstract new (...args: never[]) => object) & {
  readonly name: string
  readonly associations: object
}

/** A `Sequelize` instance: its `models` by name. */
export interface SequelizeLike {
  readonly models: object
}

/** A model class as `paginate()` uses it: it counts and finds (`Post`). */
export type SequelizeFinder = (abstract new (...args: never[]) => object) & {
  readonly primaryKeyAttribute: string
  count(options?: object): Promise<unknown>
  findAll(options?: object): Promise<unknown[]>
}

/**
 * What `paginate()` takes for Sequelize, which has no query object: the model and the `findAll`
 * options, in one object (`{ model: Post, where, include, order }`).
 */
export type SequelizeQuery<M extends SequelizeFinder = SequelizeFinder> = {
  readonly model: M
} & Record<string, unknown>

const SUPPORTED = 'a Sequelize query: { model: SomeModel, ...findAllOptions }'

function splitQuery(query: SequelizeQuery) {
  const { model, limit: _l, offset: _o, ...find } = query
  // a COUNT needs neither the selected columns nor the order; `distinct` on the primary key keeps a
  // join to a to-many association from counting one model several times
  // nor the includes a query plan added to load relations (they filter nothing)
  const { attributes: _a, order: _r, include, ...where } = find
  const filtering = include === undefined ? [] : [include].flat().filter((i) => !isPlanInclude(i))
  const count = {
    ...where,
    ...(filtering.length > 0 ? { include: filtering } : {}),
    distinct: true,
    col: model.primaryKeyAttribute,
  }
  return { model, find, count }
}

declare module '../orm-support/orm-paginators' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the query type does not vary with T
  interface OrmQueries<T> {
    sequelize: SequelizeQuery
  }
}

const sequelize = ormPaginators<'sequelize'>({
  supported: SUPPORTED,
  accepts: (query) => {
    const model = (query as { model?: Partial<SequelizeFinder> }).model
    const ok = typeof model === 'function' || (typeof model === 'object' && model !== null)
    return ok && typeof model.count === 'function' && typeof model.findAll === 'function'
  },
  pages(query) {
    const { model, find, count } = splitQuery(query)
    return {
      count: async () => countFrom(await model.count(count)),
      fetch: (offset, limit) => model.findAll({ ...find, offset, limit }),
    }
  },
  plan: sequelizePlanSteps,
  cursor(query, fn) {
    const { model, find } = splitQuery(query)
    return sequelizeCursorSource(model, find, fn)
  },
})

type Rows<M extends SequelizeFinder> = InstanceType<M>

/**
 * Paginates a Sequelize `findAll`: `Model.count()` with the same `where` and `include` (distinct
 * primary keys, so joins do not inflate the total), then `findAll()` with `limit`/`offset`.
 *
 * @example
 * const page = await paginate({
 *   model: Post,
 *   where: { published: true },
 *   include: [{ association: 'author', where: { active: true } }],
 *   order: [['id', 'ASC']],
 * }, 15)
 */
export const paginate: <M extends SequelizeFinder>(
  query: SequelizeQuery<M>,
  ...args: PageArgs
) => Promise<LengthAwarePaginator<Rows<M>>> = sequelize.paginate

/**
 * Like {@link paginate} without the COUNT: `perPage + 1` models tell whether a next page exists.
 *
 * @example
 * const page = await simplePaginate({ model: Post, order: [['id', 'ASC']] }, 15)
 */
export const simplePaginate: <M extends SequelizeFinder>(
  query: SequelizeQuery<M>,
  ...args: SimplePageArgs
) => Promise<Paginator<Rows<M>>> = sequelize.simplePaginate

/**
 * One cursor page of a Sequelize `findAll`: a single query of `perPage + 1` models after (or
 * before) the cursor, no COUNT. The cursor columns are the `order` option's attributes
 * (`[['createdAt', 'DESC'], ['id', 'DESC']]`, also `'ASC NULLS FIRST'` and the like), each with its
 * direction; end the order with a unique attribute. NULL values keep the database's NULL order. On
 * PostgreSQL, MySQL/MariaDB and SQLite the table's catalog tells which columns are NOT NULL and how
 * values travel exactly (microsecond timestamps as text). A cursor that does not decode, names other
 * attributes or carries a value that does not fit its column is an `InvalidCursorError`; an order
 * by a literal, a function or an association is an `ArgumentError`.
 *
 * @example
 * const page = await cursorPaginate({ model: Post, where: { published: true }, order: [['id', 'DESC']] }, 15)
 */
export const cursorPaginate: <M extends SequelizeFinder>(
  query: SequelizeQuery<M>,
  ...args: CursorArgs
) => Promise<CursorPaginator<Rows<M>>> = sequelize.cursorPaginate
