import { ArgumentError } from '../../errors/base'
import {
  exactAlias,
  indexFormOf,
  ownColumn,
  parseTableName,
  tableColumns,
  takeExactValues,
  withCatalog,
  type SchemaColumn,
  type SqlFamily,
} from './column-schema'
import {
  nullsFirstByDefault,
  type CursorColumn,
  type CursorQuery,
  type KeysetCondition,
} from '../../pagination/cursor-query'

/**
 * The Knex builder methods the cursor step calls: those of a Knex query builder and of Objection's
 * (which builds on Knex). @internal
 */
export interface KnexLikeBuilder {
  select(...columns: unknown[]): this
  where(...args: unknown[]): this
  orWhere(callback: (builder: this) => void): this
  whereNull(column: string): this
  whereNotNull(column: string): this
  whereRaw(sql: string, bindings?: readonly unknown[]): this
  orderBy(column: string, direction: string, nulls?: 'first' | 'last'): this
  orderByRaw(sql: string, bindings: unknown[]): this
}

interface OrderStatement {
  readonly grouping: string
  readonly type?: string
  readonly value?: unknown
  readonly direction?: unknown
  readonly nulls?: unknown
}

/** What Knex keeps of a query: its statements, its table and its client. @internal */
export interface KnexInternals {
  readonly _statements: readonly OrderStatement[]
  readonly _single?: { readonly table?: unknown; readonly schema?: unknown }
  readonly client: {
    readonly dialect?: string
    readonly config?: object
    raw(sql: string, bindings: readonly unknown[]): PromiseLike<unknown>
  }
}

/** The SQL family of a Knex dialect whose catalog the cursor step reads, else undefined. */
export function knexFamily(query: KnexInternals): SqlFamily | undefined {
  switch (query.client.dialect) {
    case 'postgresql':
    case 'cockroachdb':
      return 'postgres'
    case 'mysql':
      return 'mysql'
    case 'sqlite3':
    case 'better-sqlite3':
      return 'sqlite'
    default:
      return undefined
  }
}

/** The rows of a raw Knex result: pg's `{ rows }`, mysql's `[rows, fields]`, SQLite's rows. */
function rawRows(family: SqlFamily, result: unknown): readonly unknown[] {
  if (family === 'postgres') return (result as { rows?: unknown[] }).rows ?? []
  if (family === 'mysql') return (Array.isArray(result) ? result[0] : []) as unknown[]
  return Array.isArray(result) ? result : []
}

/**
 * The cursor columns with what the database's catalog says of them: `nullable: false` for the
 * columns of the query's table that cannot hold NULL (read once per connection and table). A
 * column of another table, of a table the catalog does not know, or one a RIGHT or FULL join can
 * leave empty stays nullable. @internal
 */
export async function knexColumnsWithSchema(
  query: KnexInternals,
  columns: readonly CursorColumn[],
): Promise<CursorColumn[]> {
  const family = knexFamily(query)
  const table = query._single?.table
  const parsed = typeof table === 'string' ? parseTableName(table) : undefined
  if (family === undefined || parsed === undefined) return columns.slice()
  const schema = query._single?.schema
  const ref = typeof schema === 'string' ? { ...parsed.ref, schema } : parsed.ref
  const joins = query._statements.filter((s) => s.grouping === 'join')
  if (joins.some((j) => /right|full/i.test(String((j as { joinType?: unknown }).joinType))))
    return columns.slice()
  const { client } = query
  const known = await tableColumns(client.config ?? client, family, ref, async (sql, bindings) =>
    rawRows(family, await client.raw(sql, bindings)),
  )
  return columns.map((c) => {
    const own = ownColumn(c.column, parsed.alias, joins.length > 0)
    return withCatalog(family, c, own === undefined ? undefined : known.get(own))
  })
}

/** Dialects whose ORDER BY understands `NULLS FIRST`/`NULLS LAST` as Knex writes it. */
const NULLS_KEYWORD = new Set([
  'postgresql',
  'pg',
  'postgres',
  'redshift',
  'oracledb',
  'cockroachdb',
])

const UNION_PROBLEM =
  "the query is a UNION, whose ORDER BY columns are not a table's; paginate a query reading it " +
  "as a derived table (knex.select('*').from(union.as('t')).orderBy('t.id'))"

/** Does the dialect sort NULL as the largest value (PostgreSQL, Oracle) or the smallest? */
export function knexNullsAreLargest(query: KnexInternals): boolean {
  return NULLS_KEYWORD.has(query.client.dialect ?? '')
}

