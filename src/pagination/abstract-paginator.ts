import { tryGetRequestContext } from '../context'
import { ArgumentError } from '../errors/base'
import {
  okResponse,
  TO_RESPONSE,
  type Respondable,
  type ResponseSpec,
} from '../runtime/respondable'
import type { BarState, NumberedBarState } from './bar/bar-state'
import {
  encodeFragment,
  encodeQueryParams,
  pageUrlPrefix,
  setQueryParam,
  type QueryParams,
  type QueryValue,
} from './page-url'
import { assertPerPage, resolvePage, resolvePath } from './resolve'
import type {
  PageLink,
  PaginationMeta,
  PaginationResourceLinks,
  SimpleViewData,
  ViewBand,
} from './types'

/** Brand shared by every copy of the library (Symbol.for), so `isPaginator` survives duplicates. */
export const PAGINATOR_BRAND: unique symbol = Symbol.for('api-resources.paginator')

/** The link entries of a page's JSON that are the same for both kinds. @internal */
export const PREVIOUS_LABEL = '« Previous'
/** @internal */
export const NEXT_LABEL = 'Next »'

interface BaseOptions {
  readonly perPage: number
  readonly currentPage?: number
  readonly path?: string
}

interface RenderModule {
  renderPaginationLinks(paginator: AbstractPaginator<unknown>, template?: string): Promise<string>
}

let renderModule: RenderModule | undefined

/**
 * What both paginators share: the rows of one page, the page numbers, and page URLs (path, extra
 * query parameters, fragment). A paginator is a value object: it never sees a query; the adapters
 * (`api-resources/knex`, `api-resources/kysely`) run the queries and construct it.
 */
export abstract class AbstractPaginator<T> implements Iterable<T>, Respondable {
  readonly #rows: readonly T[]
  readonly #perPage: number
  readonly #currentPage: number
  readonly #path: string
  /** `<path>?page=`: every page URL starts with it (the path never changes). */
  readonly #urlPrefix: string
  readonly #query: QueryParams = new Map()
  #fragment: string | null = null
  /** The encoded query parameters and fragment; reset by whatever changes them. */
  #suffix: string | undefined

  protected constructor(rows: readonly T[], options: BaseOptions) {
    assertPerPage(options.perPage)
    this.#rows = rows
    this.#perPage = options.perPage
    this.#currentPage = resolvePage(options.currentPage, options.perPage, 'currentPage')
    this.#path = resolvePath(options.path)
    this.#urlPrefix = pageUrlPrefix(this.#path)
  }

  /** Always true: lets {@link isPaginator} recognise paginators without `instanceof`. */
  get [PAGINATOR_BRAND](): true {
    return true
  }

  /** Does another page follow this one? */
  abstract hasMorePages(): boolean
  /** The spec 2.5 JSON shape; `JSON.stringify(paginator)` gives it. */
  abstract toJSON(): object
  /** `links` of a paginated resource collection (spec 2.3). */
  abstract toResourceLinks(): PaginationResourceLinks
  /** `meta` of a paginated resource collection (spec 2.3). */
  abstract toResourceMeta(): PaginationMeta
  /** Plain data for a link-bar template: page links, URLs and flags, no methods to call. */
  abstract toViewData(): SimpleViewData<this>

  /** This page's rows, as a new plain array. */
  items(): T[] {
    return this.#rows.slice()
  }

  [Symbol.iterator](): Iterator<T> {
    return this.#rows[Symbol.iterator]()
  }

  /** Rows on this page. */
  count(): number {
    return this.#rows.length
  }

  /** Is this page empty? */
  isEmpty(): boolean {
    return this.#rows.length === 0
  }

  /** Does this page hold rows? */
  isNotEmpty(): boolean {
    return this.#rows.length > 0
  }

  /** Page size. */
  perPage(): number {
    return this.#perPage
  }

  /** The current page, 1-based. */
  currentPage(): number {
    return this.#currentPage
  }

  /** The base path of page URLs. */
  path(): string {
    return this.#path
  }

  /** 1-based index of this page's first row over all pages, or null on an empty page. */
  firstItem(): number | null {
    return this.#rows.length === 0 ? null : (this.#currentPage - 1) * this.#perPage + 1
  }

  /** 1-based index of this page's last row over all pages, or null on an empty page. */
  lastItem(): number | null {
    const first = this.firstItem()
    return first === null ? null : first + this.#rows.length - 1
  }

