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
 * space), DEL, and the characters a URL may not hold as they are (`"`, `<`, `>`, `{`, `}`, `|`, `^`,
 * backtick): percent-encoded where they stand.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_URL_CHAR = /[\u0000-\u0020\u007f\\"<>{}|^`]/g

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
  return code < 16 ? `%0${code.toString(16).toUpperCase()}` : `%${code.toString(16).toUpperCase()}`
}

function hasSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) if ((text.charCodeAt(i) & 0xf800) === 0xd800) return true
  return false
}
