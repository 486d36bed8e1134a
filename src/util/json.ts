/** A `JSON.stringify` replacer, as Express's `json replacer` setting holds one. */
export type JsonReplacer = (this: unknown, key: string, value: unknown) => unknown

/**
 * The JSON text of a response body: `JSON.stringify`, with a `bigint` written as its decimal string
 * (`9007199254740993n` -> `"9007199254740993"`), which `JSON.stringify` alone cannot write (it
 * throws, and the request would answer 500). The common case pays nothing: the replacer that
 * converts bigints runs only when the plain call threw.
 */
export function jsonText(body: unknown, replacer?: JsonReplacer, space?: string | number): string {
  try {
    return JSON.stringify(body, replacer, space) ?? 'null'
  } catch (error) {
    // a body without a bigint throws the same error again (a cycle, a throwing toJSON)
    if (!(error instanceof TypeError)) throw error
    return JSON.stringify(body, bigintsAsStrings(replacer), space) ?? 'null'
  }
}

function bigintsAsStrings(replacer: JsonReplacer | undefined): JsonReplacer {
  return function (this: unknown, key: string, value: unknown): unknown {
    const replaced = replacer === undefined ? value : replacer.call(this, key, value)
    return typeof replaced === 'bigint' ? replaced.toString() : replaced
  }
}
