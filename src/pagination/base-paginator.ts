import { traitsOf } from '../compiler/compile'
import { MISSING } from '../runtime/missing'
import { isResolvable, markBaseMethods, RESOLVE, type Resolvable } from '../runtime/protocol'
import { tryGetRequestContext } from '../context/request-context'
import {
  okResponse,
  TO_RESPONSE,
  type Respondable,
  type ResponseSpec,
} from '../runtime/respondable'
import {
  encodeFragment,
  encodeQueryParams,
  setQueryParam,
  type QueryParams,
  type QueryValue,
} from './page-url'
import { renderPaginationLinks } from './bar/render'
import { assertPerPage, resolvePath } from './resolve'
import type { PageViewData } from './types'
import { ArgumentError } from '../errors/base'
import { writeBigints } from '../runtime/json'
import { isPlainObject } from '../util/objects'

/** Brand shared by every copy of the library (Symbol.for), so `isPaginator` survives duplicates. */
/** The carried parameters of a page that has none (never written to). */
const NO_PARAMS: QueryParams = new Map()

const PAGINATOR_BRAND: unique symbol = Symbol.for('api-resources.paginator')

/** A paginator's own rows, not copied (set by the class's static block). */
let rowsOfPage: (paginator: BasePaginator<unknown>) => readonly unknown[]

/**
 * The rows of `paginator`'s page for a caller that only reads them (a resource collection): its own
 * list when `items()` is the base method (marked like every base method), else what its `items()`
 * gives (an override, or a paginator of another copy of the library). @internal
 */
export function pageRows(paginator: BasePaginator<unknown>): readonly unknown[] {
  return paginator instanceof BasePaginator && traitsOf(paginator.constructor).baseItems
    ? rowsOfPage(paginator)
    : paginator.items()
}

/**
 * What every paginator shares, numbered or cursor-based: the rows of one page, the page size, and
 * the parts of page URLs that do not depend on how a page is named (path, extra query parameters,
 * fragment). A paginator is a value object: it never sees a query; the adapters
 * (`api-resources/knex`, `api-resources/kysely`) run the queries and construct it.
 */
export abstract class BasePaginator<T> implements Iterable<T>, Respondable {
  static {
    rowsOfPage = (paginator) => paginator.#rows
  }

  #rows: readonly T[]
  readonly #perPage: number
  readonly #path: string
  /** The query parameter that names a page in URLs (`page` or `cursor`); never appended. */
  readonly #parameter: string
  /** Made on the first `append()`: most pages carry no extra parameters. */
  #query: QueryParams | undefined
  #fragment: string | null = null
  /** The encoded query parameters and fragment; reset by whatever changes them. */
  #suffix: string | undefined
  /** The constructor's options, as given (for {@link getOptions}). */
  readonly #options: object

  protected constructor(
    rows: readonly T[],
    options: { readonly perPage: number; readonly path?: string },
    parameter: string,
  ) {
    assertPerPage(options.perPage)
    this.#rows = rows
    this.#perPage = options.perPage
    this.#path = resolvePath(options.path, parameter)
    this.#parameter = parameter
    // a spread, then a delete only when there is a secret: an object rest that leaves a key out is
    // a runtime call, several times slower than a spread
    const given: Record<string, unknown> = { ...options }
    if ('cursorSecret' in given) delete given['cursorSecret']
    // frozen on the first getOptions(): freezing a fresh object costs every page a runtime call
    this.#options = given
  }

  /** Always true: lets {@link isPaginator} recognise paginators without `instanceof`. */
  get [PAGINATOR_BRAND](): true {
    return true
  }

  /** Does another page follow this one? */
  abstract hasMorePages(): boolean
  /** Is this the first page? */
  abstract onFirstPage(): boolean
  /** URL of the next page, or null. */
  abstract nextPageUrl(): string | null
  /** URL of the previous page, or null. */
  abstract previousPageUrl(): string | null
  /** The JSON shape of the page; `JSON.stringify(paginator)` gives it. */
  abstract toJSON(): object
  /** `links` of a paginated resource collection. */
  abstract toResourceLinks(): object
  /** `meta` of a paginated resource collection. */
  abstract toResourceMeta(): object
  /** Plain data for a link-bar template. */
  abstract toViewData(): PageViewData<this>

