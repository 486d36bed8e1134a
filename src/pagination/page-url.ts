/**
 * Page URLs: `<path>?page=<n>[&<key>=<value>...][#<fragment>]` (API.md). `page` comes first, then the
 * other parameters in the order first set; keys and values are encoded as `encodeURIComponent` does.
 */

import { dropLoneSurrogates, encodeComponent } from '../context/url-text'

/** A value for `append()`/`appends()`; `null`/`undefined` remove the key, an array repeats it. */
export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number | boolean)[]

/** The extra query parameters of page URLs: key -> values, in first-set order. */
export type QueryParams = Map<string, readonly string[]>

/**
 * Sets `key` (replacing its values in place); `page` is ignored, `null`/`undefined` delete. Lone
 * surrogates in the key and the values are dropped here: they have no URL encoding.
 */
export function setQueryParam(params: QueryParams, rawKey: string, value: QueryValue): void {
  const key = dropLoneSurrogates(String(rawKey))
  if (key === 'page') return // page URLs own the page parameter
  if (value === null || value === undefined) {
    params.delete(key)
    return
  }
  const values = Array.isArray(value) ? value : [value as string | number | boolean]
  params.set(key, values.map(toText))
}

function toText(value: string | number | boolean): string {
  return dropLoneSurrogates(String(value))
}

/** `?` or `&`, whichever continues `path` (a path may carry its own query). */
function separator(path: string): string {
  return path.includes('?') ? '&' : '?'
}

/** The extra parameters as `&k=v&k2=v2` (empty when there are none). */
export function encodeQueryParams(params: QueryParams): string {
  let out = ''
  for (const [key, values] of params) {
    const k = encodeComponent(key)
    for (const value of values) out += `&${k}=${encodeComponent(value)}`
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
  // per code point (`u`): a surrogate pair is one character, a lone surrogate encodes to nothing
  return `#${fragment.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/?]/gu, encodeComponent)}`
}
