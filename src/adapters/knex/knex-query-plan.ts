import type { Knex } from 'knex'
import { ArgumentError } from '../../errors/base'
import type { LengthAwarePaginator, Paginator } from '../../pagination'
import type { CursorPaginator } from '../../pagination/cursor-paginator'
import type { CursorPaginateOptions } from '../../pagination/cursor-query'
import type { PaginateOptions, SimplePaginateOptions } from '../../pagination/page-query'
import {
  LIKE_ESCAPE,
  likePattern,
  loadPlanned,
  type PlanLoadOptions,
  type RelationQueries,
  type Row,
} from '../../query/apply'
import type { FilterValue, QueryCondition } from '../../query/declaration'
import type { QueryPlan } from '../../query/plan'
import { cursorSecretOf } from '../../query/cursor-binding'

interface KnexInternals {
  readonly client: { queryBuilder(): Knex.QueryBuilder; readonly dialect?: string }
  readonly _single?: { readonly table?: unknown }
}

const internals = (query: Knex.QueryBuilder) => query as unknown as KnexInternals

/** A value as the dialect binds it: a date-time as ISO text on SQLite (which has no date type). */
function bindable(query: Knex.QueryBuilder, value: FilterValue): unknown {
  if (!(value instanceof Date)) return value
  return internals(query).client.dialect === 'sqlite3' ? value.toISOString() : value
}

/**
 * Applies a plan's conditions (WHERE, values bound) and order (ORDER BY, replacing the query's own)
 * to a Knex select query; the query is changed and returned.
 *
 * @example
 * const rows = await applyQueryPlan(db('posts'), queryPlan(PostResource)).limit(10)
 */
export function applyQueryPlan<Q extends Knex.QueryBuilder>(query: Q, plan: QueryPlan): Q {
  for (const condition of plan.where) whereOf(query, condition)
  query.clearOrder()
  for (const entry of plan.order) query.orderBy(entry.column, entry.descending ? 'desc' : 'asc')
  return query
}

function whereOf(builder: Knex.QueryBuilder, condition: QueryCondition): void {
  if ('all' in condition) {
    builder.where((inner) => {
      for (const part of condition.all) whereOf(inner, part)
    })
    return
  }
  if ('any' in condition) {
    builder.where((inner) => {
      for (const part of condition.any) inner.orWhere((one) => whereOf(one, part))
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
      builder.whereIn(column, condition.value.map((v) => bindable(builder, v)) as Knex.Value[])
      return
    case 'contains':
    case 'starts_with':
      builder.whereRaw(`?? like ? escape '${LIKE_ESCAPE}'`, [
        column,
        likePattern(condition.op, String(condition.value)),
      ])
      return
    default:
      builder.where(
        column,
        SQL_OPERATORS[condition.op],
        bindable(builder, condition.value) as never,
      )
  }
}

const SQL_OPERATORS = { eq: '=', ne: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const

/** The table a Knex query selects from, or the `table` option. */
function tableOf(query: Knex.QueryBuilder, options: PlanLoadOptions): string {
  const table = options.table ?? internals(query)._single?.table
  if (typeof table !== 'string' || table === '')
    throw ArgumentError.decoratorOption(
      'table',
      'the name of the table the query selects from',
      table,
    )
  return table.split(/\s+as\s+/i)[0]
}

/** The loaders' three queries on Knex (every key list bound). */
function knexRelationQueries(query: Knex.QueryBuilder): RelationQueries {
  const builder = () => internals(query).client.queryBuilder()
  return {
    whereIn: async (table, column, keys, orderBy) => {
      const q = builder()
        .from(table)
        .select('*')
        .whereIn(column, keys as never[])
      if (orderBy !== undefined) q.orderBy(orderBy)
      return (await q) as Row[]
    },
    throughPivot: async (relation, keys, parentAlias, pivotAlias) => {
      const q = builder()
        .from(relation.table)
        .join(
          relation.pivot,
          `${relation.pivot}.${relation.relatedPivotKey}`,
          `${relation.table}.${relation.relatedKey}`,
        )
        .select(`${relation.table}.*`)
        .select(`${relation.pivot}.${relation.foreignPivotKey} as ${parentAlias}`)
        .whereIn(`${relation.pivot}.${relation.foreignPivotKey}`, keys as never[])
        .orderBy(`${relation.pivot}.${relation.orderBy}`)
      for (const column of relation.pivotColumns)
        q.select(`${relation.pivot}.${column} as ${pivotAlias}${column}`)
      return (await q) as Row[]
    },
    countIn: async (table, column, keys) =>
      (await builder()
        .from(table)
        .select(`${column} as k`)
        .count('* as n')
        .whereIn(column, keys as never[])
        .groupBy(column)) as { k: unknown; n: unknown }[],
  }
}

/** Loads a plan's includes and counts onto rows of the query's table. */
export async function loadQueryPlan(
  query: Knex.QueryBuilder,
  rows: readonly object[],
  plan: QueryPlan,
  options: PlanLoadOptions,
): Promise<void> {
  if (plan.include.length === 0 && plan.counts.length === 0) return
  await loadPlanned(
    rows as Row[],
    tableOf(query, options),
    plan,
    options.relations,
    knexRelationQueries(query),
  )
}

/** Options of a planned Knex page. */
export type PlannedPaginateOptions = PaginateOptions & PlanLoadOptions

/** A plan's page: applied, paginated, its includes loaded, its links carrying the parameters. */
export async function planned<P extends LengthAwarePaginator<R> | Paginator<R>, R>(
  query: Knex.QueryBuilder,
  plan: QueryPlan,
  options: PlanLoadOptions,
  run: (query: Knex.QueryBuilder, perPage: number) => Promise<P>,
): Promise<P> {
  const page = await run(applyQueryPlan(query, plan), plan.perPage)
  await loadQueryPlan(query, page.items() as object[], plan, options)
  page.appends(plan.parameters)
  return page
}

/** A plan's cursor page: the cursor bound to the plan's order. */
export async function plannedCursor<R>(
  query: Knex.QueryBuilder,
  plan: QueryPlan,
  options: CursorPaginateOptions & PlanLoadOptions,
  run: (
    query: Knex.QueryBuilder,
    perPage: number,
    options: CursorPaginateOptions,
  ) => Promise<CursorPaginator<R>>,
): Promise<CursorPaginator<R>> {
  const cursorOptions = { ...options, cursorSecret: cursorSecretOf(plan, options.cursorSecret) }
  const page = await run(applyQueryPlan(query, plan), plan.perPage, cursorOptions)
  await loadQueryPlan(query, page.items() as object[], plan, options)
  page.appends(plan.parameters)
  return page
}

export type { SimplePaginateOptions }