  /**
   * The options this paginator was constructed with, as given (Laravel's `getOptions()`): a frozen
   * shallow copy, without `cursorSecret` (a signing key is not handed out again). What page URLs
   * are built from, as resolved, is {@link path}, {@link getPageName} and the carried parameters.
   */
  getOptions(): object {
    return Object.freeze(this.#options)
  }

  /**
   * Maps this page's rows in place (Laravel's `through()`), for example models to view models,
   * and returns the paginator (chainable); links, counts and page numbers do not change.
   *
   * @example
   * const page = (await paginate(db('users'), 15)).through((row) => ({ ...row, name: row.name.trim() }))
   */
  through<U>(fn: (item: T, index: number) => U): BasePaginator<U> & this {
    if (typeof fn !== 'function') throw ArgumentError.badArgument('through(fn)', 'a function', fn)
    const mapped = this.#rows.map(fn) as unknown as readonly T[]
    this.#rows = mapped
    return this as unknown as BasePaginator<U> & this
  }

  /** This page's rows, as a new plain array. */
  items(): T[] {
    return this.#rows.slice()
  }

  /**
   * `data` of {@link toJSON}: {@link items}, with a row that is a resource or collection (a page
   * mapped by `through(m => new PostResource(m))`) rendered as one nested in another's output,
   * without its wrap key (`MISSING` as `null`), and a `bigint` written as the request context says
   * (its decimal string by default), so `JSON.stringify(paginator)` cannot throw on one.
   */
  protected jsonData(): T[] {
    const rows = this.#rows
    const data = rows.some(isResolvable)
      ? rows.map((row) => (isResolvable(row) ? nestedOutput(row) : row))
      : rows.slice()
    return writeBigints(data, tryGetRequestContext()?.bigint) as T[]
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

  /** The base path of page URLs. */
  path(): string {
    return this.#path
  }

  /** The query parameter that names a page in URLs (`page`, `cursor`, or the configured name). */
  getPageName(): string {
    return this.#parameter
  }

  /**
   * This page as a collection of `resourceClass` (Laravel's `toResourceCollection()`): the same as
   * `resourceClass.collection(paginator)`.
   *
   * @example
   * res.json((await paginate(db('users'), 15)).toResourceCollection(UserResource))
   */
  toResourceCollection<Self, C>(this: Self, resourceClass: { collection(source: Self): C }): C {
    return resourceClass.collection(this)
  }

  /** Is this the last page (no page follows)? */
  onLastPage(): boolean {
    return !this.hasMorePages()
  }

  /** Is there more than this one page to link to (a bar renders nothing otherwise)? */
  hasPages(): boolean {
    return !this.onFirstPage() || this.hasMorePages()
  }

  /** The carried query parameters and the fragment, `&k=v...#name`, or `''`. @internal */
  protected urlSuffix(): string {
    return (this.#suffix ??=
      encodeQueryParams(this.#query ?? NO_PARAMS) + encodeFragment(this.#fragment))
  }

  /** The carried query parameters. @internal */
  protected queryParams(): QueryParams {
    return (this.#query ??= new Map())
  }

  /**
   * Adds `key=value` to every page URL (chainable). Setting a key again replaces its value in place;
   * the page parameter itself (`page`, or `cursor`) is ignored; `null`/`undefined` remove the key;
   * an array repeats the key once per value.
   */
  append(key: string, value: QueryValue): this {
    setQueryParam(this.queryParams(), key, value, this.#parameter)
    this.#suffix = undefined
    return this
  }

  /** {@link append} for each entry of `params`, in order (chainable). */
  appends(params: Readonly<Record<string, QueryValue>>): this {
    // a string or a list would give keys 0, 1, ...; a Map or class instance, no keys at all
    if (!isPlainObject(params)) throw ArgumentError.queryParams(params)
    for (const [key, value] of Object.entries(params))
      setQueryParam(this.queryParams(), key, value, this.#parameter)
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
    const nested = `${this.#parameter}[`
    for (const { key, value } of tryGetRequestContext()?.queryPairs ?? []) {
      if (key.startsWith(nested)) continue // page[]=2 would turn the new page into an array
      const values = grouped.get(key)
      if (values === undefined) grouped.set(key, [value])
      else values.push(value)
    }
    for (const [key, values] of grouped)
      setQueryParam(this.queryParams(), key, values, this.#parameter)
    this.#suffix = undefined
    return this
  }

  /** The fragment of page URLs (`null` when none). */
  fragment(): string | null
  /** Adds `#name` to page URLs (chainable); `null` removes it. */
  fragment(name: string | null): this
  fragment(name?: string | null): this | string | null {
    if (name === undefined) return this.#fragment
    if (name !== null && typeof name !== 'string')
      throw ArgumentError.badArgument('fragment', 'a string or null', name)
    this.#fragment = name
    this.#suffix = undefined
    return this
  }

  /**
   * The HTML link bar (safe HTML; empty with a single page), rendered by `api-resources/handlebars`
   * with `pagination::default`/`pagination::simple` or the named `template`.
   */
  async links(template?: string): Promise<string> {
    // Handlebars is imported on the first call (bar/render): importing the core does not load it.
    return renderPaginationLinks(this, template)
  }

  /** The response the Express integration sends for a paginator: 200, JSON, {@link toJSON}. */
  [TO_RESPONSE](): ResponseSpec {
    return okResponse(this.toJSON())
  }
}

/** Is `value` a paginator (any kind: length-aware, simple or cursor) of this library? */
export function isPaginator(value: unknown): value is BasePaginator<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { [PAGINATOR_BRAND]?: unknown })[PAGINATOR_BRAND] === true
  )
}

markBaseMethods(BasePaginator.prototype)

// Checks of the constructor arguments shared by both paginators. @internal

/** Copies `items` into an array, or throws the `items` argument error. @internal */
export function toRows<T>(items: Iterable<T>): T[] {
  if (Array.isArray(items)) return items.slice()
  if (typeof items === 'string' || items === null || typeof items !== 'object')
    throw ArgumentError.items(items)
  if (typeof (items as Iterable<T>)[Symbol.iterator] !== 'function')
    throw ArgumentError.items(items)
  return Array.from(items)
}

/** Throws unless `options` is an object. @internal */
export function assertOptions(options: unknown): asserts options is object {
  if (typeof options !== 'object' || options === null) throw ArgumentError.options(options)
}

/** A resource or collection row as nested output: no wrap key, `MISSING` as `null`. */
function nestedOutput(row: Resolvable): unknown {
  const output = row[RESOLVE](undefined)
  return output === MISSING ? null : output
}
