import { InvalidCursorError } from '../errors/base'
import { assertSecret, type Cursor, type CursorValue } from './cursor'
import {
  CURSOR_PARAMETER,
  CursorPaginator,
  inCursorParameter,
  resolveCursor,
} from './cursor-paginator'
import { assertPerPage, parameterName } from './resolve'

/**
 * One ORDER BY column of a cursor-paginated query, as an adapter reads it from the query.
 */
export interface CursorColumn {
  /** The name the cursor carries the value under: the column as the query orders by it. */
  readonly name: string
  /** What the WHERE compares: the underlying column when `name` is an alias of the select list. */
  readonly column: string
  readonly descending: boolean
  /**
   * Do NULLs come first in this column's order? The query's own `nulls first/last` when it says,
   * else the dialect's: PostgreSQL sorts NULL as the largest value, SQLite and MySQL/MariaDB as the
   * smallest (see {@link nullsFirstByDefault}).
   */
  readonly nullsFirst: boolean
  /**
   * `false` when the column cannot hold NULL (the primary key, a `NOT NULL` column): the condition
   * then has no `IS NULL` term for it. Left out, the column may hold NULL.
   */
  readonly nullable?: boolean
  /**
   * Can a (non-NULL) cursor value be a value of this column? A value it refuses is an
   * `InvalidCursorError` before any SQL runs. Left out, any value may be.
   */
  readonly fits?: (value: string | number | boolean) => boolean
  /**
   * Set by `cursorPaginateQuery`, for a query whose `indexForm` is `'leading-bound'`, on a column
   * every row the condition selects holds NULL in (the cursor is inside the NULL run that ends the
   * order: `column IS NULL` and after the cursor on the rest): `fetch` leaves it out of ORDER BY,
   * where it orders nothing. MySQL/MariaDB sort those rows rather than read them from the index in
   * order when the `IS NULL` column is in ORDER BY.
   */
  readonly allNull?: true
}

/**
 * The keyset condition "comes after the cursor's row", as a small tree an adapter renders with its
 * own query builder. NULLs are explicit: `IS NULL`/`IS NOT NULL` branches, never `= NULL`.
 */
export type KeysetCondition =
  | {
      readonly kind: 'compare'
      readonly column: string
      /** `<=` and `>=` only for a query that declares {@link CursorQuery.rowValues}. */
      readonly operator: '<' | '>' | '<=' | '>='
      readonly value: CursorValue
    }
  /** `(c1, c2, ...) op (v1, v2, ...)`: only for a query that declares {@link CursorQuery.rowValues}. */
  | {
      readonly kind: 'rows'
      readonly columns: readonly string[]
      readonly operator: '<' | '>' | '<=' | '>='
      readonly values: readonly CursorValue[]
    }
  | { readonly kind: 'equal'; readonly column: string; readonly value: CursorValue }
  | { readonly kind: 'null'; readonly column: string; readonly negated: boolean }
  | { readonly kind: 'and' | 'or'; readonly conditions: readonly KeysetCondition[] }
  | { readonly kind: 'false' }

/** What a query-builder adapter supplies for cursor pages: one query, no COUNT. */
export interface CursorQuery<T> {
  /**
   * The form of condition the query renders so that its database's index serves it. `'row-values'`
   * (PostgreSQL, SQLite): `(a, b) > (?, ?)` when every column is `NOT NULL` with one direction,
   * else the leading `NOT NULL` columns of one direction bound the range before the nested form.
   * `'leading-bound'` (MySQL/MariaDB, whose range optimizer skips row values): `a >= ? and (...)`
   * on the first column when it is `NOT NULL`. Left out: the nested form only (no `rows`
   * conditions, no `<=`/`>=`).
   */
  readonly indexForm?: 'row-values' | 'leading-bound'
  /**
   * What the database says of the order columns (`nullable: false` for a column that cannot hold
   * NULL, `fits` for the values of its type), asked once per page before the condition is built;
   * `fetch` then gets the columns it returned. Left out, the columns as given.
   */
  withSchema?(columns: readonly CursorColumn[]): Promise<readonly CursorColumn[]>
  /**
   * `limit` rows ordered by `columns` (directions and NULL placement as given: already flipped for
   * a page before the cursor), restricted by `condition` when there is a cursor.
   */
  fetch(
    columns: readonly CursorColumn[],
    condition: KeysetCondition | undefined,
    limit: number,
  ): Promise<T[]>
}

/** Options of `cursorPaginate()`. */
export interface CursorPaginateOptions {
  /** Signs cursors (HMAC-SHA256) and refuses unsigned or tampered ones (see `CursorPaginator`). */
  readonly cursorSecret?: string | Uint8Array
  /**
   * The query parameter that carries the cursor, in URLs and when it is read from the request.
   * @default 'cursor'
   */
  readonly cursorName?: string
  /**
   * The path page URLs are built on, instead of the request's: a path (`/users`) or an absolute
   * `http:`/`https:` URL (`https://api.example.com/users`), kept as given (a trailing `/` removed).
   * @default the request's path (`/` outside a request)
   */
  readonly path?: string
}

