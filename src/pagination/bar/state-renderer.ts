import { toSafeHref } from './safe-href'
import type { PaginationViewData } from '../types'

/** Renders a bar from a paginator's state. @internal */
export type StateRenderer = (state: BarState) => string

const MARK = '\uE000' // a private-use character: never in a template
const TOKEN = /\uE000(\d+)\uE000/
const MAX_PLANS = 1000

type FlagName = 'hasPages' | 'onFirstPage' | 'hasMorePages'
type UrlName = 'previousPageUrl' | 'nextPageUrl'
type NumberName = 'currentPage' | 'firstItem' | 'lastItem' | 'total' | 'lastPage'

/** Receives a bar's view data from {@link visitBar}, field by field, page URLs as page numbers. */
interface BarVisitor {
  flag(name: FlagName, value: boolean): void
  /** A page URL field: the URL of `page`, or `null`. */
  url(name: UrlName, page: number | null): void
  number(name: NumberName, value: number | null | undefined): void
  /**
   * A band of `size` page links begins, the current page at index `active` (-1: not in it); after
   * the first band, a `"..."` gap comes before it.
   */
  band(afterGap: boolean, size: number, active: number): void
  /** The next page link of the band (page numbers are >= 1: always slots). */
  link(page: number): void
}

/** The view data of `state`, as `toViewData()` builds it, told to `to` in a fixed order. */
function visitBar(state: BarState, to: BarVisitor): void {
  const current = state.currentPage
  to.flag('hasPages', state.hasPages)
  to.flag('onFirstPage', state.onFirstPage)
  to.flag('hasMorePages', state.hasMorePages)
  to.url('previousPageUrl', state.onFirstPage ? null : current - 1)
  to.url('nextPageUrl', state.hasMorePages ? current + 1 : null)
  to.number('currentPage', current)
  to.number('firstItem', state.firstItem)
  to.number('lastItem', state.lastItem)
  to.number('total', state.total)
  to.number('lastPage', state.lastPage)
  if (state.lastPage === undefined) return // a simple paginator has no page links
  const bounds = windowBounds(current, state.lastPage, state.onEachSide as number)
  for (let i = 0; i < bounds.length; i += 2) {
    const first = bounds[i]
    const last = bounds[i + 1]
    to.band(i > 0, last - first + 1, current >= first && current <= last ? current - first : -1)
    for (let page = first; page <= last; page++) to.link(page)
  }
}

/**
 * Collects a bar's shape (a letter per field: `s` a slot, `T`/`F` a flag, `n` null, `0` zero, `u`
 * absent; then each band's size and active index) and its slot text, escaped.
 */
class SlotCollector implements BarVisitor {
  shape = ''
  readonly text: string[] = []

  /** `prefix` and `suffix`: the page URL's parts around the number, safe and escaped. */
  constructor(
    private readonly prefix: string,
    private readonly suffix: string,
  ) {}

  flag(_: FlagName, value: boolean): void {
    this.shape += value ? 'T' : 'F'
  }

  url(_: UrlName, page: number | null): void {
    if (page === null) this.shape += 'n'
    else this.slot(this.prefix + page + this.suffix)
  }

  number(_: NumberName, value: number | null | undefined): void {
    if (value) this.slot(String(value))
    else this.shape += value === 0 ? '0' : value === null ? 'n' : 'u'
  }

  band(afterGap: boolean, size: number, active: number): void {
    this.shape += `${afterGap ? '.' : ''}|${size}@${active}`
  }

  link(page: number): void {
    const digits = String(page)
    this.text.push(digits, this.prefix + digits + this.suffix)
  }

  private slot(text: string): void {
    this.shape += 's'
    this.text.push(text)
  }
}

/** Builds the view data of a bar's shape: every slot holds its token, numbered in visit order. */
class TokenView implements BarVisitor {
  readonly view: Record<string, unknown> = { elements: [] }
  #tokens = 0
  #band: object[] = []
  #active = -1

  flag(name: FlagName, value: boolean): void {
    this.view[name] = value
  }

