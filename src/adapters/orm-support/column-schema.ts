/**
 * What cursor pagination learns about a table's columns from the database itself: whether each
 * column can hold NULL and its declared type. Read once per table and connection (the catalog
 * query's result is cached), so that the page query needs no option from the caller to leave out
 * `IS NULL` terms. @internal
 */

import { ArgumentError } from '../../errors/base'
import type { CursorValue } from '../../pagination/cursor'
import {
  asCursorValue,
  setExactCursorValues,
  type ExactRows,
} from '../../pagination/cursor-paginator'
import type { CursorColumn, CursorQuery, KeysetCondition } from '../../pagination/cursor-query'
import { keysetSql } from './keyset-where'

/** The SQL families the cursor step knows. */
export type SqlFamily = 'postgres' | 'mysql' | 'sqlite'

/** One column as the catalog describes it. */
interface ColumnInfo {
  readonly nullable: boolean
  /** The declared type, lower case (`timestamp with time zone`, `datetime(6)`, `integer`). */
  readonly type: string
}

/** column name -> what the catalog says; empty when the table is unknown (a view, a CTE). */
type TableColumns = ReadonlyMap<string, ColumnInfo>

/** A table a query reads from, as the query names it. @internal */
export interface TableRef {
  readonly schema?: string
  readonly table: string
}

/** The catalog query of `ref` on `family`: SQL with `?` placeholders and its bindings. */
function catalogQuery(family: SqlFamily, ref: TableRef): { sql: string; bindings: string[] } {
  switch (family) {
    case 'postgres': {
      const name =
        ref.schema === undefined ? 'quote_ident(?)' : "quote_ident(?) || '.' || quote_ident(?)"
      return {
        // a domain's column is described by the domain's base type, NOT NULL when either says so
        sql:
          'select a.attname as name, not (a.attnotnull or t.typnotnull) as nullable, ' +
          "format_type(case when t.typtype = 'd' then t.typbasetype else a.atttypid end, " +
          "case when t.typtype = 'd' then t.typtypmod else a.atttypmod end) as type, 0 as pk " +
          'from pg_attribute a join pg_type t on t.oid = a.atttypid ' +
          `where a.attrelid = to_regclass(${name}) and a.attnum > 0 and not a.attisdropped`,
        bindings: ref.schema === undefined ? [ref.table] : [ref.schema, ref.table],
      }
    }
    case 'mysql':
      return {
        sql:
          "select column_name as name, is_nullable = 'YES' as nullable, column_type as type, " +
          '0 as pk from information_schema.columns where table_schema = coalesce(?, database()) ' +
          'and table_name = ?',
        bindings: [ref.schema ?? null, ref.table] as string[],
      }
    case 'sqlite':
      return {
        sql: 'select name, "notnull" = 0 as nullable, type, pk from pragma_table_info(?)',
        bindings: [ref.table],
      }
  }
}

interface CatalogRow {
  readonly name?: unknown
  readonly nullable?: unknown
  readonly type?: unknown
  readonly pk?: unknown
}

/** The columns of the catalog rows `catalogQuery` returned. */
function readCatalog(family: SqlFamily, rows: readonly unknown[]): TableColumns {
  const columns = new Map<string, ColumnInfo>()
  const list = rows as readonly CatalogRow[]
  // SQLite: a lone INTEGER PRIMARY KEY is the rowid, which is never NULL (other primary keys may be)
  const keys = list.filter((r) => Number(r.pk) > 0)
  for (const row of list) {
    if (typeof row.name !== 'string') continue
    const type = String(row.type ?? '').toLowerCase()
    // `pk` may be 0n: a driver reading integers as bigints (better-sqlite3's safeIntegers)
    const rowid =
      family === 'sqlite' && keys.length === 1 && Number(row.pk) !== 0 && type === 'integer'
    const nullable = !rowid && (row.nullable === true || Number(row.nullable) === 1)
    columns.set(row.name, { nullable, type })
  }
  return columns
}

/**
 * A cache of table columns per connection (`owner`: the Knex client, or the dialect and table for
 * Kysely) and table. A failed catalog query is not cached.
 */
const cache = new WeakMap<object, Map<string, Promise<TableColumns>>>()

