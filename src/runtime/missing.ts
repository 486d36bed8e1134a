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
 * What `mergeWhen()` returns: a record whose keys are spread into the surrounding output when it is
 * assembled. A plain tagged object, not a class.
 */
export interface MergeValue {
  readonly [MERGE]: true
  readonly data: Readonly<Record<string, unknown>>
}

/** @internal */
export function mergeValue(data: Readonly<Record<string, unknown>>): MergeValue {
  return { [MERGE]: true, data }
}

/** Is `value` a {@link MergeValue}? */
export function isMergeValue(value: unknown): value is MergeValue {
  return (
    typeof value === 'object' && value !== null && (value as { [MERGE]?: unknown })[MERGE] === true
  )
}
