import { traitsOf } from '../compiler/compile'
import { markBaseMethods } from '../runtime/protocol'
import { ArgumentError } from '../errors/base'
import { AbstractPaginator } from './abstract-paginator'
import { assertOptions, toRows } from './base-paginator'
import { BAR_STATE, type BarState, GAP, window, windowBounds } from './bar/state-renderer'
import type {
  LengthAwarePageJson,
  LengthAwarePaginationMeta,
  LengthAwarePaginatorOptions,
  LengthAwareViewData,
  PageLink,
  PaginationResourceLinks,
  ViewBand,
  ViewPage,
} from './types'

/** Default page numbers each side of the current page. */
export const DEFAULT_ON_EACH_SIDE = 3

/**
 * A page of rows that knows the total over all pages (what `paginate()` returns): page numbers,
 * the last page, and a numbered link bar.
 *
 * @example
 * const page = new LengthAwarePaginator(rows, { total: 95, perPage: 10, currentPage: 2, path: '/posts' })
 * page.lastPage() // 10
 * page.nextPageUrl() // '/posts?page=3'
 */
export class LengthAwarePaginator<T> extends AbstractPaginator<T> {
  readonly #total: number
  readonly #totalIsEstimate: boolean
  #onEachSide = DEFAULT_ON_EACH_SIDE

  constructor(items: Iterable<T>, options: LengthAwarePaginatorOptions) {
    assertOptions(options)
    const { total } = options
    if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 0)
      throw ArgumentError.total(total)
    super(toRows(items), options)
    this.#total = total
    this.#totalIsEstimate = options.totalIsEstimate === true
  }

  /** The options this paginator was constructed with, as given (Laravel's `getOptions()`). */
  override getOptions(): Readonly<LengthAwarePaginatorOptions> {
    return super.getOptions() as LengthAwarePaginatorOptions
  }

  /** Is {@link total} the database planner's estimate rather than an exact count? */
  totalIsEstimate(): boolean {
    return this.#totalIsEstimate
  }

  /** Rows over all pages. */
  total(): number {
    return this.#total
  }

  /** `max(1, ceil(total / perPage))`: an empty result has one (empty) page. */
  lastPage(): number {
    return Math.max(1, Math.ceil(this.#total / this.perPage()))
  }

  hasMorePages(): boolean {
    return this.currentPage() < this.lastPage()
  }

  /** Page numbers shown each side of the current page in the bar (default 3); chainable. */
  onEachSide(count: number): this {
    // bounded: the window has 2 * count + 1 links, and a total may count pages in the trillions
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0 || count > 1000)
      throw ArgumentError.onEachSide(count)
    this.#onEachSide = count
    return this
  }

  /**
   * The page-number window: bands of `{ page: url }` separated by `"..."`.
   * @example paginator.elements() // [{ 1: '/?page=1', 2: '/?page=2' }, '...', { 9: '/?page=9', 10: '/?page=10' }]
   */
  elements(): (Record<number, string> | '...')[] {
    return window(this.currentPage(), this.lastPage(), this.#onEachSide).map((band) =>
      band === GAP ? GAP : Object.fromEntries(band.map((page) => [page, this.url(page)])),
    )
  }

  toJSON(): LengthAwarePageJson<T> {
    const json: LengthAwarePageJson<T> = {
      current_page: this.currentPage(),
      data: this.jsonData(),
      first_page_url: this.url(1),
      from: this.firstItem(),
      last_page: this.lastPage(),
      last_page_url: this.url(this.lastPage()),
      links: this.#linkList(),
      next_page_url: this.nextPageUrl(),
      path: this.path(),
      per_page: this.perPage(),
      prev_page_url: this.previousPageUrl(),
      to: this.lastItem(),
      total: this.#total,
    }
    if (this.#totalIsEstimate) json.total_is_estimate = true
    return json
  }

  toResourceLinks(): PaginationResourceLinks & { last: string } {
    return {
      first: this.url(1),
      last: this.url(this.lastPage()),
      prev: this.previousPageUrl(),
      next: this.nextPageUrl(),
    }
  }

  toResourceMeta(): LengthAwarePaginationMeta {
    const meta: LengthAwarePaginationMeta = {
      current_page: this.currentPage(),
      from: this.firstItem(),
      last_page: this.lastPage(),
      path: this.path(),
      per_page: this.perPage(),
      to: this.lastItem(),
      total: this.#total,
    }
    if (this.#totalIsEstimate) meta.total_is_estimate = true
    return meta
  }

  toViewData(): LengthAwareViewData<this> {
    // One literal in the documented key order (no spread, no Object.assign): built on every
    // render of a custom bar template.
    return {
      paginator: this,
      elements: this.#viewBands(),
      previousPageUrl: this.previousPageUrl(),
      nextPageUrl: this.nextPageUrl(),
      currentPage: this.currentPage(),
      hasPages: this.hasPages(),
      onFirstPage: this.onFirstPage(),
      hasMorePages: this.hasMorePages(),
      firstItem: this.firstItem(),
      lastItem: this.lastItem(),
      total: this.#total,
      lastPage: this.lastPage(),
    }
  }

  /**
   * The bar inputs of the built-in templates (see `bar/state-renderer.ts`). A subclass that replaces one of
   * the paginators' methods may change what its view data holds, so it does not answer. @internal
   */
  [BAR_STATE](): BarState | undefined {
    if (!traitsOf(this.constructor).keepsBaseMethods) return undefined
    return this.barState({
      firstItem: this.firstItem(),
      lastItem: this.lastItem(),
      total: this.#total,
      lastPage: this.lastPage(),
      onEachSide: this.#onEachSide,
    })
  }

  /** The view bands, walked from the window's bounds (no page lists in between). */
  #viewBands(): ViewBand[] {
    const current = this.currentPage()
    const bounds = windowBounds(current, this.lastPage(), this.#onEachSide)
    const bands: ViewBand[] = []
    for (let i = 0; i < bounds.length; i += 2) {
      if (i > 0) bands.push(GAP)
      const band: ViewPage[] = []
      for (let page = bounds[i]; page <= bounds[i + 1]; page++)
        band.push({ page, url: this.url(page), active: page === current })
      bands.push(band)
    }
    return bands
  }

  /** Previous, one entry per page number (a gap is `{ url: null, label: '...' }`), next. */
  #linkList(): PageLink[] {
    const links: PageLink[] = [this.previousLink()]
    for (const band of this.#viewBands()) {
      if (band === GAP) links.push({ url: null, label: GAP, active: false })
      else
        for (const { page, url, active } of band) links.push({ url, label: String(page), active })
    }
    links.push(this.nextLink())
    return links
  }
}

markBaseMethods(LengthAwarePaginator.prototype)
