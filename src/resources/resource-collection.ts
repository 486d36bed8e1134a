import { rendererFor, traitsOf } from '../compiler/compile'
import { ArgumentError, ResourceError } from '../errors/base'
import { currentRequest } from '../context/request-context'
import { isPaginator, pageRows, type BasePaginator } from '../pagination/base-paginator'
import { jsonBody, type PaginationSections } from '../response/body'
import { finalizeValue } from '../runtime/finalize'
import { type CollectionTypes, PAYLOAD_TYPES } from '../runtime/payload'
import { MISSING, type Missing } from '../runtime/missing'
import {
  BODY,
  COLLECTION_BRAND,
  isBaseMethod,
  isCollectionClass,
  isResolvableClass,
  markBase,
  RESOLVE,
} from '../runtime/protocol'
import { isPlainObject, setKey } from '../util/objects'
import { AbstractResource } from './abstract-resource'
import type { JsonResource, JsonResourceClass } from './json-resource'
import type { CollectionShape } from './payload'

/**
 * What a collection maps: a list (any iterable), a paginator, or a keyed source (a `Map`, or a plain
 * object used as a dictionary) whose values are the items and whose keys `preserveKeys` keeps.
 */
export type CollectionSource =
  | Iterable<unknown>
  | BasePaginator<unknown>
  | ReadonlyMap<unknown, unknown>
  | Readonly<Record<string, unknown>>

/** The standard `links` and `meta` of a paginated collection, as `paginationInformation()` gets them. */
export type PaginationInformation = {
  readonly links: object
  readonly meta: object
}

/**
 * What `paginationInformation()` returns: the top-level keys a paginated body carries beside its
 * data, in order (the standard ones are `links` and `meta`).
 */
export type PaginationSectionsOf = Readonly<Record<string, unknown>>

/**
 * Nothing to collect: `MISSING` (a `whenLoaded()` of a relation that was not loaded; the nested
 * collection leaves its key out) or `null` (it renders `null`).
 */
export type AbsentSource = Missing | null | undefined

interface Items {
  readonly items: readonly unknown[]
  /** The keys of a keyed source, in order (a `Map`'s keys as strings). */
  readonly keys?: readonly string[]
}

function itemsOf(source: CollectionSource): Items {
  if (Array.isArray(source)) return { items: source }
  if (source instanceof Map)
    return { items: [...source.values()], keys: [...source.keys()].map(String) }
  if (isPlainObject(source)) return { items: Object.values(source), keys: Object.keys(source) }
  if (typeof source === 'object' && source !== null && Symbol.iterator in source)
    return { items: Array.from(source as Iterable<unknown>) }
  throw ArgumentError.collectionSource(source)
}

/**
 * Maps a list or a paginator through a resource class. Built by
 * `SomeResource.collection(items)`, or subclass it with `static collects = () => SomeResource`.
 *
 * - a list: `{ data: [...] }` (the resource's wrap key); with `wrap = null`, a bare array unless
 *   `additional()` keys exist (then under `data` after all: a list cannot carry keys);
 * - a paginator: `{ data, links: { first, last, prev, next }, meta: { current_page, ... } }`;
 *   `additional({ links })` / `additional({ meta })` add keys after the standard ones.
 *
 * @example
 * res.json(UserResource.collection(await paginate(db('users'), 15)))
 */
export class ResourceCollection<
  R extends JsonResource = JsonResource,
  S extends CollectionShape = CollectionShape,
