import { ArgumentError } from '../../errors/base'
import {
  exactAlias,
  indexFormOf,
  parseTableName,
  renamedKeys,
  takeExactValues,
  withQueryCatalog,
  type QueryTable,
  type SchemaColumn,
  type SqlFamily,
} from './column-schema'
import {
  nullsFirstByDefault,
  type CursorColumn,
  type CursorQuery,
  type KeysetCondition,
} from '../../pagination/cursor-query'
import { explainEstimate } from '../../pagination/page-query'
import { groupOwnWhere } from './plan-parts'
import { mergeSelectColumns, selectColumn, type SelectEntry } from './union-selects'

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
  readonly _single?: {
    readonly table?: unknown
    readonly schema?: unknown
    readonly limit?: unknown
    readonly offset?: unknown
  }
  readonly client: {
    readonly dialect?: string
    readonly config?: object
    raw(sql: string, bindings: readonly unknown[]): PromiseLike<unknown>
    queryBuilder(): unknown
    /** The identifier as the SQL names it, quoted: through the app's `wrapIdentifier`, if any. */
    wrapIdentifier?(value: string, queryContext?: unknown): string
  }
}

/**
 * The name the database knows for `name` as the query writes it: the app's `wrapIdentifier` (a
 * camelCase to snake_case mapper: `createdAt` -> `created_at`) applied, without its quotes.
 */
function databaseName(knex: KnexInternals, name: string): string {
  const wrapped = knex.client.wrapIdentifier?.(name)
  if (typeof wrapped !== 'string') return name
  const quote = wrapped[0]
  if ((quote !== '"' && quote !== '`') || wrapped[wrapped.length - 1] !== quote) return wrapped
  return wrapped
    .slice(1, -1)
    .split(quote + quote)
    .join(quote)
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
  if (family === 'mysql')
    return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : []) as unknown[]
  return Array.isArray(result) ? result : []
}

/**
 * The cursor columns with what the database's catalog says of them (see `withQueryCatalog`): the
 * type of a column of the query's table or of a table it joins by name (read once per connection
 * and table), and `nullable: false` for one that cannot hold NULL. A column of a table the catalog
 * does not know, or one a LEFT, RIGHT or FULL join can leave empty, stays nullable. @internal
 */
export async function knexColumnsWithSchema(
  query: KnexInternals,
  columns: readonly CursorColumn[],
): Promise<CursorColumn[]> {
  if (!hasUnion(query)) return selectColumnsWithSchema(query, columns)
  const selects = knexSelects('cursorPaginate', query)
  const first = selectEntries(selects[0])
  const perSelect = await Promise.all(
    selects.map((select, k) =>
      selectColumnsWithSchema(select, ownColumns('cursorPaginate', first, select, k, columns)),
    ),
  )
  return mergeSelectColumns('cursorPaginate', knexFamily(query), columns, perSelect)
}

/** {@link knexColumnsWithSchema} of one SELECT. */
async function selectColumnsWithSchema(
  query: KnexInternals,
  columns: readonly CursorColumn[],
): Promise<CursorColumn[]> {
  const family = knexFamily(query)
  if (family === undefined) return columns.slice()
  const joins = query._statements.filter((s) => s.grouping === 'join') as readonly JoinLike[]
  // a RIGHT or FULL join (or raw SQL, which may be one) can leave any table's columns empty
  const anyOuter = joins.some((j) => /right|full|raw|^outer$/i.test(String(j.joinType)))
  const tables: QueryTable[] = []
  const from = knexTable(query._single?.table, query._single?.schema, anyOuter)
  if (from !== undefined) tables.push(from)
  for (const join of joins) {
    const inner = /^(inner|cross)$/i.test(String(join.joinType))
    const table = knexTable(join.table, join.schema, anyOuter || !inner)
    if (table !== undefined) tables.push(table)
  }
  const { client } = query
  // the catalog knows the names the SQL gives (through the app's `wrapIdentifier`, if any)
  const named = tables.map((t) => ({
    ...t,
    ref: {
      ...t.ref,
      table: databaseName(query, t.ref.table),
      ...(t.ref.schema === undefined ? {} : { schema: databaseName(query, t.ref.schema) }),
    },
  }))
  const found = await withQueryCatalog(
    client.config ?? client,
    family,
    named,
    1 + joins.length,
    columns.map((c) => {
      const dot = c.column.lastIndexOf('.')
      return {
        ...c,
        column: c.column.slice(0, dot + 1) + databaseName(query, c.column.slice(dot + 1)),
      }
    }),
    async (sql, bindings) => rawRows(family, await client.raw(sql, bindings)),
  )
  return found.map((c, i) => ({ ...c, column: columns[i].column }))
}

