/**
 * A query plan (`queryPlan(Resource)`) as Sequelize's own `findAll` options: the conditions as a
 * `where` with `Op` (ANDed with the query's own), their values bind parameters (`literal('$name')`
 * and the `bind` option, see `sequelize-bind.ts`), the order as `order` (replacing the query's own),
 * the includes as `include` (a to-one association joined, a to-many `hasMany` loaded with
 * `separate: true`, one query for the whole page), and the counts as subqueries in `attributes`
 * (so the COUNT of `paginate()`, which leaves `attributes` out, never evaluates them). Association
 * names are the model properties the resource reads (its renames applied): Sequelize's `as`.
 */
import type { UnsupportedQueryError } from '../../errors/base'
import { LIKE_ESCAPE, likePattern } from '../../query/apply'
import type { QueryPlan } from '../../query/plan'
import { planUnsupported, type OrmPlanSteps } from '../orm-support/orm-paginators'
import {
  includeTree,
  orderToMany,
  spellPlanWhere,
  type IncludeTree,
  type PlanWhereSpelling,
} from '../orm-support/plan-parts'
import { bindValue, sequelizeBinds, type SequelizeBinds } from './sequelize-bind'
import { grouped } from './sequelize-cursor'
import type { SequelizeQuery } from './sequelize-paginate'
import { hasOwn } from '../../util/objects'

/** The parts of the `Sequelize` class (the connection's constructor) the plan is written with. */
interface SequelizeStatics {
  readonly Op: Record<'and' | 'or' | 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'in', symbol>
  literal(sql: string): unknown
}

/** An association as the plan reads it (`Model.associations[as]`). */
interface PlanAssociation {
  readonly associationType: string
  readonly target: PlanModel
  readonly foreignKey: string
  readonly sourceKey?: string
  readonly through?: { readonly model: PlanModel }
}

/** A model class as the plan reads it. */
interface PlanModel {
  readonly name: string
  readonly primaryKeyAttributes: readonly string[]
  readonly associations: Readonly<Record<string, PlanAssociation>>
  readonly rawAttributes: Readonly<
    Record<string, { readonly field?: string; readonly type?: unknown }>
  >
  getTableName(): string | { readonly tableName: string }
  readonly sequelize: {
    readonly constructor: Function
    getDialect(): string
    getQueryInterface(): { quoteIdentifier(name: string): string }
  }
}

type Where = Record<string | symbol, unknown> | unknown

/** A plan's conditions as a Sequelize `where` (attributes of the queried model), values bound. */
function whereSpelling(
  model: PlanModel,
  S: SequelizeStatics,
  binds: SequelizeBinds,
): PlanWhereSpelling<Where> {
  const { Op } = S
  const quote = (name: string) => model.sequelize.getQueryInterface().quoteIdentifier(name)
  const bound = (column: string, value: unknown) => binds.ref(bindValue(model, column, value))
  return {
    compare: (column, op, value) => ({ [column]: { [Op[op]]: bound(column, value) } }),
    in: (column, values) => ({ [column]: { [Op.in]: values.map((v) => bound(column, v)) } }),
    isNull: (column, negated) => ({ [column]: negated ? { [Op.ne]: null } : null }),
    // Sequelize's Op.like has no ESCAPE: the clause is written here, its pattern bound
    like: (column, op, text) =>
      S.literal(
        `${quote(model.name)}.${quote(model.rawAttributes[column]?.field ?? column)} LIKE ${binds.name(likePattern(op, text))} ESCAPE '${LIKE_ESCAPE}'`,
      ),
    and: (parts) => ({ [Op.and]: parts }),
    or: (parts) => ({ [Op.or]: parts }),
  }
}

