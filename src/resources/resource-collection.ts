import { rendererFor, traitsOf } from '../compiler/compile-shape'
import { currentRequest } from '../context/current-request'
import { ArgumentError } from '../errors/base'
import { isPaginator, type AbstractPaginator } from '../pagination/abstract-paginator'
import { jsonBody, type PaginationSections } from '../response/body'
import { finalizeValue } from '../runtime/finalize'
import { COLLECTION_BRAND, markBase, RESOLVE } from '../runtime/protocol'
import { AbstractResource } from './abstract-resource'
import type { JsonResource, JsonResourceClass } from './json-resource'

/** What a collection maps: a list (any iterable) or a paginator. */
export type CollectionSource = Iterable<unknown> | AbstractPaginator<unknown>

function toItems(source: CollectionSource): readonly unknown[] {
  if (isPaginator(source)) return source.items()
  if (Array.isArray(source)) return source
  if (typeof source === 'object' && source !== null && Symbol.iterator in source)
    return Array.from(source)
  throw new ArgumentError('ERR_COLLECTION_SOURCE', 'items', 'a list or a paginator', source)
}

/**
 * Maps a list or a paginator through a resource class (spec 2.3). Built by
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
export class ResourceCollection<R extends JsonResource = JsonResource> extends AbstractResource {
  /** The wrap key; when not set on a subclass, the collected resource's `wrap` (default `data`). */
  static wrap?: string | null
  /** The resource class items are mapped through, for subclasses (`() => UserResource`). */
  static collects?: () => JsonResourceClass

  readonly #items: readonly unknown[]
  readonly #paginator: AbstractPaginator<unknown> | undefined
  readonly #collects: JsonResourceClass | undefined

  constructor(itemsOrPaginator: CollectionSource, collects?: JsonResourceClass<R>) {
    super()
    this.#paginator = isPaginator(itemsOrPaginator) ? itemsOrPaginator : undefined
    this.#items = toItems(itemsOrPaginator)
    const ctor = this.constructor as typeof ResourceCollection
    this.#collects = collects ?? ctor.collects?.()
  }

  /** The items of the list or of the paginator's page, unmapped. */
  get collection(): readonly unknown[] {
    return this.#items
  }

  /** The paginator, when the collection was built over one. */
  get paginator(): AbstractPaginator<unknown> | undefined {
    return this.#paginator
  }

  /** The resource class items are mapped through (given, or the class's `static collects`). */
  protected collects(): JsonResourceClass | undefined {
    return this.#collects
  }

  /** The mapped items (each resource's output, without its wrap key). */
  toArray(request?: unknown): unknown[] {
    const q = currentRequest(request)
    if (this.#collects !== undefined)
      return rendererFor(this.#collects).render(this.#items, q) as unknown[]
    return this.#items.map((item) => (item === undefined ? null : finalizeValue(item, q)))
  }

  /** Nested in another resource: the mapped items. */
  [RESOLVE](request: unknown): unknown {
    const items = this.toArray(request)
    // The base toArray's items are already final; only an override's result needs the walk.
    return traitsOf(this.constructor).baseToArray ? items : finalizeValue(items, request)
  }

  /** The effective wrap key (see {@link ResourceCollection.wrap}). */
  wrapKey(): string | null {
    const own = (this.constructor as typeof ResourceCollection).wrap
    if (own !== undefined) return own
    return this.#collects === undefined ? 'data' : this.#collects.wrap
  }

  /** The final payload (spec 2.3). */
  toPayload(request?: unknown): unknown {
    const q = currentRequest(request)
    return jsonBody({
      owner: this.constructor,
      data: this[RESOLVE](q),
      wrap: this.wrapKey(),
      list: true,
      additional: this.additionalData(),
      pagination: this.paginationSections(),
      request: q,
    })
  }

  /** The paginator's standard `links` and `meta`, when the collection is paginated. @internal */
  protected paginationSections(): PaginationSections | undefined {
    const paginator = this.#paginator
    if (paginator === undefined) return undefined
    return { links: paginator.toResourceLinks(), meta: paginator.toResourceMeta() }
  }

  /** @internal */
  protected additionalGuard(): string | null {
    return this.wrapKey() ?? 'data'
  }
}

Object.defineProperty(ResourceCollection.prototype, COLLECTION_BRAND, { value: true })
markBase(ResourceCollection.prototype.toArray)
markBase(ResourceCollection.prototype[RESOLVE])
