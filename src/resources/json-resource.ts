import { modelShapeOf } from '../compiler/compile-shape'
import type { Missing } from '../runtime/missing'
import { okResponse, TO_RESPONSE, type Respondable, type ResponseSpec } from '../runtime/respondable'
import * as helpers from './conditionals'
import type { Lazy } from './conditionals'
import { currentRequest } from '../context/current-request'
import { finalizeValue } from '../runtime/finalize'
import { assemblePayload, mergeAdditional } from '../response/payload'
import { markBase, RESOLVE, type Resolvable } from '../runtime/protocol'
import { ResourceCollection, type CollectionSource } from './resource-collection'

/** Any `JsonResource` class (what `collection()` and thunks work with). */
export type JsonResourceClass<R extends JsonResource = JsonResource> = (new (
  resource: never,
) => R) & {
  readonly wrap: string | null
}

function defaultAttributes(model: unknown): Record<string, unknown> {
  const toJSON = (model as { toJSON?: unknown } | null)?.toJSON
  if (typeof toJSON === 'function') return toJSON.call(model) as Record<string, unknown>
  if (typeof model === 'object' && model !== null && !Array.isArray(model)) return { ...model }
  return model as Record<string, unknown>
}

/**
 * Transforms one model (or any value) into a JSON-safe payload (spec 2.1). Declare the output with
 * decorators, or override `toArray(request)` using the `when*` helpers, or both.
 *
 * A resource over `null` or `undefined` renders as `null` (`{ data: null }`): no field is evaluated.
 *
 * @example
 * class UserResource extends JsonResource<User> {
 *   @Field() id!: number
 *   @WhenLoaded(() => PostResource) posts!: unknown
 * }
 * res.json(new UserResource(user))         // { data: { id: 1, posts: [...] } }
 * new UserResource(user).toPayload()        // the same, outside a request
 */
export class JsonResource<T = unknown> implements Respondable, Resolvable {
  /** The key the payload is wrapped under; `null` disables wrapping. */
  static wrap: string | null = 'data'

  #additional: Record<string, unknown> | undefined

  /** @param resource the wrapped value (a model is not required). */
  constructor(readonly resource: T) {}

  /**
   * The output fields. The base implementation gives the decorated members (compiled once per class),
   * or, for a class without any, the model's own attributes. An override may spread
   * `super.toArray(request)`.
   */
  toArray(request?: unknown): Record<string, unknown> {
    const model = this.resource as unknown
    if (model === null || model === undefined) return {}
    const fn = modelShapeOf(this.constructor)
    return fn === null ? defaultAttributes(model) : fn(model, currentRequest(request), this)
  }

  /** The output as nested in another resource: no wrap key, no `additional()`. */
  [RESOLVE](request: unknown): unknown {
    if (this.resource === null || this.resource === undefined) return null
    const data = this.toArray(request)
    // The base toArray over decorated members already strips MISSING exactly where it can appear.
    if (this.toArray === baseToArray && modelShapeOf(this.constructor) !== null) return data
    return finalizeValue(data, request)
  }

  /** The final payload: wrapped, `MISSING` stripped, `additional()` keys added. */
  toPayload(request?: unknown): unknown {
    const q = currentRequest(request)
    const cls = this.constructor as JsonResourceClass
    return assemblePayload(cls, this[RESOLVE](q), cls.wrap, this.#additional, q)
  }

  /** The payload, so `JSON.stringify(resource)` works (the request comes from the context). */
  toJSON(): unknown {
    return this.toPayload()
  }

  /** Extra top-level keys beside the wrap key; chainable. The wrap key itself is an error. */
  additional(mapping: Readonly<Record<string, unknown>>): this {
    const wrap = (this.constructor as JsonResourceClass).wrap
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

  /** A collection mapping every item (a list or a paginator) through this resource. */
  static collection<R extends JsonResource>(
    this: JsonResourceClass<R>,
    itemsOrPaginator: CollectionSource,
  ): ResourceCollection<R> {
    return new ResourceCollection<R>(itemsOrPaginator, this)
  }

  /** `value` (called first when a function) when `condition` is truthy, else `fallback` (default MISSING). */
  when<V, D = Missing>(condition: unknown, value: Lazy<V>, fallback?: Lazy<D>): V | D {
    return helpers.when(condition, value, fallback)
  }

  /** `value` unless it is `null` or `undefined` (then `MISSING`). */
  whenNotNull<V>(value: V): NonNullable<V> | Missing {
    return helpers.whenNotNull(value)
  }

  /** The eager-loaded relation (or `cb` of it); `null` if loaded as null; else `MISSING`. */
  whenLoaded<V = unknown, R = V>(relation: string, cb?: (value: V) => R): R | null | Missing {
    return helpers.whenLoaded(this.resource, relation, cb)
  }

  /** The loaded `<relation>_count` (or `cb` of it), else `MISSING`. */
  whenCounted<R = number>(relation: string, cb?: (count: number) => R): R | Missing {
    return helpers.whenCounted(this.resource, relation, cb)
  }

  /** The pivot object under `accessor` (or `cb` of it), else `MISSING`. */
  whenPivotLoaded<P = Record<string, unknown>, R = P>(
    cb?: (pivot: P) => R,
    accessor = 'pivot',
  ): R | Missing {
    return helpers.whenPivotLoaded(this.resource, cb, accessor)
  }

  /** `mapping` when `condition` is truthy, else `{}`: spread it into `toArray()`'s result. */
  mergeWhen<M extends object>(condition: unknown, mapping: Lazy<M>): Partial<M> {
    return helpers.mergeWhen(condition, mapping)
  }
}

const baseToArray = markBase(JsonResource.prototype.toArray)
markBase(JsonResource.prototype[RESOLVE])