function unknownAssociation(
  fn: string,
  plan: QueryPlan,
  path: string,
  model: PlanModel,
  name: string,
): UnsupportedQueryError {
  const names = Object.keys(model.associations).join(', ') || '(none)'
  return planUnsupported(
    fn,
    `an association of the Sequelize model ${model.name} (${names}); name the association (its as) with the member's relation option`,
    `include ${JSON.stringify(path)} of ${plan.resource.name} (association ${JSON.stringify(name)})`,
  )
}

function associationOf(
  fn: string,
  plan: QueryPlan,
  path: string,
  model: PlanModel,
  name: string,
): PlanAssociation {
  const association = hasOwn.call(model.associations, name) ? model.associations[name] : undefined
  if (association === undefined) throw unknownAssociation(fn, plan, path, model, name)
  return association
}

/**
 * The `include` items and count `attributes` a plan added: the COUNT of `paginate()` leaves them
 * out (they load relations and counts, and filter nothing).
 */
const planAdded = new WeakSet<object>()

/** Did a plan add this `include` item (a load, not a filter) or count attribute? @internal */
export function isPlanAdded(item: unknown): boolean {
  return typeof item === 'object' && item !== null && planAdded.has(item)
}

/**
 * The `include` option of a plan's include tree: a `hasMany` with `separate: true` (one query for
 * the page, ordered by the target's key as the Knex loaders order it, without the page's bind
 * parameters), any other association joined.
 */
function includesOf(
  fn: string,
  plan: QueryPlan,
  model: PlanModel,
  tree: IncludeTree,
  path = '',
): object[] {
  return Object.entries(tree).map(([name, children]) => {
    const here = path === '' ? name : `${path}.${name}`
    const association = associationOf(fn, plan, here, model, name)
    const nested = includesOf(fn, plan, association.target, children, here)
    const separate = association.associationType === 'HasMany'
    const include = {
      association: name,
      ...(separate
        ? {
            separate: true,
            order: association.target.primaryKeyAttributes.map((key) => [key, 'ASC']),
            bind: undefined,
          }
        : {}),
      ...(nested.length > 0 ? { include: nested } : {}),
    }
    planAdded.add(include)
    return include
  })
}

function tableName(model: PlanModel): string {
  const name = model.getTableName()
  return typeof name === 'string' ? name : name.tableName
}

/** A count of a plan as a correlated subquery selected under its name. */
function countAttribute(
  fn: string,
  plan: QueryPlan,
  model: PlanModel,
  S: SequelizeStatics,
  count: { readonly name: string; readonly relation: string },
): [unknown, string] {
  const association = associationOf(fn, plan, count.name, model, count.relation)
  const quote = (name: string) => model.sequelize.getQueryInterface().quoteIdentifier(name)
  const field = (m: PlanModel, attribute: string) => m.rawAttributes[attribute]?.field ?? attribute
  const sourceKey = association.sourceKey ?? model.primaryKeyAttributes[0]
  const owner = `${quote(model.name)}.${quote(field(model, sourceKey))}`
  let from: PlanModel
  if (association.associationType === 'HasMany') from = association.target
  else if (association.associationType === 'BelongsToMany' && association.through !== undefined)
    from = association.through.model
  else
    throw planUnsupported(
      fn,
      'a count of a hasMany or belongsToMany association',
      `the count ${JSON.stringify(count.name)} of the ${association.associationType} association ${JSON.stringify(count.relation)}`,
    )
  const column = quote(field(from, association.foreignKey))
  const table = quote(tableName(from))
  return [
    S.literal(`(SELECT COUNT(*) FROM ${table} WHERE ${table}.${column} = ${owner})`),
    count.name,
  ]
}

/** `attributes` with the counts added (the query's own kept). */
function withCounts(attributes: unknown, counts: [unknown, string][]): unknown {
  if (counts.length === 0) return attributes
  if (Array.isArray(attributes)) return [...attributes, ...counts]
  if (typeof attributes === 'object' && attributes !== null) {
    const own = attributes as { include?: unknown[] }
    return { ...own, include: [...(own.include ?? []), ...counts] }
  }
  return { include: counts }
}

