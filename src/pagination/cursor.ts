import { ArgumentError, InvalidCursorError } from '../errors/base'
import { hasOwn, isPlainObject, setKey } from '../util/objects'
import {
  constantTimeEqual,
  fromBase64Url,
  hmacSha256,
  textToBase64Url,
  toBase64Url,
  utf8Bytes,
  utf8Text,
} from './signing'

/** A value a cursor can carry: what a column of a row reads as, in JSON. */
export type CursorValue = string | number | boolean | null

/** The key of the direction flag inside an encoded cursor (Laravel's). */
const DIRECTION_KEY = '_pointsToNextItems'

/**
 * A signing secret of {@link Cursor.encode} / {@link Cursor.fromEncoded}: a string (its UTF-8 bytes
 * are the key) or the key's bytes (a `Uint8Array`, so a Node `Buffer` too).
 */
export type CursorSecret = string | Uint8Array

const BASE64URL = /^[A-Za-z0-9_-]+$/

/** Column names an encoded cursor escapes with one more leading `_` (see `Cursor.encode`). */
const ESCAPED = /^_+pointsToNextItems$/

/**
 * A position in an ordered query: the values of the order columns of one row, and whether the page
 * it names lies after that row (`pointsToNextItems`) or before it. Encoded the way Laravel encodes
 * its cursors, so cursors from a Laravel application decode: base64url without `=` padding of the
 * JSON object of the parameters followed by `"_pointsToNextItems": <bool>`.
 *
 * With a secret, `encode(secret)` appends `.` and the base64url HMAC-SHA256 of the encoded cursor,
 * and `fromEncoded(value, secret)` refuses a cursor whose signature is missing or wrong (compared in
 * constant time): clients can then hand back only cursors the application produced.
 *
 * @example
 * const cursor = new Cursor({ id: 15 })
 * cursor.encode() // 'eyJpZCI6MTUsIl9wb2ludHNUb05leHRJdGVtcyI6dHJ1ZX0'
 * Cursor.fromEncoded(cursor.encode()).parameter('id') // 15
 */
export class Cursor {
  readonly #parameters: Readonly<Record<string, CursorValue>>
  readonly #pointsToNextItems: boolean
  /** The unsigned encoded form, made by the first `encode()` (a cursor never changes). */
  #encoded: string | undefined

  constructor(parameters: Readonly<Record<string, CursorValue>>, pointsToNextItems = true) {
    this.#parameters = Object.freeze(checkedParameters(parameters))
    this.#pointsToNextItems = pointsToNextItems === true
  }

