import { aggregateKey, existsKey, existsValue } from '../runtime/aggregates'
import { MISSING, mergeValue, type Missing } from '../runtime/missing'
import { currentRequest } from '../context/current-request'
import { isResolvable, RESOLVE } from '../runtime/protocol'
import { loadedCount, loadedPivot, loadedRelation, modelAttribute } from '../runtime/model-registry'

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

/** `value` unless it is `null` or `undefined`, then `fallback` (default `MISSING`). @internal */
export function whenNotNull<V, D = Missing>(value: V, fallback?: Lazy<D>): NonNullable<V> | D {
  if (value !== null && value !== undefined) return value as NonNullable<V>
  return fallback === undefined ? (MISSING as D) : force(fallback)
}

/** `fallback` (called first when a function), or `MISSING` when none is given. */
function orElse<D>(fallback: Lazy<D> | undefined): D {
  return fallback === undefined ? (MISSING as D) : force(fallback)
}

/**
 * The eager-loaded relation (or `cb` of it); `null` when it was loaded as `null` (without calling
 * `cb`); `MISSING` when it was not loaded. Never calls a lazy loader. @internal
 */
export function whenLoaded<V = unknown, R = V, D = Missing>(
  model: unknown,
  relation: string,
  cb?: (value: V) => R,
  fallback?: Lazy<D>,
): R | null | D {
  const value = loadedRelation(model, relation)
  if (value === MISSING) return orElse(fallback)
  if (value === null) return null
  return cb === undefined ? (value as R) : cb(value as V)
}

/**
 * The loaded `<relation>_count` (snake case, as Laravel names it: `fooBars` reads `foo_bars_count`),
 * or `cb` of it; `null` when it is `null`; else `fallback` (default `MISSING`). @internal
 */
export function whenCounted<R = number, D = Missing>(
  model: unknown,
  relation: string,
  cb?: (count: number) => R,
  fallback?: Lazy<D>,
): R | null | D {
  const value = loadedCount(model, relation)
  if (value === MISSING) return orElse(fallback)
  if (value === null) return null
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
 * `mapping` (called first when it is a function) when `condition` is truthy, else `fallback` (when
 * given), else `{}`: a plain object meant to be spread (`...this.mergeWhen(...)`). It also carries a
 * non-enumerable merge tag, so one placed as a value (`{ extra: this.mergeWhen(...) }`) is spread in
 * place of its key, and one placed in a list (`[this.mergeWhen(cond, ['a', 'b']), 'c']`) has its
 * items spliced in. A resource or collection is merged as it renders (its `toArray()` output).
 * @internal
 */
export function mergeWhen<M extends object, D extends object = M>(
  condition: unknown,
  mapping: Lazy<M>,
  fallback?: Lazy<D>,
): Partial<M> | Partial<D> {
  if (condition) return mergeValue(rendered(force(mapping)))
  return mergeValue(fallback === undefined ? undefined : rendered(force(fallback)))
}

/** A resource or collection as it renders (in the current request); anything else as it is. */
function rendered<M extends object>(value: M): M | undefined {
  if (!isResolvable(value)) return value
  const out = value[RESOLVE](currentRequest())
  return out === MISSING || out === null ? undefined : (out as M)
}

/** A value, or a function of the model's value computing it. */
export type ValueOf<V, R> = R | ((value: V) => R)

function applyTo<V, R>(value: V, given: ValueOf<V, R>): R {
  return typeof given === 'function' ? (given as (value: V) => R)(value) : given
}

/**
 * The attribute when the model has it (`null` included), else `fallback` (default `MISSING`); with
 * `value`, that (or `value(attribute)` when it is a function) instead of the attribute. @internal
 */
export function whenHas<V = unknown, R = V, D = Missing>(
  model: unknown,
  attribute: string,
  args: readonly [value?: ValueOf<V, R>, fallback?: Lazy<D>],
): V | R | D {
  const value = modelAttribute(model, attribute)
  if (value === undefined) return args.length < 2 ? (MISSING as D) : force(args[1] as Lazy<D>)
  return args.length === 0 ? (value as V) : applyTo(value as V, args[0] as ValueOf<V, R>)
}

/** `null` when `value` is `null` or `undefined`, else `fallback` (default `MISSING`). @internal */
export function whenNull<D = Missing>(value: unknown, fallback?: Lazy<D>): null | D {
  if (value === null || value === undefined) return null
  return fallback === undefined ? (MISSING as D) : force(fallback)
}

/** {@link mergeWhen} with the condition negated. @internal */
export function mergeUnless<M extends object, D extends object = M>(
  condition: unknown,
  mapping: Lazy<M>,
  fallback?: Lazy<D>,
): Partial<M> | Partial<D> {
  return mergeWhen(!condition, mapping, fallback)
}

/**
 * A loaded aggregate of a relation (`SUM(posts.votes)` selected as `posts_sum_votes`), or `cb` of
 * it; `null` when it is `null`; `fallback` (default `MISSING`) when it was not selected. @internal
 */
export function whenAggregated<R = unknown, D = Missing>(
  model: unknown,
  relation: string,
  column: string,
  aggregate: string,
  cb?: ValueOf<unknown, R>,
  fallback?: Lazy<D>,
): unknown {
  const value = modelAttribute(model, aggregateKey(relation, column, aggregate))
  if (value === undefined) return orElse(fallback)
  if (value === null) return null
  return cb === undefined ? value : applyTo(value, cb)
}

/**
 * Whether related rows exist, selected as `<relation>_exists` (or `cb` of it); `null` when it is
 * `null`; `fallback` (default `MISSING`) when it was not selected. @internal
 */
export function whenExistsLoaded<R = boolean, D = Missing>(
  model: unknown,
  relation: string,
  cb?: ValueOf<boolean, R>,
  fallback?: Lazy<D>,
): boolean | R | null | D {
  const value = modelAttribute(model, existsKey(relation))
  if (value === undefined) return orElse(fallback)
  if (value === null) return null
  const exists = existsValue(value)
  return cb === undefined ? exists : applyTo(exists, cb)
}
