import { rendererFor } from '../compiler/compile-shape'
import { ArgumentError } from '../errors/base'
import { ResourceError } from '../errors/resource-errors'
import { isPaginator, type AbstractPaginator } from '../pagination/abstract-paginator'
import {
  okResponse,
  TO_RESPONSE,
  type Respondable,
  type ResponseSpec,
} from '../runtime/respondable'
import { currentRequest } from '../context/current-request'
import { finalizeValue, isPlainObject, setKey } from '../runtime/finalize'
import { mergeAdditional } from '../response/payload'
import type { JsonResource, JsonResourceClass } from './json-resource'
import { COLLECTION_BRAND, markBase, RESOLVE, type Resolvable } from '../runtime/protocol'

/** What a collection maps: a list (any iterable) or a paginator. */
export type CollectionSource = Iterable<unknown> | AbstractPaginator<unknown>

const hasOwn = Object.prototype.hasOwnProperty

function toItems(source: CollectionSource): readonly unknown[] {
  if (isPaginator(source)) return source.items()
  if (Array.isArray(source)) return source
  if (typeof source === 'object' && source !== null && Symbol.iterator in source)
    return Array.from(source)
  throw ArgumentError.collectionSource(source)
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
export class ResourceCollection<R extends JsonResource = JsonResource>
  implements Respondable, Resolvable
{
  /** The wrap key; when not set on a subclass, the collected resource's `wrap` (default `data`). */
  static wrap?: string | null
  /** The resource class items are mapped through, for subclasses (`() => UserResource`). */
  static collects?: () => JsonResourceClass

  /** The items of the list or of the paginator's page, unmapped. */
  readonly collection: readonly unknown[]
  /** The paginator, when the collection was built over one. */
  readonly paginator: AbstractPaginator<unknown> | undefined
  readonly #collects: JsonResourceClass | undefined
  #additional: Record<string, unknown> | undefined

  constructor(itemsOrPaginator: CollectionSource, collects?: JsonResourceClass<R>) {
    this.paginator = isPaginator(itemsOrPaginator) ? itemsOrPaginator : undefined
    this.collection = toItems(itemsOrPaginator)
    const ctor = this.constructor as typeof ResourceCollection
    this.#collects = collects ?? ctor.collects?.()
  }

  /** The mapped items (each resource's output, without its wrap key). */
  toArray(request?: unknown): unknown[] {
    const q = currentRequest(request)
    if (this.#collects !== undefined)
      return rendererFor(this.#collects).render(this.collection, q) as unknown[]
    return this.collection.map((item) => (item === undefined ? null : finalizeValue(item, q)))
  }

  /** Nested in another resource: the mapped items. */
  [RESOLVE](request: unknown): unknown {
    const items = this.toArray(request)
    // The base toArray's items are already final; only an override's result needs the walk.
    return this.toArray === baseToArray ? items : finalizeValue(items, request)
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
    const items = this[RESOLVE](q)
    const extra = this.#additional ?? {}
    const wrap = this.wrapKey()
    if (this.paginator !== undefined) return this.paginated(items, wrap ?? 'data', extra, q)
    if (wrap === null && Object.keys(extra).length === 0) return items
    return this.withExtra({ [wrap ?? 'data']: items }, extra, q)
  }

  private paginated(
    items: unknown,
    key: string,
    extra: Record<string, unknown>,
    q: unknown,
  ): Record<string, unknown> {
    const { links, meta, ...rest } = extra
    const body = {
      [key]: items,
      links: { ...this.paginator!.toResourceLinks(), ...this.extraSection('links', links, q) },
      meta: { ...this.paginator!.toResourceMeta(), ...this.extraSection('meta', meta, q) },
    }
    return this.withExtra(body, rest, q)
  }

  private extraSection(key: string, value: unknown, q: unknown): Record<string, unknown> {
    if (value === undefined) return {}
    const data = finalizeValue(value, q)
    if (!isPlainObject(data)) throw ResourceError.additionalKeyCollision(this.constructor, key)
    return data
  }

  private withExtra(
    body: Record<string, unknown>,
    extra: Record<string, unknown>,
    q: unknown,
  ): Record<string, unknown> {
    for (const key of Object.keys(extra)) {
      if (hasOwn.call(body, key)) {
        const wrap = this.wrapKey() ?? 'data'
        throw key === wrap
          ? ResourceError.wrapKeyCollision(this.constructor, key)
          : ResourceError.additionalKeyCollision(this.constructor, key)
      }
      setKey(body, key, finalizeValue(extra[key], q))
    }
    return body
  }

  /** The payload, so `JSON.stringify(collection)` works. */
  toJSON(): unknown {
    return this.toPayload()
  }

  /** Extra top-level keys (or `links`/`meta` entries on a paginated collection); chainable. */
  additional(mapping: Readonly<Record<string, unknown>>): this {
    const wrap = this.wrapKey() ?? 'data'
    this.#additional = mergeAdditional(this.constructor, wrap, this.#additional, mapping)
    return this
  }

  /** The keys given to {@link additional} so far. */
  additionalData(): Readonly<Record<string, unknown>> {
    return this.#additional ?? {}
  }

  /** The HTTP response: status 200, `application/json`, the payload. */
  [TO_RESPONSE](request?: unknown): ResponseSpec {
    return okResponse(this.toPayload(request))
  }
}

Object.defineProperty(ResourceCollection.prototype, COLLECTION_BRAND, { value: true })
const baseToArray = markBase(ResourceCollection.prototype.toArray)
markBase(ResourceCollection.prototype[RESOLVE])
