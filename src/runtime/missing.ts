/**
 * The two values a resource's output may hold that are not data: {@link MISSING} (leave this key out)
 * and a {@link MergeValue} (spread these keys in place). Both are resolved in one place,
 * `finalizeValue()` (and the compiled function, which never produces them unresolved).
 * @module
 */

/**
 * The "leave this key out" sentinel. Conditional helpers (`when`, `whenLoaded`, ...) return it, and a
 * payload never contains it: every key whose value is `MISSING` is removed.
 *
 * It is `Symbol.for(...)` so that every copy of the package agrees on it.
 *
 * @example
 * toArray() { return { secret: this.when(isAdmin, 'x') } } // no `secret` key for other users
 */
export const MISSING: unique symbol = Symbol.for('api-resources.missing')
export type Missing = typeof MISSING

/** Is `value` the {@link MISSING} sentinel? */
export function isMissing(value: unknown): value is Missing {
  return value === MISSING
}

const MERGE: unique symbol = Symbol.for('api-resources.merge')

/**
 * What `mergeWhen()` returns: a plain object of the keys to merge, tagged with a non-enumerable mark.
 * Spread (`...this.mergeWhen(...)`) it is just its keys; placed as a value (`{ extra: mergeWhen(...) }`)
 * its keys are spread in place of that key when the output is finalized. One encoding: the data is
 * the object's own enumerable keys. Over a list (`mergeWhen(cond, ['a', 'b'])`) it is a tagged copy
 * of the list, whose items are spliced in place where it stands in a list.
 */
export type MergeValue<M extends object = Record<string, unknown>> = Readonly<Partial<M>> & {
  readonly [MERGE]: true
}

/** A {@link MergeValue} of a copy of `mapping`'s own enumerable keys (or items). @internal */
export function mergeValue<M extends object>(mapping: M | undefined): MergeValue<M> {
  const out = (Array.isArray(mapping) ? mapping.slice() : { ...mapping }) as Partial<M>
  Object.defineProperty(out, MERGE, { value: true, enumerable: false })
  return out as MergeValue<M>
}

/** Is `value` a {@link MergeValue}? */
export function isMergeValue(value: unknown): value is MergeValue {
  return (
    typeof value === 'object' && value !== null && (value as { [MERGE]?: unknown })[MERGE] === true
  )
}
