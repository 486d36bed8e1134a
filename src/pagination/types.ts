import type { Cursor } from './cursor'

/** One entry of the `links` list of a paginator's JSON. */
export interface PageLink {
  readonly url: string | null
  readonly label: string
  readonly active: boolean
}

/** `links` of a paginated resource collection; `last` is null for a simple paginator. */
export interface PaginationResourceLinks {
  first: string
  last: string | null
  prev: string | null
  next: string | null
}

/** `meta` of a paginated resource collection over a simple paginator. */
export interface SimplePaginationMeta {
  current_page: number
  from: number | null
  path: string
  per_page: number
  to: number | null
}

/** `meta` of a paginated resource collection over a length-aware paginator. */
export interface LengthAwarePaginationMeta {
  current_page: number
  from: number | null
  last_page: number
  path: string
  per_page: number
  to: number | null
  total: number
  /** Present (and true) only when `total` is the database planner's estimate. */
  total_is_estimate?: true
}

/** Either kind of `meta`. */
export type PaginationMeta = SimplePaginationMeta | LengthAwarePaginationMeta

/** The JSON of a simple paginator: a length-aware page's keys minus total, last_page, last_page_url. */
export interface SimplePageJson<T> {
  current_page: number
  data: T[]
  first_page_url: string
  from: number | null
  links: PageLink[]
  next_page_url: string | null
  path: string
  per_page: number
  prev_page_url: string | null
  to: number | null
}

/**
 * The JSON of a length-aware paginator: the simple page's keys plus `last_page`, `last_page_url` and
 * `total`. The object itself has its keys in this order: `current_page, data, first_page_url, from,
 * last_page, last_page_url, links, next_page_url, path, per_page, prev_page_url, to, total`.
 */
export interface LengthAwarePageJson<T> extends SimplePageJson<T> {
  last_page: number
  last_page_url: string
  total: number
  /** Present (and true) only when `total` is the database planner's estimate. */
  total_is_estimate?: true
}

/** A page number in a link bar, as templates get it. */
export interface ViewPage {
  readonly page: number
  readonly url: string
  readonly active: boolean
}

/** A band of the link bar in view data: its pages, or the `"..."` gap. */
export type ViewBand = readonly ViewPage[] | '...'

/**
 * What a template gets besides the paginator (plain data, no method calls needed), for every kind
 * of paginator; a cursor paginator's view data is exactly this.
 */
export interface PageViewData<P> {
  readonly paginator: P
  /** Empty for a simple or cursor paginator (they know no page numbers). */
  readonly elements: readonly ViewBand[]
  readonly previousPageUrl: string | null
  readonly nextPageUrl: string | null
  readonly hasPages: boolean
  readonly onFirstPage: boolean
  readonly hasMorePages: boolean
}

/** View data of a simple paginator: {@link PageViewData} plus the page number. */
export interface SimpleViewData<P> extends PageViewData<P> {
  readonly currentPage: number
}

/** View data of a length-aware paginator. */
export interface LengthAwareViewData<P> extends SimpleViewData<P> {
  readonly firstItem: number | null
  readonly lastItem: number | null
  readonly total: number
  readonly lastPage: number
}

/** Options of `new LengthAwarePaginator(items, options)`. */
export interface LengthAwarePaginatorOptions {
  /** Rows over all pages (an integer >= 0). */
  readonly total: number
  /** Is `total` an estimate (the JSON then says `total_is_estimate: true`)? Default false. */
  readonly totalIsEstimate?: boolean
  /** Page size (an integer >= 1). */
  readonly perPage: number
  /** 1-based; defaults to the request's `?page=` (1 outside a request). */
  readonly currentPage?: number
  /** Base of page URLs; defaults to the request path (`/` outside a request). */
  readonly path?: string
  /**
   * The query parameter that names the page, in URLs and when the page is read from the request.
   * @default 'page'
   */
  readonly pageName?: string
}

/** Options of `new Paginator(items, options)`. */
export interface PaginatorOptions {
  /** Page size (an integer >= 1). */
  readonly perPage: number
  /** 1-based; defaults to the request's `?page=` (1 outside a request). */
  readonly currentPage?: number
  /** Base of page URLs; defaults to the request path (`/` outside a request). */
  readonly path?: string
  /**
   * The query parameter that names the page, in URLs and when the page is read from the request.
   * @default 'page'
   */
  readonly pageName?: string
  /**
   * Whether a next page exists. When omitted, `items` may hold one row more than `perPage` (what
   * `simplePaginate()` fetches): the extra row means "there is more" and is dropped.
   */
  readonly hasMore?: boolean
}

/** `links` of a resource collection over a cursor paginator: no first or last page is known. */
export interface CursorPaginationLinks {
  first: null
  last: null
  prev: string | null
  next: string | null
}

/** `meta` of a resource collection over a cursor paginator. */
export interface CursorPaginationMeta {
  path: string
  per_page: number
  next_cursor: string | null
  prev_cursor: string | null
}

/** The JSON of a cursor paginator, in Laravel's key order. */
export interface CursorPageJson<T> {
  data: T[]
  path: string
  per_page: number
  next_cursor: string | null
  next_page_url: string | null
  prev_cursor: string | null
  prev_page_url: string | null
}

/** Options of `new CursorPaginator(items, options)`. */
export interface CursorPaginatorOptions {
  /** Page size (an integer >= 1). */
  readonly perPage: number
  /**
   * The cursor the rows were fetched for: a `Cursor`, an encoded string, or `null` for the first
   * page; defaults to the request's `?cursor=` (the first page outside a request).
   */
  readonly cursor?: Cursor | string | null
  /**
   * The query parameter that carries the cursor, in URLs and when it is read from the request.
   * @default 'cursor'
   */
  readonly cursorName?: string
  /** Base of page URLs; defaults to the request path (`/` outside a request). */
  readonly path?: string
  /**
   * The column names a cursor carries, in ORDER BY order; a row's value is read by the full name,
   * or the part after the last `.` (`posts.id` reads `id`). When not given: the names the current
   * cursor carries, else the keys of the first row.
   */
  readonly parameters?: readonly string[]
  /**
   * Signs the cursors of page URLs and JSON (HMAC-SHA256, appended after a `.`), and refuses a
   * cursor without a valid signature with an `InvalidCursorError`.
   */
  readonly cursorSecret?: string | Uint8Array
}

/** A band of page numbers, or the `"..."` gap between two bands (the paginators' `ViewBand`). */
export type PaginationElement = ViewBand

/**
 * The plain data a pagination template receives, as the paginators'
 * `toViewData()` returns it: a simple paginator's view data, plus the length-aware members when the
 * paginator has them. Templates can use it without calling methods, which Handlebars blocks on
 * prototypes by default.
 */
export interface PaginationViewData
  extends
    PageViewData<unknown>,
    Partial<Omit<LengthAwareViewData<unknown>, keyof PageViewData<unknown>>> {}

/** What the bar renders: anything with `toViewData()`, i.e. both paginator kinds. */
export interface PaginatorLike {
  toViewData(): PaginationViewData
}
