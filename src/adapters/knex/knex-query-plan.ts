import type { Knex } from 'knex'
import { ArgumentError } from '../../errors/base'
import type { BasePaginator } from '../../pagination/base-paginator'
import type { PaginateOptions, SimplePaginateOptions } from '../../pagination/page-query'
import {
  LIKE_ESCAPE,
  likePattern,
  loadPlanned,
  plannedPage,
  type PlanLoadOptions,
  type RelationQueries,
  type Row,
} from '../../query/apply'
import type { FilterValue, QueryCondition } from '../../query/declaration'
import type { QueryPlan } from '../../query/plan'

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

/** Options of a planned Knex page. */
export type PlannedPaginateOptions = PaginateOptions & PlanLoadOptions

/** A plan's page of a Knex query, `run` at the plan's page size; its includes and counts loaded. */
export function planned<P extends BasePaginator<unknown>>(
  query: Knex.QueryBuilder,
  plan: QueryPlan,
  options: PlanLoadOptions,
  run: (query: Knex.QueryBuilder, perPage: number) => Promise<P>,
): Promise<P> {
  return plannedPage(plan, applyQueryPlan(query, plan), run, (rows) =>
    loadPlanned(
      rows as Row[],
      tableOf(query, options),
      plan,
      options.relations,
      knexRelationQueries(query),
    ),
  )
}

export type { SimplePaginateOptions }