/**
 * The plan in a copy of a Sequelize query (`{ model, ...findAllOptions }`): `where` ANDed with the
 * query's own (its values in `bind`), `order` replaced, `include` and count `attributes` added.
 *
 * @example
 * const posts = await Post.findAll(applySequelizePlan({ model: Post }, queryPlan(PostResource)))
 */
function applySequelizePlan<Q extends SequelizeQuery>(
  query: Q,
  plan: QueryPlan,
  fn = 'paginate',
): Q {
  const model = query.model as unknown as PlanModel
  const S = model.sequelize.constructor as unknown as SequelizeStatics
  const binds = sequelizeBinds(query as { bind?: unknown }, (sql) => S.literal(sql))
  const planWhere = spellPlanWhere(plan, whereSpelling(model, S, binds))
  const own = query.where
  // a plain object, always (a `like` is a literal): Sequelize adds a required include's filter to
  // a plain-object `where` as a key, and replaces a `where` that is a bare literal
  const where =
    planWhere === undefined
      ? own
      : {
          [S.Op.and]:
            own === undefined ? [planWhere] : [grouped(own, (sql) => S.literal(sql)), planWhere],
        }
  const order = plan.order.map((entry) => [entry.column, entry.descending ? 'DESC' : 'ASC'])
  const includes = includesOf(fn, plan, model, includeTree(plan))
  const counts = plan.counts.map((count) => countAttribute(fn, plan, model, S, count))
  for (const count of counts) planAdded.add(count)
  const ownInclude = query.include === undefined ? [] : [query.include].flat()
  const applied = {
    ...query,
    ...(where === undefined ? {} : { where }),
    order,
    ...(includes.length + ownInclude.length > 0 ? { include: [...ownInclude, ...includes] } : {}),
    ...(counts.length > 0 ? { attributes: withCounts(query.attributes, counts) } : {}),
  }
  return binds.into(applied, fn)
}

/** Counts as numbers on every dialect (PostgreSQL returns `COUNT(*)` as text). */
async function numberCounts(rows: object[], plan: QueryPlan): Promise<void> {
  for (const row of rows) {
    const model = row as {
      getDataValue(key: string): unknown
      setDataValue(key: string, v: unknown): void
    }
    for (const { name } of plan.counts) {
      const value = model.getDataValue(name)
      if (value !== null && value !== undefined) model.setDataValue(name, Number(value))
    }
  }
}

/** The plan steps of the Sequelize paginators. @internal */
export const sequelizePlanSteps: OrmPlanSteps<SequelizeQuery> = {
  apply: (query, plan, fn) => applySequelizePlan(query, plan, fn),
  load: async (query, rows, plan) => {
    if (plan.include.length > 0) orderJoined(rows, query.model as unknown as PlanModel, plan)
    if (plan.counts.length > 0) await numberCounts(rows, plan)
  },
}

/**
 * The `belongsToMany` associations loaded by the page's join, ordered by the target's key as the
 * Knex loaders order them (a `hasMany` is loaded ordered, `separate`; the join leaves a
 * `belongsToMany` in the database's order, which may change from one query to the next).
 */
function orderJoined(rows: readonly object[], model: PlanModel, plan: QueryPlan): void {
  orderToMany(
    rows,
    model,
    includeTree(plan),
    (source, name) => {
      const association = hasOwn.call(source.associations, name)
        ? source.associations[name]
        : undefined
      if (association === undefined) return undefined
      const keys = association.target.primaryKeyAttributes
      return association.associationType === 'BelongsToMany' && keys.length === 1
        ? { target: association.target, key: keys[0] }
        : { target: association.target }
    },
    (entity, name) => {
      const instance = entity as { get?: (key: string) => unknown } & Record<string, unknown>
      return typeof instance.get === 'function' ? instance.get(name) : instance[name]
    },
  )
}
