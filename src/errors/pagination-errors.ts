import { ArgumentError, describeValue } from './base'

/** Stable codes of the pagination errors (paginators and query-builder adapters). */
export const PAGINATION_ERROR_CODES = {
  perPage: 'ERR_PER_PAGE',
  page: 'ERR_PAGE',
  total: 'ERR_TOTAL',
  onEachSide: 'ERR_ON_EACH_SIDE',
  items: 'ERR_PAGINATOR_ITEMS',
  hasMore: 'ERR_HAS_MORE',
  path: 'ERR_PAGINATOR_PATH',
  options: 'ERR_PAGINATOR_OPTIONS',
  unsupportedQuery: 'ERR_UNSUPPORTED_QUERY',
  alreadyInstalled: 'ERR_PAGINATION_INSTALLED',
} as const

/** Named constructors for the bad-argument errors of paginators (each an `ArgumentError`, a `TypeError`). */
export const PaginationErrors = {
  perPage: (got: unknown) =>
    new ArgumentError(PAGINATION_ERROR_CODES.perPage, 'perPage', 'an integer >= 1', got),
  page: (got: unknown, argument = 'page') =>
    new ArgumentError(PAGINATION_ERROR_CODES.page, argument, 'an integer >= 1', got),
  total: (got: unknown) =>
    new ArgumentError(PAGINATION_ERROR_CODES.total, 'total', 'an integer >= 0', got),
  onEachSide: (got: unknown) =>
    new ArgumentError(PAGINATION_ERROR_CODES.onEachSide, 'onEachSide', 'an integer >= 0', got),
  items: (got: unknown) =>
    new ArgumentError(PAGINATION_ERROR_CODES.items, 'items', 'an array or other iterable', got),
  hasMore: (got: unknown) =>
    new ArgumentError(PAGINATION_ERROR_CODES.hasMore, 'hasMore', 'a boolean', got),
  path: (got: unknown) => new ArgumentError(PAGINATION_ERROR_CODES.path, 'path', 'a string', got),
  options: (got: unknown) =>
    new ArgumentError(PAGINATION_ERROR_CODES.options, 'options', 'an object', got),
}

/**
 * A value handed to `paginate()`/`simplePaginate()` that is not a query builder the adapter knows.
 * A `TypeError`, like the other programmer errors; the message names what was received and the
 * supported kinds.
 */
export class UnsupportedQueryError extends TypeError {
  readonly code = PAGINATION_ERROR_CODES.unsupportedQuery

  /** `description` replaces the generic description of `got` when the adapter knows better. */
  constructor(fn: string, supported: string, got: unknown, description?: string) {
    super(`${fn}() expects ${supported}; got ${description ?? describeQuery(got)}`)
    this.name = 'UnsupportedQueryError'
  }
}

function describeQuery(value: unknown): string {
  if (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PromiseLike<unknown>).then === 'function'
  ) {
    const name = (value as { constructor?: { name?: string } }).constructor?.name
    if (name === 'Promise') return 'a Promise (pass the query builder, not its awaited result)'
  }
  return describeValue(value)
}
