import { ArgumentError } from '../errors/base'

// Checks of the constructor arguments shared by both paginators. @internal

/** Copies `items` into an array, or throws the `items` argument error. @internal */
export function toRows<T>(items: Iterable<T>): T[] {
  if (Array.isArray(items)) return items.slice()
  if (typeof items === 'string' || items === null || typeof items !== 'object')
    throw ArgumentError.items(items)
  if (typeof (items as Iterable<T>)[Symbol.iterator] !== 'function')
    throw ArgumentError.items(items)
  return Array.from(items)
}

/** Throws unless `options` is an object. @internal */
export function assertOptions(options: unknown): asserts options is object {
  if (typeof options !== 'object' || options === null) throw ArgumentError.options(options)
}
