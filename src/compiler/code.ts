import { ResourceError } from '../errors/base'

/**
 * A tiny safe code template (the idea of Ajv's `_` tag, written for this project). Generated code is
 * only ever built from:
 * - {@link Code} / {@link Name} values, spliced in raw (names come from a counter, never from user
 *   input, and are checked to be identifiers);
 * - plain values, which become JSON literals with U+2028/U+2029 escaped.
 * So a user's field name can only ever appear inside a string literal.
 * @internal
 */
export class Code {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text
  }
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** A generated identifier. Throws unless `text` is a plain identifier. @internal */
export class Name extends Code {
  constructor(text: string) {
    if (!IDENTIFIER.test(text))
      throw ResourceError.codegen('name must be a valid identifier', JSON.stringify(text))
    super(text)
  }
}

/** A value that may be interpolated as a literal. */
type Literal = string | number | boolean | null

/** A JSON literal, safe anywhere in JavaScript source (U+2028/2029 are line breaks in old engines). */
export function literal(value: Literal): string {
  if (typeof value === 'number' && !Number.isFinite(value))
    throw ResourceError.codegen('a literal cannot be a non-finite number', String(value))
  return JSON.stringify(value)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** The tag: `_\`o.x = ${value}\``. Code is spliced raw; everything else becomes a literal. */
export function _(strings: TemplateStringsArray, ...values: ReadonlyArray<Code | Literal>): Code {
  let text = strings[0]
  for (let i = 0; i < values.length; i++) {
    const v = values[i]
    text += (v instanceof Code ? v.text : literal(v)) + strings[i + 1]
  }
  return new Code(text)
}

/** Joins code fragments. */
export function join(parts: readonly Code[], separator = '\n'): Code {
  return new Code(parts.map((p) => p.text).join(separator))
}

/** Property access: `.key` for plain identifiers, `["key"]` (a literal) for everything else. */
export function prop(object: Code, key: string): Code {
  return IDENTIFIER.test(key)
    ? new Code(`${object.text}.${key}`)
    : new Code(`${object.text}[${literal(key)}]`)
}

/** Hands out identifiers `<prefix>0`, `<prefix>1`, ... @internal */
export class NameCounter {
  #next = 0
  constructor(private readonly prefix: string) {}
  next(): Name {
    return new Name(`${this.prefix}${this.#next++}`)
  }
}
