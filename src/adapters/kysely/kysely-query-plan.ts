import type { Kysely, OperationNode, SelectQueryBuilder, Expression } from 'kysely'
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
        ...relation.pivotColumns.map((c, i) => `${relation.pivot}.${c} as ${pivotAlias}${i}`),
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

// Operation nodes are plain frozen objects that Kysely's compilers dispatch on by `kind`, so the
// adapter builds them without loading Kysely at run time. The builders both of its queries (the
// count and the cursor page) use.

/** A node as Kysely builds them: frozen. */
export const node = <N extends OperationNode>(value: N): N => Object.freeze(value)

/** `name`, as an identifier (quoted by the dialect). */
export const identifier = (name: string) => node({ kind: 'IdentifierNode' as const, name })

/** `inner as name`. */
export const alias = (inner: OperationNode, name: string) =>
  node({ kind: 'AliasNode' as const, node: inner, alias: identifier(name) })

/** SQL text with `parameters` between its fragments. */
export const raw = (sqlFragments: readonly string[], parameters: readonly OperationNode[] = []) =>
  node({ kind: 'RawNode' as const, sqlFragments, parameters })

/** A comparison or logical operator (`<`, `=`, `is`, ...). */
export const operator = (op: string) => node({ kind: 'OperatorNode' as const, operator: op })

/** `(inner)`. */
export const parens = (inner: OperationNode) => node({ kind: 'ParensNode' as const, node: inner })

/** `inner` as an expression a builder takes (`where(expression(node))`). */
export function expression(inner: OperationNode): Expression<unknown> {
  return { expressionType: undefined, toOperationNode: () => inner } as Expression<unknown>
}

/** Is `where` comparisons and groups ANDed: what one more AND cannot change the meaning of? */
export function andsOnly(where: OperationNode): boolean {
  if (where.kind === 'BinaryOperationNode' || where.kind === 'ParensNode') return true
  if (where.kind !== 'AndNode') return false
  const { left, right } = where as OperationNode & { left: OperationNode; right: OperationNode }
  return andsOnly(left) && andsOnly(right)
}

/**
 * `query` with `condition` ANDed to the whole of its own WHERE. Kysely's `where()` ANDs without
 * grouping, so an own WHERE of raw SQL or an OR (`a = 1 or a = 2`, which would read
 * `a = 1 or (a = 2 and condition)`) is put in parentheses first, with `clearWhere()`; a Kysely
 * without it (before 0.27) ANDs as it always did.
 */
export function andWhere<Q extends SelectQueryBuilder<never, never, unknown>>(
  query: Q,
  condition: OperationNode,
): Q {
  const own = query.toOperationNode().where?.where
  const grouped =
    own === undefined || andsOnly(own) || typeof query.clearWhere !== 'function'
      ? query
      : query.clearWhere().where(expression(parens(own)) as never)
  return grouped.where(expression(parens(condition)) as never) as Q
}
