import type { BarState } from '../pagination/bar-state'

/** One page number of a band in {@link PaginationViewData.elements}. */
export interface PageLink {
  readonly page: number
  readonly url: string
  readonly active: boolean
}

/** A band of page numbers, or the `"..."` gap between two bands. */
export type PaginationElement = readonly PageLink[] | '...'

/**
 * The plain data a pagination template receives (API.md "More pinned details"), as the paginators'
 * `toViewData()` returns it. Templates can use it without calling methods, which Handlebars blocks
 * on prototypes by default.
 */
export interface PaginationViewData {
  readonly paginator: unknown
  readonly elements: readonly PaginationElement[]
  readonly previousPageUrl: string | null
  readonly nextPageUrl: string | null
  readonly currentPage: number
  readonly hasPages: boolean
  readonly onFirstPage: boolean
  readonly hasMorePages: boolean
  /** Length-aware paginators only. */
  readonly firstItem?: number | null
  /** Length-aware paginators only. */
  readonly lastItem?: number | null
  /** Length-aware paginators only. */
  readonly total?: number
  /** Length-aware paginators only. */
  readonly lastPage?: number
}

/** What the bar renders: anything with `toViewData()`, i.e. both paginator kinds. */
export interface PaginatorLike {
  toViewData(): PaginationViewData
}

/** A Handlebars environment: the `handlebars` module itself or one from `Handlebars.create()`. */
export type HandlebarsInstance = typeof import('handlebars')

/**
 * What `registerPaginationHelpers()` accepts: a {@link HandlebarsInstance}, or express-handlebars'
 * `hbs.handlebars` (which express-handlebars types loosely). Checked at run time.
 */
export type HandlebarsLike =
  HandlebarsInstance | { readonly compile: unknown; readonly [key: string]: unknown }

/**
 * A compiled bar: view data in, HTML out. A planned built-in template can also render straight
 * from one of the package's paginators (`renderState`), without its view data.
 */
export interface BarRenderer {
  (data: PaginationViewData): string
  readonly renderState?: (state: BarState, paginator: PaginatorLike) => string
}