/**
 * Where NULLs go when a query does not say: PostgreSQL sorts them as the largest value (last in
 * ascending order, first in descending), SQLite and MySQL/MariaDB as the smallest.
 */
export function nullsFirstByDefault(nullsAreLargest: boolean, descending: boolean): boolean {
  return descending ? nullsAreLargest : !nullsAreLargest
}

/**
 * A cursor page: one query of `perPage + 1` rows after (or before) the cursor, no COUNT. The cursor
 * is `cursor` when given (a `Cursor`, an encoded string, `null` for the first page), else the
 * request's `?cursor=`. A cursor whose columns are not the query's is an `InvalidCursorError`.
 *
 * @example
 * const page = await cursorPaginateQuery({ fetch: async (columns, condition, limit) => rows }, columns, 15)
 */
export async function cursorPaginateQuery<T>(
  query: CursorQuery<T>,
  columns: readonly CursorColumn[],
  perPage: number,
  cursor?: Cursor | string | null,
  options: CursorPaginateOptions = {},
): Promise<CursorPaginator<T>> {
  assertPerPage(perPage)
  const secret = options.cursorSecret
  if (secret !== undefined) assertSecret(secret)
  const cursorName = parameterName('cursorName', options.cursorName, CURSOR_PARAMETER)
  const current = resolveCursor(cursor, secret, cursorName)
  const known = query.withSchema === undefined ? columns : await query.withSchema(columns)
  const names = known.map((c) => c.name)
  let order = known
  let range: KeysetRange | undefined
  let rows: T[]
  try {
    if (current !== null) {
      const values = valuesFor(current, names)
      if (current.pointsToPreviousItems()) order = known.map(flipped)
      range = keysetRange(order, values, query.indexForm)
    }
    rows = await fetchAfter(query, order, range, perPage)
  } catch (error) {
    throw inCursorParameter(error, cursorName)
  }
  return new CursorPaginator(rows, {
    perPage,
    cursor: current,
    parameters: names,
    cursorName,
    ...(options.path !== undefined ? { path: options.path } : {}),
    ...(secret !== undefined ? { cursorSecret: secret } : {}),
  })
}

/** The rows of a cursor page; a cursor value the database could not compare is refused. */
async function fetchAfter<T>(
  query: CursorQuery<T>,
  order: readonly CursorColumn[],
  range: KeysetRange | undefined,
  perPage: number,
): Promise<T[]> {
  if (range === undefined) return await query.fetch(order, undefined, perPage + 1)
  try {
    return await query.fetch(range.order, range.condition, perPage + 1)
  } catch (error) {
    throw cursorValueError(error)
  }
}

/**
 * Errors a database raises when a value the client sent cannot be compared with its column
 * (`'abc'` or `3000000000` for an `integer`, a malformed or out-of-range date, a zone offset out
 * of range, a NUL character in text): PostgreSQL SQLSTATEs 22P02, 22007, 22008, 22009, 22003,
 * 22021, 42883 and MySQL/MariaDB 1292, 1366, 1411.
 */
const VALUE_KIND_ERRORS = new Set([
  '22P02',
  '22007',
  '22008',
  '22009',
  '22003',
  '22021',
  '42883',
  1292,
  1366,
  1411,
])

/**
 * Is `error`, or the driver error an ORM wrapped it around (Objection's `nativeError`, Sequelize's
 * `original`, Drizzle's `cause`, Prisma's `meta.driverAdapterError` and its `cause`, which holds
 * the database's code as `originalCode`), one of those? @internal
 */
export function isValueKindError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false
  const { code, errno, originalCode, nativeError, original, cause, meta } = error as Record<
    string,
    unknown
  >
  if ([code, errno, originalCode].some((c) => VALUE_KIND_ERRORS.has(c as string))) return true
  const adapterError = (meta as { driverAdapterError?: unknown } | null | undefined)
    ?.driverAdapterError
  return [nativeError, original, cause, adapterError].some(
    (inner) => inner !== error && isValueKindError(inner, depth + 1),
  )
}

/** A cursor value the database could not compare (`error`) is an `InvalidCursorError`. */
function cursorValueError(error: unknown): unknown {
  if (!isValueKindError(error)) return error
  return InvalidCursorError.invalidCursor('its values do not fit the order columns', error)
}

/**
 * The cursor's values of `names`; a cursor carrying other columns is refused (an order that names
 * a column twice carries it once).
 */
function valuesFor(cursor: Cursor, names: readonly string[]): CursorValue[] {
  const carried = cursor.names()
  const distinct = [...new Set(names)]
  if (carried.length !== distinct.length || !distinct.every((n) => carried.includes(n)))
    throw InvalidCursorError.invalidCursor(
      `it carries the columns ${carried.join(', ') || '(none)'}, not the order columns ` +
        distinct.join(', '),
    )
  return cursor.parameters(names)
}

