/**
 * Page URLs: `<path>?<parameter>=<value>[&<key>=<value>...][#<fragment>]`, where the parameter is
 * `page` (numbered pages) or `cursor` (cursor pages). It comes first, then the other parameters in
 * the order first set; keys and values are encoded as `encodeURIComponent` does.
 */

import { dropLoneSurrogates, encodeComponent } from '../context/parse-query'
import { ArgumentError } from '../errors/base'

/** A value for `append()`/`appends()`; `null`/`undefined` remove the key, an array repeats it. */
export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number | boolean)[]

/** The extra query parameters of page URLs: key -> values, in first-set order. */
export type QueryParams = Map<string, readonly string[]>

/**
 * Sets `key` (replacing its values in place); `own` (the URLs' own parameter, `page` or `cursor`)
 * is ignored, `null`/`undefined` delete. Lone surrogates in the key and the values are dropped
 * here: they have no URL encoding.
 */
export function setQueryParam(
  params: QueryParams,
  rawKey: string,
  value: QueryValue,
  own = 'page',
): void {
  const key = dropLoneSurrogates(String(rawKey))
  if (key === own) return // the URLs own that parameter
  if (value === null || value === undefined) {
    params.delete(key)
    return
  }
  const values: readonly unknown[] = Array.isArray(value) ? value : [value]
  if (!values.every(isScalar)) throw ArgumentError.queryValue(value)
  params.set(key, (values as readonly (string | number | boolean)[]).map(toText))
}

/** What a query value may be (a bigint too, written as its digits). */
function isScalar(value: unknown): value is string | number | boolean {
  const type = typeof value
  return type === 'string' || type === 'number' || type === 'boolean' || type === 'bigint'
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
 * `parameter` is `cursor` for cursor pages.
 */
export function pageUrlPrefix(path: string, parameter = 'page'): string {
  return `${path}${separator(path)}${parameter}=`
}

/** `path` itself, or `path` continued with the extra parameters (a first page without a cursor). */
export function bareUrl(path: string, params: QueryParams, fragment: string | null): string {
  const query = encodeQueryParams(params)
  const rest = query === '' ? '' : separator(path) + query.slice(1)
  return path + rest + encodeFragment(fragment)
}

/**
 * `#fragment`, encoded so it cannot end the URL early or break out of an attribute; a
 * percent-escape it holds already (`a%20b`) is kept, not encoded twice.
 */
export function encodeFragment(fragment: string | null): string {
  if (fragment === null || fragment === '') return ''
  // per code point (`u`): a surrogate pair is one character, a lone surrogate encodes to nothing
  return `#${fragment.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/gu, encodeComponent)}`
}