> extends AbstractResource {
  /** Types only: the collected resource and the source's shape (see `CollectionBodyOf`). */
  declare readonly [PAYLOAD_TYPES]?: CollectionTypes<R, S>

  /** The wrap key; when not set on a subclass, the collected resource's `wrap` (default `data`). */
  static wrap?: string | null
  /** The resource class items are mapped through, for subclasses (`() => UserResource`). */
  static collects?: () => JsonResourceClass
  /**
   * Keep the keys of a `Map` or plain-object source: the output is an object keyed like the source
   * instead of a list. When not set on a subclass, the collected resource's `preserveKeys`.
   */
  static preserveKeys?: boolean

  readonly #items: readonly unknown[]
  readonly #keys: readonly string[] | undefined
  readonly #paginator: BasePaginator<unknown> | undefined
  readonly #collects: JsonResourceClass | undefined
  readonly #absent: AbsentSource | false
  #preserveKeys: boolean | undefined

  /**
   * @param itemsOrPaginator the items; `MISSING` (a `whenLoaded()` of a relation that was not
   *   loaded) renders no key where the collection is nested, `null` renders `null`.
   * @param collects the resource class items are mapped through (else the class's `static collects`).
   */
  constructor(itemsOrPaginator: CollectionSource | AbsentSource, collects?: JsonResourceClass<R>) {
    super()
    if (
      itemsOrPaginator === MISSING ||
      itemsOrPaginator === null ||
      itemsOrPaginator === undefined
    ) {
      this.#absent = itemsOrPaginator
      this.#paginator = undefined
      this.#items = []
      this.#keys = undefined
    } else if (isPaginator(itemsOrPaginator)) {
      this.#absent = false
      this.#paginator = itemsOrPaginator
      // read, never written: the page's own rows need no copy
      this.#items = pageRows(itemsOrPaginator)
      this.#keys = undefined
    } else {
      this.#absent = false
      this.#paginator = undefined
      const { items, keys } = itemsOf(itemsOrPaginator)
      this.#items = items
      this.#keys = keys
    }
    const ctor = this.constructor as typeof ResourceCollection
    const cls: unknown = collects ?? ctor.collects?.()
    // Laravel's "Resource collections must collect instances of JsonResource", at construction
    if (cls !== undefined && (!isResolvableClass(cls) || isCollectionClass(cls)))
      throw ResourceError.badResourceThunk(ctor, 'collects', cls)
    this.#collects = cls as JsonResourceClass | undefined
  }

  /** The items of the list or of the paginator's page, unmapped. */
  get collection(): readonly unknown[] {
    return this.#items
  }

  /**
   * What the collection wraps, as Laravel's `$resource`: the paginator when it was built over one,
   * else the items (`MISSING` or `null` when built over nothing). Not an own property: spreading a
   * collection never copies a model.
   */
  get resource(): readonly unknown[] | BasePaginator<unknown> | AbsentSource {
    if (this.#absent !== false) return this.#absent
    return this.#paginator ?? this.#items
  }

  /** The number of items (on this page, when paginated). */
  count(): number {
    return this.#items.length
  }

  /**
   * Keep the keys of a `Map` or plain-object source (see {@link ResourceCollection.preserveKeys});
   * chainable, `preserveKeys(false)` turns it off for this collection.
   */
  preserveKeys(value = true): this {
    this.#preserveKeys = value
    return this
  }

  /** The paginator, when the collection was built over one. */
  get paginator(): BasePaginator<unknown> | undefined {
    return this.#paginator
  }

  /** The resource class items are mapped through (given, or the class's `static collects`). */
  protected collects(): JsonResourceClass | undefined {
    return this.#collects
  }

  /** The mapped items (each resource's output, without its wrap key), as a list. */
  toArray(request?: unknown): unknown[] {
    const q = currentRequest(request)
    if (this.#collects !== undefined)
      return rendererFor(this.#collects).render(this.#items, q) as unknown[]
    return this.#items.map((item) => (item === undefined ? null : finalizeValue(item, q)))
  }

  /** Does the output keep a keyed source's keys (see {@link ResourceCollection.preserveKeys})? */
  preservesKeys(): boolean {
    if (this.#preserveKeys !== undefined) return this.#preserveKeys
    const own = (this.constructor as typeof ResourceCollection).preserveKeys
    if (own !== undefined) return own
    return (this.#collects as { preserveKeys?: boolean } | undefined)?.preserveKeys === true
  }

  /**
   * The output (nested in another resource, or under the wrap key): the mapped items, keyed like a
   * `Map` or plain-object source when `preserveKeys` is on.
   */
  [RESOLVE](request: unknown): unknown {
    const absent = this.#absent
    if (absent !== false) return absent === MISSING ? MISSING : null
    const list = this.toArray(request)
    // The base toArray's items are already final; only an override's result needs the walk.
    const items = traitsOf(this.constructor).baseToArray ? list : finalizeValue(list, request)
    const keys = this.#keys
    if (keys === undefined || !Array.isArray(items) || !this.preservesKeys()) return items
    const out: Record<string, unknown> = {}
    for (let i = 0; i < keys.length; i++) setKey(out, keys[i], items[i])
    return out
  }

  /** The effective wrap key (see {@link ResourceCollection.wrap}). */
  wrapKey(): string | null {
    const own = (this.constructor as typeof ResourceCollection).wrap
    if (own !== undefined) return own
    return this.#collects === undefined ? 'data' : this.#collects.wrap
  }

  /**
   * The final payload: the items under the wrap key, with `links` and `meta` when paginated. Typed
   * by the source `collection()` was given (a list, or the paginator's kind).
   */
  [BODY](request?: unknown): unknown {
    const q = currentRequest(request)
    const data = this[RESOLVE](q)
    const body = jsonBody({
      owner: this.constructor,
      data: data === MISSING ? null : data,
      wrap: this.wrapKey(),
      forceWrap: this.forcesWrapping(),
      list: true,
      additional: this.topLevel(q),
      pagination: this.paginationSections(q),
      request: q,
    })
    return body
  }

  /**
   * Does the body wrap the data even when it already has the wrap key at its top level (Laravel's
   * `$forceWrapping`)? The collection class's `static forceWrapping`, else the collected resource's.
   */
  forcesWrapping(): boolean {
    const own = (this.constructor as { forceWrapping?: boolean }).forceWrapping
    if (own !== undefined) return own
    return (this.#collects as { forceWrapping?: boolean } | undefined)?.forceWrapping === true
  }

  /**
   * The top-level keys of a paginated body beside its data (Laravel's `paginationInformation()`):
   * `defaults` (the standard `links` and `meta`) unless overridden. An override returns the whole
   * set it wants, in order: `{ links, meta }` rewritten, or other keys
   * (`{ current_page, total }`); `additional()` entries of the same name are merged into a plain-object
   * section. `paginated` is the paginator itself.
   *
   * @example
   * override paginationInformation(_req: unknown, page: LengthAwarePaginator<User>, defaults: PaginationInformation) {
   *   return { links: defaults.links, meta: { total: page.total() } }
   * }
   */
  paginationInformation(
    _request: unknown,
    _paginated: BasePaginator<unknown>,
    defaults: PaginationInformation,
  ): PaginationSectionsOf {
    return defaults
  }

  /** The paginated body's top-level keys beside the data, when the collection is paginated. @internal */
  protected paginationSections(request: unknown): PaginationSections | undefined {
    const paginator = this.#paginator
    if (paginator === undefined) return undefined
    const links = paginator.toResourceLinks()
    const meta = paginator.toResourceMeta()
    // a hook an app may set on one collection (Laravel's anonymous collections): read per call
    if (isBaseMethod(this.paginationInformation)) {
      const final = traitsOf(paginator.constructor).keepsBaseMethods
      return { sections: { links, meta }, fresh: true, final }
    }
    const info = finalizeValue(
      this.paginationInformation(request, paginator, { links, meta }) as unknown,
      request,
    )
    if (!isPlainObject(info)) throw ResourceError.badPaginationInformation(this.constructor, info)
    return { sections: info }
  }

  /** @internal */
  protected additionalGuard(): string | null {
    return this.wrapKey() ?? 'data'
  }
}

Object.defineProperty(ResourceCollection.prototype, COLLECTION_BRAND, { value: true })
markBase(ResourceCollection.prototype.toArray)
markBase(ResourceCollection.prototype[RESOLVE])
markBase(ResourceCollection.prototype.paginationInformation)

// Laravel's `$model->toResource(UserResource::class)` and `$models->toResourceCollection(...)`, for
// values that cannot carry methods in JavaScript (plain models, arrays, Maps): two functions.

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
