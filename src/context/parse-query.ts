/**
 * Reads the query parameters the library cares about (`page`, `include`, `fields[<type>]`) straight
 * from the raw query string, so the result is the same whatever query parser the application set on
 * Express (`simple`, `extended`, or its own). Malformed input never throws: a pair that does not
 * decode is skipped, anything that is not the expected form is ignored (the spec's silent behaviour).
 */

/** One decoded `key=value` pair of a query string, in the order the client sent them. */
export interface QueryPair {
  readonly key: string
  readonly value: string
}

/** Splits and decodes a raw query string (without `?`). `+` is a space; undecodable pairs are dropped. */
export function parseQueryPairs(rawQuery: string): QueryPair[] {
  const pairs: QueryPair[] = []
  const n = rawQuery.length
  // every request with a query comes through here: one pass of indexOf, no split() array; `eq` is
  // the next `=` at or after `start` (-1: none left), so a query of many `&` without `=` stays linear
  let eq = rawQuery.indexOf('=')
  for (let start = 0; start < n;) {
    let end = rawQuery.indexOf('&', start)
    if (end === -1) end = n
    if (end > start) {
      if (eq !== -1 && eq < start) eq = rawQuery.indexOf('=', start)
      const split = eq !== -1 && eq < end
      const key = decodeComponent(rawQuery.slice(start, split ? eq : end))
      const value = split ? decodeComponent(rawQuery.slice(eq + 1, end)) : ''
      if (key !== undefined && value !== undefined && key !== '') pairs.push({ key, value })
    }
    start = end + 1
  }
  return pairs
}

/**
 * The pairs {@link parseQueryPairs} drops because their value does not decode (`filter[a]=%ZZ`),
 * as their decoded key and raw value: what a parameter the app checks strictly must refuse rather
 * than read as absent. A key that does not decode names no parameter and is not listed.
 */
export function undecodedValues(rawQuery: string): QueryPair[] {
  if (!rawQuery.includes('%')) return []
  const out: QueryPair[] = []
  for (const part of rawQuery.split('&')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    const key = decodeComponent(part.slice(0, eq))
    const value = part.slice(eq + 1)
    if (key !== undefined && key !== '' && decodeComponent(value) === undefined)
      out.push({ key, value })
  }
  return out
}

function decodeComponent(text: string): string | undefined {
  const spaced = text.includes('+') ? text.replace(/\+/g, ' ') : text
  if (!spaced.includes('%')) return spaced
  try {
    return decodeURIComponent(spaced)
  } catch {
    return undefined
  }
}

/** Is `text` one or more decimal digits? */
function isDigits(text: string): boolean {
  if (text.length === 0) return false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x30 || c > 0x39) return false
  }
  return true
}

/**
 * The page a client asked for: a string of decimal digits worth at least 1 and a safe integer;
 * anything else (absent, `abc`, `0`, `-3`, `2.5`, `1e3`, empty, repeated) is page 1.
 */
export function parsePageParam(pairs: readonly QueryPair[], name = 'page'): number {
  let found: string | undefined
  for (const pair of pairs) {
    if (pair.key !== name) continue
    if (found !== undefined) return 1 // repeated: an array is not a page number
    found = pair.value
  }
  return pageNumberFrom(found)
}

/**
 * {@link parsePageParam} over a raw query string (without `?`), without splitting it into pairs:
 * what every paginated request asks. Only when nothing in the query needs decoding (no `%`, no
 * `+`), where a pair's key and value are its text as it is; `undefined` otherwise, for the caller
 * to parse the pairs. @internal
 */
