import type {
  Expression,
  KyselyPlugin,
  OperationNode,
  PluginTransformResultArgs,
  RootOperationNode,
  SelectQueryBuilder,
  SelectQueryNode,
} from 'kysely'
import { ArgumentError } from '../../errors/base'
import {
  nullsFirstByDefault,
  type CursorColumn,
  type CursorQuery,
  type KeysetCondition,
} from '../../pagination/cursor-query'
import type { CursorValue } from '../../pagination/cursor'
import {
  exactAlias,
  indexFormOf,
  ownColumn,
  takeExactValues,
  withCatalog,
  type SchemaColumn,
  tableColumns,
  type SqlFamily,
  type TableRef,
} from '../orm-support/column-schema'
import { alias, identifier, node, operator, parens, raw } from './kysely-nodes'

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

/** A plugin that puts `root` in place of the query it is attached to (after the app's plugins). */
function replacedBy(root: OperationNode): KyselyPlugin {
  return {
    transformQuery: () => root as RootOperationNode,
    transformResult: async ({ result }: PluginTransformResultArgs) => result,
  }
}

/** `select <inner>` (a plugin must return a select for a select). */
const selectOf = (selection: OperationNode, from?: OperationNode) =>
  node({
    kind: 'SelectQueryNode' as const,
    selections: [node({ kind: 'SelectionNode' as const, selection })],
    ...(from === undefined ? {} : { from: node({ kind: 'FromNode' as const, froms: [from] }) }),
  }) as unknown as OperationNode

const PROBE = selectOf(
  raw(['', ' ', ''], [node({ kind: 'ValueNode' as const, value: 0 }), identifier('a')]),
)

/**
 * The SQL family of the query's dialect, from how the dialect's own compiler writes a parameter
 * and an identifier of a probe node (never from the query's SQL): PostgreSQL `$1 "a"`,
 * MySQL/MariaDB `` ? `a` ``, SQLite `? "a"`; undefined for any other dialect.
 */
export function kyselyFamily(
  query: SelectQueryBuilder<never, never, unknown>,
): SqlFamily | undefined {
  const probe = query.withPlugin(replacedBy(PROBE)).compile().sql
  if (probe === 'select $1 "a"') return 'postgres'
  if (probe === 'select ? `a`') return 'mysql'
  if (probe === 'select ? "a"') return 'sqlite'
  return undefined
}

/** One owner object per family for the catalog cache (Kysely does not expose its connection). */
const CATALOG_OWNERS: Record<SqlFamily, object> = { postgres: {}, mysql: {}, sqlite: {} }

interface TableNodeLike extends OperationNode {
  readonly table?: {
    readonly schema?: { readonly name?: string }
    readonly identifier?: { readonly name?: string }
  }
}

/** The query's table and the name it goes by, when it reads one table by name. */
function fromTable(select: SelectQueryNode): { ref: TableRef; alias: string } | undefined {
  const froms = select.from?.froms ?? []
  if (froms.length !== 1) return undefined
  let table = froms[0] as TableNodeLike
  let alias: string | undefined
  if (table.kind === 'AliasNode') {
    const aliased = table as unknown as { node: TableNodeLike; alias: { name?: string } }
    table = aliased.node
    alias = aliased.alias.name
  }
  const name = table.table?.identifier?.name
  if (table.kind !== 'TableNode' || typeof name !== 'string') return undefined
  const schema = table.table?.schema?.name
  const ref: TableRef = typeof schema === 'string' ? { schema, table: name } : { table: name }
  return { ref, alias: alias ?? name }
}

/**
 * The cursor columns with what the catalog says of them: `nullable: false` for the columns of the
 * query's table that cannot hold NULL (read once per table). Columns of other tables, of tables
 * the catalog does not know, or that a RIGHT or FULL join can leave empty, stay nullable.
 */
export async function kyselyColumnsWithSchema<C extends CursorColumn>(
  query: SelectQueryBuilder<never, never, unknown>,
  columns: readonly C[],
  family: SqlFamily | undefined,
): Promise<Array<C & SchemaColumn>> {
  const select = query.toOperationNode()
  const from = fromTable(select)
  if (family === undefined || from === undefined || select.setOperations !== undefined)
    return columns.slice()
  const joins = (select.joins ?? []) as readonly (OperationNode & { joinType?: string })[]
  if (joins.some((j) => /right|full/i.test(j.joinType ?? ''))) return columns.slice()
  const known = await tableColumns(
    CATALOG_OWNERS[family],
    family,
    from.ref,
    async (sql, bindings) => {
      const fragments = sql.split('?')
      fragments[0] = `(${fragments[0]}`
      fragments[fragments.length - 1] += ')'
      const values = bindings.map((value) => node({ kind: 'ValueNode' as const, value }))
      const catalog = alias(raw(fragments, values), 'api_resources_catalog')
      const all = node({ kind: 'SelectAllNode' as const })
      return (await query.withPlugin(replacedBy(selectOf(all, catalog))).execute()) as unknown[]
    },
  )
  return columns.map((c) => {
    const own = ownColumn(c.column, from.alias, joins.length > 0)
    return withCatalog(family, c, own === undefined ? undefined : known.get(own))
  })
}