/**
 * The cursor columns of a Knex query: its `orderBy` columns in order, each with its direction and
 * NULL placement; an aliased column (`select('posts.score as s').orderBy('s')`) compares the
 * underlying column. No ORDER BY, `orderByRaw` or an expression: an `ArgumentError`.
 */
export function knexCursorColumns(fn: string, query: KnexInternals): CursorColumn[] {
  const statements = query._statements
  // the keyset would restrict only the first SELECT of a UNION, so its pages would be wrong
  if (statements.some((s) => s.grouping === 'union'))
    throw ArgumentError.cursorOrder(fn, UNION_PROBLEM)
  const orders = statements.filter((s) => s.grouping === 'order')
  if (orders.length === 0) throw ArgumentError.cursorOrder(fn, 'the query has no ORDER BY')
  const aliases = selectAliases(statements)
  const largest = knexNullsAreLargest(query)
  return orders.map((s) => {
    if (s.type !== 'orderByBasic' || typeof s.value !== 'string' || / as /i.test(s.value))
      throw ArgumentError.cursorOrder(fn, `ORDER BY ${describeOrder(s)} is not a column`)
    const descending = String(s.direction ?? '').toLowerCase() === 'desc'
    const nulls = String(s.nulls ?? '').toLowerCase()
    const nullsFirst =
      nulls === 'first' || nulls === 'last'
        ? nulls === 'first'
        : nullsFirstByDefault(largest, descending)
    const aliased = aliases.get(s.value)
    if (aliased === null)
      throw ArgumentError.cursorOrder(fn, `ORDER BY "${s.value}" names an expression, not a column`)
    return { name: s.value, column: aliased ?? s.value, descending, nullsFirst }
  })
}

function describeOrder(statement: OrderStatement): string {
  if (statement.type === 'orderByRaw') {
    const sql = (statement.value as { sql?: unknown } | undefined)?.sql
    return `orderByRaw(${JSON.stringify(typeof sql === 'string' ? sql : '?')})`
  }
  return typeof statement.value === 'string' ? JSON.stringify(statement.value) : 'an expression'
}

/**
 * alias -> column of the select list's `'column as alias'` strings and `{ alias: 'column' }`
 * objects; an alias of an expression (raw SQL, a sub-query) maps to `null`: it cannot be compared
 * in a WHERE.
 */
function selectAliases(statements: readonly OrderStatement[]): Map<string, string | null> {
  const aliases = new Map<string, string | null>()
  for (const s of statements) {
    if (s.grouping !== 'columns' || !Array.isArray(s.value)) continue
    for (const column of s.value as unknown[]) {
      if (typeof column === 'string') {
        const match = /^\s*(\S+)\s+as\s+(\S+)\s*$/i.exec(column)
        if (match !== null) aliases.set(match[2], match[1])
      } else if (typeof column === 'object' && column !== null) {
        addObjectAliases(aliases, column)
      }
    }
  }
  return aliases
}

