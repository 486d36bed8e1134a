import { ArgumentError } from '../../errors/base'
import type { CursorColumn } from '../../pagination/cursor-query'
import * as keysets from '../orm-support/keyset-where'
import type { CursorSource } from '../orm-support/orm-paginators'
import type { DrizzleQueryLike } from './drizzle-types'

/** The parts of `drizzle-orm` the cursor step builds its WHERE and ORDER BY with. */
interface DrizzleOrm {
  sql: ((strings: TemplateStringsArray, ...values: unknown[]) => unknown) & {
    raw: (text: string) => unknown
  }
  and: (...conditions: unknown[]) => unknown
  or: (...conditions: unknown[]) => unknown
  gt: (column: unknown, value: unknown) => unknown
  lt: (column: unknown, value: unknown) => unknown
  eq: (column: unknown, value: unknown) => unknown
  isNull: (column: unknown) => unknown
  isNotNull: (column: unknown) => unknown
  is: (value: unknown, kind: unknown) => boolean
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

/**
 * The cursor step of a Drizzle select builder: its `orderBy` columns (which must be selected, under
 * the name the rows carry them), the keyset ANDed with its WHERE. Relational queries
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
  const largest = /^Pg/.test(dialect)
  const byColumn = new Map<string, unknown>()
  const items = orderBy.map((item, i): keysets.OrderItem => {
    const term = orderTerm(item, orm)
    const direction = keysets.parseDirection(term?.text)
    const name = Object.keys(fields).find((key) => fields[key] === term?.column)
    if (term === undefined || direction === undefined || name === undefined)
      throw ArgumentError.cursorOrder(
        fn,
        `the orderBy item ${i + 1} is not a selected column with asc()/desc()`,
      )
    byColumn.set(name, term.column)
    return { name, ...direction }
  })
  const columns = keysets.cursorColumns(fn, items, largest)
  const column = (name: string) => byColumn.get(name)
  return {
    columns,
    fetch: async (order, condition, limit) => {
      const where = keysets.withKeyset<unknown>(
        q.config.where,
        condition,
        {
          compare: (name, op, value) =>
            (op === '=' ? orm.eq : op === '>' ? orm.gt : orm.lt)(column(name), value),
          isNull: (name, negated) => (negated ? orm.isNotNull : orm.isNull)(column(name)),
          and: (parts) => orm.and(...parts),
          or: (parts) => orm.or(...parts),
          none: () => orm.sql`1 = 0`,
        },
        // the query's own WHERE in parentheses: a raw `sql` OR is not wrapped by and()
        (own) => orm.sql`(${own})`,
      )
      const terms = order.flatMap((c) => orderTerms(c, column(c.name), largest, dialect, orm))
      // the builder has no clone(): a patched copy of its config, put back once the SQL is built
      const saved = q.config
      q.config = { ...saved, where, orderBy: terms, limit, offset: undefined } as SelectConfig
      let rows: Promise<T[]>
      try {
        rows = q.execute()
      } finally {
        q.config = saved
      }
      return rows
    },
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
