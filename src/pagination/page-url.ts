/**
 * Page URLs: `<path>?page=<n>[&<key>=<value>...][#<fragment>]` (API.md). `page` comes first, then the
 * other parameters in the order first set; keys and values are encoded as `encodeURIComponent` does.
 */

/** A value for `append()`/`appends()`; `null`/`undefined` remove the key, an array repeats it. */
export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number | boolean)[]

/** The extra query parameters of page URLs: key -> values, in first-set order. */
export type QueryParams = Map<string, readonly string[]>

/** Sets `key` (replacing its values in place); `page` is ignored, `null`/`undefined` delete. */
export function setQueryParam(params: QueryParams, key: string, value: QueryValue): void {
  if (key === 'page') return // page URLs own the page parameter
  if (value === null || value === undefined) {
    params.delete(key)
    return
  }
  const values = Array.isArray(value) ? value : [value as string | number | boolean]
  params.set(key, values.map(String))
}

/** `?` or `&`, whichever continues `path` (a path may carry its own query). */
function separator(path: string): string {
  return path.includes('?') ? '&' : '?'
}

/** The extra parameters as `&k=v&k2=v2` (empty when there are none). */
export function encodeQueryParams(params: QueryParams): string {
  let out = ''
  for (const [key, values] of params) {
    const k = encodeURIComponent(key)
    for (const value of values) out += `&${k}=${encodeURIComponent(value)}`
  }
  return out
}

/**
 * What every page URL of `path` starts with, `<path>?page=` (`&page=` when the path has a query):
 * the URL of page `n` is this, `n`, then {@link encodeQueryParams} output and the fragment part.
 */
export function pageUrlPrefix(path: string): string {
  return `${path}${separator(path)}page=`
}

/** `#fragment`, encoded so it cannot end the URL early or break out of an attribute. */
export function encodeFragment(fragment: string | null): string {
  if (fragment === null || fragment === '') return ''
  return `#${fragment.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/?]/g, encodeChar)}`
}

function encodeChar(char: string): string {
  try {
    return encodeURIComponent(char)
  } catch {
    return '' // a lone surrogate cannot be encoded: drop it
  }
}
