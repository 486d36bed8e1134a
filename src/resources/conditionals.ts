import { MISSING, mergeValue, type Missing } from '../runtime/missing'
import { loadedCount, loadedPivot, loadedRelation } from '../runtime/model-registry'

/** A value, or a function computing it (called only when needed). */
export type Lazy<V> = V | (() => V)

function force<V>(value: Lazy<V>): V {
  return typeof value === 'function' ? (value as () => V)() : value
}

/** `value` (called first when it is a function) when `condition` is truthy, else `fallback`. @internal */
export function when<V, D = Missing>(
  condition: unknown,
  value: Lazy<V>,
  fallback?: Lazy<D>,
): V | D {
  if (condition) return force(value)
  return fallback === undefined ? (MISSING as D) : force(fallback)
}

/** `value` unless it is `null` or `undefined`. @internal */
export function whenNotNull<V>(value: V): NonNullable<V> | Missing {
  return value === null || value === undefined ? MISSING : (value as NonNullable<V>)
}

/**
 * The eager-loaded relation (or `cb` of it); `null` when it was loaded as `null` (without calling
 * `cb`); `MISSING` when it was not loaded. Never calls a lazy loader. @internal
 */
export function whenLoaded<V = unknown, R = V>(
  model: unknown,
  relation: string,
  cb?: (value: V) => R,
): R | null | Missing {
  const value = loadedRelation(model, relation)
  if (value === MISSING) return MISSING
  if (value === null) return null
  return cb === undefined ? (value as R) : cb(value as V)
}

/** The loaded `<relation>_count` (or `cb` of it), else `MISSING`. @internal */
export function whenCounted<R = number>(
  model: unknown,
  relation: string,
  cb?: (count: number) => R,
): R | Missing {
  const value = loadedCount(model, relation)
  if (value === MISSING) return MISSING
  return cb === undefined ? (value as R) : cb(value as number)
}

/** The pivot object under `accessor` (or `cb` of it), else `MISSING`. @internal */
export function whenPivotLoaded<P = Record<string, unknown>, R = P>(
  model: unknown,
  cb: ((pivot: P) => R) | undefined,
  accessor: string,
): R | Missing {
  const value = loadedPivot(model, accessor)
  if (value === MISSING) return MISSING
  return cb === undefined ? (value as R) : cb(value as P)
}

/**
 * `mapping` (called first when it is a function) when `condition` is truthy, else `{}`: a plain
 * object meant to be spread (`...this.mergeWhen(...)`). It also carries a non-enumerable merge tag, so
 * one placed as a value (`{ extra: this.mergeWhen(...) }`) is spread in place of its key.
 * @internal
 */
export function mergeWhen<M extends object>(condition: unknown, mapping: Lazy<M>): Partial<M> {
  return mergeValue(condition ? force(mapping) : undefined)
}