/** What the cursor step reads of a Knex join: its type, its table and the query's schema. */
interface JoinLike {
  readonly joinType?: unknown
  readonly table?: unknown
  readonly schema?: unknown
}

/** The table a Knex FROM or join names (`table`, `schema.table`, `table as t`), else undefined. */
function knexTable(table: unknown, schema: unknown, outer: boolean): QueryTable | undefined {
  const parsed = typeof table === 'string' ? parseTableName(table) : undefined
  if (parsed === undefined) return undefined
  const ref =
    typeof schema === 'string' && parsed.ref.schema === undefined
      ? { ...parsed.ref, schema }
      : parsed.ref
  return { ref, alias: parsed.alias, outer }
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

/** Does the dialect sort NULL as the largest value (PostgreSQL, Oracle) or the smallest? */
function knexNullsAreLargest(query: KnexInternals): boolean {
  return NULLS_KEYWORD.has(query.client.dialect ?? '')
}

/**
 * The cursor columns of a Knex query: its `orderBy` columns in order, each with its direction and
 * NULL placement; an aliased column (`select('posts.score as s').orderBy('s')`) compares the
 * underlying column. No ORDER BY, `orderByRaw` or an expression: an `ArgumentError`. A query with
 * set operations (`union`, `unionAll`, `intersect`, `except`) orders by its output columns (the
 * column compared is each SELECT's own: every SELECT must have one, see `union-selects.ts`).
 */
export function knexCursorColumns(fn: string, query: KnexInternals): CursorColumn[] {
  const statements = query._statements
  const orders = statements.filter((s) => s.grouping === 'order')
  if (orders.length === 0) throw ArgumentError.cursorOrder(fn, 'the query has no ORDER BY')
  const union = hasUnion(query)
  const aliases = union ? new Map<string, string | null>() : selectAliases(statements)
  const largest = knexNullsAreLargest(query)
  const columns = orders.map((s) => {
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
  if (union) {
    // every SELECT has its own column of each order column (refused here, before any SQL runs)
    const selects = knexSelects(fn, query)
    const first = selectEntries(selects[0])
    selects.forEach((select, k) => ownColumns(fn, first, select, k, columns))
  }
  return columns
}

/** Does the query have set operations (Knex keeps UNION, INTERSECT and EXCEPT as `union`)? */
function hasUnion(query: KnexInternals): boolean {
  return query._statements.some((s) => s.grouping === 'union')
}

function isKnexBuilder(value: unknown): value is KnexInternals {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { _statements?: unknown })._statements) &&
    typeof (value as { clone?: unknown }).clone === 'function'
  )
}

/**
 * The SELECTs of a query with set operations, in order: its own (unless it has no table, as
 * `knex.union([a, b])`), then those of its set operations. See {@link unionSelects}.
 */
function knexSelects(fn: string, query: KnexInternals, copy = false): KnexInternals[] {
  return [...(query._single?.table === undefined ? [] : [query]), ...unionSelects(fn, query, copy)]
}

/**
 * The SELECTs of the set operations of `query` (recursively: a SELECT may have its own). A
 * callback is run on a new builder, as Knex runs it. With `copy`, each is first replaced in
 * `query` (itself a copy) by a copy of its own, which the page may change. Raw SQL, whose columns
 * cannot be read, and a SELECT with its own LIMIT or OFFSET, which a keyset would change, are
 * `ArgumentError`s.
 */
