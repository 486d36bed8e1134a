// Laravel's `$model->toResource(UserResource::class)` and `$models->toResourceCollection(...)`, for
// values that cannot carry methods in JavaScript (plain models, arrays, Maps): two functions.
import { ArgumentError } from '../errors/base'
import { isCollectionClass, isResolvableClass } from '../runtime/protocol'
import type { ResourceCollection } from './resource-collection'

/** Refuses anything but a resource class (a collection class is not one either). */
function assertResourceClass(resourceClass: unknown): void {
  if (
    !isResolvableClass(resourceClass) ||
    isCollectionClass(resourceClass) ||
    typeof (resourceClass as { collection?: unknown }).collection !== 'function'
  )
    throw ArgumentError.resourceClass(resourceClass)
}

/**
 * `model` as a resource of `resourceClass` (Laravel's `toResource()`): the same as
 * `new resourceClass(model)`, typed as that resource.
 *
 * @example
 * res.json(toResource(user, UserResource)) // { data: { id: 1, ... } }
 */
export function toResource<M, R>(model: M, resourceClass: new (resource: M) => R): R {
  assertResourceClass(resourceClass)
  return new resourceClass(model)
}

/**
 * `items` (a list, a `Map`, a plain object or a paginator) as a collection (Laravel's
 * `toResourceCollection()`): given a resource class, `resourceClass.collection(items)`; given a
 * collection class (a `ResourceCollection` subclass), `new collectionClass(items)`. Typed as what
 * that returns. Paginators also have it as a method.
 *
 * @example
 * res.json(toResourceCollection(users, UserResource)) // { data: [{ id: 1, ... }, ...] }
 * res.json(toResourceCollection(users, UserCollection))
 */
export function toResourceCollection<S, C>(items: S, resourceClass: { collection(source: S): C }): C
export function toResourceCollection<S, C extends ResourceCollection>(
  items: S,
  collectionClass: new (source: S) => C,
): C
export function toResourceCollection(items: unknown, cls: unknown): unknown {
  if (typeof cls === 'function' && isCollectionClass(cls))
    return new (cls as new (source: unknown) => unknown)(items)
  assertResourceClass(cls)
  return (cls as { collection(source: unknown): unknown }).collection(items)
}