/** The aliases of one non-string select entry: `{ alias: column }`, a sub-query, or raw SQL. */
function addObjectAliases(aliases: Map<string, string | null>, column: object): void {
  const subquery = (column as { _single?: { as?: unknown } })._single?.as
  const sql = (column as { sql?: unknown }).sql
  if (typeof subquery === 'string') aliases.set(subquery, null)
  else if (typeof sql === 'string') {
    const match = /\s+as\s+["`]?([\w$]+)["`]?\s*$/i.exec(sql)
    if (match !== null) aliases.set(match[1], null)
  } else if (Object.getPrototypeOf(column) === Object.prototype) {
    for (const [alias, value] of Object.entries(column))
      aliases.set(alias, typeof value === 'string' ? value : null)
  }
}

/** One SQL expression for a select list: SQL with `??`/`?` placeholders and its bindings. */
export interface SelectExpression {
  readonly sql: string
  readonly bindings: readonly unknown[]
}

/**
 * Adds `expressions` to the select list of `builder`, keeping the columns it selects (all of
 * them when it names none). @internal
 */
export type SelectAdder<B> = (builder: B, expressions: readonly SelectExpression[]) => void

/**
 * The cursor query step of a Knex-like query: `page()` gives a copy of it without order, limit
 * and offset (the caller's query never sees the keyset). `select` adds the exact texts of the
 * order columns to the select list (by default as a Knex builder does: `select *` when the query
 * names no column, then the raw expressions). @internal
 */
export function knexLikeCursorQuery<T, B extends KnexLikeBuilder>(
  page: () => B,
  largest: boolean,
  run: (builder: B, limit: number) => PromiseLike<unknown>,
  family?: SqlFamily,
  select: SelectAdder<B> = knexSelect,
): CursorQuery<T> {
  const cursorQuery: { -readonly [K in keyof CursorQuery<T>]: CursorQuery<T>[K] } = {
    fetch: async (columns: readonly SchemaColumn[], condition, limit) => {
      const builder = page()
      const casts = castsOf(columns)
      // an OR needs its own group to AND with the query's WHERE; a single comparison does not
      if (condition?.kind === 'or') builder.where((b: B) => applyCondition(b, condition, casts))
      else if (condition !== undefined) applyCondition(builder, condition, casts)
      const exact = exactExpressions(columns)
      if (exact.length > 0) select(builder, exact)
      for (const column of columns) orderBy(builder, column, largest)
      const rows = (await run(builder, limit)) as T[]
      takeExactValues('cursorPaginate', family, columns, rows)
      return rows
    },
  }
  const indexForm = indexFormOf(family)
  if (indexForm !== undefined) cursorQuery.indexForm = indexForm
  return cursorQuery
}

const NO_CASTS: ReadonlyMap<string, string | undefined> = new Map()

/** column -> the cast of its cursor values, for the columns whose values travel as exact text. */
function castsOf(columns: readonly SchemaColumn[]): ReadonlyMap<string, string | undefined> {
  if (columns.every((c) => c.exact === undefined)) return NO_CASTS
  return new Map(columns.map((c) => [c.column, c.exact?.cast]))
}

/** The exact text of each column that has one, under its internal alias. */
function exactExpressions(columns: readonly SchemaColumn[]): SelectExpression[] {
  const expressions: SelectExpression[] = []
  columns.forEach((c, i) => {
    if (c.exact !== undefined)
      expressions.push({ sql: `${c.exact.text} as ??`, bindings: [c.column, exactAlias(i)] })
  })
  return expressions
}

/** {@link SelectAdder} of a Knex builder. */
function knexSelect(builder: KnexLikeBuilder, expressions: readonly SelectExpression[]): void {
  const internals = builder as unknown as KnexInternals & {
    client: { raw(sql: string, bindings: readonly unknown[]): unknown }
  }
  if (!internals._statements.some((s) => s.grouping === 'columns')) builder.select('*')
  for (const { sql, bindings } of expressions) builder.select(internals.client.raw(sql, bindings))
}

/** `?`, or `cast(? as <type>)` for a column whose values travel as exact text. */
const placeholder = (cast: string | undefined) => (cast === undefined ? '?' : `cast(? as ${cast})`)

/** ORDER BY `column`, spelling NULL placement out only when it is not the dialect's default. */
function orderBy(query: KnexLikeBuilder, column: CursorColumn, largest: boolean): void {
  // PostgreSQL-like dialects (NULL largest) write NULLS FIRST/LAST
  const keyword = largest
  const direction = column.descending ? 'desc' : 'asc'
  if (column.nullsFirst === nullsFirstByDefault(largest, column.descending)) {
    query.orderBy(column.name, direction)
  } else if (keyword) {
    query.orderBy(column.column, direction, column.nullsFirst ? 'first' : 'last')
  } else {
    // (x is null) is 0 for values and 1 for NULL: ascending puts NULLs last
    query.orderByRaw(`(?? is null) ${column.nullsFirst ? 'desc' : 'asc'}`, [column.column])
    query.orderBy(column.column, direction)
  }
}

/** Adds `condition` to `builder` (inside a group, so it ANDs with the query's own WHERE). */
function applyCondition<B extends KnexLikeBuilder>(
  builder: B,
  condition: KeysetCondition,
  casts: ReadonlyMap<string, string | undefined>,
): void {
  switch (condition.kind) {
    case 'compare':
    case 'equal': {
      const { column, value } = condition
      const operator = condition.kind === 'equal' ? '=' : condition.operator
      const cast = casts.get(column)
      if (cast === undefined) builder.where(column, operator, value)
      else builder.whereRaw(`?? ${operator} ${placeholder(cast)}`, [column, value])
      return
    }
    case 'rows': {
      const names = condition.columns.map(() => '??').join(', ')
      const values = condition.columns.map((c) => placeholder(casts.get(c))).join(', ')
      builder.whereRaw(`(${names}) ${condition.operator} (${values})`, [
        ...condition.columns,
        ...condition.values,
      ])
      return
    }
    case 'null':
      if (condition.negated) builder.whereNotNull(condition.column)
      else builder.whereNull(condition.column)
      return
    case 'and':
      for (const inner of condition.conditions)
        builder.where((nested: B) => applyCondition(nested, inner, casts))
      return
    case 'or':
      for (const inner of condition.conditions)
        builder.orWhere((nested: B) => applyCondition(nested, inner, casts))
      return
    case 'false':
      builder.whereRaw('1 = 0')
  }
}
