/**
 * A query plan (`queryPlan(Resource)`) as Objection's own arguments: the conditions as `where`
 * calls with bound values, the order as `orderBy` (replacing the query's own), the includes as one
 * `withGraphFetched` expression (Objection loads each relation path segment of the page in one
 * query, never one per row), and the counts as `relatedQuery(relation).count()` subqueries selected
 * on the page's rows. Relation names are the model properties the resource reads (its `from`
 * renames applied), which are Objection's relation names.
 */
import type { UnsupportedQueryError } from '../../errors/base'
import type { QueryPlan } from '../../query/plan'
import { planUnsupported, type OrmPlanSteps } from '../orm-support/orm-paginators'
import {
  groupOwnWhere,
  knexWhereSpelling,
  type KnexStatements,
  type KnexWhereBuilder,
  spellPlanWhere,
} from '../orm-support/plan-parts'
import { propertyOf } from './objection-cursor'
import type { ObjectionModelClass, ObjectionQueryLike } from './objection-types'

/** The builder methods a plan is applied with (those of `Model.query()`). */
interface ObjectionPlanBuilder extends ObjectionQueryLike, KnexWhereBuilder {
  clearOrder(): this
  orderBy(column: string, direction: string): this
  withGraphFetched(expression: object): this
  modifyGraph(path: string, modifier: (builder: ObjectionPlanBuilder) => void): this
  modelClass(): ObjectionPlanModel
  /** The Knex instance the query runs on (`Model.query(knex)` or the model's bound one). */
  knex(): KnexLike
  /** Runs `change` on the Knex builder at this point of building the query. */
  onBuildKnex(change: (knex: KnexStatements) => void): this
}

/** A Knex instance as the plan reads it. */
interface KnexLike {
  readonly client: { readonly dialect?: string }
}

/** A model class as the plan reads it: its table, relations, knex and `relatedQuery`. */
interface ObjectionPlanModel extends ObjectionModelClass {
  readonly tableName: string
  readonly idColumn: string | readonly string[]
  relatedQuery(relation: string): { count(): { as(alias: string): unknown } }
  query(knex?: KnexLike): {
    findByIds(ids: readonly unknown[]): { select(...columns: unknown[]): PromiseLike<unknown> }
  }
}

interface RelationLike {
  readonly relatedModelClass: ObjectionPlanModel
  isOneToOne(): boolean
}

/** The relation expression of a plan's includes (`{ author: true, comments: { author: true } }`). */
type Graph = { [relation: string]: Graph | true }

/** A plan's `withGraphFetched` expression and the to-many paths with the related model's key. */
interface PlannedGraph {
  readonly graph: Graph
  /** Each to-many path (`comments`) with its related rows' key columns, their order. */
  readonly toMany: readonly { readonly path: string; readonly columns: readonly string[] }[]
}

/** Objection's relations of `model`, by name (`getRelations()` resolves `relationMappings`). */
function relationsOf(model: ObjectionPlanModel): Map<string, RelationLike> {
  const relations = model.getRelations() as Record<string, RelationLike>
  return new Map(Object.keys(relations).map((name) => [name, relations[name]] as const))
}

function unknownRelation(
  fn: string,
  plan: QueryPlan,
  path: string,
  model: ObjectionPlanModel,
  name: string,
  known: Map<string, RelationLike>,
): UnsupportedQueryError {
  const names = [...known.keys()].join(', ') || '(none)'
  return planUnsupported(
    fn,
    `a relation of the Objection model ${model.name} (${names}); name the relation with the member's relation option`,
    `include ${JSON.stringify(path)} of ${plan.resource.name} (relation ${JSON.stringify(name)})`,
  )
}

/**
 * The `withGraphFetched` expression of a plan's includes, each segment checked against the model's
 * relations (an `UnsupportedQueryError` naming the include and the model's relations otherwise); undefined
 * when the plan includes nothing. To-many relations are ordered by the related model's key, as the
 * Knex and Kysely loaders order them.
 */
function objectionGraph(
  model: ObjectionPlanModel,
  plan: QueryPlan,
  fn = 'paginate',
): PlannedGraph | undefined {
  if (plan.include.length === 0) return undefined
  const graph: Graph = {}
  const toMany: { path: string; columns: readonly string[] }[] = []
  for (const include of plan.include) {
    let node = graph
    let current = model
    for (const [i, name] of include.relations.entries()) {
      const known = relationsOf(current)
      const relation = known.get(name)
      if (relation === undefined)
        throw unknownRelation(fn, plan, include.path, current, name, known)
      const next = node[name]
      const related = relation.relatedModelClass
      if (next === undefined && i === include.relations.length - 1 && !relation.isOneToOne()) {
        const ids = typeof related.idColumn === 'string' ? [related.idColumn] : related.idColumn
        toMany.push({
          path: include.relations.slice(0, i + 1).join('.'),
          columns: ids.map((id) => `${related.tableName}.${id}`),
        })
      }
      node = next === undefined || next === true ? (node[name] = {}) : next
      current = related
    }
  }
  return { graph, toMany }
}

