import { ApiResourcesError, brand, namedConstructor } from './base'
import { CATALOGUE, catalogued, type ErrorCodes } from './catalogue'

/** Stable codes of the pagination errors (paginators and query-builder adapters). */
export const PAGINATION_ERROR_CODES = {
  perPage: CATALOGUE.perPage.code,
  page: CATALOGUE.page.code,
  total: CATALOGUE.total.code,
  onEachSide: CATALOGUE.onEachSide.code,
  items: CATALOGUE.items.code,
  hasMore: CATALOGUE.hasMore.code,
  path: CATALOGUE.path.code,
  options: CATALOGUE.options.code,
  unsupportedQuery: CATALOGUE.unsupportedQuery.code,
  alreadyInstalled: CATALOGUE.alreadyInstalled.code,
  countResult: CATALOGUE.countResult.code,
  cursorOrder: CATALOGUE.cursorOrder.code,
  cursorSecret: CATALOGUE.cursorSecret.code,
  cursorParameters: CATALOGUE.cursorParameters.code,
  cursorColumn: CATALOGUE.cursorColumn.code,
  invalidCursor: CATALOGUE.invalidCursor.code,
} as const

/**
 * A value handed to `paginate()`/`simplePaginate()` that is not a query builder the adapter knows.
 * A `TypeError`, like the other programmer errors, and `instanceof ApiResourcesError`; the message
 * names what was received and the supported kinds.
 *
 * @example
 * throw UnsupportedQueryError.unsupportedQuery('paginate', 'a Knex select query', query)
 */
export class UnsupportedQueryError extends TypeError {
  readonly code: ErrorCodes['unsupportedQuery']

  /** `description` replaces the generic description of `got` when the adapter knows better. */
  constructor(fn: string, supported: string, got: unknown, description?: string) {
    const { code, message } = catalogued('unsupportedQuery', [fn, supported, got, description])
    super(message)
    this.code = code
    this.name = 'UnsupportedQueryError'
    brand(this)
  }

  /** `fn()` was given `got`, which is not one of `supported`. */
  static unsupportedQuery(
    fn: string,
    supported: string,
    got: unknown,
    description?: string,
  ): UnsupportedQueryError {
    return new UnsupportedQueryError(fn, supported, got, description)
  }
}

/**
 * Setting pagination up went wrong (not a bad argument): for example a Knex query builder that
 * already has a `paginate` method from another library.
 *
 * @example
 * throw PaginationError.alreadyInstalled('paginate')
 */
export class PaginationError extends ApiResourcesError {
  /** Knex query builders already have `method`, from another library. */
  static readonly alreadyInstalled = namedConstructor(PaginationError, 'alreadyInstalled')
}

// the query parameter a cursor comes in unless a paginator names another
const CURSOR_PARAMETER = CATALOGUE.invalidCursor.parameter

/**
 * A `?cursor=` (or a cursor string handed to `Cursor.fromEncoded()`/`cursorPaginate()`) that is not
 * one this application produced: not base64url, not a JSON object, without a boolean
 * `_pointsToNextItems`, with parameters that do not match the query's order columns or values of
 * the wrong kind, or with a missing or wrong signature. A client error: `resourceErrors()` answers
 * it with 400 naming its query parameter (`cursor` or the paginator's `cursorName`: `errors.cursor`,
 * JSON:API `source.parameter`), never with the first page.
 *
 * @example
 * throw InvalidCursorError.invalidCursor('it is not base64url')
 */
export class InvalidCursorError extends ApiResourcesError {
  /** The HTTP status `resourceErrors()` answers with. */
  readonly status = CATALOGUE.invalidCursor.status
  /** Why the cursor is refused, e.g. `it is not base64url`. */
  readonly reason: string
  /**
   * The query parameter the cursor came in: `cursor`, or the paginator's `cursorName`. The 400
   * names it (`errors.<parameter>`, JSON:API `source.parameter`).
   */
  readonly parameter: string

  /**
   * @param reason why the cursor is refused, e.g. `it is not base64url`
   * @param cause the database error a cursor value caused, if any
   * @param parameter the query parameter the cursor came in
   */
  constructor(reason: string, cause?: unknown, parameter: string = CURSOR_PARAMETER) {
    const { code, message } = catalogued('invalidCursor', [reason])
    super(code, message, cause === undefined ? undefined : { cause })
    this.reason = reason
    this.parameter = parameter
  }

  /** The cursor is refused because of `reason` (`cause`: the database error, if any). */
  static invalidCursor(reason: string, cause?: unknown): InvalidCursorError {
    return new InvalidCursorError(reason, cause)
  }

  /** The same refusal, about the query parameter `name` (a paginator's `cursorName`). */
  inParameter(name: string): InvalidCursorError {
    return name === this.parameter ? this : new InvalidCursorError(this.reason, this.cause, name)
  }
}
