import { ArgumentError } from '../../errors/base'
import type { CursorValue } from '../../pagination/cursor'
import type { CursorColumn, KeysetCondition } from '../../pagination/cursor-query'
import {
  exactAlias,
  exactForm,
  indexFormOf,
  takeExactValues,
  valueFits,
  type ExactForm,
  type SchemaColumn,
  type SqlFamily,
} from '../orm-support/column-schema'
import * as keysets from '../orm-support/keyset-where'
import type { CursorSource } from '../orm-support/orm-paginators'
import type { DrizzleQueryLike } from './drizzle-paginate'

/** The parts of `drizzle-orm` the cursor step builds its WHERE and ORDER BY with. */
interface DrizzleOrm {
  sql: ((strings: TemplateStringsArray, ...values: unknown[]) => unknown) & {
    raw: (text: string) => unknown
    param: (value: unknown, encoder: unknown) => unknown
    join: (chunks: unknown[], separator: unknown) => unknown
  }
  and: (...conditions: unknown[]) => unknown
  or: (...conditions: unknown[]) => unknown
  isNull: (column: unknown) => unknown
  isNotNull: (column: unknown) => unknown
  is: (value: unknown, kind: unknown) => boolean
  getTableName: (table: unknown) => string
  Column: unknown
  SQL: unknown
  entityKind: symbol
}

interface SqlLike {
  readonly queryChunks: readonly unknown[]
}

/** The config of a select builder (`db.select().from(...)`), which the cursor step swaps a copy of. */
interface SelectConfig {
  readonly fields?: Record<string, unknown>
  readonly table?: unknown
  readonly where?: unknown
  readonly orderBy?: readonly unknown[]
}

interface DrizzleSelectLike<T> extends DrizzleQueryLike<T> {
  config: SelectConfig
  readonly dialect?: { readonly constructor: object }
  /** table name -> false for a table a join can leave empty (Drizzle's own map). */
  readonly joinsNotNullableMap?: Record<string, boolean>
}

/** What a Drizzle column knows of itself. */
interface DrizzleColumnLike {
  readonly table: unknown
  readonly notNull: boolean
  /** The JS kind the column reads as: `'date'`, `'bigint'`, `'number'`, `'string'`, `'boolean'`... */
  readonly dataType: string
  getSQLType(): string
}

let loaded: Promise<DrizzleOrm> | undefined
let loadedModule: DrizzleOrm | undefined

/**
 * `drizzle-orm` itself, imported when a Drizzle query is first paginated (the entry point never
 * needs it) with an `import()` bundlers follow. @internal
 */
export function drizzle(): Promise<DrizzleOrm> {
  return (loaded ??= (import('drizzle-orm') as Promise<unknown> as Promise<DrizzleOrm>).then(
    (orm) => (loadedModule = orm),
  ))
}

/** `drizzle-orm` once {@link drizzle} has loaded it (the plan steps' `prepare` awaits that). @internal */
export function loadedDrizzle(): DrizzleOrm {
  if (loadedModule === undefined) throw new Error('drizzle-orm is used before it was loaded')
  return loadedModule
}

/** The dialect's class name: PgDialect, MySqlDialect, SQLiteSyncDialect... */
function dialectName(query: DrizzleSelectLike<unknown>, orm: DrizzleOrm): string {
  const kind = (query.dialect?.constructor as Record<symbol, unknown> | undefined)?.[orm.entityKind]
  return typeof kind === 'string' ? kind : ''
}

/** The text of a string chunk of a `sql` template (a `{ value: string[] }`), else undefined. */
function chunkText(chunk: unknown): string | undefined {
  const value = (chunk as { value?: unknown } | null)?.value
  return Array.isArray(value) && value.every((v) => typeof v === 'string')
    ? value.join('')
    : undefined
}

/** The text of a `sql` chunk made of text alone (a string chunk, `sql.raw()`), else undefined. */
function textOf(chunk: unknown, orm: DrizzleOrm): string | undefined {
  const text = chunkText(chunk)
  if (text !== undefined || !orm.is(chunk, orm.SQL)) return text
  const parts = (chunk as SqlLike).queryChunks.map((c) => textOf(c, orm))
  return parts.every((p) => p !== undefined) ? parts.join('') : undefined
}

/**
 * The column and direction of one `orderBy` item: a column, or `asc(column)`/`desc(column)` (and a
 * `sql` template of the same shape: `` sql`${column} desc nulls first` ``); else undefined.
 */
function orderTerm(item: unknown, orm: DrizzleOrm): { column: unknown; text: string } | undefined {
  if (orm.is(item, orm.Column)) return { column: item, text: 'asc' }
  if (!orm.is(item, orm.SQL)) return undefined
  const chunks = (item as SqlLike).queryChunks
  const at = chunks.findIndex((c) => orm.is(c, orm.Column))
  const before = chunks.slice(0, Math.max(at, 0)).map((c) => textOf(c, orm))
  const after = chunks.slice(at + 1).map((c) => textOf(c, orm))
  if (at < 0 || before.some((t) => t?.trim() !== '') || after.some((t) => t === undefined))
    return undefined
  return { column: chunks[at], text: after.join('') }
}