/**
 * The plan's where, order and includes as a copy of an Objection query: the conditions as `where`
 * calls (values bound), the order replacing the query's own, the includes as one
 * `withGraphFetched` expression (run by Objection after the page's rows, one query per relation
 * path segment; `resultSize()`, the COUNT, never runs it).
 *
 * @example
 * const posts = await applyObjectionPlan(Post.query(), queryPlan(PostResource)).limit(10)
 */
function applyObjectionPlan<Q extends ObjectionQueryLike>(
  query: Q,
  plan: QueryPlan,
  fn = 'paginate',
): Q {
  const builder = query.clone() as unknown as ObjectionPlanBuilder
  const model = builder.modelClass()
  const graph = objectionGraph(model, plan, fn)
  countRelations(model, plan, fn) // a count of no relation fails here, before any query
  const sqlite = builder.knex().client.dialect === 'sqlite3'
  const where = spellPlanWhere(plan, knexWhereSpelling<ObjectionPlanBuilder>(sqlite))
  // the query's own WHERE becomes one group when Objection builds it, before the plan's is added
  if (where !== undefined) builder.onBuildKnex(groupOwnWhere)
  if (where !== undefined) where(builder)
  builder.clearOrder()
  for (const entry of plan.order) builder.orderBy(entry.column, entry.descending ? 'desc' : 'asc')
  if (graph !== undefined) {
    builder.withGraphFetched(graph.graph)
    for (const { path, columns } of graph.toMany)
      builder.modifyGraph(path, (related) => {
        for (const column of columns) related.orderBy(column, 'asc')
      })
  }
  return builder as unknown as Q
}

/** The plan's counts, each checked against the model's relations. */
function countRelations(model: ObjectionPlanModel, plan: QueryPlan, fn: string): void {
  if (plan.counts.length === 0) return
  const known = relationsOf(model)
  for (const count of plan.counts)
    if (!known.has(count.relation))
      throw unknownRelation(fn, plan, count.name, model, count.relation, known)
}

/** The key of a model (its `idColumn` values) as text. */
function keyOf(row: Record<string, unknown>, columns: readonly string[]): string {
  return JSON.stringify(columns.map((column) => String(row[column])))
}

/**
 * The plan's counts onto the page's models, in one query for all of them: the page's keys with
 * one `relatedQuery(relation).count()` subquery per count, so the COUNT of `paginate()` never
 * evaluates them. Counts are numbers on every driver (PostgreSQL returns `count(*)` as text).
 */
async function loadCounts(
  query: ObjectionPlanBuilder,
  rows: readonly object[],
  plan: QueryPlan,
): Promise<void> {
  if (plan.counts.length === 0) return
  const model = query.modelClass()
  const ids = typeof model.idColumn === 'string' ? [model.idColumn] : [...model.idColumn]
  // the models carry the id under its property (a model's `columnNameMappers` may rename it)
  const props = ids.map((id) => propertyOf(model, id))
  const models = rows as Record<string, unknown>[]
  const keys = models.map((row) =>
    props.length === 1 ? row[props[0]] : props.map((id) => row[id]),
  )
  // aliases a row mapper (`snakeCaseMappers()`, `knexSnakeCaseMappers()`) leaves as they are
  const alias = (i: number) => `apiresourcescount${i}`
  const counted = (await model
    .query(query.knex())
    .findByIds(keys)
    .select(
      ...ids.map((id) => `${model.tableName}.${id}`),
      ...plan.counts.map((count, i) => model.relatedQuery(count.relation).count().as(alias(i))),
    )) as Record<string, unknown>[]
  const byKey = new Map(counted.map((row) => [keyOf(row, props), row]))
  for (const row of models) {
    const found = byKey.get(keyOf(row, props))
    plan.counts.forEach(({ name }, i) => {
      row[name] = Number(found?.[alias(i)] ?? 0)
    })
  }
}

/** The plan steps of the Objection paginators. @internal */
export const objectionPlanSteps: OrmPlanSteps<ObjectionQueryLike> = {
  apply: (query, plan, fn) => applyObjectionPlan(query, plan, fn),
  load: (query, rows, plan) => loadCounts(query as unknown as ObjectionPlanBuilder, rows, plan),
}
