import type {
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
  renamedKeys,
  takeExactValues,
  withQueryCatalog,
} from '../orm-support/column-schema'
import type { QueryTable, SchemaColumn, SqlFamily, TableRef } from '../orm-support/column-schema'
import {
  alias,
  andWhere,
  andsOnly,
  expression,
  identifier,
  node,
  operator,
  parens,
  raw,
} from './kysely-query-plan'
import { mergeSelectColumns, selectColumn, type SelectEntry } from '../orm-support/union-selects'

/** An `Expression` Kysely's builder methods accept, around a node. */

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

/** The table a FROM item or a join names (`table`, `schema.table`, `table as t`), else undefined. */
function namedTable(item: OperationNode | undefined, outer: boolean): QueryTable | undefined {
  let table = item as TableNodeLike | undefined
  let alias: string | undefined
  if (table?.kind === 'AliasNode') {
    const aliased = table as unknown as { node: TableNodeLike; alias: { name?: string } }
    table = aliased.node
    alias = aliased.alias.name
  }
  const name = table?.table?.identifier?.name
  if (table?.kind !== 'TableNode' || typeof name !== 'string') return undefined
  const schema = table.table?.schema?.name
  const ref: TableRef = typeof schema === 'string' ? { schema, table: name } : { table: name }
  return { ref, alias: alias ?? name, outer }
}

/**
 * The cursor columns with what the catalog says of them (see `withQueryCatalog`): the type of a
 * column of the query's table or of a table it joins by name (read once per table), and
 * `nullable: false` for one that cannot hold NULL. A column of a table the catalog does not know,
 * or one a LEFT, RIGHT or FULL join can leave empty, stays nullable.
 */
export async function kyselyColumnsWithSchema<C extends CursorColumn>(
  query: SelectQueryBuilder<never, never, unknown>,
  columns: readonly C[],
  family: SqlFamily | undefined,
): Promise<Array<C & SchemaColumn>> {
  const root = query.toOperationNode()
  if (!hasSetOperations(root)) return selectColumnsWithSchema(query, root, columns, family)
  const fn = 'cursorPaginate'
  const perSelect = await Promise.all(
    kyselySelects(fn, root).map((select, k) =>
      selectColumnsWithSchema(
        query,
        select,
        ownReferences(fn, root, select, k, columns).map((reference, i) => ({
          ...columns[i],
          column: referenceName(reference) ?? columns[i].name,
        })),
        family,
      ),
    ),
  )
  return mergeSelectColumns(fn, family, columns, perSelect)
}