/**
 * The cursor columns of a Kysely select: its `orderBy` items in order, each a plain (possibly
 * qualified or aliased) column with its direction and NULL placement. No ORDER BY, raw SQL or an
 * expression: an `ArgumentError`.
 */
export function kyselyCursorColumns(
  fn: string,
  query: SelectQueryBuilder<never, never, unknown>,
  family: SqlFamily | undefined,
): KyselyCursorColumn[] {
  const select = query.toOperationNode()
  const items = (select.orderBy?.items ?? []) as readonly OrderItemLike[]
  if (items.length === 0) throw ArgumentError.cursorOrder(fn, 'the query has no ORDER BY')
  // the keyset would restrict only the first SELECT of a UNION, so its pages would be wrong
  if (select.setOperations !== undefined && select.setOperations.length > 0)
    throw ArgumentError.cursorOrder(
      fn,
      "the query is a UNION, whose ORDER BY columns are not a table's; paginate a query " +
        "reading it as a derived table (db.selectFrom(union.as('t')).selectAll().orderBy('t.id'))",
    )
  const aliases = selectAliases(select)
  const largest = family === 'postgres'
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

/** A plugin that adds the exact texts of `columns` to the select list, under internal aliases. */
function exactSelections(columns: readonly (KyselyCursorColumn & SchemaColumn)[]): KyselyPlugin {
  const added = columns.flatMap((c, i) => {
    if (c.exact === undefined) return []
    const [before, after] = c.exact.text.split('??')
    const text = alias(raw([before, after], [c.reference]), exactAlias(i))
    return [node({ kind: 'SelectionNode' as const, selection: text })]
  })
  return {
    transformQuery: ({ node: root }) =>
      root.kind === 'SelectQueryNode'
        ? node({ ...root, selections: [...(root.selections ?? []), ...added] } as never)
        : root,
    transformResult: async ({ result }: PluginTransformResultArgs) => result,
  }
}

/** The cursor query step of a Kysely select (the caller's builder is immutable, never changed). */
export function kyselyCursorQuery<O>(
  query: SelectQueryBuilder<never, never, O>,
  columns: readonly (KyselyCursorColumn & SchemaColumn)[],
  family: SqlFamily | undefined,
): CursorQuery<O> {
  const largest = family === 'postgres'
  const references = new Map(columns.map((c) => [c.column, c]))
  const ref = (column: string) => (references.get(column) as KyselyCursorColumn).reference
  const cast = (column: string) => references.get(column)?.exact?.cast
  const exact = columns.some((c) => c.exact !== undefined)
  const cursorQuery: { -readonly [K in keyof CursorQuery<O>]: CursorQuery<O>[K] } = {
    fetch: async (order, condition, limit) => {
      let page = query.clearOrderBy().clearLimit().clearOffset()
      if (condition !== undefined)
        page = page.where(expression(parens(conditionNode(condition, ref, cast))) as never)
      for (const column of order) page = orderBy(page, column, ref(column.column), largest)
      // the exact texts follow the order of `columns` (the aliases takeExactValues reads)
      if (exact) page = page.withPlugin(exactSelections(columns))
      const rows = (await page.limit(limit).execute()) as O[]
      takeExactValues('cursorPaginate', family, columns, rows)
      return rows
    },
  }
  const indexForm = indexFormOf(family)
  if (indexForm !== undefined) cursorQuery.indexForm = indexForm
  return cursorQuery
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
  cast: (column: string) => string | undefined,
): OperationNode {
  const value = (column: string, v: CursorValue) => {
    const bound = node({ kind: 'ValueNode' as const, value: v })
    const type = cast(column)
    return type === undefined ? bound : raw(['cast(', ` as ${type})`], [bound])
  }
  switch (condition.kind) {
    case 'compare':
    case 'equal':
      return node({
        kind: 'BinaryOperationNode' as const,
        leftOperand: ref(condition.column),
        operator: operator(condition.kind === 'equal' ? '=' : condition.operator),
        rightOperand: value(condition.column, condition.value),
      })
    case 'rows': {
      const n = condition.columns.length
      const commas = Array.from({ length: n - 1 }, () => ', ')
      return raw(
        ['(', ...commas, `) ${condition.operator} (`, ...commas, ')'],
        [
          ...condition.columns.map(ref),
          ...condition.values.map((v, i) => value(condition.columns[i], v)),
        ],
      )
    }
    case 'null':
      return raw(['', condition.negated ? ' is not null' : ' is null'], [ref(condition.column)])
    case 'and':
    case 'or':
      return condition.conditions
        .map((inner) => parens(conditionNode(inner, ref, cast)))
        .reduce((left, right) =>
          node({ kind: condition.kind === 'and' ? 'AndNode' : 'OrNode', left, right } as never),
        )
    case 'false':
      return raw(['1 = 0'])
  }
}
