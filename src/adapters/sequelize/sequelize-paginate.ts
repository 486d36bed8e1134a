import type { LengthAwarePaginator } from '../../pagination/length-aware-paginator'
import type { Paginator } from '../../pagination/paginator'
import { countDerived, countFrom, explainEstimate } from '../../pagination/page-query'
import { familyOfName } from '../orm-support/column-schema'
import {
  ormPaginators,
  type CursorArgs,
  type PageArgs,
  type SimplePageArgs,
} from '../orm-support/orm-paginators'
import type { CursorPaginator } from '../../pagination/cursor-paginator'
import { sequelizeCursorSource } from './sequelize-cursor'
import { isPlanAdded, sequelizePlanSteps } from './sequelize-query-plan'

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
  /** The primary key's column (`event_id` for an `eventId` under `underscored: true`). */
  readonly primaryKeyField?: string
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
  const { attributes, order: _r, include, ...where } = find
  const filtering = include === undefined ? [] : [include].flat().filter((i) => !isPlanAdded(i))
  const rows = { ...where, ...(filtering.length > 0 ? { include: filtering } : {}) }
  // the column, not the attribute: with an include, Sequelize writes `<Model>.<col>` as it is
  const count = {
    ...rows,
    distinct: true,
    col: model.primaryKeyField ?? model.primaryKeyAttribute,
  }
  // the rows of a query whose groups or selected expressions decide them (`group`, `having`,
  // `fn('DISTINCT', ...)`, an aggregate), which `Model.count()` does not count
  const selected =
    where.group !== undefined || where.having !== undefined || selectsExpressions(attributes)
      ? { ...rows, attributes }
      : undefined
  return { model, find, rows, count, selected }
}

/**
 * Does `attributes` select an expression (anything but a column name, renamed or not, and the
 * counts a plan added, which change no row)?
 */
function selectsExpressions(attributes: unknown): boolean {
  const entries = Array.isArray(attributes)
    ? attributes
    : typeof attributes === 'object' && attributes !== null
      ? [(attributes as { include?: unknown }).include ?? []].flat()
      : []
  return entries.some(
    (entry) =>
      typeof entry !== 'string' &&
      !isPlanAdded(entry) &&
      !(Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string'),
  )
}

/**
 * The rows `findAll(options)` returns, counted over its SELECT (see {@link findAllSql}) as a derived
 * table with `sequelize.query()`, in the query's transaction, with its bind parameters and
 * replacements.
 */
async function countSelected(model: SequelizeFinder, options: object): Promise<number> {
  const m = model as EstimateModel
  const sequelize = m.sequelize
  if (sequelize === undefined) return countFrom(await model.count(options))
  const { sql, options: written } = await findAllSql(m, options)
  const { transaction, bind, replacements } = written
  return countDerived(sql.replace(/;\s*$/, ''), [], (text) =>
    sequelize.query(text, {
      type: 'SELECT',
      ...(transaction === undefined ? {} : { transaction }),
      ...(bind === undefined ? {} : { bind }),
      ...(replacements === undefined ? {} : { replacements }),
    }),
  )
}

/** The parts of a model class the estimate uses (`queryInterface` is Sequelize's static getter). */
type EstimateModel = SequelizeFinder & {
  readonly queryInterface: SequelizeQueryInterfaceLike
  readonly sequelize?: {
    getDialect(): string
    query(sql: string, options: object): Promise<unknown>
  }
}

/** What `findAll()` hands its query to: `select()`, whose SQL the query generator writes. */
interface SequelizeQueryInterfaceLike {
  readonly queryGenerator: { selectQuery(table: unknown, options: object, model: unknown): string }
  select(model: unknown, table: unknown, options: object): Promise<unknown>
}

/** Thrown by the probe's `select()` to stop `findAll()` before anything runs. */
const STOP = Symbol('api-resources: the SELECT is written')

/**
 * The SQL `findAll(options)` would run, without running it. Sequelize writes it only inside
 * `findAll()` (scopes, `beforeFind` hooks, includes and attribute names resolved there): the probe is
 * a subclass of the model, named as it, whose query interface writes the SELECT with the query
 * generator and stops, so that neither the query nor the `afterFind` hooks run.
 */
async function findAllSql(model: EstimateModel, options: object): Promise<SelectSql> {
  const queryInterface = model.queryInterface
  let written: SelectSql | undefined
  const probeInterface = Object.create(queryInterface, {
    select: {
      value: (probe: unknown, table: unknown, selectOptions: object) => {
        written = {
          sql: queryInterface.queryGenerator.selectQuery(table, selectOptions, probe),
          options: selectOptions,
        }
        return Promise.reject(STOP)
      },
    },
  }) as SequelizeQueryInterfaceLike
  const Probe = class extends (model as unknown as new () => object) {
    static get queryInterface(): SequelizeQueryInterfaceLike {
      return probeInterface
    }
  } as unknown as EstimateModel
  Object.defineProperty(Probe, 'name', { value: model.name })
  try {
    await Probe.findAll(options)
  } catch (error) {
    if (error !== STOP) throw error
  }
  if (written === undefined) throw new Error('Sequelize findAll() did not write a SELECT')
  return written
}

interface SelectSql {
  readonly sql: string
  /** The options the SELECT was written with: its transaction, bind parameters and replacements. */
  readonly options: { transaction?: unknown; bind?: unknown; replacements?: unknown }
}

/**
 * The planner's estimate of the rows `count` counts: the SELECT `findAll()` writes for the count's
 * `where` and filtering includes (see {@link findAllSql}), explained with `sequelize.query()` in the
 * query's transaction, with its bind parameters and replacements (Sequelize writes other values into
 * the SQL itself).
 */
async function sequelizeEstimate(
  model: SequelizeFinder,
  rows: Record<string, unknown>,
): Promise<number | undefined> {
  const m = model as EstimateModel
  const sequelize = m.sequelize
  const family = sequelize === undefined ? undefined : familyOfName(sequelize.getDialect())
  if (sequelize === undefined || (family !== 'postgres' && family !== 'mysql')) return undefined
  const { sql, options } = await findAllSql(m, rows)
  const { transaction, bind, replacements } = options
  return explainEstimate(family, sql.replace(/;\s*$/, ''), [], (text) =>
    sequelize.query(text, {
      type: 'SELECT',
      ...(transaction === undefined ? {} : { transaction }),
      ...(bind === undefined ? {} : { bind }),
      ...(replacements === undefined ? {} : { replacements }),
    }),
  )
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
    const { model, find, rows, count, selected } = splitQuery(query)
    return {
      estimate: () => sequelizeEstimate(model, rows),
      count: async () =>
        selected === undefined
          ? countFrom(await model.count(count))
          : countSelected(model, selected),
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