/** The columns of `ref`, read with `run` the first time and from the cache after. @internal */
export function tableColumns(
  owner: object,
  family: SqlFamily,
  ref: TableRef,
  run: (sql: string, bindings: readonly unknown[]) => Promise<readonly unknown[]>,
): Promise<TableColumns> {
  let tables = cache.get(owner)
  if (tables === undefined) {
    tables = new Map()
    cache.set(owner, tables)
  }
  const key = `${ref.schema ?? ''}\u0000${ref.table}`
  let columns = tables.get(key)
  if (columns === undefined) {
    const { sql, bindings } = catalogQuery(family, ref)
    const known = tables
    columns = run(sql, bindings).then(
      (rows) => readCatalog(family, rows),
      (error: unknown) => {
        known.delete(key)
        throw error
      },
    )
    tables.set(key, columns)
  }
  return columns
}

/** `schema.table` or `table`, optionally followed by ` as alias`, read from a Knex table string. */
export function parseTableName(text: string): { ref: TableRef; alias: string } | undefined {
  const match = /^\s*(?:([\w$]+)\.)?([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/i.exec(text)
  if (match === null) return undefined
  const ref: TableRef =
    match[1] === undefined ? { table: match[2] } : { schema: match[1], table: match[2] }
  return { ref, alias: match[3] ?? match[2] }
}

/**
 * A table a query reads (its FROM table or a joined one), as the cursor step finds it: its name
 * in the catalog, the name the query's columns give it (its alias, else its name), and `outer`:
 * a join can leave its columns NULL whatever they declare (a LEFT join's table; every table of a
 * query with a RIGHT or FULL join). @internal
 */
export interface QueryTable {
  readonly ref: TableRef
  readonly alias: string
  readonly outer: boolean
}

/**
 * The cursor columns with what the catalog says of the tables of the query they name (each table
 * read once per `owner`, see {@link tableColumns}, with `run`): a qualified column
 * (`alias.column`) of the table the query calls so, a bare `column` when the query reads one
 * table (`count`: how many it reads, counting those `tables` leaves out: a sub-query, raw SQL).
 * Any other column stays as it is; a column of an `outer` table stays nullable. @internal
 */
export async function withQueryCatalog<C extends CursorColumn>(
  owner: object,
  family: SqlFamily,
  tables: readonly QueryTable[],
  count: number,
  columns: readonly C[],
  run: (sql: string, bindings: readonly unknown[]) => Promise<readonly unknown[]>,
): Promise<Array<C & SchemaColumn>> {
  const found = columns.map((c) => {
    const dot = c.column.lastIndexOf('.')
    const table =
      dot === -1
        ? count === 1
          ? tables[0]
          : undefined
        : tables.find((t) => t.alias === c.column.slice(0, dot))
    return table === undefined ? undefined : { table, name: c.column.slice(dot + 1) }
  })
  const read = new Map<QueryTable, Promise<TableColumns>>()
  for (const f of found)
    if (f !== undefined && !read.has(f.table))
      read.set(f.table, tableColumns(owner, family, f.table.ref, run))
  const known = new Map<QueryTable, TableColumns>()
  for (const [table, columnsOf] of read) known.set(table, await columnsOf)
  return columns.map((c, i) => {
    const f = found[i]
    if (f === undefined) return c
    return withCatalog(family, c, known.get(f.table)?.get(f.name), f.table.outer)
  })
}

/**
 * The SQL family of a database an ORM names (TypeORM's `type`, Sequelize's dialect): PostgreSQL
 * and CockroachDB, MySQL and MariaDB, the SQLite drivers; undefined for others. @internal
 */
export function familyOfName(name: string): SqlFamily | undefined {
  if (/postgres|cockroach/.test(name)) return 'postgres'
  if (/mysql|mariadb/.test(name)) return 'mysql'
  if (/sqlite|sqljs/.test(name)) return 'sqlite'
  return undefined
}

/**
 * The keyset form the family's index serves, as a cursor query states it (see
 * `CursorQuery.indexForm`); nothing for a family the cursor step does not know. @internal
 */
export function indexFormOf(
  family: SqlFamily | undefined,
): Pick<CursorQuery<unknown>, 'indexForm'> {
  if (family === undefined) return {}
  return { indexForm: family === 'mysql' ? 'leading-bound' : 'row-values' }
}

/**
 * How a column's values travel exactly in a cursor when the driver's own reading loses precision:
 * the page query also selects `text` (SQL with one `??` for the column) and the condition
 * compares the column with `cast(? as <cast>)`. @internal
 */
export interface ExactForm {
  readonly text: string
  readonly cast: string
}

const DATE_TIME = /^(timestamp|datetime|date|time)\b/

/** A MySQL/MariaDB `date` or `time` type with its fractional-second precision (`time(6)`). */
const MYSQL_DATE_OR_TIME = /^(date|time)(\(\d+\))?/

/**
 * The exact form of a column of `type`, where the driver reads it inexactly: PostgreSQL date and
 * time types (a JS Date holds milliseconds, and reads zone-less values in the process's zone),
 * `interval` and `numeric` (a driver may be set to read it as a rounded JS number); MySQL/MariaDB
 * date and time types (a `time(n)` compared as one, fractions kept), `FLOAT` (read back as the
 * nearest double, not the stored single: its text is that of the float's exact double,
 * `cast(col as char)` keeps six digits), `BIGINT` (read as a JS number), `DECIMAL` (read as a
 * rounded JS number with mysql2's `decimalNumbers`), and `ENUM` and `SET`, which sort by their
 * members' positions (a `SET` by its bits): their cursor value is that number (`col + 0`), and the
 * column compares with it by position too. Undefined when the value the driver gives is exact.
 */
export function exactForm(family: SqlFamily, type: string): ExactForm | undefined {
  if (family === 'postgres') {
    return DATE_TIME.test(type) || /^(interval|numeric|decimal)\b/.test(type)
      ? { text: 'cast(?? as text)', cast: type }
      : undefined
  }
  if (family !== 'mysql') return undefined
  if (/^(datetime|timestamp)/.test(type))
    return { text: "date_format(??, '%Y-%m-%d %H:%i:%s.%f')", cast: 'datetime(6)' }
  const dateOrTime = MYSQL_DATE_OR_TIME.exec(type)
  if (dateOrTime !== null) return { text: 'cast(?? as char)', cast: dateOrTime[0] }
  if (/^float\b/.test(type)) return { text: 'cast(cast(?? as double) as char)', cast: 'double' }
  if (/^bigint\b/.test(type))
    return { text: 'cast(?? as char)', cast: /unsigned/.test(type) ? 'unsigned' : 'signed' }
  if (/^(enum|set)\(/.test(type)) return { text: 'cast(?? + 0 as char)', cast: 'unsigned' }
  // (a driver may read a DECIMAL as a rounded JS number: mysql2's decimalNumbers)
  if (/^decimal\b/.test(type))
    return { text: 'cast(?? as char)', cast: type.replace(/\s+(unsigned|zerofill)\b.*$/, '') }
  return undefined
}

/**
 * How an ORM reads the values of a SQLite column, where that loses what a cursor must carry and
 * the catalog's type implies no exact form: through a JS Date (`'date'`), or as a JS number
 * (`'number'`, which rounds an integer past 2^53 before the ORM makes a bigint or a string of it).
 * @internal
 */
export type SqliteReading = 'date' | 'number'

/**
 * The exact forms of those readings: a date as its stored value itself (text or a number), which
 * a Date may not hold (microseconds, another format); an integer column's value as its decimal
 * text, compared as a number again (`numeric` keeps an integer an integer, and a REAL the column
 * holds a REAL).
 */
const SQLITE_EXACT: Record<SqliteReading, ExactForm> = {
  date: { text: '??', cast: 'text' },
  number: { text: 'cast(?? as text)', cast: 'numeric' },
}

/**
 * The type a cursor value is cast to in the condition: that of its exact text; on PostgreSQL also
 * `real`, as an ORM that writes a number into the SQL writes a `numeric` literal, which a `real`
 * value never equals (`0.3::real` is not `0.3`). @internal
 */
function valueCast(family: SqlFamily | undefined, column: SchemaColumn): string | undefined {
  if (column.exact !== undefined) return column.exact.cast
  return family === 'postgres' && column.type === 'real' ? 'real' : undefined
}

/**
 * A keyset condition as raw SQL for an ORM (see `keysetSql`): each column as `sqlOf` writes it,
 * each value as the placeholder `bind` gives it, cast as {@link valueCast} says for its column.
 * @internal
 */
export function castKeysetSql(
  condition: KeysetCondition,
  family: SqlFamily | undefined,
  columns: readonly SchemaColumn[],
  sqlOf: (column: string) => string,
  bind: (column: string, value: CursorValue) => string,
): string {
  const casts = new Map(columns.map((c) => [c.column, valueCast(family, c)]))
  return keysetSql(condition, sqlOf, (column, value) => {
    const placeholder = bind(column, value)
    const cast = casts.get(column)
    return cast === undefined ? placeholder : `cast(${placeholder} as ${cast})`
  })
}

const INTEGER_TEXT = /^-?\d+$/
const NUMBER_TEXT = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/
/**
 * PostgreSQL's texts of the values of its floats and `numeric` that no JSON number is. @internal
 */
export const SPECIAL_NUMBER_TEXT = /^(NaN|-?Infinity)$/
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}([ T][\d:.]+)?( ?([+-][\d:]+|Z|[A-Z]{2,5}))?$/
const ZONELESS_DATE_TEXT = /^\d{4}-\d{2}-\d{2}([ T][\d:.]+)?$/
/** PostgreSQL's dates and timestamps past every other. */
const INFINITE_DATE_TEXT = /^-?infinity$/
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
const DATE_PARTS = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d+)(?::(\d+)(?::(\d+))?)?)?/