/** The SQL family of a Drizzle dialect class (PgDialect, MySqlDialect, SQLiteSyncDialect...). */
function familyOf(dialect: string): SqlFamily | undefined {
  if (/^Pg/.test(dialect)) return 'postgres'
  if (/^MySql/.test(dialect)) return 'mysql'
  return /^SQLite/.test(dialect) ? 'sqlite' : undefined
}

/** The SQL family of the database a Drizzle query runs on (by its dialect class). @internal */
export function drizzleFamily(
  query: DrizzleQueryLike<unknown>,
  orm: DrizzleOrm,
): SqlFamily | undefined {
  return familyOf(dialectName(query as DrizzleSelectLike<unknown>, orm))
}

/**
 * How the values of a column travel exactly, from what the column declares: as the database's
 * text of them where the value Drizzle reads is not exact (date and time types, which read as a JS
 * Date or in the process time zone; MySQL FLOAT and BIGINT; a PostgreSQL BIGINT and a decimal in
 * number mode) or
 * cannot be written back as it is (a SQLite integer in timestamp or boolean mode). @internal
 */
export function drizzleExactForm(
  family: SqlFamily,
  type: string,
  dataType: string,
): ExactForm | undefined {
  // a decimal in string mode reads exactly (the catalog's text is for drivers that round it)
  if (/^(numeric|decimal)\b/.test(type) && dataType === 'string') return undefined
  const known = exactForm(family, type)
  if (known !== undefined) return known
  const stored = (family === 'postgres' && /^bigint\b/.test(type)) || dataType === 'date'
  if (stored || (family === 'sqlite' && dataType === 'boolean' && /int/.test(type)))
    return { text: 'cast(?? as text)', cast: type }
  return undefined
}

/**
 * A cursor column with what its Drizzle column declares: `nullable: false` for a `notNull()`
 * column of a table no join leaves empty, the values its type takes, and the exact text form of
 * its values (see {@link drizzleExactForm}).
 */
