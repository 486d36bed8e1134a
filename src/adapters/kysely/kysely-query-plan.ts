import type { Kysely, OperationNode, SelectQueryBuilder } from 'kysely'
import { ArgumentError } from '../../errors/base'
import type { BasePaginator } from '../../pagination/base-paginator'
import {
  LIKE_ESCAPE,
  likePattern,
  plannedPage,
  type PlanLoadOptions,
  type RelationQueries,
  type Row,
} from '../../query/apply'
import type { QueryCondition } from '../../query/declaration'
import type { QueryPlan } from '../../query/plan'
import { planValue, SQL_COMPARISONS } from '../orm-support/plan-parts'
import { andWhere, expression, identifier, node, operator, parens, raw } from './kysely-nodes'

/** Options of a planned Kysely page: the loaders need the Kysely instance to query with. */
export interface KyselyPlanLoadOptions extends PlanLoadOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly db?: Kysely<any>
}

type AnySelect = SelectQueryBuilder<never, never, unknown>

/** `table.column` or `column` as a reference node. */
function reference(column: string): OperationNode {
  const dot = column.lastIndexOf('.')
  const columnNode = node({
    kind: 'ColumnNode' as const,
    column: identifier(dot === -1 ? column : column.slice(dot + 1)),
  })
  if (dot === -1) return node({ kind: 'ReferenceNode' as const, column: columnNode })
  const table = node({
    kind: 'TableNode' as const,
    table: node({
      kind: 'SchemableIdentifierNode' as const,
      identifier: identifier(column.slice(0, dot)),
    }),
  })
  return node({ kind: 'ReferenceNode' as const, column: columnNode, table } as OperationNode)
}

const value = (v: unknown) => node({ kind: 'ValueNode' as const, value: v })

/**
 * Is the dialect SQLite (no date type: date-times are bound as ISO text)? Read from how it writes a
 * query: PostgreSQL numbers its parameters (`$1`), MySQL/MariaDB quotes with backticks.
 */
function isSqlite(query: AnySelect): boolean {
  const sql = query.where(expression(value(0)) as never).compile().sql
  return !/\$[0-9]/.test(sql) && !sql.includes('`')
}

function conditionNode(condition: QueryCondition, sqlite: boolean): OperationNode {
  if ('all' in condition || 'any' in condition) {
    const parts = 'all' in condition ? condition.all : condition.any
    if (parts.length === 0) return raw(['all' in condition ? '1 = 1' : '1 = 0'])
    return parts
      .map((part) => parens(conditionNode(part, sqlite)))
      .reduce((left, right) =>
        node({ kind: 'all' in condition ? 'AndNode' : 'OrNode', left, right } as never),
      )
  }
  const ref = reference(condition.column)
  switch (condition.op) {
    case 'null':
      return raw(['', condition.value ? ' is null' : ' is not null'], [ref])
    case 'in':
      return node({
        kind: 'BinaryOperationNode' as const,
        leftOperand: ref,
        operator: operator('in'),
        rightOperand: node({
          kind: 'PrimitiveValueListNode' as const,
          values: condition.value.map((v) => planValue(v, sqlite)),
        }),
      })
    case 'contains':
    case 'starts_with':
      return raw(
        ['', ` like `, ` escape '${LIKE_ESCAPE}'`],
        [ref, value(likePattern(condition.op, String(condition.value)))],
      )
    default:
      return node({
        kind: 'BinaryOperationNode' as const,
        leftOperand: ref,
        operator: operator(SQL_COMPARISONS[condition.op]),
        rightOperand: value(planValue(condition.value, sqlite)),
      })
  }
}

/**
 * A Kysely select with a plan's conditions (WHERE, values bound) and order (ORDER BY, replacing the
 * query's own); Kysely builders are immutable, so a new one is returned.
 *
 * @example
 * const rows = await applyQueryPlan(db.selectFrom('posts').selectAll(), plan).limit(10).execute()
 */
export function applyQueryPlan<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  plan: QueryPlan,
): SelectQueryBuilder<DB, TB, O> {
  let q = query as unknown as AnySelect
  const sqlite = plan.where.length > 0 && isSqlite(q)
  for (const condition of plan.where) q = andWhere(q, conditionNode(condition, sqlite))
  q = q.clearOrderBy()
  for (const entry of plan.order)
    q = q.orderBy(expression(reference(entry.column)) as never, entry.descending ? 'desc' : 'asc')
  return q as unknown as SelectQueryBuilder<DB, TB, O>
}

function tableOf(query: AnySelect, options: PlanLoadOptions): string {
  if (options.table !== undefined) return options.table
  const from = (
    query.toOperationNode() as {
      from?: {
        froms?: readonly {
          kind: string
          table?: { identifier?: { name?: string } }
          node?: { table?: { identifier?: { name?: string } } }
        }[]
      }
    }
  ).from?.froms?.[0]
  const name = from?.table?.identifier?.name ?? from?.node?.table?.identifier?.name
  if (name === undefined)
    throw ArgumentError.decoratorOption(
      'table',
      'the name of the table the query selects from',
      name,
    )
  return name
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function kyselyRelationQueries(db: Kysely<any>): RelationQueries {
  return {
    whereIn: async (table, column, keys, orderBy) => {
      let q = db
        .selectFrom(table)
        .selectAll()
        .where(column, 'in', keys as never[])
      if (orderBy !== undefined) q = q.orderBy(orderBy)
      return (await q.execute()) as Row[]
    },
    throughPivot: async (relation, keys, parentAlias, pivotAlias) => {
      const selections = [
        `${relation.pivot}.${relation.foreignPivotKey} as ${parentAlias}`,
        ...relation.pivotColumns.map((c) => `${relation.pivot}.${c} as ${pivotAlias}${c}`),
      ]
      const q = db
        .selectFrom(relation.table)
        .innerJoin(
          relation.pivot,
          `${relation.pivot}.${relation.relatedPivotKey}`,
          `${relation.table}.${relation.relatedKey}`,
        )
        .selectAll(relation.table)
        .select(selections as never[])
        .where(`${relation.pivot}.${relation.foreignPivotKey}`, 'in', keys as never[])
        .orderBy(`${relation.pivot}.${relation.orderBy}`)
      return (await q.execute()) as Row[]
    },
    countIn: async (table, column, keys) =>
      (await db
        .selectFrom(table)
        .select([`${column} as k`, (eb) => eb.fn.countAll().as('n')])
        .where(column, 'in', keys as never[])
        .groupBy(column)
        .execute()) as { k: unknown; n: unknown }[],
  }
}

/** A plan's page of a Kysely select, `run` at the plan's page size; its includes and counts loaded. */
export function planned<P extends BasePaginator<unknown>>(
  query: AnySelect,
  plan: QueryPlan,
  options: KyselyPlanLoadOptions,
  run: (query: AnySelect, perPage: number) => Promise<P>,
): Promise<P> {
  return plannedPage(plan, applyQueryPlan(query, plan), run, () => {
    if (options.db === undefined)
      throw ArgumentError.decoratorOption(
        'db',
        'the Kysely instance, to load the included relations with',
        options.db,
      )
    return {
      table: tableOf(query, options),
      relations: options.relations,
      queries: kyselyRelationQueries(options.db),
    }
  })
}
