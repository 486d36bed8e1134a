import type { BarState } from './bar-state'
import { escapeHtml } from './escape-html'
import { EscapeMemo, PageUrlEscaper } from './page-url-escaper'
import { toSafeHref, withSafeHrefs } from './safe-href'
import { collectStateShape } from './state-shape'
import type {
  BarRenderer,
  PageLink,
  PaginationElement,
  PaginationViewData,
  PaginatorLike,
} from './types'

/**
 * The fast path for the package's own templates, after Pagy's `a_lambda`: the Handlebars template
 * stays the source of truth, but for each *shape* of bar (which flags are set, how the bands look,
 * where the current page is) it is rendered once with placeholder tokens instead of values. The
 * output is split at the tokens into static strings and slots; later bars of the same shape are the
 * statics concatenated with the escaped values. Tests assert it equals plain Handlebars output.
 *
 * Only truthy strings and numbers become tokens: they behave alike in `{{#if}}`. Falsy values and
 * booleans are part of the shape, so every branch a template can take is decided by the shape key.
 * Values are escaped as they are collected, exactly as Handlebars' `{{value}}` does; page URLs go
 * through {@link PageUrlEscaper}.
 * @internal
 */

const MARK = '\uE000' // a private-use character: never in a template
const TOKEN = /\uE000(\d+)\uE000/
const MAX_PLANS = 1000

const SCALARS = [
  'previousPageUrl',
  'nextPageUrl',
  'currentPage',
  'firstItem',
  'lastItem',
  'total',
  'lastPage',
] as const

/** A value escaped for HTML, ready to be put between two statics. */
type Slot = string

interface Collector {
  readonly values: Slot[]
  readonly urls: PageUrlEscaper
}

interface Plan {
  /** `statics.length === slots.length + 1`. */
  readonly statics: readonly string[]
  /** Index into the values collected for a render, per gap between statics. */
  readonly slots: readonly number[]
}

/** Returns a renderer equivalent to `template`, planned per bar shape. */
export function createPlannedRenderer(template: BarRenderer): BarRenderer {
  const plans = new Map<string, Plan>()
  const prefixMemo = new EscapeMemo()
  const suffixMemo = new EscapeMemo()
  function renderPlanned(data: PaginationViewData): string {
    const values: Slot[] = []
    const key = collectShape(data, { values, urls: new PageUrlEscaper(prefixMemo, suffixMemo) })
    if (key === undefined) return template(data) // a value of an unexpected type: no shortcut
    let plan = plans.get(key)
    if (plan === undefined) {
      if (plans.size >= MAX_PLANS) plans.clear()
      plan = buildPlan(template(tokenize(data)))
      plans.set(key, plan)
    }
    return fill(plan, values)
  }
  return Object.assign(renderPlanned, { renderState: stateRenderer(template, renderPlanned) })
}

/**
 * The same renderer fed from a paginator's {@link BarState}: no view data, no per-URL escaping or
 * href check. An href's safety is decided by the URL prefix alone (it holds the path and the `?`
 * or `&` before `page=`, so every character `toSafeHref` looks at), hence the prefix is made safe
 * and escaped once per distinct prefix. A plan is built from the paginator's view data the first
 * time a shape is seen, after checking that both ways collect the same values; when they would not
 * (never expected) the shape is marked `null` and renders from the view data.
 */
function stateRenderer(template: BarRenderer, fromViewData: BarRenderer) {
  const plans = new Map<string, Plan | null>()
  const prefixMemo = new EscapeMemo(toSafeHref)
  const suffixMemo = new EscapeMemo()
  return function renderState(state: BarState, paginator: PaginatorLike): string {
    const values: Slot[] = []
    const prefix = prefixMemo.escape(state.urlPrefix)
    const key = collectStateShape(state, prefix, suffixMemo.escape(state.urlSuffix), values)
    let plan = plans.get(key)
    if (plan === undefined) {
      if (plans.size >= MAX_PLANS) plans.clear()
      plan = planFromViewData(template, withSafeHrefs(paginator.toViewData()), values)
      plans.set(key, plan)
    }
    return plan === null ? fromViewData(withSafeHrefs(paginator.toViewData())) : fill(plan, values)
  }
}

/** The plan of `data`'s shape, or `null` when its slot values are not `expected`. */
function planFromViewData(
  template: BarRenderer,
  data: PaginationViewData,
  expected: readonly Slot[],
): Plan | null {
  const values: Slot[] = []
  const urls = new PageUrlEscaper(new EscapeMemo(), new EscapeMemo())
  if (collectShape(data, { values, urls }) === undefined) return null
  if (values.length !== expected.length || values.some((v, i) => v !== expected[i])) return null
  return buildPlan(template(tokenize(data)))
}

