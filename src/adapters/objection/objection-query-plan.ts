/**
 * A query plan (`queryPlan(Resource)`) as Objection's own arguments: the conditions as `where`
 * calls with bound values, the order as `orderBy` (replacing the query's own), the includes as one
 * `withGraphFetched` expression (Objection loads each relation path segment of the page in one
 * query, never one per row), and the counts as `relatedQuery(relation).count()` subqueries selected
 * on the page's rows. Relation names are the model properties the resource reads (its `from`
 * renames applied), which are Objection's relation names.
 */
import { ArgumentError } from '../../errors/base'
import type { LengthAwarePaginator, Paginator } from '../../pagination'
import type { CursorPaginator } from '../../pagination/cursor-paginator'
import type { CursorPaginateOptions } from '../../pagination/cursor-query'
import {
  paginatePageQuery,
  simplePaginatePageQuery,
  type PaginateOptions,
  type SimplePaginateOptions,
} from '../../pagination/page-query'
import { cursorSecretOf } from '../../query/cursor-binding'
import { LIKE_ESCAPE, likePattern } from '../../query/apply'
import type { FilterValue, QueryCondition } from '../../query/declaration'
import type { QueryPlan } from '../../query/plan'
import type { ObjectionModelClass, ObjectionQueryLike } from './objection-types'

/** The builder methods a plan is applied with (those of `Model.query()`). @internal */
export interface ObjectionPlanBuilder extends ObjectionQueryLike {
  where(...args: unknown[]): this
  orWhere(callback: (builder: this) => void): this
  whereIn(column: string, values: readonly unknown[]): this
  whereNull(column: string): this
  whereNotNull(column: string): this
  whereRaw(sql: string, bindings?: readonly unknown[]): this
  clearOrder(): this
  orderBy(column: string, direction: string): this
  select(...columns: unknown[]): this
  hasSelects(): boolean
  withGraphFetched(expression: object): this
  modifyGraph(path: string, modifier: (builder: ObjectionPlanBuilder) => void): this
  modelClass(): ObjectionPlanModel
}

