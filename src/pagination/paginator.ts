import { traitsOf } from '../compiler/compile'
import { markBaseMethods } from '../runtime/protocol'
import { ArgumentError } from '../errors/base'
import { AbstractPaginator } from './abstract-paginator'
import { assertOptions, toRows } from './base-paginator'
import { BAR_STATE, type BarState } from './bar/state-renderer'
import type {
  PaginationResourceLinks,
  PaginatorOptions,
  SimplePageJson,
  SimplePaginationMeta,
  SimpleViewData,
} from './types'

/** A simple paginator's bar has no page numbers, as its view data has no length-aware fields. */
const NO_NUMBERS = {
  firstItem: undefined,
  lastItem: undefined,
  total: undefined,
  lastPage: undefined,
  onEachSide: undefined,
} as const

/**
 * A page of rows that knows only whether a next page exists (what `simplePaginate()` returns: no
 * COUNT query). It has no `total()`, `lastPage()` or `onEachSide()`, by design.
 *
 * @example
 * const page = new Paginator(rows, { perPage: 10, currentPage: 1, path: '/feed', hasMore: true })
 * page.nextPageUrl() // '/feed?page=2'
 */
export class Paginator<T> extends AbstractPaginator<T> {
  readonly #hasMore: boolean

  constructor(items: Iterable<T>, options: PaginatorOptions) {
    assertOptions(options)
    const { hasMore, perPage } = options
    if (hasMore !== undefined && typeof hasMore !== 'boolean') throw ArgumentError.hasMore(hasMore)
    const rows = toRows(items)
    // Without `hasMore`, rows may include the one extra row simplePaginate() fetches to look ahead.
    const more = hasMore ?? (typeof perPage === 'number' && rows.length > perPage)
    super(
      typeof perPage === 'number' && rows.length > perPage ? rows.slice(0, perPage) : rows,
      options,
    )
    this.#hasMore = more
  }

  /** The options this paginator was constructed with, as given (Laravel's `getOptions()`). */
  override getOptions(): Readonly<PaginatorOptions> {
    return super.getOptions() as PaginatorOptions
  }

  hasMorePages(): boolean {
    return this.#hasMore
  }

  toJSON(): SimplePageJson<T> {
    return {
      current_page: this.currentPage(),
      data: this.jsonData(),
      first_page_url: this.url(1),
      from: this.firstItem(),
      links: [this.previousLink(), this.nextLink()],
      next_page_url: this.nextPageUrl(),
      path: this.path(),
      per_page: this.perPage(),
      prev_page_url: this.previousPageUrl(),
      to: this.lastItem(),
    }
  }

  toResourceLinks(): PaginationResourceLinks {
    return {
      first: this.url(1),
      last: null,
      prev: this.previousPageUrl(),
      next: this.nextPageUrl(),
    }
  }

  toResourceMeta(): SimplePaginationMeta {
    return {
      current_page: this.currentPage(),
      from: this.firstItem(),
      path: this.path(),
      per_page: this.perPage(),
      to: this.lastItem(),
    }
  }

  toViewData(): SimpleViewData<this> {
    return this.baseViewData([])
  }

  /**
   * The bar inputs of the built-in templates; only a class that replaces none of the paginators'
   * methods answers (its view data could differ otherwise). @internal
   */
  [BAR_STATE](): BarState | undefined {
    if (!traitsOf(this.constructor).keepsBaseMethods) return undefined
    return this.barState(NO_NUMBERS)
  }
}

markBaseMethods(Paginator.prototype)