/** {@link kyselyColumnsWithSchema} of one SELECT (`select`) of `query`. */
async function selectColumnsWithSchema<C extends CursorColumn>(
  query: SelectQueryBuilder<never, never, unknown>,
  select: SelectQueryNode,
  columns: readonly C[],
  family: SqlFamily | undefined,
): Promise<Array<C & SchemaColumn>> {
  if (family === undefined) return columns.slice()
  const froms = select.from?.froms ?? []
  const joins = (select.joins ?? []) as readonly (OperationNode & {
    joinType?: string
    table?: OperationNode
  })[]
  // a RIGHT or FULL join can leave any table's columns empty
  const anyOuter = joins.some((j) => /right|full/i.test(j.joinType ?? ''))
  const tables = [
    ...froms.map((f) => namedTable(f, anyOuter)),
    ...joins.map((j) =>
      namedTable(j.table, anyOuter || !/^(Inner|Cross|LateralInner)/.test(j.joinType ?? '')),
    ),
  ].filter((t): t is QueryTable => t !== undefined)
  return withQueryCatalog(
    CATALOG_OWNERS[family],
    family,
    tables,
    froms.length + joins.length,
    columns,
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
}

/**
 * The cursor columns of a Kysely select: its `orderBy` items in order, each a plain (possibly
 * qualified or aliased) column with its direction and NULL placement. No ORDER BY, raw SQL or an
 * expression: an `ArgumentError`. A select with set operations (`union`, `unionAll`, `intersect`,
 * `except`) orders by its output columns; each SELECT compares its own column of each (see
 * `union-selects.ts`), which every SELECT must have.
 */
export function kyselyCursorColumns(
  fn: string,
  query: SelectQueryBuilder<never, never, unknown>,
  family: SqlFamily | undefined,
): KyselyCursorColumn[] {
  const select = query.toOperationNode()
  const items = (select.orderBy?.items ?? []) as readonly OrderItemLike[]
  if (items.length === 0) throw ArgumentError.cursorOrder(fn, 'the query has no ORDER BY')
  const union = hasSetOperations(select)
  const aliases = union ? new Map<string, OperationNode | null>() : selectAliases(select)
  const largest = family === 'postgres'
  const columns = items.map((item) => {
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
    const column = union ? name : (referenceName(reference) ?? name)
    return { name, column, descending, nullsFirst, reference }
  })
  // every SELECT has its own column of each order column (refused here, before any SQL runs)
  if (union) kyselySelects(fn, select).forEach((s, k) => ownReferences(fn, select, s, k, columns))
  return columns
}

function hasSetOperations(select: SelectQueryNode): boolean {
  return (select.setOperations?.length ?? 0) > 0
}

/**
 * The SELECTs of a select with set operations, in order: its own, then each operation's
 * (recursively: one may have its own). Raw SQL, whose columns cannot be read, and a SELECT with
 * its own LIMIT or OFFSET, which a keyset would change, are `ArgumentError`s.
 */
function kyselySelects(fn: string, select: SelectQueryNode): SelectQueryNode[] {
  const selects = [select]
  for (const { expression } of select.setOperations ?? []) {
    if (expression.kind !== 'SelectQueryNode')
      throw ArgumentError.cursorOrder(
        fn,
        'a SELECT of the union is raw SQL, whose columns cannot be read; write it with the query builder',
      )
    const inner = expression as SelectQueryNode
    if (inner.limit !== undefined || inner.offset !== undefined)
      throw ArgumentError.cursorOrder(
        fn,
        'a SELECT of the union has a LIMIT or OFFSET of its own, which the keyset would change',
      )
    selects.push(...kyselySelects(fn, inner))
  }
  return selects
}

/** A reference to the column `name`, as a select's output column or a `*` SELECT's column. */
const columnReference = (name: string): OperationNode =>
  node({
    kind: 'ReferenceNode' as const,
    column: node({ kind: 'ColumnNode' as const, column: identifier(name) }),
  })

/** The select list of one SELECT; undefined when it selects `*` (its columns go by name). */
function selectEntries(select: SelectQueryNode): SelectEntry<OperationNode>[] | undefined {
  const selections = select.selections ?? []
  if (selections.length === 0) return undefined
  const entries: SelectEntry<OperationNode>[] = []
  for (const { selection } of selections) {
    const { column } = selection as ReferenceLike
    if (selection.kind === 'SelectAllNode' || column?.kind === 'SelectAllNode') return undefined
    if (selection.kind === 'AliasNode') {
      const { node: inner, alias: name } = selection as unknown as {
        node: OperationNode
        alias: { name?: string }
      }
      entries.push({
        ...(typeof name.name === 'string' ? { output: name.name } : {}),
        column: referenceName(inner) === undefined ? null : inner,
      })
    } else if (referenceName(selection) !== undefined) {
      entries.push({ output: column?.column?.name, column: selection })
    } else entries.push({ column: null })
  }
  return entries
}

/** The reference SELECT number `index` of `root` compares for each of `columns`. */
function ownReferences(
  fn: string,
  root: SelectQueryNode,
  select: SelectQueryNode,
  index: number,
  columns: readonly CursorColumn[],
): OperationNode[] {
  const first = selectEntries(root)
  const entries = selectEntries(select)
  return columns.map((c) => selectColumn(fn, first, entries, index, c.name, columnReference))
}

/** The exact texts of `columns` (of `references[i]`), under their internal aliases. */
function exactTexts(
  columns: readonly SchemaColumn[],
  references: readonly OperationNode[],
): OperationNode[] {
  return columns.flatMap((c, i) => {
    if (c.exact === undefined) return []
    const [before, after] = c.exact.text.split('??')
    const text = alias(raw([before, after], [references[i]]), exactAlias(i))
    return [node({ kind: 'SelectionNode' as const, selection: text })]
  })
}

/** A plugin that adds the exact texts of `columns` to the select list, under internal aliases. */
function exactSelections(columns: readonly (KyselyCursorColumn & SchemaColumn)[]): KyselyPlugin {
  const added = exactTexts(
    columns,
    columns.map((c) => c.reference),
  )
  return {
    transformQuery: ({ node: root }) =>
      root.kind === 'SelectQueryNode'
        ? node({ ...root, selections: [...(root.selections ?? []), ...added] } as never)
        : root,
    transformResult: async ({ result }: PluginTransformResultArgs) => result,
  }
}

/**
 * `select` with `keyset` ANDed to its WHERE, its own WHERE in parentheses first unless
 * {@link andsOnly} (see `andWhere`).
 */
function withKeyset(select: SelectQueryNode, keyset: OperationNode | undefined): SelectQueryNode {
  if (keyset === undefined) return select
  const own = select.where?.where
  const where =
    own === undefined
      ? keyset
      : node({ kind: 'AndNode' as const, left: andsOnly(own) ? own : parens(own), right: keyset })
  return node({ ...select, where: node({ kind: 'WhereNode' as const, where }) })
}

/**
 * A plugin that restricts every SELECT of a select with set operations by the keyset `condition`
 * (when there is one), each on its own columns, and adds their exact texts to each select list.
 */
function restrictedSelects(
  condition: KeysetCondition | undefined,
  columns: readonly (KyselyCursorColumn & SchemaColumn)[],
  value: ValueOf,
): KyselyPlugin {
  const restrict = (root: SelectQueryNode): SelectQueryNode => {
    let index = 0
    const each = (select: SelectQueryNode): SelectQueryNode => {
      const own = ownReferences('cursorPaginate', root, select, index++, columns)
      const byColumn = new Map(columns.map((c, i) => [c.column, own[i]]))
      const ref = (column: string) => byColumn.get(column) as OperationNode
      const keyset =
        condition === undefined ? undefined : parens(conditionNode(condition, ref, value))
      return node({
        ...withKeyset(select, keyset),
        selections: [...(select.selections ?? []), ...exactTexts(columns, own)],
        ...(select.setOperations === undefined
          ? {}
          : {
              setOperations: select.setOperations.map((operation) =>
                node({ ...operation, expression: each(operation.expression as SelectQueryNode) }),
              ),
            }),
      } as unknown as SelectQueryNode)
    }
    return each(root)
  }
  return {
    transformQuery: ({ node: root }) =>
      root.kind === 'SelectQueryNode' ? (restrict(root as SelectQueryNode) as never) : root,
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
  const value = valueNodes(family, (column) => references.get(column)?.exact?.cast)
  const exact = columns.some((c) => c.exact !== undefined)
  return {
    ...indexFormOf(family),
    fetch: async (order, condition, limit) => {
      let page = query.clearOrderBy().clearLimit().clearOffset()
      const union = hasSetOperations(query.toOperationNode())
      if (condition !== undefined && !union)
        page = andWhere(page, conditionNode(condition, ref, value))
      // SQLite orders a UNION by its output columns only, not by (x is null): it takes NULLS FIRST/LAST
      const keywords = largest || (family === 'sqlite' && union)
      for (const column of order)
        if (column.allNull !== true)
          page = orderBy(page, column, ref(column.column), largest, keywords)
      // the exact texts follow the order of `columns` (the aliases takeExactValues reads)
      if (union) page = page.withPlugin(restrictedSelects(condition, columns, value))
      else if (exact) page = page.withPlugin(exactSelections(columns))
      const rows = (await page.limit(limit).execute()) as O[]
      takeExactValues(
        'cursorPaginate',
        family,
        columns,
        rows,
        await renamedKeys(columns, rows, (names) => probeKeys(query, names)),
      )
      return rows
    },
  }
}

type AnySelect<O> = SelectQueryBuilder<never, never, O>

/** One row of NULLs under `names`, run through `query`'s plugins: the keys they give it. */
async function probeKeys(query: AnySelect<unknown>, names: readonly string[]): Promise<string[]> {
  const selections = names.map((name) =>
    node({ kind: 'SelectionNode' as const, selection: alias(raw(['null']), name) }),
  )
  const probe = node({ kind: 'SelectQueryNode' as const, selections }) as unknown as OperationNode
  const [row] = (await query.withPlugin(replacedBy(probe)).execute()) as object[]
  return Object.keys(row ?? {})
}

/**
 * ORDER BY the column, spelling NULL placement out only when it is not the dialect's default: with
 * NULLS FIRST/LAST where `keywords` (PostgreSQL; SQLite over a UNION), else `(x is null)` first.
 */
function orderBy<O>(
  query: AnySelect<O>,
  column: CursorColumn,
  reference: OperationNode,
  largest: boolean,
  keywords: boolean,
): AnySelect<O> {
  const direction = column.descending ? 'desc' : 'asc'
  const target = expression(reference) as never
  if (column.nullsFirst === nullsFirstByDefault(largest, column.descending))
    return query.orderBy(target, direction)
  if (keywords) {
    return query.orderBy(target, (ob) =>
      column.nullsFirst ? ob[direction]().nullsFirst() : ob[direction]().nullsLast(),
    )
  }
  // (x is null) is 0 for values and 1 for NULL: ascending puts NULLs last
  const isNull = expression(raw(['(', ' is null)'], [reference])) as never
  return query.orderBy(isNull, column.nullsFirst ? 'desc' : 'asc').orderBy(target, direction)
}

/** How a cursor value of a column is written in a condition. */
type ValueOf = (column: string, value: CursorValue) => OperationNode

/**
 * The cursor values of a condition: `cast(? as <type>)` for a column whose values travel as exact
 * text (`cast`), and on SQLite a boolean as 1 or 0, as SQLite stores one (better-sqlite3 cannot
 * bind a boolean, and only a forged cursor carries one for a column it cannot check).
 */
function valueNodes(
  family: SqlFamily | undefined,
  cast: (column: string) => string | undefined,
): ValueOf {
  return (column, v) => {
    const value = family === 'sqlite' && typeof v === 'boolean' ? Number(v) : v
    const bound = node({ kind: 'ValueNode' as const, value })
    const type = cast(column)
    return type === undefined ? bound : raw(['cast(', ` as ${type})`], [bound])
  }
}

/** The WHERE node of a keyset condition. */
function conditionNode(
  condition: KeysetCondition,
  ref: (column: string) => OperationNode,
  value: ValueOf,
): OperationNode {
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
        .map((inner) => parens(conditionNode(inner, ref, value)))
        .reduce((left, right) =>
          node({ kind: condition.kind === 'and' ? 'AndNode' : 'OrNode', left, right } as never),
        )
    case 'false':
      return raw(['1 = 0'])
  }
}
