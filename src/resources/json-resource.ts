import { traitsOf } from '../compiler/compile'
import { currentRequest } from '../context/current-request'
import { jsonBody } from '../response/body'
import { finalizeValue } from '../runtime/finalize'
import { MISSING, type Missing } from '../runtime/missing'
import type { ModelOf } from '../runtime/payload'
import { markBase, RESOLVE } from '../runtime/protocol'
import { AbstractResource } from './abstract-resource'
import * as helpers from './conditionals'
import type { Lazy, ValueOf } from './conditionals'
import type { AcceptedSource, CollectionFor, ResourceBodyOf, ShapeOf } from './payload'
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
 *   @WhenLoaded(() => PostResource) posts?: NestedList<typeof PostResource>
 * }
 * res.json(new UserResource(user))         // { data: { id: 1, posts: [...] } }
 * new UserResource(user).toPayload()        // the same, outside a request
 */
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
    if (model === null || model === undefined || model === MISSING) return {}
    const fn = traitsOf(this.constructor).toArray
    return fn === null ? defaultAttributes(model) : fn(model, currentRequest(request), this)
  }

  /** The output as nested in another resource: no wrap key, no `additional()`. */
  [RESOLVE](request: unknown): unknown {
    const model = this.#resource as unknown
    if (model === null || model === undefined) return null
    if (model === MISSING) return MISSING
    const data = this.toArray(request)
    // The compiled toArray already strips MISSING exactly where it can appear.
    if (traitsOf(this.constructor).compiledIsOutput) return data
    return finalizeValue(data, request)
  }

  /**
   * The final payload: wrapped, `MISSING` stripped, `additional()` keys added. Typed as
   * `{ data: PayloadOf<this> }` (a JSON:API resource: its document); a class with another static
   * `wrap` is described by `BodyOf<typeof TheClass>`.
   */
  toPayload<Self>(this: Self, request?: unknown): ResourceBodyOf<Self> {
    const self = this as unknown as JsonResource
    const q = currentRequest(request)
    const cls = self.constructor as JsonResourceClass
    const resolved = self[RESOLVE](q)
    const data = resolved === MISSING ? null : resolved
    const additional = self.topLevel(q)
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
    return body as ResourceBodyOf<Self>
  }

  /** @internal */
  protected additionalGuard(): string | null {
    return (this.constructor as JsonResourceClass).wrap
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
    itemsOrPaginator: S & (AcceptedSource<Exclude<S, AbsentSource>, ModelOf<R>> | AbsentSource),
  ): CollectionFor<R, ShapeOf<Exclude<S, AbsentSource>>> {
    const cls = this as unknown as typeof JsonResource
    return cls.newCollection(itemsOrPaginator, this) as unknown as CollectionFor<
      R,
      ShapeOf<Exclude<S, AbsentSource>>
    >
  }

  /** Builds what {@link JsonResource.collection} returns (one place a subclass changes it). @internal */
  protected static newCollection(
    source: CollectionSource | AbsentSource,
    cls: JsonResourceClass,
  ): unknown {
    return new ResourceCollection(source, cls)
  }

  /** `value` (called first when a function) when `condition` is truthy, else `fallback` (default MISSING). */
  when<V, D = Missing>(condition: unknown, value: Lazy<V>, fallback?: Lazy<D>): V | D {
    return helpers.when(condition, value, fallback)
  }

  /** {@link JsonResource.when} with the condition negated (Laravel's `unless()`). */
  unless<V, D = Missing>(condition: unknown, value: Lazy<V>, fallback?: Lazy<D>): V | D {
    return helpers.when(!condition, value, fallback)
  }

  /** `value` unless it is `null` or `undefined`, then `fallback` (default: no key). */
  whenNotNull<V, D = Missing>(value: V, fallback?: Lazy<D>): NonNullable<V> | D {
    return helpers.whenNotNull(value, fallback)
  }

  /**
   * The eager-loaded relation (or `cb` of it); `null` if loaded as null; else `fallback` (default:
   * no key).
   */
  whenLoaded<V = unknown, R = V, D = Missing>(
    relation: string,
    cb?: (value: V) => R,
    fallback?: Lazy<D>,
  ): R | null | D {
    return helpers.whenLoaded(this.#resource, relation, cb, fallback)
  }

  /**
   * The loaded `<relation>_count` (snake case: `fooBars` reads `foo_bars_count`; a name already
   * ending in `_count` is read as it is), or `cb` of it; `null` when it is `null`; else `fallback`
   * (default: no key).
   */
  whenCounted<R = number, D = Missing>(
    relation: string,
    cb?: (count: number) => R,
    fallback?: Lazy<D>,
  ): R | null | D {
    return helpers.whenCounted(this.#resource, relation, cb, fallback)
  }

  /** The pivot object under `accessor` (or `cb` of it), else `MISSING`. */
  whenPivotLoaded<P = Record<string, unknown>, R = P>(
    cb?: (pivot: P) => R,
    accessor = 'pivot',
  ): R | Missing {
    return helpers.whenPivotLoaded(this.#resource, cb, accessor)
  }

  /**
   * `mapping` when `condition` is truthy, else `fallback` (when given), else `{}`: spread it into
   * `toArray()`'s result, or place it as a value or in a list (its keys or items are merged in
   * place). `mapping` may be a list, or a resource or collection (merged as it renders).
   */
  mergeWhen<M extends object, D extends object = M>(
    condition: unknown,
    mapping: Lazy<M>,
    fallback?: Lazy<D>,
  ): Partial<M> | Partial<D> {
    return helpers.mergeWhen(condition, mapping, fallback)
  }

  /** {@link JsonResource.mergeWhen} with the condition negated. */
  mergeUnless<M extends object, D extends object = M>(
    condition: unknown,
    mapping: Lazy<M>,
    fallback?: Lazy<D>,
  ): Partial<M> | Partial<D> {
    return helpers.mergeUnless(condition, mapping, fallback)
  }

  /** `mapping`, merged in place (Laravel's `merge()`): {@link JsonResource.mergeWhen} with `true`. */
  merge<M extends object>(mapping: Lazy<M>): Partial<M> {
    return helpers.mergeWhen(true, mapping)
  }

  /**
   * The model's `attribute` when it has it (`null` included; a property that is absent or
   * `undefined` is not had), else `fallback` (default: no key). With `value`, that instead (a
   * function gets the attribute).
   *
   * @example
   * toArray() { return { nickname: this.whenHas('nickname'), bio: this.whenHas('bio', (b) => b.trim()) } }
   */
  whenHas<V = unknown>(attribute: string): V | Missing
  whenHas<V = unknown, R = V>(attribute: string, value: ValueOf<V, R>): R | Missing
  whenHas<V = unknown, R = V, D = Missing>(
    attribute: string,
    value: ValueOf<V, R>,
    fallback: Lazy<D>,
  ): R | D
  whenHas(attribute: string, ...args: [value?: unknown, fallback?: unknown]): unknown {
    return helpers.whenHas(this.#resource, attribute, args)
  }

  /** `null` when `value` is `null` or `undefined`, else `fallback` (default: no key). */
  whenNull<D = Missing>(value: unknown, fallback?: Lazy<D>): null | D {
    return helpers.whenNull(value, fallback)
  }

  /**
   * A relation's aggregate selected with the query, read from `<relation>_<aggregate>_<column>`
   * (`posts_sum_votes`, `posts_avg_score`, `posts_max_created_at`, as Laravel names them), or `cb`
   * of it; `null` when it is `null`; `fallback` (default: no key) when it was not selected.
   *
   * @example
   * toArray() { return { votes: this.whenAggregated('posts', 'votes', 'sum') } }
   */
  whenAggregated<R = unknown, D = Missing>(
    relation: string,
    column: string,
    aggregate: 'sum' | 'avg' | 'min' | 'max' | (string & {}),
    cb?: ValueOf<unknown, R>,
    fallback?: Lazy<D>,
  ): R | null | D {
    const value = helpers.whenAggregated(this.#resource, relation, column, aggregate, cb, fallback)
    return value as R | null | D
  }

  /**
   * Whether related rows exist, selected with the query as `<relation>_exists` (`1`/`0` or a
   * boolean), as a boolean or `cb` of it; `null` when it is `null`; `fallback` (default: no key)
   * when it was not selected.
   */
  whenExistsLoaded<R = boolean, D = Missing>(
    relation: string,
    cb?: ValueOf<boolean, R>,
    fallback?: Lazy<D>,
  ): R | null | D {
    return helpers.whenExistsLoaded(this.#resource, relation, cb, fallback) as R | null | D
  }
}

markBase(JsonResource.prototype.toArray)
markBase(JsonResource.prototype[RESOLVE])