function declared(
  column: CursorColumn,
  drizzleColumn: DrizzleColumnLike,
  family: SqlFamily | undefined,
  joins: Record<string, boolean> | undefined,
  orm: DrizzleOrm,
): SchemaColumn {
  if (family === undefined) return column
  // `timestamp (6) with time zone` -> `timestamp(6) with time zone`, as a cast writes it
  const type = drizzleColumn.getSQLType().toLowerCase().replace(/\s+\(/g, '(')
  const filled = joins?.[orm.getTableName(drizzleColumn.table)] ?? false
  const exact = drizzleExactForm(family, type, drizzleColumn.dataType)
  const fits =
    valueFits(family, type) ??
    (family === 'sqlite' ? sqliteBlobFits(drizzleColumn.dataType) : undefined)
  return {
    ...column,
    type,
    ...(drizzleColumn.notNull && filled ? { nullable: false } : {}),
    ...(exact === undefined ? {} : { exact }),
    ...(fits === undefined ? {} : { fits }),
  }
}

/**
 * What a SQLite `blob` column (whose type says nothing of its values) takes as a cursor value, by
 * how Drizzle maps it: in `bigint` mode an integer; in `buffer` mode nothing, as a Buffer is no
 * cursor value (its first page is refused), so a forged value is a 400 rather than the driver's
 * `TypeError`.
 */
function sqliteBlobFits(dataType: string): SchemaColumn['fits'] {
  if (dataType === 'bigint') return valueFits('sqlite', 'integer')
  return dataType === 'buffer' ? () => false : undefined
}

/**
 * The cursor step of a Drizzle select builder: its `orderBy` columns (which must be selected, under
 * the name the rows carry them) with what each column declares (NOT NULL, its SQL type), the keyset
 * ANDed with its WHERE in the form the dialect's index serves, and the exact texts of the columns
 * whose values Drizzle reads inexactly selected beside the row. Relational queries
 * (`db.query.x.findMany()`) are refused: they have no select list to name the columns.
 * @internal
 */
export async function drizzleCursorSource<T>(
  query: DrizzleQueryLike<T>,
  fn: string,
): Promise<CursorSource<T>> {
  const q = query as DrizzleSelectLike<T>
  const { fields, table, orderBy = [] } = q.config
  if (fields === undefined || table === undefined)
    throw ArgumentError.cursorOrder(fn, 'a relational query has no select list: use db.select()')
  const orm = await drizzle()
  const dialect = dialectName(q, orm)
  const family = familyOf(dialect)
  const largest = family === 'postgres'
  const byColumn = new Map<string, DrizzleColumnLike>()
  const items = orderBy.map((item, i): keysets.OrderItem => {
    const term = orderTerm(item, orm)
    const direction = keysets.parseDirection(term?.text)
    const name = Object.keys(fields).find((key) => fields[key] === term?.column)
    if (term === undefined || direction === undefined || name === undefined)
      throw ArgumentError.cursorOrder(
        fn,
        `the orderBy item ${i + 1} is not a selected column with asc()/desc()`,
      )
    byColumn.set(name, term.column as DrizzleColumnLike)
    return { name, ...direction }
  })
  const column = (name: string) => byColumn.get(name)
  const columns = keysets
    .cursorColumns(fn, items, largest)
    .map((c) => declared(c, column(c.name)!, family, q.joinsNotNullableMap, orm))
  return {
    columns,
    ...indexFormOf(family),
    fetch: async (order, condition, limit) => {
      const schemaColumns = order as readonly SchemaColumn[]
      const casts = new Map(schemaColumns.map((c) => [c.column, c.exact?.cast]))
      const keyset =
        condition === undefined ? undefined : conditionSql(condition, column, casts, orm)
      const own = q.config.where
      // the query's own WHERE in parentheses: a raw `sql` OR is not wrapped by and()
      const where =
        keyset === undefined ? own : own === undefined ? keyset : orm.and(orm.sql`(${own})`, keyset)
      const exact: Record<string, unknown> = {}
      schemaColumns.forEach((c, i) => {
        if (c.exact !== undefined) exact[exactAlias(i)] = exactText(c.exact, column(c.name), orm)
      })
      const terms = order.flatMap((c) =>
        c.allNull === true ? [] : orderTerms(c, column(c.name), largest, dialect, orm),
      )
      // the builder has no clone(): a patched copy of its config, put back once the SQL is built
      const saved = q.config
      q.config = {
        ...saved,
        fields: { ...saved.fields, ...exact },
        where,
        orderBy: terms,
        limit,
        offset: undefined,
      } as SelectConfig
      let pending: Promise<T[]>
      try {
        pending = q.execute()
      } finally {
        q.config = saved
      }
      const rows = await pending
      takeExactValues(fn, family, schemaColumns, rows)
      return rows
    },
  }
}

/** The exact text of `column` (its form's SQL, `??` standing for the column) as a select field. */
function exactText(form: ExactForm, column: unknown, orm: DrizzleOrm): unknown {
  const [before, after] = form.text.split('??')
  return orm.sql`${orm.sql.raw(before)}${column}${orm.sql.raw(after)}`
}

/**
 * A cursor value in the condition: `cast(? as <type>)` for a column whose values travel as exact
 * text, else bound as the column binds its values.
 */
function valueSql(
  value: CursorValue,
  column: unknown,
  cast: string | undefined,
  orm: DrizzleOrm,
): unknown {
  if (cast === undefined) return orm.sql.param(value, column)
  return orm.sql`cast(${value} as ${orm.sql.raw(cast)})`
}

/** `condition` as Drizzle SQL over the columns `column` names. */
function conditionSql(
  condition: KeysetCondition,
  column: (name: string) => unknown,
  casts: ReadonlyMap<string, string | undefined>,
  orm: DrizzleOrm,
): unknown {
  const { sql } = orm
  switch (condition.kind) {
    case 'compare':
    case 'equal': {
      const operator = condition.kind === 'equal' ? '=' : condition.operator
      const c = column(condition.column)
      const value = valueSql(condition.value, c, casts.get(condition.column), orm)
      return sql`${c} ${sql.raw(operator)} ${value}`
    }
    case 'rows': {
      const list = (parts: unknown[]) => sql`(${sql.join(parts, sql`, `)})`
      const names = condition.columns.map(column)
      const values = condition.columns.map((name, i) =>
        valueSql(condition.values[i], column(name), casts.get(name), orm),
      )
      return sql`${list(names)} ${sql.raw(condition.operator)} ${list(values)}`
    }
    case 'null':
      return (condition.negated ? orm.isNotNull : orm.isNull)(column(condition.column))
    case 'and':
    case 'or':
      return (condition.kind === 'and' ? orm.and : orm.or)(
        ...condition.conditions.map((c) => conditionSql(c, column, casts, orm)),
      )
    case 'false':
      return sql`1 = 0`
  }
}

/** The ORDER BY terms of one column, stating NULL placement only when it is not the dialect's. */
function orderTerms(
  c: CursorColumn,
  column: unknown,
  largest: boolean,
  dialect: string,
  orm: DrizzleOrm,
): unknown[] {
  const { sql } = orm
  const direction = c.descending ? 'desc' : 'asc'
  if (keysets.defaultNulls(c, largest)) return [sql`${column} ${sql.raw(direction)}`]
  const nulls = c.nullsFirst ? 'first' : 'last'
  if (!/^MySql/.test(dialect)) return [sql`${column} ${sql.raw(`${direction} nulls ${nulls}`)}`]
  // MySQL/MariaDB have no NULLS FIRST: (x is null) is 1 for NULL, so desc puts NULLs first
  const nullsAt = sql`(${column} is null) ${sql.raw(c.nullsFirst ? 'desc' : 'asc')}`
  return [nullsAt, sql`${column} ${sql.raw(direction)}`]
}
