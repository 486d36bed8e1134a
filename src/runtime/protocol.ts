// Symbols shared by resources, collections and the compiler, so the compiler can render nested
// resources without importing the resource classes (no import cycle).

/** `[RESOLVE](request)`: the value's output without wrap key or `additional()` (nested rendering). */
export const RESOLVE: unique symbol = Symbol.for('api-resources.resolve')

/**
 * `[BODY](request)`: a resource's or collection's body as built, before JSON writes it (a `Date`
 * or `bigint` in it as it is): what the response sends as JSON text, and what `toPayload()` makes
 * JSON-safe.
 */
export const BODY: unique symbol = Symbol.for('api-resources.body')

/**
 * Marks the base classes' `toArray`, `[RESOLVE]` and `toId`, so the compiler can decide once per
 * class whether it overrides them (see `traitsOf` in the compiler).
 */
const BASE_METHOD: unique symbol = Symbol.for('api-resources.baseMethod')

/** Marks `ResourceCollection.prototype`. */
export const COLLECTION_BRAND: unique symbol = Symbol.for('api-resources.collection')

/** Anything that renders itself when nested in another resource's output. */
export interface Resolvable {
  [RESOLVE](request: unknown): unknown
}

/** Is `value` a resource or collection instance? */
export function isResolvable(value: unknown): value is Resolvable {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { [RESOLVE]?: unknown })[RESOLVE] === 'function'
  )
}

/** A resource or collection class (what a resource thunk must return). */
type ResolvableClass = new (value: never) => Resolvable

/** Is `cls` a resource or collection class? */
export function isResolvableClass(cls: unknown): cls is ResolvableClass {
  if (typeof cls !== 'function') return false
  const proto = (cls as { prototype?: unknown }).prototype
  return typeof proto === 'object' && proto !== null && isResolvable(proto)
}

/** Is `cls` a `ResourceCollection` class? */
export function isCollectionClass(cls: Function): boolean {
  return (cls.prototype as { [COLLECTION_BRAND]?: unknown })?.[COLLECTION_BRAND] === true
}

/** Marks a base method (see {@link BASE_METHOD}). */
export function markBase<F extends Function>(fn: F): F {
  Object.defineProperty(fn, BASE_METHOD, { value: true })
  return fn
}

/** Is `fn` a method marked with {@link markBase} (so a class using it does not override it)? */
export function isBaseMethod(fn: unknown): boolean {
  return typeof fn === 'function' && (fn as { [BASE_METHOD]?: unknown })[BASE_METHOD] === true
}

/** Marks every method `proto` defines itself (not `constructor`) as a base method. */
export function markBaseMethods(proto: object): void {
  for (const key of Reflect.ownKeys(proto)) {
    const value = Object.getOwnPropertyDescriptor(proto, key)?.value as unknown
    if (key !== 'constructor' && typeof value === 'function') markBase(value)
  }
}
