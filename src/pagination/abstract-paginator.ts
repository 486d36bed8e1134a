import { markBaseMethods } from '../runtime/protocol'
import { ArgumentError } from '../errors/base'
import { BasePaginator } from './base-paginator'
import type { BarState, NumberedBarState } from './bar/state-renderer'
import { pageUrlPrefix } from './page-url'
import { parameterName, resolvePage } from './resolve'
import type {
  PageLink,
  PaginationMeta,
  PaginationResourceLinks,
  SimpleViewData,
  ViewBand,
} from './types'

/** The link entries of a page's JSON that are the same for both kinds. */
const PREVIOUS_LABEL = '« Previous'
const NEXT_LABEL = 'Next »'

interface BaseOptions {
  readonly perPage: number
  readonly currentPage?: number
  readonly path?: string
  readonly pageName?: string
}

/**
 * What both numbered paginators share: page numbers and page URLs `<path>?page=<n>...`. The rows,
 * the extra query parameters and the fragment are {@link BasePaginator}'s.
 */
export abstract class AbstractPaginator<T> extends BasePaginator<T> {
  readonly #currentPage: number
  /** `<path>?page=`: every page URL starts with it (the path never changes). */
  readonly #urlPrefix: string

  protected constructor(rows: readonly T[], options: BaseOptions) {
    const pageName = parameterName('pageName', options.pageName, 'page')
    super(rows, options, pageName)
    this.#currentPage = resolvePage(options.currentPage, options.perPage, 'currentPage', pageName)
    this.#urlPrefix = pageUrlPrefix(
      this.path(),
      pageName === 'page' ? 'page' : encodeURIComponent(pageName),
    )
  }

  /** `links` of a paginated resource collection: `first`, `last`, `prev`, `next`. */
  abstract override toResourceLinks(): PaginationResourceLinks
  /** `meta` of a paginated resource collection: `current_page`, `from`, ... */
  abstract override toResourceMeta(): PaginationMeta

  /** The current page, 1-based. */
  currentPage(): number {
    return this.#currentPage
  }

  /** 1-based index of this page's first row over all pages, or null on an empty page. */
  firstItem(): number | null {
    return this.count() === 0 ? null : (this.#currentPage - 1) * this.perPage() + 1
  }

  /** 1-based index of this page's last row over all pages, or null on an empty page. */
  lastItem(): number | null {
    const first = this.firstItem()
    return first === null ? null : first + this.count() - 1
  }

  /** Is this the first page? */
  onFirstPage(): boolean {
    return this.#currentPage <= 1
  }

  /**
   * The URL of `page` (`n < 1` gives page 1): `<path>?page=<n>[&<key>=<value>...][#<fragment>]`.
   * @example new Paginator([], { perPage: 10, path: '/posts' }).append('q', 'a b').url(2) // '/posts?page=2&q=a%20b'
   */
  url(page: number): string {
    if (!Number.isInteger(page)) throw ArgumentError.page(page)
    // a page past the safe offsets would read back as page 1 (or print as 1e+21)
    if (page > 1 && !Number.isSafeInteger((page - 1) * this.perPage()))
      throw ArgumentError.page(page, 'page', this.perPage())
    return this.#urlPrefix + (page < 1 ? 1 : page) + this.urlSuffix()
  }

  /** URL of the next page, or null. */
  nextPageUrl(): string | null {
    return this.hasMorePages() ? this.url(this.#currentPage + 1) : null
  }

  /** URL of the previous page, or null on page 1. */
  previousPageUrl(): string | null {
    return this.#currentPage > 1 ? this.url(this.#currentPage - 1) : null
  }

  /** The previous-page entry of the JSON `links` list. @internal */
  protected previousLink(): PageLink {
    return { url: this.previousPageUrl(), label: PREVIOUS_LABEL, active: false }
  }

  /** The next-page entry of the JSON `links` list. @internal */
  protected nextLink(): PageLink {
    return { url: this.nextPageUrl(), label: NEXT_LABEL, active: false }
  }

  /** The bar inputs of the built-in templates (see `bar/state-renderer.ts`). @internal */
  protected barState(numbered: NumberedBarState): BarState {
    return {
      urlPrefix: this.#urlPrefix,
      urlSuffix: this.urlSuffix(),
      currentPage: this.#currentPage,
      hasPages: this.hasPages(),
      onFirstPage: this.onFirstPage(),
      hasMorePages: this.hasMorePages(),
      firstItem: numbered.firstItem,
      lastItem: numbered.lastItem,
      total: numbered.total,
      lastPage: numbered.lastPage,
      onEachSide: numbered.onEachSide,
    }
  }

  /** View data both kinds share; `elements` is the subclass's. @internal */
  protected baseViewData(elements: readonly ViewBand[]): SimpleViewData<this> {
    return {
      paginator: this,
      elements,
      previousPageUrl: this.previousPageUrl(),
      nextPageUrl: this.nextPageUrl(),
      currentPage: this.#currentPage,
      hasPages: this.hasPages(),
      onFirstPage: this.onFirstPage(),
      hasMorePages: this.hasMorePages(),
    }
  }
}

markBaseMethods(AbstractPaginator.prototype)
