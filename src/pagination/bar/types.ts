import type { LengthAwareViewData, PageViewData, ViewBand } from '../types'

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

/** A Handlebars environment: the `handlebars` module itself or one from `Handlebars.create()`. */
export type HandlebarsInstance = typeof import('handlebars')

/**
 * What `registerPaginationHelpers()` accepts: a {@link HandlebarsInstance}, or express-handlebars'
 * `hbs.handlebars` (which express-handlebars types loosely). Checked at run time.
 */
export type HandlebarsLike =
  HandlebarsInstance | { readonly compile: unknown; readonly [key: string]: unknown }
