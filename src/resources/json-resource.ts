import { ResourceError } from '../errors/base'
import { traitsOf } from '../compiler/compile'
import { currentRequest } from '../context/request-context'
import { jsonBody } from '../response/body'
import { finalizeValue } from '../runtime/finalize'
import { MISSING, type Missing } from '../runtime/missing'
import type { ModelOf } from '../runtime/payload'
import { BODY, markBase, RESOLVE } from '../runtime/protocol'
import { AbstractResource } from './abstract-resource'
import { HELPERS, type KindHelpers } from '../metadata/kinds'
import type { AbsenceOf, AcceptedSource, CollectionFor, ShapeOf } from './payload'
import { ResourceCollection, type AbsentSource, type CollectionSource } from './resource-collection'

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
 * Transforms one model (or any value) into a JSON-safe payload. Declare the output with
 * decorators, or override `toArray(request)` using the `when*` helpers, or both.
 *
 * A resource over `null` or `undefined` renders as `null` (`{ data: null }`): no field is evaluated.
 *
 * @example
 * class UserResource extends JsonResource<User> {
 *   @Field() id!: number
 *   @WhenLoaded(() => [PostResource]) posts?: NestedList<typeof PostResource>
 * }
 * res.json(new UserResource(user))         // { data: { id: 1, posts: [...] } }
 * new UserResource(user).toPayload()        // the same, outside a request
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class JsonResource<T = unknown> extends AbstractResource {
  /** The key the payload is wrapped under; `null` disables wrapping. */
  static wrap: string | null = 'data'
  /**
   * A collection of this resource over a `Map` or a plain object keeps the source's keys (an object
   * keyed like the source) instead of listing the values.
   */
  static preserveKeys = false
  /**
   * Wrap the payload under the wrap key even when it already has that key at its top level (by
   * default a payload that has it is sent as it is, so it is never wrapped twice).
   */
  static forceWrapping = false

  readonly #resource: T

  /**
   * @param resource the wrapped value (a model is not required). `null` renders `null`; `MISSING`
   *   (a `whenLoaded()` of a relation that was not loaded) renders no key where the resource is nested.
   */
  constructor(resource: T | Missing | null) {
    super()
    this.#resource = resource as T
  }

  /** The wrapped value (not an own property: spreading a resource never copies the model). */
  get resource(): T {
    return this.#resource
  }

  /**
   * The output fields. The base implementation gives the decorated members (compiled once per class),
   * or, for a class without any, the model's own attributes. An override may spread
   * `super.toArray(request)`.
   */
  toArray(request?: unknown): Record<string, unknown> {
    const model = this.#resource as unknown
    if (isNoModel(model)) return {}
    const fn = traitsOf(this.constructor).toArray
    return fn === null ? defaultAttributes(model) : fn(model, currentRequest(request), this)
  }

  /** The output as nested in another resource: no wrap key, no `additional()`. */
  [RESOLVE](request: unknown): unknown {
    const model = this.#resource as unknown
    if (isNoModel(model)) return model === MISSING ? MISSING : null
    const data = this.toArray(request)
    // The compiled toArray already strips MISSING exactly where it can appear.
    if (traitsOf(this.constructor).compiledIsOutput) return data
    return finalizeValue(data, request)
  }

  /** The body: wrapped, `MISSING` stripped, `additional()` keys added. */
  [BODY](request?: unknown): unknown {
    const q = currentRequest(request)
    const cls = this.constructor as JsonResourceClass
    const resolved = this[RESOLVE](q)
    const data = resolved === MISSING ? null : resolved
    // null is the body of a resource over no model; a toArray() that returns it has no fields to show
    if (data === null && cls.wrap === null && !isNoModel(this.#resource))
      throw ResourceError.unwrappedNonObject(cls, data)
    const additional = this.topLevel(q)
    const forceWrap = (cls as { forceWrapping?: boolean }).forceWrapping === true
    const body = jsonBody({
      owner: cls,
      data,
      wrap: cls.wrap,
      list: false,
      additional,
      forceWrap,
      request: q,
    })
    return body
  }

  /** @internal */
  protected additionalGuard(): string | null {
    return (this.constructor as JsonResourceClass).wrap
  }

  /**
   * A resource over `resource`, as `new` builds it (Laravel's `make`), typed by what it is given:
   * in a `toArray()` override, `author: UserResource.make(this.whenLoaded<User>('author'))` is an
   * optional key (a relation not loaded renders no key) that may be `null` (one loaded as `null`).
   */
  static make<R extends JsonResource, S extends ModelOf<R> | AbsentSource>(
    this: JsonResourceClass<R>,
    resource: S,
  ): R & AbsenceOf<S> {
    return new this(resource as never) as R & AbsenceOf<S>
  }

  /**
   * A collection mapping every item (a list, a keyed source or a paginator of this resource's
   * models) through this resource; its body type follows the source (a list, or the paginator's
   * kind). A JSON:API resource builds a JSON:API collection document. Over `MISSING` (a
   * `whenLoaded()` of a relation that was not loaded) the nested collection leaves its key out; over
   * `null` it renders `null`.
   */
  static collection<R extends JsonResource, S extends CollectionSource | AbsentSource>(
    this: JsonResourceClass<R>,
    itemsOrPaginator: S & AcceptedSource<Exclude<S, AbsentSource>, ModelOf<R>>,
  ): CollectionFor<R, ShapeOf<Exclude<S, AbsentSource>>> & AbsenceOf<S> {
    const cls = this as unknown as typeof JsonResource
    return cls.newCollection(itemsOrPaginator, this) as unknown as CollectionFor<
      R,
      ShapeOf<Exclude<S, AbsentSource>>
    > &
      AbsenceOf<S>
  }

  /** Builds what {@link JsonResource.collection} returns (one place a subclass changes it). @internal */
  protected static newCollection(
    source: CollectionSource | AbsentSource,
    cls: JsonResourceClass,
  ): unknown {
    return new ResourceCollection(source, cls)
  }
}

// The helpers (`when`, `whenLoaded`, `mergeWhen`, ...) come from the table of member kinds: each
// kind's module declares its own, and they become methods of the class here, once, as class methods
// are (non-enumerable, replaceable by a subclass).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
export interface JsonResource<T = unknown> extends KindHelpers {}
for (const [name, method] of Object.entries(HELPERS))
  Object.defineProperty(JsonResource.prototype, name, {
    value: method,
    writable: true,
    configurable: true,
  })

markBase(JsonResource.prototype.toArray)
markBase(JsonResource.prototype[RESOLVE])

/** `null`, `undefined` or `MISSING`: a resource over no model, which renders `null`. */
function isNoModel(model: unknown): boolean {
  return model === null || model === undefined || model === MISSING
}
