// Small, strict readers of the bar's HTML for assertions (no DOM in the unit tests; the browser
// test checks the real DOM). `tagsOf` only accepts tags in the exact form the templates write, so
// any injected markup or attribute makes it throw.
import { LengthAwarePaginator, Paginator } from '../../src'

export interface Tag {
  readonly name: string
  readonly attrs: Readonly<Record<string, string>>
  /** The element's text content. */
  readonly text: string
}

const TAG = /^<(\/?)([a-z]+)((?: [a-zA-Z:-]+(?:="[^"<>]*")?)*)\s*(\/?)>/
const ALLOWED_TAGS = new Set(['nav', 'div', 'p', 'span', 'a', 'strong', 'svg', 'path'])
const ALLOWED_ATTRS = new Set([
  'aria-label',
  'aria-current',
  'aria-disabled',
  'aria-hidden',
  'class',
  'href',
  'rel',
  'role',
  'focusable',
  'viewBox',
  'fill',
  'd',
  'fill-rule',
  'clip-rule',
  'width',
  'height',
  'hidden',
])

export function decode(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** Opening tags with decoded attributes, in document order. Throws on anything unexpected. */
export function tagsOf(html: string): Tag[] {
  const tags: Tag[] = []
  let rest = html
  while (rest.length > 0) {
    const lt = rest.indexOf('<')
    if (lt === -1) break
    rest = rest.slice(lt)
    const m = TAG.exec(rest)
    if (m === null) throw new Error(`unexpected markup at: ${rest.slice(0, 80)}`)
    const [whole, closing, name, attrText] = m
    if (!ALLOWED_TAGS.has(name)) throw new Error(`unexpected tag <${name}>`)
    rest = rest.slice(whole.length)
    if (closing) continue
    const attrs: Record<string, string> = {}
    for (const [, key, value] of attrText.matchAll(/ ([a-zA-Z:-]+)(?:="([^"]*)")?/g)) {
      if (!ALLOWED_ATTRS.has(key)) throw new Error(`unexpected attribute ${key} on <${name}>`)
      attrs[key] = decode(value ?? '')
    }
    const text = m[4] === '/' ? '' : innerText(rest, name)
    tags.push({ name, attrs, text: decode(text).replace(/\s+/g, ' ').trim() })
  }
  return tags
}

/** The text inside an element whose opening tag was just read (nested tags skipped). */
function innerText(rest: string, name: string): string {
  let depth = 1
  let text = ''
  let i = 0
  while (depth > 0 && i < rest.length) {
    const lt = rest.indexOf('<', i)
    if (lt === -1) return text + rest.slice(i)
    text += rest.slice(i, lt)
    const gt = rest.indexOf('>', lt)
    const tag = rest.slice(lt, gt + 1)
    if (tag.startsWith(`</${name}>`)) depth--
    else if (tag.startsWith(`<${name} `) && !tag.endsWith('/>')) depth++
    i = gt + 1
  }
  return text
}

/**
 * The full bar in short: `<`/`>` enabled previous/next, `(<)`/`(>)` disabled ones, `[5]` the current
 * page, `7` a link, `...` a gap. The full bar is what follows the last paragraph, once the narrow
 * screens' bar (the `<div hidden ...>`) is taken out; wrappers without a
 * role of their own (Bootstrap's `page-item`) and what is hidden from assistive technology are
 * skipped.
 */
export function describeBar(html: string): string[] {
  const full = withoutHiddenDiv(html)
  const tags = tagsOf(full.slice(full.lastIndexOf('</p>')))
  const controls = tags.filter(
    (t) =>
      t.name === 'a' ||
      (t.name === 'span' &&
        t.attrs['aria-hidden'] === undefined &&
        t.attrs.role === undefined &&
        !t.attrs.class?.includes('page-item')),
  )
  return controls.map((t, i) => {
    if (t.attrs.rel === 'prev') return '<'
    if (t.attrs.rel === 'next') return '>'
    if (t.attrs['aria-current'] === 'page') return `[${t.text}]`
    if (t.attrs['aria-disabled'] === 'true') return i === 0 ? '(<)' : '(>)'
    return t.text
  })
}

/** `html` without its first `<div hidden ...>` element, nested `div`s included. */
export function withoutHiddenDiv(html: string): string {
  const start = html.indexOf('<div hidden')
  if (start === -1) return html
  const divs = /<(\/?)div\b[^>]*>/g
  divs.lastIndex = start
  let depth = 0
  for (let m = divs.exec(html); m !== null; m = divs.exec(html)) {
    depth += m[1] === '/' ? -1 : 1
    if (depth === 0) return html.slice(0, start) + html.slice(divs.lastIndex)
  }
  throw new Error('unclosed <div hidden>')
}

/** The first `<nav>...</nav>` of a page. */
export function navOf(page: string): string {
  const start = page.indexOf('<nav')
  const end = page.indexOf('</nav>', start)
  if (start === -1 || end === -1) throw new Error('no <nav> in the page')
  return page.slice(start, end + '</nav>'.length)
}

export function lengthAware(page: number, total: number, perPage = 10, path = '/posts') {
  const first = (page - 1) * perPage
  const rows = Array.from(
    { length: Math.max(0, Math.min(perPage, total - first)) },
    (_, i) => first + i + 1,
  )
  return new LengthAwarePaginator(rows, { total, perPage, currentPage: page, path })
}

export function simple(page: number, hasMore: boolean, path = '/comments') {
  return new Paginator([1, 2], { perPage: 2, currentPage: page, path, hasMore })
}

/** `describeBar()` of page 10 of 20 with `onEachSide(1)`: both ends, one page each side, two gaps. */
export const PAGE_10_OF_20_ONE_EACH_SIDE = [
  '<',
  '1',
  '2',
  '...',
  '9',
  '[10]',
  '11',
  '...',
  '19',
  '20',
  '>',
]
