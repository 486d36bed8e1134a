import { undecodedValues } from '../context/parse-query'
import { tryGetRequestContext } from '../context/request-context'
import { ArgumentError, InvalidCursorError } from '../errors/base'
import { assertOptions, toRows, BasePaginator } from './base-paginator'
import { parameterName } from './resolve'
import { Cursor, assertSecret, type CursorSecret, type CursorValue } from './cursor'
import { bareUrl, pageUrlPrefix } from './page-url'
import { setKey } from '../util/objects'
import { isCollectionClass, isResolvable } from '../runtime/protocol'
import type {
  CursorPageJson,
  CursorPaginationLinks,
  CursorPaginationMeta,
  CursorPaginatorOptions,
  PageViewData,
} from './types'

/** The query parameter that carries the cursor. */
export const CURSOR_PARAMETER = 'cursor'

/**
 * A page of rows found from a cursor instead of a page number (what `cursorPaginate()` returns:
 * one query of `perPage + 1` rows, no COUNT). It knows only whether pages lie before and after it,
 * and links to them with cursors built from its first and last rows.
 *
 * `items` are the rows as fetched, in the order the query returned them for the cursor's direction:
 * more than `perPage` of them means another page lies in that direction (the extra row is dropped),
 * and rows fetched for a cursor that points to previous items are reversed back into display order.
 *
 * @example
 * const page = new CursorPaginator(rows, { perPage: 10, parameters: ['id'], path: '/posts' })
 * page.nextPageUrl() // '/posts?cursor=eyJpZCI6MTAsIl9wb2ludHNUb05leHRJdGVtcyI6dHJ1ZX0'
 */
export class CursorPaginator<T> extends BasePaginator<T> {
  readonly #cursor: Cursor | null
  readonly #hasMore: boolean
  readonly #parameters: readonly string[]
  readonly #secret: CursorSecret | undefined
  readonly #urlPrefix: string
  /** The rows as fetched and their exact cursor values, by position (see `exactValues`). */
  readonly #fetched: readonly unknown[]
  readonly #exact: ExactRows | undefined
  /** The page's rows as given, in display order: the cursors' rows, whatever `through()` maps. */
  readonly #pageRows: readonly unknown[]

  constructor(items: Iterable<T>, options: CursorPaginatorOptions) {
    assertOptions(options)
    const { perPage, parameters, cursorSecret } = options
    if (cursorSecret !== undefined) assertSecret(cursorSecret)
    const cursorName = parameterName('cursorName', options.cursorName, CURSOR_PARAMETER)
    const cursor = resolveCursor(options.cursor, cursorSecret, cursorName)
    const rows = toRows(items)
    const exact = Array.isArray(items) ? exactValues.get(items) : undefined
    const hasMore = typeof perPage === 'number' && rows.length > perPage
    const page = hasMore ? rows.slice(0, perPage) : rows
    if (cursor?.pointsToPreviousItems()) page.reverse()
    super(page, options, cursorName)
    this.#cursor = cursor
    this.#hasMore = hasMore
    this.#fetched = exact === undefined ? [] : rows
    this.#exact = exact
    this.#pageRows = page
    this.#parameters =
      parameters === undefined ? namesOf(cursor, page[0]) : checkedNames(parameters)
    this.#secret = cursorSecret
    this.#urlPrefix = pageUrlPrefix(this.path(), encodeURIComponent(cursorName))
  }

  /** The options this paginator was constructed with, as given (Laravel's `getOptions()`). */
  override getOptions(): Readonly<Omit<CursorPaginatorOptions, 'cursorSecret'>> {
    return super.getOptions() as Omit<CursorPaginatorOptions, 'cursorSecret'>
  }

  /** The cursor this page was found with (`null` on the first page). */
  cursor(): Cursor | null {
    return this.#cursor
  }

  /** The column names a cursor carries. */
  parameterNames(): string[] {
    return this.#parameters.slice()
  }