export function pageParamOf(rawQuery: string, name = 'page'): number | undefined {
  if (rawQuery.includes('%') || rawQuery.includes('+')) return undefined
  const n = rawQuery.length
  const width = name.length
  let found: string | undefined
  for (let start = 0; start < n;) {
    let end = rawQuery.indexOf('&', start)
    if (end === -1) end = n
    // the pair's key is `name` when the pair is `name` or starts with `name=`
    if (
      rawQuery.startsWith(name, start) &&
      (start + width === end || rawQuery.charCodeAt(start + width) === 0x3d) /* = */
    ) {
      if (found !== undefined) return 1 // repeated: an array is not a page number
      found = start + width === end ? '' : rawQuery.slice(start + width + 1, end)
    }
    start = end + 1
  }
  return pageNumberFrom(found)
}

/** A page number from a string, or 1. */
function pageNumberFrom(value: string | undefined): number {
  if (value === undefined || !isDigits(value)) return 1
  const page = Number(value)
  return Number.isSafeInteger(page) && page >= 1 ? page : 1
}

/**
 * The include paths: every `include=` value (repeated parameters form one comma list), split on
 * commas, blank segments dropped, duplicates removed, in first-seen order.
 */
export function parseIncludeParam(pairs: readonly QueryPair[]): string[] {
  const seen = new Set<string>()
  for (const pair of pairs) {
    if (pair.key !== 'include') continue
    for (const raw of pair.value.split(',')) {
      const path = raw.trim()
      if (path !== '') seen.add(path)
    }
  }
  return [...seen]
}

const FIELDS_KEY = /^fields\[([^[\]]+)\]$/

/**
 * Sparse fieldsets: `fields[<type>]=a,b` becomes `type -> {a, b}`. `fields[<type>]=` (empty) is an
 * empty set: no attributes. Repeated parameters for one type are one comma list. Other forms
 * (`fields=abc`, `fields[a][b]=1`) are ignored.
 */
export function parseFieldsParam(pairs: readonly QueryPair[]): Map<string, Set<string>> {
  const fields = new Map<string, Set<string>>()
  for (const pair of pairs) {
    const match = FIELDS_KEY.exec(pair.key)
    if (match === null) continue
    const type = match[1]
    let names = fields.get(type)
    if (names === undefined) fields.set(type, (names = new Set()))
    for (const raw of pair.value.split(',')) {
      const name = raw.trim()
      if (name !== '') names.add(name)
    }
  }
  return fields
}
/**
 * Text that goes into URLs the library emits, made inert: nothing in it can make a browser's URL
 * parser read another host or a scheme, and nothing in it makes the encoders throw.
 *
 * @internal
 */

/** A UTF-16 surrogate without its other half: no encoding exists for it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/**
 * What a URL parser would strip (tab, CR, LF), reinterpret (`\` reads as `/`) or trim (C0 controls,
 * space), DEL, the characters a URL may not hold as they are (`"`, `<`, `>`, `{`, `}`, `|`, `^`,
 * backtick) and every character past ASCII: percent-encoded where they stand (UTF-8, as a URL
 * parser encodes them). Lone surrogates are dropped before.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_URL_CHAR = /[\u0000-\u0020\u007f\\"<>{}|^`]|[^\u0000-\u007f]/gu

/** `text` without lone surrogates (a well-formed string comes back as is). */
export function dropLoneSurrogates(text: string): string {
  return hasSurrogate(text) ? text.replace(LONE_SURROGATE, '') : text
}

/**
 * `text` with control characters, spaces, backslashes and the characters a URL may not hold
 * percent-encoded (`\t` -> `%09`, `<` -> `%3C`).
 */
export function encodeUnsafeUrlChars(text: string): string {
  return text.replace(UNSAFE_URL_CHAR, percentEncode)
}

/** `encodeURIComponent`, dropping lone surrogates instead of throwing `URIError`. */
export function encodeComponent(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return encodeURIComponent(text.replace(LONE_SURROGATE, ''))
  }
}

function percentEncode(char: string): string {
  const code = char.charCodeAt(0)
  if (code >= 0x80) return encodeURIComponent(char)
  return code < 16 ? `%0${code.toString(16).toUpperCase()}` : `%${code.toString(16).toUpperCase()}`
}

function hasSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) if ((text.charCodeAt(i) & 0xf800) === 0xd800) return true
  return false
}