  /** The value of the column `name`; an `InvalidCursorError` when the cursor does not carry it. */
  parameter(name: string): CursorValue {
    if (!hasOwn.call(this.#parameters, name))
      throw InvalidCursorError.invalidCursor(`it has no value for the column "${name}"`)
    return this.#parameters[name]
  }

  /** The values of the columns `names`, in that order (see {@link parameter}). */
  parameters(names: readonly string[]): CursorValue[] {
    return names.map((name) => this.parameter(name))
  }

  /** Does the page this cursor names lie after its row? */
  pointsToNextItems(): boolean {
    return this.#pointsToNextItems
  }

  /** Does the page this cursor names lie before its row? */
  pointsToPreviousItems(): boolean {
    return !this.#pointsToNextItems
  }

  /** The names of the parameters the cursor carries, in order. */
  names(): string[] {
    return Object.keys(this.#parameters)
  }

  /** The parameters and the direction flag, as encoded. */
  toArray(): Record<string, CursorValue> {
    return { ...this.#parameters, [DIRECTION_KEY]: this.#pointsToNextItems }
  }

  /**
   * The parameters and the direction flag as they are encoded: a column named like the flag
   * (`_pointsToNextItems`, `__pointsToNextItems`, ...) gets one more leading `_`, which decoding
   * takes off again, so no column name collides with the flag.
   */
  #encodable(): Record<string, CursorValue> {
    const out: Record<string, CursorValue> = {}
    for (const [name, value] of Object.entries(this.#parameters))
      setKey(out, ESCAPED.test(name) ? `_${name}` : name, value)
    out[DIRECTION_KEY] = this.#pointsToNextItems
    return out
  }

  /**
   * The JSON text of {@link #encodable}: the parameters' own JSON with the flag added last, when
   * no name needs escaping (the flag is a string key, so it follows every parameter either way).
   */
  #json(): string {
    const parameters = this.#parameters
    if (Object.keys(parameters).some((name) => ESCAPED.test(name)))
      return asPhpJson(JSON.stringify(this.#encodable()))
    const json = asPhpJson(JSON.stringify(parameters))
    const flag = `"${DIRECTION_KEY}":${this.#pointsToNextItems}`
    return json === '{}' ? `{${flag}}` : `${json.slice(0, -1)},${flag}}`
  }

  /** The URL-safe string form; with `secret`, signed (`<cursor>.<signature>`). */
  encode(secret?: CursorSecret): string {
    const encoded = (this.#encoded ??= textToBase64Url(this.#json()))
    return secret === undefined ? encoded : `${encoded}.${signature(encoded, secret)}`
  }

  /**
   * The cursor `value` encodes. Anything else is an `InvalidCursorError`: not base64url, not a JSON
   * object, no boolean `_pointsToNextItems`, a value that is not a string, number, boolean or null,
   * or (with `secret`) a missing or wrong signature.
   */
  static fromEncoded(value: unknown, secret?: CursorSecret): Cursor {
    if (typeof value !== 'string') throw InvalidCursorError.invalidCursor('it is not a string')
    const encoded = secret === undefined ? value : verified(value, secret)
    if (!BASE64URL.test(encoded)) throw InvalidCursorError.invalidCursor('it is not base64url')
    const decoded = parseJson(utf8Text(fromBase64Url(encoded)))
    if (!isPlainObject(decoded)) throw InvalidCursorError.invalidCursor('it is not a JSON object')
    const { [DIRECTION_KEY]: direction, ...encodedParameters } = decoded
    if (typeof direction !== 'boolean')
      throw InvalidCursorError.invalidCursor(`"${DIRECTION_KEY}" is not a boolean`)
    const parameters: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(encodedParameters))
      setKey(parameters, ESCAPED.test(name) ? name.slice(1) : name, value)
    return new Cursor(parameters as Record<string, CursorValue>, direction)
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(exactIntegers(text))
  } catch {
    throw InvalidCursorError.invalidCursor('it is not JSON')
  }
}

/**
 * `text` with every integer literal that no double holds exactly (past ±(2^53 - 1), and not what a
 * double's own text is) quoted, so that it parses as its exact decimal string (how a `bigint`
 * cursor value travels) rather than the nearest double, which would name another row: PHP's
 * `json_encode` (Laravel's cursors) writes a 64-bit integer with all its digits. A number this
 * package wrote (a double's text) reads back as that number.
 */
function exactIntegers(text: string): string {
  if (!/[0-9]{16}/.test(text)) return text
  let out = ''
  let copied = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x22 /* " */) {
      // a string: skip to its closing quote, past escaped characters
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++)
        if (text.charCodeAt(i) === 0x5c /* \ */) i++
      continue
    }
    if (c !== 0x2d /* - */ && (c < 0x30 || c > 0x39)) continue
    const token = /^-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(text.slice(i))?.[0] ?? text[i]
    if (/^-?[0-9]+$/.test(token) && String(Number(token)) !== token) {
      out += `${text.slice(copied, i)}"${token}"`
      copied = i + token.length
    }
    i += token.length - 1
  }
  return out + text.slice(copied)
}

/** A copy of `parameters`, every value a string, a finite number, a boolean or null. */
function checkedParameters(parameters: unknown): Record<string, CursorValue> {
  if (!isPlainObject(parameters)) throw InvalidCursorError.invalidCursor('it is not an object')
  const out: Record<string, CursorValue> = {}
  for (const [name, value] of Object.entries(parameters)) {
    if (!isCursorValue(value))
      throw InvalidCursorError.invalidCursor(`the value of "${name}" is not a scalar`)
    setKey(out, name, value)
  }
  return out
}

function isCursorValue(value: unknown): value is CursorValue {
  if (typeof value === 'number') return Number.isFinite(value)
  return value === null || typeof value === 'string' || typeof value === 'boolean'
}

/**
 * JSON text as PHP's `json_encode()` writes it by default, which Laravel's cursors are made with:
 * `/` as `\/` and every character past ASCII as `\uXXXX` (a UTF-16 unit each), so a cursor of such a
 * value is the same string Laravel gives. Nothing to change in the common case.
 */
function asPhpJson(json: string): string {
  return /[/\u0080-\uffff]/.test(json) ? json.replace(/[/\u0080-\uffff]/g, phpEscape) : json
}

function phpEscape(char: string): string {
  return char === '/' ? '\\/' : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
}

/** The base64url HMAC-SHA256 of `encoded`. */
function signature(encoded: string, secret: CursorSecret): string {
  assertSecret(secret)
  const key = typeof secret === 'string' ? utf8Bytes(secret) : secret
  return toBase64Url(hmacSha256(key, utf8Bytes(encoded)))
}

/** Throws unless `secret` is a non-empty string or `Uint8Array` (a Node `Buffer` is one). @internal */
export function assertSecret(secret: unknown): asserts secret is CursorSecret {
  const ok = typeof secret === 'string' || secret instanceof Uint8Array
  if (!ok || secret.length === 0) throw ArgumentError.cursorSecret(secret)
}

/** The encoded cursor of a signed `value`, once its signature is checked. */
function verified(value: string, secret: CursorSecret): string {
  const dot = value.lastIndexOf('.')
  if (dot === -1) throw InvalidCursorError.invalidCursor('it is not signed')
  const encoded = value.slice(0, dot)
  if (!constantTimeEqual(value.slice(dot + 1), signature(encoded, secret)))
    throw InvalidCursorError.invalidCursor(
      'its signature does not match: it was changed, or made for another sort or secret',
    )
  return encoded
}