/**
 * Is `text` (of the shape `DATE_TEXT` allows) a date and time a database writes: a month and a
 * day that exist, an hour, minute and second in range? MySQL/MariaDB also store zero parts
 * (`0000-00-00`, `2024-05-00`) unless their SQL mode forbids it. Checked before the value reaches
 * SQL, where MySQL/MariaDB would turn an impossible one into NULL with a warning (a wrong page).
 */
function isPossibleDate(text: string, zeroParts: boolean): boolean {
  const m = DATE_PARTS.exec(text)
  if (m === null) return false
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1).map((v) => Number(v ?? 0))
  if (hour > 23 || minute > 59 || second > 59) return false
  if (zeroParts && (month === 0 || day === 0)) return month <= 12 && day <= 31
  if (month < 1 || month > 12 || day < 1) return false
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  return day <= (month === 2 ? (leap ? 29 : 28) : DAYS_IN_MONTH[month - 1])
}

const TIME_TEXT = /^-?\d{1,3}:\d{2}(:\d{2}(\.\d+)?)?([+-][\d:]+)?$/
const UUID_TEXT = /^[0-9a-f]{8}-?([0-9a-f]{4}-?){3}[0-9a-f]{12}$/i

type Fits = (value: string | number | boolean) => boolean

/**
 * Is `type` an integer type: PostgreSQL's and MySQL's by name (not `interval`, `point` or
 * `int4range`), on SQLite any type whose name holds `int`, as SQLite's affinity rule reads it.
 */