/** The same column read backwards: the other direction, NULLs at the other end. */
function flipped(column: CursorColumn): CursorColumn {
  return { ...column, descending: !column.descending, nullsFirst: !column.nullsFirst }
}

const FALSE: KeysetCondition = { kind: 'false' }

/** The rows after a cursor: their condition, and the order columns `fetch` gets. */
interface KeysetRange {
  readonly condition: KeysetCondition
  readonly order: readonly CursorColumn[]
}

/**
 * Rows after `values` in the order of `columns`. A NULL value of a column that cannot hold NULL is
 * not a row of this query: an `InvalidCursorError`. `form`: see {@link CursorQuery.indexForm}.
 * On MySQL/MariaDB, a cursor inside the NULL run that ends the first column's order selects only
 * that run, and the column is {@link CursorColumn.allNull}.
 */
function keysetRange(
  columns: readonly CursorColumn[],
  values: readonly CursorValue[],
  form: CursorQuery<unknown>['indexForm'],
): KeysetRange {
  columns.forEach((column, i) => {
    const value = values[i]
    if (value === null && column.nullable === false)
      throw InvalidCursorError.invalidCursor(`"${column.name}" cannot be NULL`)
    if (value !== null && column.fits !== undefined && !column.fits(value))
      throw InvalidCursorError.invalidCursor(
        `the value of "${column.name}" is not a value of its column`,
      )
  })
  const [first, ...rest] = columns
  if (form !== 'leading-bound' || values[0] !== null || first.nullsFirst || rest.length === 0)
    return { condition: keysetCondition(columns, values, form), order: columns }
  return {
    condition: and(equalOn(first.column, null), keysetCondition(rest, values.slice(1), form)),
    order: [{ ...first, allNull: true }, ...rest],
  }
}

/**
 * Rows after `values` in the order of `columns`, as one condition. With a `form`, the leading
 * columns of one direction whose NULLs cannot follow the cursor (`NOT NULL`, or NULLs first and a
 * value that is not NULL: a row comparison with a NULL is not true, and those rows come before)
 * bound the range with a row comparison, before the nested form.
 */
function keysetCondition(
  columns: readonly CursorColumn[],
  values: readonly CursorValue[],
  form: CursorQuery<unknown>['indexForm'],
): KeysetCondition {
  const nested = keyset(columns, values, 0)
  if (form === undefined) return nested
  const most = form === 'row-values' ? columns.length : 1
  const bounds = (column: CursorColumn, i: number): boolean =>
    column.descending === columns[0].descending &&
    (column.nullable === false || (column.nullsFirst && values[i] !== null))
  let prefix = 0
  while (prefix < most && bounds(columns[prefix], prefix)) prefix += 1
  if (prefix === 0) return nested
  const operator = columns[0].descending ? '<' : '>'
  const bound = (strict: boolean): KeysetCondition =>
    prefix === 1
      ? {
          kind: 'compare',
          column: columns[0].column,
          operator: strict ? operator : `${operator}=`,
          value: values[0],
        }
      : {
          kind: 'rows',
          columns: columns.slice(0, prefix).map((c) => c.column),
          operator: strict ? operator : `${operator}=`,
          values: values.slice(0, prefix),
        }
  if (prefix === columns.length) return bound(true)
  return { kind: 'and', conditions: [bound(false), nested] }
}

/**
 * Rows after `values` in the order of `columns[i..]`: after on column i, or equal on column i and
 * after on the rest (the nested form, which lets a database use an index on the first column).
 */
function keyset(
  columns: readonly CursorColumn[],
  values: readonly CursorValue[],
  i: number,
): KeysetCondition {
  const after = afterOn(columns[i], values[i])
  if (i === columns.length - 1) return after
  const rest = and(equalOn(columns[i].column, values[i]), keyset(columns, values, i + 1))
  return after.kind === 'false' ? rest : { kind: 'or', conditions: [after, rest] }
}

function and(left: KeysetCondition, right: KeysetCondition): KeysetCondition {
  return right.kind === 'false' ? FALSE : { kind: 'and', conditions: [left, right] }
}

/** Rows of `column` strictly after `value`, NULLs placed where the order puts them. */
function afterOn(column: CursorColumn, value: CursorValue): KeysetCondition {
  const { column: name, nullsFirst } = column
  // after NULL: every non-NULL when NULLs come first, nothing when they come last
  if (value === null) return nullsFirst ? { kind: 'null', column: name, negated: true } : FALSE
  const operator = column.descending ? '<' : '>'
  const compare: KeysetCondition = { kind: 'compare', column: name, operator, value }
  if (nullsFirst || column.nullable === false) return compare
  return { kind: 'or', conditions: [compare, { kind: 'null', column: name, negated: false }] }
}

/** `column` equal to `value`, `IS NULL` for NULL. */
function equalOn(column: string, value: CursorValue): KeysetCondition {
  return value === null
    ? { kind: 'null', column, negated: false }
    : { kind: 'equal', column, value }
}