  /** Is this the first page? */
  onFirstPage(): boolean {
    return this.#currentPage <= 1
  }

  /** Is this the last page (no page follows)? */
  onLastPage(): boolean {
    return !this.hasMorePages()
  }

  /** Is there more than this one page to link to (a bar renders nothing otherwise)? */
  hasPages(): boolean {
    return this.#currentPage !== 1 || this.hasMorePages()
  }

  /**
   * The URL of `page` (`n < 1` gives page 1): `<path>?page=<n>[&<key>=<value>...][#<fragment>]`.
   * @example new Paginator([], { perPage: 10, path: '/posts' }).append('q', 'a b').url(2) // '/posts?page=2&q=a%20b'
   */
  url(page: number): string {
    if (!Number.isInteger(page)) throw ArgumentError.page(page)
    return this.#urlPrefix + (page < 1 ? 1 : page) + this.#urlSuffix()
  }

  #urlSuffix(): string {
    return (this.#suffix ??= encodeQueryParams(this.#query) + encodeFragment(this.#fragment))
  }

  /** URL of the next page, or null. */
  nextPageUrl(): string | null {
    return this.hasMorePages() ? this.url(this.#currentPage + 1) : null
  }

  /** URL of the previous page, or null on page 1. */
  previousPageUrl(): string | null {
    return this.#currentPage > 1 ? this.url(this.#currentPage - 1) : null
  }

  /**
   * Adds `key=value` to every page URL (chainable). Setting a key again replaces its value in place;
   * `page` is ignored; `null`/`undefined` remove the key; an array repeats the key once per value.
   */
  append(key: string, value: QueryValue): this {
    setQueryParam(this.#query, key, value)
    this.#suffix = undefined
    return this
  }

  /** {@link append} for each entry of `params`, in order (chainable). */
  appends(params: Readonly<Record<string, QueryValue>>): this {
    for (const [key, value] of Object.entries(params)) setQueryParam(this.#query, key, value)
    this.#suffix = undefined
    return this
  }

  /**
   * Carries the current request's other query parameters into page URLs (chainable), so that the
   * same query parser reads back the same values (`a[]=1&a[]=2`, `filter[status]=x`). Outside a
   * request it does nothing.
   */
  withQueryString(): this {
    const grouped = new Map<string, string[]>()
    for (const { key, value } of tryGetRequestContext()?.queryPairs ?? []) {
      if (key.startsWith('page[')) continue // page[]=2 would turn the new page into an array
      const values = grouped.get(key)
      if (values === undefined) grouped.set(key, [value])
      else values.push(value)
    }
    for (const [key, values] of grouped) setQueryParam(this.#query, key, values)
    this.#suffix = undefined
    return this
  }

  /** The fragment of page URLs (`null` when none). */
  fragment(): string | null
  /** Adds `#name` to page URLs (chainable); `null` removes it. */
  fragment(name: string | null): this
  fragment(name?: string | null): this | string | null {
    if (name === undefined) return this.#fragment
    this.#fragment = name
    this.#suffix = undefined
    return this
  }

  /**
   * The HTML link bar (safe HTML; empty with a single page), rendered by `api-resources/handlebars`
   * with `pagination::default`/`pagination::simple` or the named `template`.
   */
  async links(template?: string): Promise<string> {
    // Lazy: importing the core must not load Handlebars.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    renderModule ??= require('./bar/render') as RenderModule
    return renderModule.renderPaginationLinks(this, template)
  }

  /** The response the Express integration sends for a paginator: 200, JSON, {@link toJSON}. */
  [TO_RESPONSE](): ResponseSpec {
    return okResponse(this.toJSON())
  }

  /** The previous-page entry of the JSON `links` list. @internal */
  protected previousLink(): PageLink {
    return { url: this.previousPageUrl(), label: PREVIOUS_LABEL, active: false }
  }

  /** The next-page entry of the JSON `links` list. @internal */
  protected nextLink(): PageLink {
    return { url: this.nextPageUrl(), label: NEXT_LABEL, active: false }
  }

  /** The bar inputs of the built-in templates (see `bar-state.ts`). @internal */
  protected barState(numbered: NumberedBarState): BarState {
    return {
      urlPrefix: this.#urlPrefix,
      urlSuffix: this.#urlSuffix(),
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

/** Is `value` a paginator (either kind) of this library? */
export function isPaginator(value: unknown): value is AbstractPaginator<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { [PAGINATOR_BRAND]?: unknown })[PAGINATOR_BRAND] === true
  )
}