function isIntegerType(family: SqlFamily, type: string): boolean {
  if (family === 'sqlite') return /int/.test(type)
  return /^((tiny|small|medium|big)?int(eger)?|(small|big)?serial|int[248])\b/.test(type)
}

const integer: Fits = (v) =>
  typeof v === 'number' ? Number.isInteger(v) : typeof v === 'string' && INTEGER_TEXT.test(v)

/** The bits of a PostgreSQL or MySQL/MariaDB integer type, by the start of its name. */
const INTEGER_BITS: readonly (readonly [RegExp, number])[] = [
  [/^(tinyint)\b/, 8],
  [/^(smallint|int2|smallserial)\b/, 16],
  [/^(mediumint)\b/, 24],
  [/^(bigint|int8|bigserial)\b/, 64],
  [/^(int|integer|int4|serial)\b/, 32],
]

/**
 * An integer within the range of the integer `type` (PostgreSQL, MySQL/MariaDB: `unsigned` from
 * 0): MariaDB compares an out-of-range value without an error, so a tampered cursor would answer
 * a page instead of a 400. On SQLite, whose integers are 64-bit whatever the declared name, within
 * the 64-bit range (a value past it compares as a REAL, and no cursor of an integer column carries
 * one: a row's integer past 2^53 travels as its decimal text).
 */
