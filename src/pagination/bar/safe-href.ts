import type { ViewPage, PaginationElement, PaginationViewData } from '../types'

const ABSOLUTE_HTTP = /^https?:\/\/[^/\\]/i

/**
 * Can `url` go into an `href` as is? Yes when it is a path (`/posts?page=2`, not `//host`, nor
 * `/<tab>/host`), a query or fragment, an `http(s)://` URL, or relative with no `:` before its first
 * `/`, `?` or `#` (which a browser would read as a scheme, `javascript:` included, even with tabs
 * inside it).
 * @internal
 */
export function isSafeHref(url: string): boolean {
  const c0 = url.charCodeAt(0)
  if (c0 === 47 /* / */) {
    // a browser drops tab, CR and LF anywhere in a URL: look past them
    let i = 1
    let c1 = url.charCodeAt(1)
    while (c1 === 9 || c1 === 10 || c1 === 13) c1 = url.charCodeAt(++i)
    return c1 !== 47 && c1 !== 92 /* not // or /\ (another host) */
  }
  if (c0 === 63 /* ? */ || c0 === 35 /* # */) return true
  if (ABSOLUTE_HTTP.test(url)) return true
  if (c0 <= 32 || c0 === 92 /* \ */) return false
  const end = url.search(/[/?#]/)
  return !url.slice(0, end === -1 ? undefined : end).includes(':')
}

/**
 * Makes a URL safe for an `href` while keeping it on the same site: leading whitespace and slashes
 * collapse to one `/` (`//evil.example/x` becomes `/evil.example/x`), and what still looks like a
 * scheme becomes a relative path (`./javascript:alert(1)`).
 * @internal
 */
export function toSafeHref(url: string): string {
  if (isSafeHref(url)) return url
  const start = leadingJunkLength(url)
  const collapsed = start > 0 ? `/${url.slice(start)}` : url
  return isSafeHref(collapsed) ? collapsed : `./${collapsed}`
}

/**
 * The view data with every URL safe for an `href`: the same object when they all are (the usual
 * case, checked cheaply), else a copy with the unsafe ones rewritten by {@link toSafeHref}.
 * @internal
 */
export function withSafeHrefs(data: PaginationViewData): PaginationViewData {
  if (allSafe(data)) return data
  return {
    ...data,
    previousPageUrl: safeOrNull(data.previousPageUrl) as string | null,
    nextPageUrl: safeOrNull(data.nextPageUrl) as string | null,
    elements: data.elements.map((band): PaginationElement =>
      typeof band === 'string'
        ? band
        : band.map((link): ViewPage => ({ ...link, url: safeOrNull(link.url) as string })),
    ),
  }
}

/** How many leading characters are whitespace, control characters, `/` or `\`. */
function leadingJunkLength(url: string): number {
  let i = 0
  for (; i < url.length; i++) {
    const c = url.charCodeAt(i)
    if (c > 32 && c !== 47 && c !== 92) break
  }
  return i
}

function safeOrNull(url: unknown): unknown {
  return typeof url === 'string' ? toSafeHref(url) : url
}

function allSafe(data: PaginationViewData): boolean {
  if (!safeOrNotString(data.previousPageUrl) || !safeOrNotString(data.nextPageUrl)) return false
  for (const band of data.elements) {
    if (typeof band === 'string' || !Array.isArray(band)) continue
    for (const link of band) if (!safeOrNotString(link.url)) return false
  }
  return true
}

function safeOrNotString(url: unknown): boolean {
  return typeof url !== 'string' || isSafeHref(url)
}