  url(name: UrlName, page: number | null): void {
    this.view[name] = page === null ? null : this.token()
  }

  number(name: NumberName, value: number | null | undefined): void {
    this.view[name] = value ? this.token() : value
  }

  band(afterGap: boolean, _: number, active: number): void {
    const elements = this.view.elements as unknown[]
    if (afterGap) elements.push('...')
    elements.push((this.#band = []))
    this.#active = active
  }

  link(): void {
    const active = this.#band.length === this.#active
    this.#band.push({ page: this.token(), url: this.token(), active })
  }

  private token(): string {
    return `${MARK}${this.#tokens++}${MARK}`
  }
}

interface Plan {
  /** `statics.length === slots.length + 1`. */
  readonly statics: readonly string[]
  /** For each gap between two statics, the index of its slot in visit order. */
  readonly slots: readonly number[]
}

/**
 * A renderer of `template`, one of the package's own templates, straight from a paginator's
 * {@link BarState}, after Pagy's `a_lambda`. The Handlebars template stays the only description
 * of the markup; this only avoids running it for every bar. Three terms, each with one meaning:
 *
 * - a **slot** is a view data value that varies from bar to bar without deciding any branch: a
 *   page URL, a page number, a count other than 0 (all truthy, so `{{#if}}` treats them alike);
 * - a bar's **shape** is the rest of its view data: the flags, the values that are `null`, `0` or
 *   absent, the number and sizes of the bands, which link is active. Two bars of one shape differ
 *   only in the text of their slots;
 * - a shape's **plan** is the template's output for that shape with a numbered token in every
 *   slot, split at the tokens into static strings.
 *
 * A bar is its shape's plan with the escaped slot text between the statics. The view data, the
 * shape and the slots all come from one walk of the state ({@link visitBar}), so the tokens a plan
 * is built with and the slot text it is filled with are numbered by the same walk. Tests render
 * every paginator state of a generous range this way and compare with the template rendered by
 * plain Handlebars from `toViewData()`.
 *
 * Href safety is decided by the URL prefix alone (it holds the path and the `?` or `&` before
 * `page=`: every character `toSafeHref` looks at), so the prefix is made safe and escaped once,
 * and so is the suffix, while they stay the same. `escape` is the Handlebars instance's own
 * `escapeExpression`, which its templates apply to every `{{value}}`; it works character by
 * character, so the escaped prefix, page number and suffix put together are the escaped URL.
 * @internal
 */
export function createStateRenderer(
  template: (data: PaginationViewData) => string,
  escape: (text: string) => string,
): StateRenderer {
  const plans = new Map<string, Plan>()
  let rawPrefix: string | undefined
  let rawSuffix: string | undefined
  let prefix = ''
  let suffix = ''
  return function renderState(state) {
    if (state.urlPrefix !== rawPrefix) {
      rawPrefix = state.urlPrefix
      prefix = escape(toSafeHref(rawPrefix))
    }
    if (state.urlSuffix !== rawSuffix) {
      rawSuffix = state.urlSuffix
      suffix = escape(rawSuffix)
    }
    const slots = new SlotCollector(prefix, suffix)
    visitBar(state, slots)
    let plan = plans.get(slots.shape)
    if (plan === undefined) {
      if (plans.size >= MAX_PLANS) plans.clear()
      const tokens = new TokenView()
      visitBar(state, tokens)
      plan = planOf(template(tokens.view as unknown as PaginationViewData))
      plans.set(slots.shape, plan)
    }
    return fill(plan, slots.text)
  }
}

function planOf(html: string): Plan {
  const parts = html.split(TOKEN)
  return {
    statics: parts.filter((_, i) => i % 2 === 0),
    slots: parts.filter((_, i) => i % 2 === 1).map(Number),
  }
}

function fill(plan: Plan, text: readonly string[]): string {
  const { statics, slots } = plan
  let out = statics[0]
  for (let i = 0; i < slots.length; i++) out += text[slots[i]] + statics[i + 1]
  return out
}
/**
 * The key under which the package's own paginators hand the renderer their {@link BarState}.
 * Private to this copy of the library: a paginator of another copy, or any other object, is
 * rendered from its `toViewData()`.
 * @internal
 */
export const BAR_STATE: unique symbol = Symbol('api-resources.barState')

/**
 * What a paginator's `toViewData()` holds, before any page URL is built: page URL `n` is
 * `urlPrefix + n + urlSuffix` (raw, not escaped), the page links are the page window of
 * `currentPage`, `lastPage` and `onEachSide`, and the length-aware fields are `undefined` on a
 * simple paginator, as they are absent from its view data.
 * @internal
 */
export interface BarState {
  /** `<path>?page=` (or `&page=` when the path has a query). */
  readonly urlPrefix: string
  /** The carried query parameters and the fragment: `&q=a%20b#results`, or `''`. */
  readonly urlSuffix: string
  readonly currentPage: number
  readonly hasPages: boolean
  readonly onFirstPage: boolean
  readonly hasMorePages: boolean
  readonly firstItem: number | null | undefined
  readonly lastItem: number | null | undefined
  readonly total: number | undefined
  readonly lastPage: number | undefined
  readonly onEachSide: number | undefined
}

/** The length-aware part of a {@link BarState}. @internal */
export type NumberedBarState = Pick<
  BarState,
  'firstItem' | 'lastItem' | 'total' | 'lastPage' | 'onEachSide'
>

/** The {@link BarState} of `value`, if it is one of this copy's paginators. @internal */
export function barStateOf(value: unknown): BarState | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const read = (value as { [BAR_STATE]?: unknown })[BAR_STATE]
  return typeof read === 'function' ? (read.call(value) as BarState | undefined) : undefined
}
/**
 * The page window (Laravel's `UrlWindow`, Pagy's `series`): which page numbers a link bar shows.
 * A pure function of the current page, the last page and the number of pages on each side.
 *
 * @internal
 */

/** The gap between bands of page numbers. */
export const GAP = '...'

/** A run of consecutive page numbers, or the gap between two runs. */
export type WindowBand = readonly number[] | typeof GAP

function range(from: number, to: number): number[] {
  const pages: number[] = []
  for (let page = from; page <= to; page++) pages.push(page)
  return pages
}

/**
 * The bands of page numbers to show, with `n = onEachSide` and `L = last`:
 * - `L < 2n + 8`: every page, one band;
 * - near the start (`current <= n + 4`): `1 .. 2n+4`, gap, `L-1 L`;
 * - near the end (`current > L - n - 4`): `1 2`, gap, `L-2n-3 .. L`;
 * - else `1 2`, gap, `current-n .. current+n`, gap, `L-1 L`.
 *
 * Once the bar slides it always has `2n + 7` slots (a gap counts as one), so it does not jump in
 * width as the current page moves. A current page past the last falls in the "near the end" case.
 *
 * @example window(10, 20, 3) // [[1, 2], '...', [7, 8, 9, 10, 11, 12, 13], '...', [19, 20]]
 */
export function window(current: number, last: number, onEachSide: number): WindowBand[] {
  const bounds = windowBounds(current, last, onEachSide)
  const bands: WindowBand[] = [range(bounds[0], bounds[1])]
  for (let i = 2; i < bounds.length; i += 2) bands.push(GAP, range(bounds[i], bounds[i + 1]))
  return bands
}

/**
 * {@link window} as the first and last page of each band, flat (`[from, to, from, to, ...]`; a gap
 * lies between two bands): what a renderer walks without building the page lists.
 * @example windowBounds(10, 20, 3) // [1, 2, 7, 13, 19, 20]
 */
export function windowBounds(current: number, last: number, onEachSide: number): number[] {
  const n = onEachSide
  const lastPage = Math.max(1, last)
  if (lastPage < 2 * n + 8) return [1, lastPage]
  const edge = n + 4
  if (current <= edge) return [1, 2 * n + 4, lastPage - 1, lastPage]
  if (current > lastPage - edge) return [1, 2, lastPage - 2 * n - 3, lastPage]
  return [1, 2, current - n, current + n, lastPage - 1, lastPage]
}