function unionSelects(fn: string, query: KnexInternals, copy: boolean): KnexInternals[] {
  const selects: KnexInternals[] = []
  const statements = query._statements.map((statement) => {
    if (statement.grouping !== 'union') return statement
    const { value } = statement
    let select: KnexInternals | undefined
    if (typeof value === 'function') {
      select = query.client.queryBuilder() as KnexInternals
      value.call(select, select)
    } else if (isKnexBuilder(value)) {
      select = copy
        ? ((value as unknown as { clone(): KnexInternals }).clone() as KnexInternals)
        : value
    }
    if (select === undefined)
      throw ArgumentError.cursorOrder(
        fn,
        'a SELECT of the union is raw SQL, whose columns cannot be read; write it with the query builder',
      )
    if (select._single?.limit !== undefined || select._single?.offset !== undefined)
      throw ArgumentError.cursorOrder(
        fn,
        'a SELECT of the union has a LIMIT or OFFSET of its own, which the keyset would change',
      )
    selects.push(...knexSelects(fn, select, copy))
    return copy ? { ...statement, value: select } : statement
  })
  if (copy) (query as { _statements: readonly OrderStatement[] })._statements = statements
  return selects
}

/**
 * The select list of one SELECT; undefined when it selects `*` (or names no column): its columns
 * then go by name.
 */
function selectEntries(select: KnexInternals): SelectEntry<string>[] | undefined {
  const statements = select._statements.filter((s) => s.grouping === 'columns')
  if (statements.length === 0) return undefined
  const entries: SelectEntry<string>[] = []
  for (const statement of statements) {
    if (!Array.isArray(statement.value)) {
      entries.push({ column: null }) // an aggregate
      continue
    }
    for (const column of statement.value as unknown[]) {
      if (typeof column === 'string') {
        if (/(^|\.)\*$/.test(column.trim())) return undefined
        const match = /^\s*(\S+)\s+as\s+(\S+)\s*$/i.exec(column)
        const read = match === null ? column.trim() : match[1]
        entries.push({ output: match?.[2] ?? read.slice(read.lastIndexOf('.') + 1), column: read })
      } else if (typeof column === 'object' && column !== null) {
        const aliases = new Map<string, string | null>()
        addObjectAliases(aliases, column)
        if (aliases.size === 0) entries.push({ column: null })
        for (const [output, read] of aliases) entries.push({ output, column: read })
      } else entries.push({ column: null })
    }
  }
  return entries
}

