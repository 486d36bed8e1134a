/**
 * The small object predicates and writers every layer uses, defined once. Internal: not exported
 * from the package entry.
 * @internal
 * @module
 */

/** `Object.prototype.hasOwnProperty`, to call with `.call(object, key)`. @internal */
export const hasOwn: (this: object, key: PropertyKey) => boolean = Object.prototype.hasOwnProperty

/** Is `value` an object (not `null`)? Arrays and class instances included. @internal */
export function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null
}

/**
 * Is `value` an object with a function under each of `names`? How the adapters recognise the query
 * builders they accept without loading the library that made them. @internal
 */
export function hasMethods<K extends string>(
  value: unknown,
  names: readonly K[],
): value is Record<K, (...args: never[]) => unknown> {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return names.every((name) => typeof record[name] === 'function')
}

/** Is `value` a plain object (`{}` literal, `Object.create(null)`, JSON.parse output)? @internal */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

/** Is `value` a thenable (a promise, or anything with a `then` method)? @internal */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  )
}

/** Sets `key` as an own, enumerable data property (so `__proto__` is data, not the prototype). @internal */
export function setKey(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true })
  else out[key] = value
}
/**
 * Is `NODE_ENV` `production`? Read where a `process` global exists (Node, Bun, Deno, Workers with
 * `nodejs_compat`); elsewhere (a Worker without it, a browser) this is never production mode.
 */
export function isProductionEnv(): boolean {
  const proc = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
  return proc?.env?.NODE_ENV === 'production'
}
