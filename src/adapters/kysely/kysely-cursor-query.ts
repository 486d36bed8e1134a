import type { Expression, OperationNode, SelectQueryBuilder, SelectQueryNode } from 'kysely'
import { ArgumentError } from '../../errors/base'
import {
  nullsFirstByDefault,
  type CursorColumn,
  type CursorQuery,
  type KeysetCondition,
} from '../../pagination/cursor-query'
import { node, operator, parens, raw } from './kysely-nodes'

/** An `Expression` Kysely's builder methods accept, around a node. */
function expression(inner: OperationNode): Expression<unknown> {
  return { expressionType: undefined, toOperationNode: () => inner } as Expression<unknown>
}

interface ReferenceLike extends OperationNode {
  readonly table?: { readonly table?: { readonly identifier?: { readonly name?: string } } }
  readonly column?: { readonly kind: string; readonly column?: { readonly name?: string } }
}

interface OrderItemLike extends OperationNode {
  readonly orderBy: OperationNode
  readonly direction?: OperationNode & { readonly sqlFragments?: readonly string[] }
  readonly nulls?: string
}

/** `table.column` or `column` of a reference to a plain column, else undefined. */
function referenceName(ref: OperationNode): string | undefined {
  if (ref.kind !== 'ReferenceNode') return undefined
  const { table, column } = ref as ReferenceLike
  if (column?.kind !== 'ColumnNode' || typeof column.column?.name !== 'string') return undefined
  const tableName = table?.table?.identifier?.name
  return tableName === undefined ? column.column.name : `${tableName}.${column.column.name}`
}

/** A cursor column plus the reference node its WHERE compares. */
interface KyselyCursorColumn extends CursorColumn {
  readonly reference: OperationNode
}

/**
 * alias -> the column reference it names, from `select('t.a as s')`; an alias of an expression
 * (raw SQL, a sub-query, a function) maps to `null`: it cannot be compared in a WHERE.
 */
function selectAliases(select: SelectQueryNode): Map<string, OperationNode | null> {
  const aliases = new Map<string, OperationNode | null>()
  for (const { selection } of select.selections ?? []) {
    if (selection.kind !== 'AliasNode') continue
    const { node: inner, alias } = selection as unknown as {
      node: OperationNode
      alias: { name?: string }
    }
    if (typeof alias.name === 'string')
      aliases.set(alias.name, referenceName(inner) === undefined ? null : inner)
  }
  return aliases
}

/**
 * Does the dialect sort NULL as the largest value? Read from how it writes parameters: PostgreSQL
 * numbers them (`$1`), SQLite and MySQL/MariaDB (NULL smallest) write `?`.
 */
function nullsAreLargest(query: SelectQueryBuilder<never, never, unknown>): boolean {
  return /\$1\b/.test(query.limit(1).compile().sql)
}

/**
 * The cursor columns of a Kysely select: its `orderBy` items in order, each a plain (possibly
 * qualified or aliased) column with its direction and NULL placement. No ORDER BY, raw SQL or an
 * expression: an `ArgumentError`.
 */
export function kyselyCursorColumns(
  fn: string,
  query: SelectQueryBuilder<never, never, unknown>,
): KyselyCursorColumn[] {
  const select = query.toOperationNode()
  const items = (select.orderBy?.items ?? []) as readonly OrderItemLike[]
  if (items.length === 0) throw ArgumentError.cursorOrder(fn, 'the query has no ORDER BY')
  const aliases = selectAliases(select)
  const largest = nullsAreLargest(query)
  return items.map((item) => {
    const name = item.kind === 'OrderByItemNode' ? referenceName(item.orderBy) : undefined
    if (name === undefined)
      throw ArgumentError.cursorOrder(fn, `ORDER BY ${item.orderBy.kind} is not a column`)
    const descending = (item.direction?.sqlFragments?.join('') ?? '').trim() === 'desc'
    const nullsFirst =
      item.nulls === 'first' || item.nulls === 'last'
        ? item.nulls === 'first'
        : nullsFirstByDefault(largest, descending)
    const aliased = aliases.get(name)
    if (aliased === null)
      throw ArgumentError.cursorOrder(fn, `ORDER BY "${name}" names an expression, not a column`)
    const reference = aliased ?? item.orderBy
    const column = referenceName(reference) ?? name
    return { name, column, descending, nullsFirst, reference }
  })
}

/** The cursor query step of a Kysely select (the caller's builder is immutable, never changed). */
export function kyselyCursorQuery<O>(
  query: SelectQueryBuilder<never, never, O>,
  columns: readonly KyselyCursorColumn[],
): CursorQuery<O> {
  const largest = nullsAreLargest(query as SelectQueryBuilder<never, never, unknown>)
  const references = new Map(columns.map((c) => [c.column, c.reference]))
  const ref = (column: string) => references.get(column) as OperationNode
  return {
    fetch: async (order, condition, limit) => {
      let page = query.clearOrderBy().clearLimit().clearOffset()
      if (condition !== undefined)
        page = page.where(expression(parens(conditionNode(condition, ref))) as never)
      for (const column of order) page = orderBy(page, column, ref(column.column), largest)
      return (await page.limit(limit).execute()) as O[]
    },
  }
}

type AnySelect<O> = SelectQueryBuilder<never, never, O>

/** ORDER BY the column, spelling NULL placement out only when it is not the dialect's default. */
function orderBy<O>(
  query: AnySelect<O>,
  column: CursorColumn,
  reference: OperationNode,
  largest: boolean,
): AnySelect<O> {
  const direction = column.descending ? 'desc' : 'asc'
  const target = expression(reference) as never
  if (column.nullsFirst === nullsFirstByDefault(largest, column.descending))
    return query.orderBy(target, direction)
  if (largest) {
    return query.orderBy(target, (ob) =>
      column.nullsFirst ? ob[direction]().nullsFirst() : ob[direction]().nullsLast(),
    )
  }
  // (x is null) is 0 for values and 1 for NULL: ascending puts NULLs last
  const isNull = expression(raw(['(', ' is null)'], [reference])) as never
  return query.orderBy(isNull, column.nullsFirst ? 'desc' : 'asc').orderBy(target, direction)
}

/** The WHERE node of a keyset condition. */
function conditionNode(
  condition: KeysetCondition,
  ref: (column: string) => OperationNode,
): OperationNode {
  switch (condition.kind) {
    case 'compare':
    case 'equal':
      return node({
        kind: 'BinaryOperationNode' as const,
        leftOperand: ref(condition.column),
        operator: operator(condition.kind === 'equal' ? '=' : condition.operator),
        rightOperand: node({ kind: 'ValueNode' as const, value: condition.value }),
      })
    case 'null':
      return raw(['', condition.negated ? ' is not null' : ' is null'], [ref(condition.column)])
    case 'and':
    case 'or':
      return condition.conditions
        .map((inner) => parens(conditionNode(inner, ref)))
        .reduce((left, right) =>
          node({ kind: condition.kind === 'and' ? 'AndNode' : 'OrNode', left, right } as never),
        )
    case 'false':
      return raw(['1 = 0'])
  }
}