/** `columns` with SELECT number `index`'s own column of each (see `selectColumn`). */
function ownColumns<C extends CursorColumn>(
  fn: string,
  first: readonly SelectEntry<string>[] | undefined,
  select: KnexInternals,
  index: number,
  columns: readonly C[],
): C[] {
  const entries = selectEntries(select)
  return columns.map((c) => ({
    ...c,
    column: selectColumn(fn, first, entries, index, c.name, (name) => name),
  }))
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
 * objects; an alias of an expression (raw SQL, a sub-query, an aggregate: `max('score as top')`,
 * `count({ n: '*' })`) maps to `null`: it cannot be compared in a WHERE (an aggregate's alias that
 * is also a column's name would compare the rows before they are grouped).
 */
function selectAliases(statements: readonly OrderStatement[]): Map<string, string | null> {
  const aliases = new Map<string, string | null>()
  for (const s of statements) {
    if (s.grouping !== 'columns') continue
    if (s.type === 'aggregate' || s.type === 'aggregateRaw') {
      aggregateAliases(s.value).forEach((alias) => aliases.set(alias, null))
      continue
    }
    if (!Array.isArray(s.value)) continue
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

/** The aliases an aggregate's value gives: `'column as alias'`, `{ alias: column }`, raw SQL. */
function aggregateAliases(value: unknown): string[] {
  const text =
    typeof value === 'string' ? value : (value as { sql?: unknown } | null | undefined)?.sql
  if (typeof text === 'string') {
    const match = /\s+as\s+["`]?([\w$]+)["`]?\s*$/i.exec(text)
    return match === null ? [] : [match[1]]
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.keys(value)
    : []
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
interface SelectExpression {
  readonly sql: string
  readonly bindings: readonly unknown[]
}

/**
 * Adds `expressions` to the select list of `builder`, keeping the columns it selects (all of
 * them when it names none).
 */
type SelectAdder<B> = (builder: B, expressions: readonly SelectExpression[]) => void

/**
 * How the cursor step reaches the Knex builder a page runs as, for a query with set operations:
 * `knex(builder)` reads it (a Knex builder is its own; Objection's is built from it) and
 * `onKnex(builder, change)` has `change` applied to it before it runs.
 */
interface KnexUnionSteps<B> {
  knex(builder: B): KnexInternals
  onKnex(builder: B, change: (knex: KnexInternals) => void): void
}

/** The union steps of a Knex builder. */
const KNEX_UNION: KnexUnionSteps<KnexLikeBuilder> = {
  knex: (builder) => builder as unknown as KnexInternals,
  onKnex: (builder, change) => change(builder as unknown as KnexInternals),
}

/**
 * The cursor query step of a Knex-like query: `page()` gives a copy of it without order, limit
 * and offset (the caller's query never sees the keyset); `knex`, its Knex statements, tell the
 * dialect. `select` adds the exact texts of the
 * order columns to the select list (by default as a Knex builder does: `select *` when the query
 * names no column, then the raw expressions). A query with set operations gets the keyset (and
 * the exact texts) in every SELECT, each on its own columns, and its ORDER BY and LIMIT over the
 * whole (`union`: how to reach its Knex builder; a Knex builder's own by default). @internal
 */
export function knexLikeCursorQuery<T, B extends KnexLikeBuilder>(
  page: () => B,
  knex: KnexInternals,
  run: (builder: B, limit: number) => PromiseLike<unknown>,
  select: SelectAdder<B> = knexSelect,
  union: KnexUnionSteps<B> = KNEX_UNION as unknown as KnexUnionSteps<B>,
  property: (key: string) => string = (key) => key,
): CursorQuery<T> {
  const largest = knexNullsAreLargest(knex)
  const family = knexFamily(knex)
  return {
    ...indexFormOf(family),
    fetch: async (columns: readonly SchemaColumn[], condition, limit) => {
      const builder = page()
      const query = union.knex(builder)
      // the query's own WHERE first becomes one group, so the keyset ANDs with all of it
      if (condition !== undefined) union.onKnex(builder, groupOwnWhere)
      if (!hasUnion(query)) restrict(builder, condition, columns, columns, select)
      else {
        const fn = 'cursorPaginate'
        const first = selectEntries(knexSelects(fn, query)[0])
        const own = query._single?.table === undefined ? 0 : 1
        if (own === 1)
          restrict(builder, condition, columns, ownColumns(fn, first, query, 0, columns), select)
        union.onKnex(builder, (knex) => {
          unionSelects(fn, knex, true).forEach((s, k) => {
            const arm = s as unknown as KnexLikeBuilder
            if (condition !== undefined) groupOwnWhere(s)
            restrict(
              arm,
              condition,
              columns,
              ownColumns(fn, first, s, k + own, columns),
              knexSelect,
            )
          })
        })
      }
      // SQLite orders a UNION by its output columns only, not by (x is null): it takes NULLS FIRST/LAST
      const keywords = largest || (family === 'sqlite' && hasUnion(query))
      for (const column of columns)
        if (column.allNull !== true) orderBy(builder, column, largest, keywords)
      const rows = (await run(builder, limit)) as T[]
      const renamed = await renamedKeys(columns, rows, (names) => probeKeys(knex, names, property))
      takeExactValues('cursorPaginate', family, columns, rows, renamed)
      return rows
    },
  }
}

/**
 * One row of NULLs under `names`, run by `knex`'s client (its `wrapIdentifier` and
 * `postProcessResponse`): the keys it comes back with, as the model maps them (`property`).
 */
async function probeKeys(
  knex: KnexInternals,
  names: readonly string[],
  property: (key: string) => string,
): Promise<string[]> {
  const probe = knex.client.queryBuilder() as KnexLikeBuilder
  for (const name of names) probe.select(knex.client.raw('null as ??', [name]))
  const [row] = (await (probe as unknown as PromiseLike<unknown[]>)) ?? []
  return Object.keys(typeof row === 'object' && row !== null ? row : {}).map(property)
}

/**
 * Adds the keyset `condition` over `columns` to the WHERE of one SELECT, each compared as the
 * SELECT's own column (`own[i]`, the same as `columns[i]` but for a set operation's SELECTs), and
 * the exact texts of its columns to its select list.
 */
function restrict<B extends KnexLikeBuilder>(
  builder: B,
  condition: KeysetCondition | undefined,
  columns: readonly SchemaColumn[],
  own: readonly SchemaColumn[],
  select: SelectAdder<B>,
): void {
  // the condition names each column by its `column` in the query's order
  const targets = new Map(columns.map((c, i) => [c.column, own[i]]))
  const target = (name: string): Target => {
    const column = targets.get(name)
    return { column: column?.column ?? name, cast: column?.exact?.cast }
  }
  // an OR needs its own group to AND with the query's WHERE; a single comparison does not
  if (condition?.kind === 'or') builder.where((b: B) => applyCondition(b, condition, target))
  else if (condition !== undefined) applyCondition(builder, condition, target)
  const exact = exactExpressions(own)
  if (exact.length > 0) select(builder, exact)
}

/** What a condition's column compares: the SELECT's column and the type its value is cast to. */
interface Target {
  readonly column: string
  readonly cast: string | undefined
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

/**
 * ORDER BY `column`, spelling NULL placement out only when it is not the dialect's default:
 * PostgreSQL-like dialects (NULL largest) with Knex's NULLS FIRST/LAST, the others with
 * `(x is null)` first, or (`keywords`: SQLite over a UNION) with NULLS FIRST/LAST written out.
 */
function orderBy(
  query: KnexLikeBuilder,
  column: CursorColumn,
  largest: boolean,
  keywords: boolean,
): void {
  const direction = column.descending ? 'desc' : 'asc'
  const nulls = column.nullsFirst ? 'first' : 'last'
  if (column.nullsFirst === nullsFirstByDefault(largest, column.descending)) {
    query.orderBy(column.name, direction)
  } else if (largest) {
    query.orderBy(column.column, direction, nulls)
  } else if (keywords) {
    query.orderByRaw(`?? ${direction} nulls ${nulls}`, [column.column])
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
  target: (column: string) => Target,
): void {
  switch (condition.kind) {
    case 'compare':
    case 'equal': {
      const { column, cast } = target(condition.column)
      const operator = condition.kind === 'equal' ? '=' : condition.operator
      if (cast === undefined) builder.where(column, operator, condition.value)
      else builder.whereRaw(`?? ${operator} ${placeholder(cast)}`, [column, condition.value])
      return
    }
    case 'rows': {
      const targets = condition.columns.map(target)
      const names = targets.map(() => '??').join(', ')
      const values = targets.map((t) => placeholder(t.cast)).join(', ')
      builder.whereRaw(`(${names}) ${condition.operator} (${values})`, [
        ...targets.map((t) => t.column),
        ...condition.values,
      ])
      return
    }
    case 'null': {
      const { column } = target(condition.column)
      if (condition.negated) builder.whereNotNull(column)
      else builder.whereNull(column)
      return
    }
    case 'and':
      for (const inner of condition.conditions)
        builder.where((nested: B) => applyCondition(nested, inner, target))
      return
    case 'or':
      for (const inner of condition.conditions)
        builder.orWhere((nested: B) => applyCondition(nested, inner, target))
      return
    case 'false':
      builder.whereRaw('1 = 0')
  }
}

/** A Knex builder as the estimate reads it: its client and its SQL (Objection's `toKnexQuery()`). */
export interface KnexSqlLike extends KnexInternals {
  toSQL(): { sql: string; bindings: readonly unknown[] }
}

/**
 * The planner's estimate of a Knex builder that already has no ORDER BY, LIMIT and OFFSET (see
 * {@link explainEstimate}), run with its client's `raw()`: the Knex adapter's, and Objection's
 * through `toKnexQuery()`. @internal
 */
export function knexEstimate(unpaged: KnexSqlLike): Promise<number | undefined> {
  const family = knexFamily(unpaged)
  const { sql, bindings } = unpaged.toSQL()
  return explainEstimate(family, sql, bindings, async (text, values) => {
    const result = (await unpaged.client.raw(text, values)) as { rows?: unknown } | unknown[]
    // node-postgres: a result with its rows; mysql2: [rows, fields]
    return Array.isArray(result) ? result[0] : result.rows
  })
}