  hasMorePages(): boolean {
    if (this.#cursor === null || this.#cursor.pointsToNextItems()) return this.#hasMore
    return true // reached backwards: the page we came from follows
  }

  onFirstPage(): boolean {
    return this.#cursor === null || (this.#cursor.pointsToPreviousItems() && !this.#hasMore)
  }

  /** The cursor of the page after this one, or null. */
  nextCursor(): Cursor | null {
    if (!this.hasMorePages() || this.isEmpty()) return null
    const rows = this.#pageRows
    return this.#cursorOf(rows[rows.length - 1], true)
  }

  /** The cursor of the page before this one, or null. */
  previousCursor(): Cursor | null {
    if (this.onFirstPage() || this.isEmpty()) return null
    return this.#cursorOf(this.#pageRows[0], false)
  }

  /**
   * The cursor naming the rows after (or before) `row`: a row as fetched, or a resource over one
   * (its model's values, as Laravel reads a `JsonResource` row).
   */
  cursorFor(row: T, pointsToNextItems: boolean): Cursor {
    return this.#cursorOf(row, pointsToNextItems)
  }

  #cursorOf(row: unknown, pointsToNextItems: boolean): Cursor {
    const model = isResourceOf(row) ? row.resource : row
    const at = this.#exact === undefined ? -1 : this.#fetched.indexOf(model)
    const exact = at === -1 ? undefined : this.#exact?.[at]
    const values: Record<string, CursorValue> = {}
    for (const name of this.#parameters) setKey(values, name, cursorValue(model, name, exact))
    return new Cursor(values, pointsToNextItems)
  }

  /**
   * `<path>?cursor=<encoded>[&<key>=<value>...][#<fragment>]`; a `null` cursor gives the URL
   * without a `cursor` parameter (the first page).
   */
  url(cursor: Cursor | null): string {
    if (cursor === null) return bareUrl(this.path(), this.queryParams(), this.fragment())
    // base64url and `.`: nothing to percent-encode
    return this.#urlPrefix + cursor.encode(this.#secret) + this.urlSuffix()
  }

  nextPageUrl(): string | null {
    const cursor = this.nextCursor()
    return cursor === null ? null : this.url(cursor)
  }

  previousPageUrl(): string | null {
    const cursor = this.previousCursor()
    return cursor === null ? null : this.url(cursor)
  }

  #encode(cursor: Cursor | null): string | null {
    return cursor === null ? null : cursor.encode(this.#secret)
  }

  toJSON(): CursorPageJson<T> {
    const next = this.nextCursor()
    const previous = this.previousCursor()
    return {
      data: this.jsonData(),
      path: this.path(),
      per_page: this.perPage(),
      next_cursor: this.#encode(next),
      next_page_url: next === null ? null : this.url(next),
      prev_cursor: this.#encode(previous),
      prev_page_url: previous === null ? null : this.url(previous),
    }
  }

  toResourceLinks(): CursorPaginationLinks {
    return { first: null, last: null, prev: this.previousPageUrl(), next: this.nextPageUrl() }
  }

  toResourceMeta(): CursorPaginationMeta {
    return {
      path: this.path(),
      per_page: this.perPage(),
      next_cursor: this.#encode(this.nextCursor()),
      prev_cursor: this.#encode(this.previousCursor()),
    }
  }

  /**
   * What the simple bar (`pagination::simple`) needs: previous/next only, no page numbers. Its
   * `onFirstPage` and `hasMorePages` say whether there is a link to follow: an empty page reached
   * with a cursor has more pages one way, but no row to make that way's cursor from, and a link
   * without a URL would reload the page.
   */
  toViewData(): PageViewData<this> {
    const previousPageUrl = this.previousPageUrl()
    const nextPageUrl = this.nextPageUrl()
    return {
      paginator: this,
      elements: [],
      previousPageUrl,
      nextPageUrl,
      hasPages: this.hasPages(),
      onFirstPage: previousPageUrl === null,
      hasMorePages: nextPageUrl !== null,
    }
  }
}

/**
 * The cursor of a page: `explicit` when given (a `Cursor`, an encoded string, or `null` for the
 * first page), else the request's `?cursor=` (none: the first page). A repeated `cursor` parameter
 * or one that does not decode is an `InvalidCursorError`, never the first page.
 */
export function resolveCursor(
  explicit: Cursor | string | null | undefined,
  secret?: CursorSecret,
  name: string = CURSOR_PARAMETER,
): Cursor | null {
  if (explicit === null || explicit instanceof Cursor) return explicit
  try {
    if (explicit !== undefined) return Cursor.fromEncoded(explicit, secret)
    const context = tryGetRequestContext()
    const values = (context?.queryPairs ?? []).filter(
      ({ key }) => key === name || key.startsWith(`${name}[`),
    )
    // a cursor that is not valid percent-encoding is not an absent one (never silently page 1)
    if (context !== undefined && undecodedValues(context.rawQuery).some(({ key }) => key === name))
      throw InvalidCursorError.invalidCursor('it is not valid percent-encoding')
    if (values.length === 0) return null
    if (values.length > 1 || values[0].key !== name)
      throw InvalidCursorError.invalidCursor(`the ${name} parameter is given more than once`)
    return Cursor.fromEncoded(values[0].value, secret)
  } catch (error) {
    throw inCursorParameter(error, name)
  }
}

/** `error`, when it refuses a cursor, about the query parameter `name` (`cursorName`). @internal */
export function inCursorParameter(error: unknown, name: string): unknown {
  return error instanceof InvalidCursorError ? error.inParameter(name) : error
}

/** The names a cursor carries when none are given: the cursor's own, else the first row's keys. */
function namesOf(cursor: Cursor | null, row: unknown): readonly string[] {
  if (cursor !== null) return Object.freeze(cursor.names())
  const record = typeof row === 'object' && row !== null ? row : {}
  return Object.freeze(Object.keys(record))
}

function checkedNames(parameters: unknown): readonly string[] {
  const ok =
    Array.isArray(parameters) &&
    parameters.length > 0 &&
    parameters.every((name) => typeof name === 'string' && name !== '')
  if (!ok) throw ArgumentError.cursorParameters(parameters)
  return Object.freeze(parameters.slice())
}

/** The exact cursor values of fetched rows, by position (a row without any: undefined). @internal */
export type ExactRows = readonly (ReadonlyMap<string, CursorValue> | undefined)[]

/**
 * The exact cursor values of the rows an adapter fetched, where a row's own value is less exact
 * (a `Date` of a microsecond timestamp): per list of rows as fetched, column name -> value for
 * each row by position. Kept per list, not per row: one entry a page.
 */
const exactValues = new WeakMap<readonly unknown[], ExactRows>()

/**
 * Records the exact cursor values of the fetched `rows` (see `exactValues`): a paginator built
 * on that very list reads them. @internal
 */
export function setExactCursorValues(rows: readonly unknown[], values: ExactRows): void {
  exactValues.set(rows, values)
}

/** Is `row` a single resource (not a collection), whose `resource` is its model? */
function isResourceOf(row: unknown): row is { readonly resource: unknown } {
  return isResolvable(row) && !isCollectionClass(row.constructor) && 'resource' in row
}

/** The value of column `name` in `row`: under the full name, or the part after the last `.`. */
function cursorValue(
  row: unknown,
  name: string,
  exactValues: ReadonlyMap<string, CursorValue> | undefined,
): CursorValue {
  const record = (typeof row === 'object' && row !== null ? row : {}) as Record<string, unknown>
  const exact = exactValues?.get(name)
  if (exact !== undefined) return exact
  let value = record[name]
  if (value === undefined) value = record[name.slice(name.lastIndexOf('.') + 1)]
  return asCursorValue(name, value)
}

/**
 * A row's value of the cursor column `name` as a cursor carries it: a `Date` as its ISO text, a
 * `bigint` as its decimal text; an `ArgumentError` for a value a cursor cannot carry (a Buffer, an
 * object, `undefined` for a column the row lacks). @internal
 */
export function asCursorValue(name: string, value: unknown): CursorValue {
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'bigint') return value.toString()
  // Infinity, -Infinity and NaN, which JSON has no number for, as PostgreSQL writes them
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value)
  const kind = typeof value
  if (value === null || kind === 'string' || kind === 'number' || kind === 'boolean')
    return value as CursorValue
  throw ArgumentError.cursorColumn(name, value)
}
