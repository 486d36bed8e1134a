/**
 * What cursor pagination learns about a table's columns from the database itself: whether each
 * column can hold NULL and its declared type. Read once per table and connection (the catalog
 * query's result is cached), so that the page query needs no option from the caller to leave out
 * `IS NULL` terms. @internal
 */

/** The SQL families the cursor step knows. */
export type SqlFamily = 'postgres' | 'mysql' | 'sqlite'

/** One column as the catalog describes it. @internal */
export interface ColumnInfo {
  readonly nullable: boolean
  /** The declared type, lower case (`timestamp with time zone`, `datetime(6)`, `integer`). */
  readonly type: string
}

/** column name -> what the catalog says; empty when the table is unknown (a view, a CTE). */
export type TableColumns = ReadonlyMap<string, ColumnInfo>

/** A table a query reads from, as the query names it. @internal */
export interface TableRef {
  readonly schema?: string
  readonly table: string
}

/** The catalog query of `ref` on `family`: SQL with `?` placeholders and its bindings. */
export function catalogQuery(
  family: SqlFamily,
  ref: TableRef,
): { sql: string; bindings: string[] } {
  switch (family) {
    case 'postgres': {
      const name =
        ref.schema === undefined ? 'quote_ident(?)' : "quote_ident(?) || '.' || quote_ident(?)"
      return {
        sql:
          'select a.attname as name, not a.attnotnull as nullable, ' +
          'format_type(a.atttypid, a.atttypmod) as type, 0 as pk from pg_attribute a ' +
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
export function readCatalog(family: SqlFamily, rows: readonly unknown[]): TableColumns {
  const columns = new Map<string, ColumnInfo>()
  const list = rows as readonly CatalogRow[]
  // SQLite: a lone INTEGER PRIMARY KEY is the rowid, which is never NULL (other primary keys may be)
  const keys = list.filter((r) => Number(r.pk) > 0)
  for (const row of list) {
    if (typeof row.name !== 'string') continue
    const type = String(row.type ?? '').toLowerCase()
    const rowid = family === 'sqlite' && keys.length === 1 && row.pk !== 0 && type === 'integer'
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
 * The column of `table` (seen in the query as `alias`) a cursor column names: `alias.column`, or
 * a bare `column` when the query reads no other table; otherwise undefined (not this table's).
 */
export function ownColumn(name: string, alias: string, joined: boolean): string | undefined {
  const dot = name.lastIndexOf('.')
  if (dot === -1) return joined ? undefined : name
  return name.slice(0, dot) === alias ? name.slice(dot + 1) : undefined
}