/** Is the value a slot (a truthy string or number) rather than part of the shape? */
function isSlot(value: unknown): value is string | number {
  return (typeof value === 'string' || typeof value === 'number') && Boolean(value)
}

/** A shape letter for a value that is not a slot, or `undefined` for a type we do not plan. */
function literalKey(value: unknown): string | undefined {
  if (value === null) return 'n'
  if (value === undefined) return 'u'
  if (value === true) return 'T'
  if (value === false) return 'F'
  if (value === '') return 'e'
  if (value === 0) return '0'
  return typeof value === 'number' ? 'N' : undefined // NaN
}

/** Pushes escaped slot values in traversal order and returns the shape key (`tokenize` order). */
function collectShape(data: PaginationViewData, into: Collector): string | undefined {
  const c = data.currentPage ?? NaN // a cursor paginator has no page number
  // Unrolled in SCALARS order: named property reads stay fast where a loop over names would not.
  const scalars =
    keyOf(data.previousPageUrl, into, c - 1) +
    keyOf(data.nextPageUrl, into, c + 1) +
    keyOf(data.currentPage, into, NaN) +
    keyOf(data.firstItem, into, NaN) +
    keyOf(data.lastItem, into, NaN) +
    keyOf(data.total, into, NaN) +
    keyOf(data.lastPage, into, NaN)
  const flags = flag(data.hasPages) + flag(data.onFirstPage) + flag(data.hasMorePages)
  if (scalars.includes('!') || flags.includes('!')) return undefined
  let key = flags + scalars
  for (const band of data.elements) {
    if (band === '...') key += '|.'
    else if (!Array.isArray(band)) return undefined
    else {
      key += `|${band.length}`
      for (let i = 0; i < band.length; i++) {
        const k = linkKey(band[i] as PageLink, i, into)
        if (k === undefined) return undefined
        key += k
      }
    }
  }
  return key
}

/**
 * A link's part of the key. The usual link (a page number, a URL, `active` a boolean) adds nothing
 * but its position when it is the current page: the band's length already counts it.
 */
function linkKey(link: PageLink, index: number, into: Collector): string | undefined {
  const { page, url, active } = link
  if (
    typeof page === 'number' &&
    Number.isSafeInteger(page) &&
    page > 0 &&
    typeof url === 'string' &&
    url !== ''
  ) {
    if (active === false) return pushLink(page, url, into, '')
    if (active === true) return pushLink(page, url, into, `A${index}`)
  }
  if (typeof active !== 'boolean') return undefined
  const k = keyOf(page, into, NaN)
  const u = keyOf(url, into, page)
  if (k === '!' || u === '!') return undefined
  return `~${index}${active ? 'A' : 'a'}${k}${u}`
}

/** A flag's letter; `!` (not planned) for a non-boolean, which Handlebars may judge differently. */
function flag(value: unknown): string {
  return value === true ? 'T' : value === false ? 'F' : '!'
}

function pushLink(page: number, url: string, into: Collector, key: string): string {
  const digits = String(page)
  into.values.push(digits, into.urls.escapePage(url, digits))
  return key
}

/**
 * The shape letter of `value` (`!` for a type that is not planned); a slot value is escaped and
 * pushed (`page`: the page number a URL should carry).
 */
function keyOf(value: unknown, into: Collector, page: unknown): string {
  if (!isSlot(value)) return literalKey(value) ?? '!'
  if (typeof value === 'number') into.values.push(String(value))
  else into.values.push(Number.isNaN(page) ? escapeHtml(value) : into.urls.escape(value, page))
  return 's'
}

/** The view data with every slot value replaced by its token, numbered in `collectShape` order. */
function tokenize(data: PaginationViewData): PaginationViewData {
  let next = 0
  const token = <T>(value: T): T | string => (isSlot(value) ? `${MARK}${next++}${MARK}` : value)
  const out: Record<string, unknown> = { ...data }
  for (const name of SCALARS) if (name in data) out[name] = token(data[name])
  out.elements = data.elements.map((band): PaginationElement =>
    typeof band === 'string'
      ? band
      : band.map((link) => ({ ...link, page: token(link.page), url: token(link.url) }) as PageLink),
  )
  return out as unknown as PaginationViewData
}

function buildPlan(html: string): Plan {
  const parts = html.split(TOKEN)
  const statics: string[] = []
  const slots: number[] = []
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) statics.push(parts[i])
    else slots.push(Number(parts[i]))
  }
  return { statics, slots }
}

function fill(plan: Plan, values: readonly Slot[]): string {
  const { statics, slots } = plan
  let out = statics[0]
  for (let i = 0; i < slots.length; i++) out += values[slots[i]] + statics[i + 1]
  return out
}
