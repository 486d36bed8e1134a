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
    if (typeof replaced !== 'bigint') return replaced
    if (bigint === 'string') return replaced.toString()
    if (replaced >= MIN_SAFE && replaced <= MAX_SAFE) return Number(replaced)
    throw ResourceError.unsafeBigint(key, replaced)
  }
}