function integerIn(family: SqlFamily, type: string): Fits {
  const bits = family === 'sqlite' ? 64 : INTEGER_BITS.find(([re]) => re.test(type))?.[1]
  if (bits === undefined) return integer
  const unsigned = family === 'mysql' && /\bunsigned\b/.test(type)
  const min = unsigned ? 0n : -(2n ** BigInt(bits - 1))
  const max = unsigned ? 2n ** BigInt(bits) - 1n : 2n ** BigInt(bits - 1) - 1n
  return (v) => {
    if (!integer(v)) return false
    const n = BigInt(v as number | string)
    return n >= min && n <= max
  }
}
/** A number, or its text, that is finite: `'1e999'` is not a value of a MySQL or SQLite column. */
const numeric: Fits = (v) =>
  typeof v === 'number' ||
  (typeof v === 'string' && NUMBER_TEXT.test(v) && Number.isFinite(Number(v)))
const text: Fits = (v) => typeof v === 'string'

/**
 * How many digits the integer part of the number `text` (of the shape `NUMBER_TEXT` allows) has:
 * 3 for `'123.45'` and `'1.5e2'`, 0 for `'0.5'`.
 */
function integerDigits(text: string): number {
  const [, whole, fraction, exponent] = /^-?(\d*)\.?(\d*)(?:[eE]([-+]?\d+))?$/.exec(text)!
  const digits = whole + fraction
  const significant = digits.replace(/^0+/, '')
  if (significant === '') return 0
  const point = whole.length + Number(exponent ?? 0)
  return Math.max(0, point - (digits.length - significant.length))
}

/**
 * A number that a MySQL/MariaDB `decimal(p,s)` holds: at most p - s digits before the point, not
 * negative when `unsigned`. MariaDB clamps a value past the column's range with only a warning (a
 * wrong page); digits past the scale are rounded, as the column's own values are.
 */
function decimalIn(type: string): Fits {
  const m = /^decimal\((\d+)(?:,(\d+))?\)/.exec(type)
  if (m === null) return numeric
  const whole = Number(m[1]) - Number(m[2] ?? 0)
  const unsigned = /\bunsigned\b/.test(type)
  return (v) => {
    if (!numeric(v)) return false
    const t = typeof v === 'number' ? String(v) : (v as string)
    if (unsigned && t.startsWith('-') && Number(t) !== 0) return false
    return integerDigits(t) <= whole
  }
}

/**
 * What a cursor value of a SQLite column may be, by the column's affinity (SQLite's rules on the
 * declared type): an INTEGER column's an integer in the 64-bit range (a number, or its decimal
 * text: how an integer past 2^53 travels); a TEXT column's a string (SQLite stores a number it is
 * given as its text, so the column holds no number); a REAL column's a finite number (or its
 * text, as an ORM may read one); a `numeric` or `decimal` column's a finite number or its text. A
 * boolean is none of these (SQLite has none; an ORM that reads a column as one declares it
 * `boolean`); a `datetime`, `date` or `timestamp` column's a possible date's text or a finite
 * number (or its text). Undefined (any value) for other types: BLOB and NUMERIC affinity hold any kind.
 */
function sqliteValueFits(type: string): Fits | undefined {
  if (/int/.test(type)) return integerIn('sqlite', type)
  if (/char|clob|text/.test(type)) return text
  if (/real|floa|doub|^(numeric|decimal)/.test(type)) return numeric
  // what the ORMs store for a date: its text (ISO, `2024-05-01 10:00:00.000`, with a zone or
  // not) or its epoch milliseconds (Knex, MikroORM), which a cursor carries as a number or, as
  // the stored value's text, a string of digits
  if (/^(datetime|date|timestamp)\b/.test(type))
    return (v) =>
      numeric(v) || (typeof v === 'string' && DATE_TEXT.test(v) && isPossibleDate(v, false))
  return undefined
}

/**
 * What a cursor value of a column of `type` may be, so that a value of another kind is refused
 * before it reaches SQL (where it would be an error, or compare as something else on SQLite and
 * MySQL/MariaDB). Undefined when any value may be (a type it does not know; on SQLite, see
 * {@link sqliteValueFits}).
 */
