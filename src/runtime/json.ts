import type { BigintEncoding } from '../context/request-context'
import { ResourceError } from '../errors/base'

export type { BigintEncoding }

/** A `JSON.stringify` replacer, as Express's `json replacer` setting holds one. */
export type JsonReplacer = (this: unknown, key: string, value: unknown) => unknown

/**
 * The JSON text of a response body: `JSON.stringify`, with a `bigint` written as `bigint` says
 * (default: its decimal string), which `JSON.stringify` alone cannot write (it throws, and the
 * request would answer 500). The common case pays nothing: the replacer that converts bigints runs
 * only when the plain call threw.
 */
export function jsonText(
  body: unknown,
  replacer?: JsonReplacer,
  space?: string | number,
  bigint: BigintEncoding = 'string',
): string {
  try {
    return JSON.stringify(body, replacer, space) ?? 'null'
  } catch (error) {
    // a body without a bigint throws the same error again (a cycle, a throwing toJSON)
    if (!(error instanceof TypeError)) throw error
    return JSON.stringify(body, writingBigints(replacer, bigint), space) ?? 'null'
  }
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)
const MIN_SAFE = -MAX_SAFE

function writingBigints(replacer: JsonReplacer | undefined, bigint: BigintEncoding): JsonReplacer {
  return function (this: unknown, key: string, value: unknown): unknown {
    const replaced = replacer === undefined ? value : replacer.call(this, key, value)
    return typeof replaced === 'bigint' ? writtenBigint(replaced, key, bigint) : replaced
  }
}

/**
 * `value` as `JSON.stringify` can write it, with every `bigint` in it written as `bigint` says
 * (default: its decimal string): what a paginator's `toJSON()` returns, so `JSON.stringify(page)`
 * does not throw. The value itself when it holds no `bigint` (nothing is copied); else copies of the
 * arrays and objects on the way to each one. An object with its own `toJSON()` is left to it, a
 * byte array as it is, and a cycle to `JSON.stringify`'s own error.
 */
export function writeBigints(value: unknown, bigint: BigintEncoding = 'string'): unknown {
  return mayChange(value, false, 0) ? written(value, '', bigint, [], false) : value
}

/**
 * `value` as JSON would carry it: {@link writeBigints}, and every object with a `toJSON()` (a
 * `Date`, a decimal type) replaced by what it returns, as `JSON.stringify` does. What a resource's
 * `toPayload()` returns, so its values have the types its payload type names (a `Date` member is a
 * `string`). Copies only the arrays and objects on the way to a value it replaces.
 */
export function jsonSafe(value: unknown, bigint: BigintEncoding = 'string'): unknown {
  return mayChange(value, true, 0) ? written(value, '', bigint, [], true) : value
}

/** How deep {@link mayChange} looks before it leaves the answer to {@link written}. */
const MAX_DEPTH = 256

/**
 * Could {@link written} replace anything in `value`: does it hold a `bigint` (or, with `toJson`, a
 * value with a `toJSON()`) where `written` looks? A read-only pass, more than twice as fast as the
 * walk that copies (no copy, no cycle list, `for...in`), so a body without one (the usual body)
 * is only read. It may say yes where `written` changes nothing (an inherited enumerable
 * key, which `for...in` sees and JSON does not; a cycle or a body deeper than `MAX_DEPTH`, where
 * it stops looking), never no where `written` would change something.
 */
function mayChange(value: unknown, toJson: boolean, depth: number): boolean {
  if (typeof value === 'bigint') return true
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return false
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return toJson
  if (depth === MAX_DEPTH) return true
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i]
      if (
        (typeof item === 'object' || typeof item === 'bigint') &&
        mayChange(item, toJson, depth + 1)
      )
        return true
    }
    return false
  }
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key]
    if (
      (typeof item === 'object' || typeof item === 'bigint') &&
      mayChange(item, toJson, depth + 1)
    )
      return true
  }
  return false
}

function written(
  value: unknown,
  key: string | number,
  bigint: BigintEncoding,
  path: object[],
  toJson: boolean,
): unknown {
  if (typeof value === 'bigint') return writtenBigint(value, String(key), bigint)
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return value
  const toJSON = (value as { toJSON?: unknown }).toJSON
  if (typeof toJSON === 'function') {
    if (!toJson || path.includes(value)) return value
    path.push(value)
    const json = (toJSON as (key: string) => unknown).call(value, String(key))
    const out = written(json, key, bigint, path, true)
    path.pop()
    return out
  }
  if (path.includes(value)) return value
  path.push(value)
  let copy: unknown
  // only objects and bigints can change: the primitives are passed over without a call
  if (Array.isArray(value)) {
    let list: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i]
      if (typeof item !== 'object' && typeof item !== 'bigint') continue
      const next = written(item, i, bigint, path, toJson)
      if (next !== item) (list ??= value.slice())[i] = next
    }
    copy = list
  } else {
    const record = value as Record<string, unknown>
    let fields: Record<string, unknown> | undefined
    for (const name of Object.keys(record)) {
      const item = record[name]
      if (typeof item !== 'object' && typeof item !== 'bigint') continue
      const next = written(item, name, bigint, path, toJson)
      if (next !== item) (fields ??= { ...record })[name] = next
    }
    copy = fields
  }
  path.pop()
  return copy ?? value
}

function writtenBigint(value: bigint, key: string, bigint: BigintEncoding): string | number {
  if (bigint === 'string') return value.toString()
  if (value >= MIN_SAFE && value <= MAX_SAFE) return Number(value)
  throw ResourceError.unsafeBigint(key, value)
}