/** A model class as the plan reads it: its table, relations, knex and `relatedQuery`. @internal */
export interface ObjectionPlanModel extends ObjectionModelClass {
  readonly tableName: string
  readonly idColumn: string | readonly string[]
  knex(): { readonly client: { readonly dialect?: string } }
  relatedQuery(relation: string): { count(): { as(alias: string): unknown } }
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

/** A value as the dialect binds it: a date-time as ISO text on SQLite (which has no date type). */
function bindable(sqlite: boolean, value: FilterValue): unknown {
  return value instanceof Date && sqlite ? value.toISOString() : value
}

const SQL_OPERATORS = { eq: '=', ne: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const

function whereOf(builder: ObjectionPlanBuilder, condition: QueryCondition, sqlite: boolean): void {
  if ('all' in condition) {
    builder.where((inner: ObjectionPlanBuilder) => {
      for (const part of condition.all) whereOf(inner, part, sqlite)
    })
    return
  }
  if ('any' in condition) {
    builder.where((inner: ObjectionPlanBuilder) => {
      for (const part of condition.any) inner.orWhere((one) => whereOf(one, part, sqlite))
    })
    return
  }
  const { column } = condition
  switch (condition.op) {
    case 'null':
      if (condition.value) builder.whereNull(column)
      else builder.whereNotNull(column)
      return
    case 'in':
      builder.whereIn(
        column,
        condition.value.map((v) => bindable(sqlite, v)),
      )
      return
    case 'contains':
    case 'starts_with':
      builder.whereRaw(`?? like ? escape '${LIKE_ESCAPE}'`, [
        column,
        likePattern(condition.op, String(condition.value)),
      ])
      return
    default:
      builder.where(column, SQL_OPERATORS[condition.op], bindable(sqlite, condition.value))
  }
}

/** Objection's relations of `model`, by name (`getRelations()` resolves `relationMappings`). */
function relationsOf(model: ObjectionPlanModel): Map<string, RelationLike> {
  const relations = model.getRelations() as Record<string, RelationLike>
  return new Map(Object.keys(relations).map((name) => [name, relations[name]] as const))
}

function unknownRelation(
  plan: QueryPlan,
  path: string,
  model: ObjectionPlanModel,
  name: string,
  known: Map<string, RelationLike>,
): ArgumentError {
  const names = [...known.keys()].join(', ') || '(none)'
  return ArgumentError.decoratorOption(
    `${plan.resource.name} include ${JSON.stringify(path)}`,
    `a relation of the Objection model ${model.name} (${names}); rename the resource member with from: '<relation>'`,
    name,
  )
}

/**
 * The `withGraphFetched` expression of a plan's includes, each segment checked against the model's
 * relations (an `ArgumentError` naming the include and the model's relations otherwise); undefined
 * when the plan includes nothing. To-many relations are ordered by the related model's key, as the
 * Knex and Kysely loaders order them.
 */
export function objectionGraph(
  model: ObjectionPlanModel,
  plan: QueryPlan,
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
      if (relation === undefined) throw unknownRelation(plan, include.path, current, name, known)
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

/** The count subqueries of a plan (`relatedQuery('comments').count().as('comments_count')`). */
function countSelects(model: ObjectionPlanModel, plan: QueryPlan): unknown[] {
  if (plan.counts.length === 0) return []
  const known = relationsOf(model)
  return plan.counts.map((count) => {
    if (!known.has(count.relation))
      throw unknownRelation(plan, count.name, model, count.relation, known)
    return model.relatedQuery(count.relation).count().as(count.name)
  })
}

/**
 * Applies a plan's conditions (WHERE, values bound) and order (ORDER BY, replacing the query's own)
 * to a copy of an Objection query, and returns the copy.
 *
 * @example
 * const posts = await applyObjectionPlan(Post.query(), queryPlan(PostResource)).limit(10)
 */
export function applyObjectionPlan<Q extends ObjectionQueryLike>(query: Q, plan: QueryPlan): Q {
  const builder = query.clone() as unknown as ObjectionPlanBuilder
  const sqlite = builder.modelClass().knex().client.dialect === 'sqlite3'
  for (const condition of plan.where) whereOf(builder, condition, sqlite)
  builder.clearOrder()
  for (const entry of plan.order) builder.orderBy(entry.column, entry.descending ? 'desc' : 'asc')
  return builder as unknown as Q
}

/**
 * What a plan loads onto the page's models, added to a copy of `query`: its includes as one
 * `withGraphFetched` expression and its counts as selected subqueries (the model's own columns
 * stay selected). The COUNT of `paginate()` runs on the query without them.
 */
export function withObjectionLoads<Q extends ObjectionQueryLike>(query: Q, plan: QueryPlan): Q {
  if (plan.include.length === 0 && plan.counts.length === 0) return query
  const builder = query.clone() as unknown as ObjectionPlanBuilder
  const model = builder.modelClass()
  const graph = objectionGraph(model, plan)
  const counts = countSelects(model, plan)
  if (graph !== undefined) {
    builder.withGraphFetched(graph.graph)
    for (const { path, columns } of graph.toMany)
      builder.modifyGraph(path, (related) => {
        for (const column of columns) related.orderBy(column, 'asc')
      })
  }
  if (counts.length > 0) {
    if (!builder.hasSelects()) builder.select(`${model.tableName}.*`)
    builder.select(...counts)
  }
  return builder as unknown as Q
}

/** Counts as numbers on every driver (PostgreSQL returns `count(*)` as text). */
function numberCounts<T>(rows: T[], plan: QueryPlan): T[] {
  if (plan.counts.length === 0) return rows
  for (const row of rows) {
    const model = row as Record<string, unknown>
    for (const { name } of plan.counts)
      if (model[name] !== null && model[name] !== undefined) model[name] = Number(model[name])
  }
  return rows
}

/** `paginate()` with a plan: the COUNT over the filtered query, the page with its loads. @internal */
export async function plannedObjectionPage<T>(
  query: ObjectionQueryLike<T>,
  plan: QueryPlan,
  options: PaginateOptions,
): Promise<LengthAwarePaginator<T>> {
  const applied = applyObjectionPlan(query, plan)
  const loaded = withObjectionLoads(applied, plan)
  const page = await paginatePageQuery<T>(
    {
      count: () => applied.clone().resultSize(),
      fetch: async (offset, limit) =>
        numberCounts(await loaded.clone().offset(offset).limit(limit), plan),
    },
    plan.perPage,
    undefined,
    options,
  )
  return page.appends(plan.parameters)
}

/** `simplePaginate()` with a plan. @internal */
export async function plannedObjectionSimplePage<T>(
  query: ObjectionQueryLike<T>,
  plan: QueryPlan,
  options: SimplePaginateOptions,
): Promise<Paginator<T>> {
  const loaded = withObjectionLoads(applyObjectionPlan(query, plan), plan)
  const page = await simplePaginatePageQuery<T>(
    {
      fetch: async (offset, limit) =>
        numberCounts(await loaded.clone().offset(offset).limit(limit), plan),
    },
    plan.perPage,
    undefined,
    options,
  )
  return page.appends(plan.parameters)
}

/** `cursorPaginate()` with a plan: the cursor follows (and is bound to) the plan's order. @internal */
export async function plannedObjectionCursorPage<T>(
  query: ObjectionQueryLike<T>,
  plan: QueryPlan,
  options: CursorPaginateOptions,
  run: (
    query: ObjectionQueryLike<T>,
    perPage: number,
    options: CursorPaginateOptions,
  ) => Promise<CursorPaginator<T>>,
): Promise<CursorPaginator<T>> {
  const loaded = withObjectionLoads(applyObjectionPlan(query, plan), plan)
  const page = await run(loaded, plan.perPage, {
    ...options,
    cursorSecret: cursorSecretOf(plan, options.cursorSecret),
  })
  numberCounts(page.items() as T[], plan)
  return page.appends(plan.parameters)
}