export function valueFits(family: SqlFamily, type: string): Fits | undefined {
  if (family === 'sqlite') return sqliteValueFits(type)
  if (isIntegerType(family, type)) {
    const fits = integerIn(family, type)
    return family === 'mysql' && /^tinyint\(1\)/.test(type)
      ? (v) => typeof v === 'boolean' || fits(v)
      : fits
  }
  if (family === 'postgres') {
    if (/^interval\b/.test(type)) return text
    // its text depends on lc_monetary ('$2.20'): as the driver reads it, or a number
    if (type === 'money') return (v) => typeof v === 'string' || typeof v === 'number'
    if (/^(numeric|decimal|real|double)/.test(type))
      return (v) => numeric(v) || (typeof v === 'string' && SPECIAL_NUMBER_TEXT.test(v))
    if (/^(timestamp|date)\b/.test(type))
      return (v) =>
        typeof v === 'string' &&
        ((DATE_TEXT.test(v) && isPossibleDate(v, false)) || INFINITE_DATE_TEXT.test(v))
  }
  if (/^decimal\b/.test(type)) return decimalIn(type)
  if (/^(numeric|real|double|float|money)/.test(type)) return numeric
  // MySQL/MariaDB: the member's position, or the set's bits (see `exactForm`)
  if (family === 'mysql' && /^(enum|set)\(/.test(type)) return integer
  if (type === 'boolean') return (v) => typeof v === 'boolean'
  if (type === 'uuid') return (v) => typeof v === 'string' && UUID_TEXT.test(v)
  if (/^time\b/.test(type)) return (v) => typeof v === 'string' && TIME_TEXT.test(v)
  // MySQL/MariaDB: no zone (MariaDB drops one with a warning; the cursor's own values hold none)
  if (DATE_TIME.test(type))
    return family === 'mysql'
      ? (v) => typeof v === 'string' && ZONELESS_DATE_TEXT.test(v) && isPossibleDate(v, true)
      : (v) => typeof v === 'string' && DATE_TEXT.test(v) && isPossibleDate(v, false)
  if (/char|text|enum|citext/.test(type)) return text
  return undefined
}

/** A cursor column with what the catalog says of it. @internal */
export interface SchemaColumn extends CursorColumn {
  /** The catalog's type of the column, when known. */
  readonly type?: string
  /** How its values travel exactly, when the driver reads them inexactly. */
  readonly exact?: ExactForm
}

/**
 * What a column's catalog entry adds to a cursor column: its type, `nullable: false` for a column
 * that cannot hold NULL, and what that type implies for cursor values (see {@link withCatalog}).
 */
type Implied = Pick<SchemaColumn, 'type' | 'nullable' | 'exact' | 'fits'>

/** {@link Implied} per catalog entry: worked out once, as the entries are cached per table. */
const implied = new WeakMap<ColumnInfo, Implied>()

/**
 * `column` with the catalog's `info` about it (none: as it is); `outer`: a join can leave it NULL
 * whatever it declares, so it stays nullable. @internal
 */
export function withCatalog<C extends CursorColumn>(
  family: SqlFamily,
  column: C,
  info: ColumnInfo | undefined,
  outer = false,
): C & SchemaColumn {
  if (info === undefined) return column
  let known = implied.get(info)
  if (known === undefined) {
    const exact = exactForm(family, info.type)
    const fits = valueFits(family, info.type)
    known = {
      type: info.type,
      ...(info.nullable ? {} : { nullable: false }),
      ...(exact === undefined ? {} : { exact }),
      ...(fits === undefined ? {} : { fits }),
    }
    implied.set(info, known)
  }
  // Object.assign, not `{ ...column, ...known }`: V8 makes a new hidden class for every object
  // that gains properties after a spread copy, which costs a microsecond a column
  const described = Object.assign({}, column, known)
  return outer && !info.nullable
    ? Object.assign(described, { nullable: column.nullable })
    : described
}

/** An ORM query's table, and how to run its catalog query (SQL with `?` placeholders). @internal */
interface CatalogTable {
  /** What the catalog is cached per (the connection, data source or `Sequelize` instance). */
  readonly owner: object
  readonly family: SqlFamily
  readonly ref: TableRef
  query(sql: string, bindings: readonly unknown[]): Promise<unknown>
}

/**
 * The cursor columns of an ORM query with what the catalog says of the columns of its `table`
 * (read once per owner and table, see {@link tableColumns}): `columnOf` names the table's column
 * of a cursor column (undefined: none, the cursor column stays as it is). On SQLite, a column
 * the ORM reads as `reading` says travels in that reading's exact form (`SQLITE_EXACT`; `'number'`
 * only for an integer column).
 * @internal
 */
export async function withTableCatalog<C extends CursorColumn>(
  given: readonly C[],
  table: CatalogTable,
  columnOf: (column: C) => string | undefined,
  reading: (column: C & SchemaColumn) => SqliteReading | undefined,
): Promise<C[]> {
  const { family } = table
  const known = await tableColumns(table.owner, family, table.ref, async (sql, bindings) => {
    const rows = await table.query(sql, bindings)
    return Array.isArray(rows) ? rows : []
  })
  return given.map((c) => {
    const name = columnOf(c)
    if (name === undefined) return c
    const column = withCatalog(family, c, known.get(name))
    if (family !== 'sqlite') return column
    const read = reading(column)
    if (read === undefined) return column
    if (read === 'number' && (column.type === undefined || !isIntegerType(family, column.type)))
      return column
    return { ...column, exact: SQLITE_EXACT[read] }
  })
}

/** The internal alias of the exact text of the `i`-th order column. @internal */
export const exactAlias = (i: number) => `api_resources_cursor_${i}`

/**
 * Takes the exact texts out of fetched `rows` (removing their internal aliases) and records them
 * as the rows' cursor values (for the paginator built on this very list of rows; returned, for an
 * adapter that makes other objects of the rows). A value a cursor cannot carry exactly is refused, naming the column
 * and the fix: a `Date` of a column whose type the catalog did not give (PostgreSQL, MySQL: it
 * may hold microseconds), an integer past 2^53 read as a JS number, any other non-integer number
 * of a column whose type the catalog did not give (MySQL), an infinite number on SQLite.
 * @internal
 */
export function takeExactValues(
  fn: string,
  family: SqlFamily | undefined,
  columns: readonly SchemaColumn[],
  rows: readonly unknown[],
  renamed?: RenamedKeys,
): ExactRows | undefined {
  // what to do with each column, worked out once for all the rows
  const exact: { name: string; key: string }[] = []
  const checked: {
    column: SchemaColumn
    full: string
    short: string
    integer: boolean
    unknown: boolean
  }[] = []
  const dates = family !== undefined && family !== 'sqlite'
  const keyOf = (key: string) => renamed?.get(key) ?? key
  columns.forEach((column, i) => {
    if (column.exact !== undefined) exact.push({ name: column.name, key: keyOf(exactAlias(i)) })
    else {
      const short = column.name.slice(column.name.lastIndexOf('.') + 1)
      checked.push({
        column,
        // rows whose keys a plugin renamed carry the column under its short name, renamed
        full: renamed === undefined ? column.name : keyOf(short),
        short: keyOf(short),
        integer: column.type !== undefined && /int/.test(column.type),
        unknown: column.type === undefined,
      })
    }
  })
  const texts: (Map<string, CursorValue> | undefined)[] = []
  for (const row of rows) {
    if (typeof row !== 'object' || row === null) {
      texts.push(undefined)
      continue
    }
    const record = row as Record<string, unknown>
    // under renamed keys every value is recorded here: the paginator looks for the columns' names
    const values = new Map<string, CursorValue>()
    for (const { column, full, short, integer, unknown } of checked) {
      const value = record[full] ?? record[short]
      // a binary value is refused on the page that reads it, never on a later one
      if (ArrayBuffer.isView(value)) throw ArgumentError.cursorColumn(column.name, value)
      if (renamed !== undefined && value !== undefined)
        values.set(column.name, asCursorValue(column.name, value))
      if (dates && value instanceof Date) throw inexactDate(fn, column.name)
      if (typeof value !== 'number') continue
      // PostgreSQL reads back the text a cursor carries (see `cursorValue`); SQLite does not
      if (family === 'sqlite' && !Number.isFinite(value))
        throw nonFiniteNumber(fn, column.name, value)
      if (Number.isSafeInteger(value)) continue
      if (integer || (unknown && Number.isInteger(value)))
        throw inexactInteger(fn, column.name, value)
      // a MySQL column of unknown type: a FLOAT or DECIMAL read as a rounded number, which the
      // cursor's value may not equal (a `>` would then keep finding the row); PostgreSQL types the
      // parameter as the column, so a real or double precision compares exactly
      if (unknown && family === 'mysql' && Number.isFinite(value))
        throw inexactNumber(fn, column.name, value)
    }
    if (exact.length === 0 && renamed === undefined) continue
    for (const { name, key } of exact) {
      const text = record[key]
      delete record[key]
      values.set(name, text === null || text === undefined ? null : String(text))
    }
    texts.push(values)
  }
  if (exact.length === 0 && renamed === undefined) return undefined
  setExactCursorValues(rows, texts)
  return texts
}

/**
 * The keys of fetched rows that the query's own plugins renamed (Kysely's `CamelCasePlugin`):
 * column or alias as the database names it -> the key the rows carry. @internal
 */
export type RenamedKeys = ReadonlyMap<string, string>

/**
 * The keys the app's row mappers give the rows (Kysely's `CamelCasePlugin`, Knex's
 * `postProcessResponse`, an Objection model's `columnNameMappers`: `created_at` -> `createdAt`),
 * when the first fetched row lacks a key the database gives a cursor column or its exact text
 * (undefined otherwise, at no cost). `probe(names)` runs one row of NULLs under `names`
 * (`select null as "created_at", ...`) through the same mappers and gives its keys, in order.
 * @internal
 */
export async function renamedKeys(
  columns: readonly SchemaColumn[],
  rows: readonly unknown[],
  probe: (names: readonly string[]) => Promise<readonly string[]>,
): Promise<RenamedKeys | undefined> {
  const first = rows[0]
  if (typeof first !== 'object' || first === null) return undefined
  const short = (c: SchemaColumn) => c.name.slice(c.name.lastIndexOf('.') + 1)
  const missing = columns.some(
    (c, i) =>
      !(c.name in first || short(c) in first) ||
      (c.exact !== undefined && !(exactAlias(i) in first)),
  )
  if (!missing) return undefined
  const names = [
    ...new Set(
      columns.flatMap((c, i) => (c.exact === undefined ? [short(c)] : [short(c), exactAlias(i)])),
    ),
  ]
  const keys = await probe(names)
  return keys.length === names.length ? new Map(names.map((name, i) => [name, keys[i]])) : undefined
}

/** The first page's refusal of a cursor column whose value a cursor cannot carry: why, and the fix. */
function refusedValue(fn: string, name: string, why: string): ArgumentError {
  return ArgumentError.cursorOrder(fn, `"${name}" ${why}`)
}

/** The fix for a value whose column's type the catalog did not give. */
const CATALOG_FIX =
  "order by a column of the query's own table or of a table it joins by name, whose type is " +
  'then read from the catalog, or by its text (select it cast to text under the same name)'

const inexactDate = (fn: string, name: string) =>
  refusedValue(
    fn,
    name,
    'reads as a JS Date, which holds milliseconds while the column may hold microseconds (and ' +
      `a zone-less one reads in the process time zone); ${CATALOG_FIX}`,
  )

const inexactNumber = (fn: string, name: string, value: number) =>
  refusedValue(
    fn,
    name,
    `holds ${value}, a number of a column whose type the catalog did not give, which may not ` +
      'be the value the column holds (a single-precision FLOAT, a DECIMAL or numeric read as a ' +
      `rounded number); ${CATALOG_FIX}`,
  )

const nonFiniteNumber = (fn: string, name: string, value: number) =>
  refusedValue(
    fn,
    name,
    `holds ${value}, which a cursor cannot carry as a number and SQLite does not read back ` +
      'from its text; order by a column that holds finite numbers (or NULL)',
  )

const inexactInteger = (fn: string, name: string, value: number) =>
  refusedValue(
    fn,
    name,
    `holds ${value}, an integer past 2^53 that a JS number does not hold exactly; have the ` +
      "driver read big integers as strings or bigints (better-sqlite3's safeIntegers(), " +
      "mysql2's supportBigNumbers and bigNumberStrings)",
  )
