import type { Knex } from 'knex'
import { ArgumentError } from '../../errors/base'
import type { BasePaginator } from '../../pagination/base-paginator'
import type { PaginateOptions } from '../../pagination/page-query'
import {
  plannedPage,
  type PlanLoadOptions,
  type RelationQueries,
  type Row,
} from '../../query/apply'
import type { QueryPlan } from '../../query/plan'
import {
  groupOwnWhere,
  knexWhereSpelling,
  type KnexStatements,
  type KnexWhereBuilder,
  spellPlanCondition,
} from '../orm-support/plan-parts'

interface KnexInternals extends KnexStatements {
  readonly client: { queryBuilder(): Knex.QueryBuilder; readonly dialect?: string }
  readonly _single?: { readonly table?: unknown }
}

const internals = (query: Knex.QueryBuilder) => query as unknown as KnexInternals

/**
 * Applies a plan's conditions (WHERE, values bound) and order (ORDER BY, replacing the query's own)
 * to a Knex select query; the query is changed and returned.
 *
 * @example
 * const rows = await applyQueryPlan(db('posts'), queryPlan(PostResource)).limit(10)
 */
export function applyQueryPlan<Q extends Knex.QueryBuilder>(query: Q, plan: QueryPlan): Q {
  // SQLite has no date type: date-times are bound as ISO text
  const spelling = knexWhereSpelling(internals(query).client.dialect === 'sqlite3')
  const builder = query as unknown as KnexWhereBuilder
  if (plan.where.length > 0) groupOwnWhere(internals(query))
  for (const condition of plan.where) spellPlanCondition(condition, spelling)(builder)
  query.clearOrder()
  for (const entry of plan.order) query.orderBy(entry.column, entry.descending ? 'desc' : 'asc')
  return query
}

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
      relation.pivotColumns.forEach((column, i) =>
        q.select(`${relation.pivot}.${column} as ${pivotAlias}${i}`),
      )
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
  return plannedPage(plan, applyQueryPlan(query, plan), run, () => ({
    table: tableOf(query, options),
    relations: options.relations,
    queries: knexRelationQueries(query),
  }))
}
