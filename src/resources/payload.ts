/**
 * The public types of what resources produce: one resource's payload ({@link PayloadOf}), and the
 * bodies around it (a resource, a list, the three kinds of paginated collection). The JSON:API
 * documents add their kind to {@link ResourceBodies} and {@link CollectionBodies}.
 * @module
 */
import type { BasePaginator } from '../pagination/base-paginator'
import type { CursorPaginator } from '../pagination/cursor-paginator'
import type { LengthAwarePaginator } from '../pagination/length-aware-paginator'
import type { Paginator } from '../pagination/paginator'
import type {
  CursorPaginationLinks,
  CursorPaginationMeta,
  LengthAwarePaginationMeta,
  PaginationResourceLinks,
  SimplePaginationMeta,
} from '../pagination/types'
import type {
  CollectionLike,
  CollectionTypes,
  ResourceLike,
  DataOf,
  IsAny,
  ModelOf,
  RenderedOf,
  PAYLOAD_TYPES,
  MaybeAbsent,
} from '../runtime/payload'
import type { JsonResource } from './json-resource'
import type { ResourceCollection } from './resource-collection'

/** The instance type of a resource class, or the type itself when it is an instance type. */
export type InstanceOf<C> = C extends abstract new (...args: never) => infer I ? I : C

/**
 * The payload of one resource: the `data` object of `toPayload()`, derived from the types of the
 * members the class declares (see the "Typed payloads" section of the README). Takes the class
 * (`PayloadOf<typeof UserResource>`) or its instance type.
 *
 * @example
 * class UserResource extends JsonResource<User> {
 *   @Field() id!: number
 *   @WhenNotNull() nickname?: string
 * }
 * type User = PayloadOf<typeof UserResource> // { id: number; nickname?: string }
 */
export type PayloadOf<C> = DataOf<InstanceOf<C>>

/**
 * The type of a member nested through a resource thunk, `@WhenLoaded(() => R) author?: Nested<typeof R>`:
 * the payload counts it as `R`'s payload. It is `R`'s instance type, named through the class
 * (`typeof R`) so that `emitDecoratorMetadata` records no reference to a class declared later in
 * the file, and resources that nest each other stay lazily typed.
 */
export type Nested<C> = C extends abstract new (...args: never) => infer I ? I : never

/** A list nested through a resource thunk: `@WhenLoaded(() => [R]) posts?: NestedList<typeof R>`. */
export type NestedList<C> = Nested<C>[]

/**
 * A JSON:API relationship to one resource, `@Relationship(() => R) author?: Related<typeof R>`
 * (the same as {@link Nested}: the document type counts it as a relationship to `R`).
 */
export type Related<C> = Nested<C>

/** A member holding a list of related resources: `@Relationship(() => [R]) tags?: RelatedList<typeof R>`. */
export type RelatedList<C> = Related<C>[]

/** How a collection's items were given: what its body looks like depends on it. */
export type CollectionShape = 'list' | 'keyed' | 'length-aware' | 'simple' | 'cursor' | 'paginated'

/** The shape of a collection over `source` (a list, a keyed source, or one kind of paginator). */
export type ShapeOf<S> =
  IsAny<S> extends true
    ? CollectionShape
    : S extends LengthAwarePaginator<infer _>
      ? 'length-aware'
      : S extends CursorPaginator<infer _>
        ? 'cursor'
        : S extends Paginator<infer _>
          ? 'simple'
          : S extends BasePaginator<infer _>
            ? 'paginated'
            : S extends ReadonlyMap<unknown, unknown>
              ? 'keyed'
              : S extends Iterable<unknown>
                ? 'list'
                : 'keyed'

/**
 * The mark of a collection over `source` when the source may be absent: `MISSING` (a `whenLoaded()`
 * of a relation not loaded: the key is left out) or `null`/`undefined` (it renders `null`); so a
 * `toArray()` returning `posts: PostResource.collection(this.whenLoaded<Post[]>('posts'))` types
 * `posts` as an optional key that may be `null`.
 */
export type AbsenceOf<S> =
  IsAny<S> extends true
    ? unknown
    : [SourceAbsence<S>] extends [never]
      ? unknown
      : MaybeAbsent<SourceAbsence<S>>

type SourceAbsence<S> =
  | ([Extract<S, symbol>] extends [never] ? never : 'missing')
  | (null extends S ? 'null' : undefined extends S ? 'null' : never)

/**
 * What `SomeResource.collection()` accepts for a resource over model `M`: a list of models, a
 * paginator of them, or a keyed source (a `Map` or a plain object) whose values are models.
 */
export type CollectionSourceOf<M> =
  Iterable<M> | BasePaginator<M> | ReadonlyMap<unknown, M> | Readonly<Record<string, M>>

/** The item type of a collection source (`unknown` when it does not say). */
type SourceItemOf<S> =
  S extends BasePaginator<infer T>
    ? T
    : S extends ReadonlyMap<unknown, infer T>
      ? T
      : S extends Iterable<infer T>
        ? T
        : S extends Readonly<Record<string, infer T>>
          ? T
          : unknown

/**
 * The members of `M` that items of type `I` lack (when `M` requires them) or hold with another type.
 */
type MisfitMembers<I, M> = {
  [K in keyof M]-?: K extends keyof I
    ? [I[K]] extends [M[K]]
      ? never
      : K
    : object extends Pick<M, K>
      ? never
      : K
}[keyof M]

/**
 * The type error of a `collection()` whose items are not the resource's models: one required
 * property per member that does not fit, named so that the error says which member and why (its
 * type is the model's type of that member).
 */
type CollectionMisfit<I, M> = [I] extends [object]
  ? [MisfitMembers<I, M> & string] extends [never]
    ? NotModels<M>
    : MemberMisfits<I, M>
  : NotModels<M>

type NotModels<M> = { readonly 'collection(): the items are not models of this resource': M }

type MemberMisfits<I, M> = {
  readonly [
    K in MisfitMembers<I, M> & string as K extends keyof I
      ? `collection(): member "${K}" of the items does not have the model's type`
      : `collection(): member "${K}" is missing from the items`
  ]: M[K]
}

/**
 * What `collection()` adds to its source `S` for a resource over model `M`: nothing (`unknown`)
 * when the source's items are models (`null` items render as `null`), typed `unknown` (an
 * untyped query, taken as it is), or objects for a resource over a dictionary type
 * (`Record<string, unknown>`); otherwise a type whose properties name the members that do not fit.
 */
export type AcceptedSource<S, M> =
  IsAny<SourceItemOf<S>> extends true
    ? unknown
    : unknown extends SourceItemOf<S>
      ? unknown
      : string extends keyof M
        ? [SourceItemOf<S>] extends [object | null | undefined]
          ? unknown
          : CollectionMisfit<SourceItemOf<S>, object>
        : [SourceItemOf<S>] extends [M | null | undefined]
          ? unknown
          : CollectionMisfit<NonNullable<SourceItemOf<S>>, M>

/** The model type a resource class (or instance) renders. */
export type ModelOfResource<C> = ModelOf<InstanceOf<C>>

type InstanceResourceBody<R> = R extends unknown
  ? {
      data: RenderedOf<R>
    }
  : never

type InstanceCollectionBody<R> = R extends unknown
  ? {
      data: RenderedOf<R>[]
    }
  : never

type InstanceKeyedCollectionBody<R> = R extends unknown
  ? {
      data: RenderedOf<R>[] | Record<string, RenderedOf<R>>
    }
  : never

/** The `links` and `meta` of a page, by the shape of its paginator. */
export interface PageParts {
  'length-aware': {
    links: PaginationResourceLinks & { last: string }
    meta: LengthAwarePaginationMeta
  }
  simple: { links: PaginationResourceLinks & { last: null }; meta: SimplePaginationMeta }
  cursor: { links: CursorPaginationLinks; meta: CursorPaginationMeta }
}

type InstancePaginatedBody<R> = R extends unknown
  ? { data: RenderedOf<R>[] } & PageParts['length-aware']
  : never

type SimpleInstancePaginatedBody<R> = { data: RenderedOf<R>[] } & PageParts['simple']

type CursorInstancePaginatedBody<R> = { data: RenderedOf<R>[] } & PageParts['cursor']

type OtherInstancePaginatedBody<R> = {
  data: RenderedOf<R>[]
  links: Record<string, unknown>
  meta: Record<string, unknown>
}

/** The body of one resource: its payload under `data` (`null` over a missing model). */
export type ResourceBody<C> = InstanceResourceBody<InstanceOf<C>>

/** The body of a collection over a list: `{ data: [...] }`. */
export type CollectionBody<C> = InstanceCollectionBody<InstanceOf<C>>

/** The body of a collection over a `Map` or plain object: a list, or keyed like the source when `preserveKeys` is on. */
export type KeyedCollectionBody<C> = InstanceKeyedCollectionBody<InstanceOf<C>>

/** The body of a collection over a length-aware paginator: `{ data, links, meta }` with `total`. */
export type PaginatedBody<C> = InstancePaginatedBody<InstanceOf<C>>

/** The body of a collection over a simple paginator: no `total`, `links.last` is `null`. */
export type SimplePaginatedBody<C> = SimpleInstancePaginatedBody<InstanceOf<C>>

/** The body of a collection over a cursor paginator: `next_cursor` and `prev_cursor` in `meta`. */
export type CursorPaginatedBody<C> = CursorInstancePaginatedBody<InstanceOf<C>>

/** The body of a collection over another kind of paginator. */
export type OtherPaginatedBody<C> = OtherInstancePaginatedBody<InstanceOf<C>>

/**
 * The body of a resource instance `R`, by kind. A plain resource has the `json` body; the JSON:API
 * resources add `jsonapi` (declaration merging).
 */
export interface ResourceBodies<R> {
  json: InstanceResourceBody<R>
}

/** The body of a collection of `R` with shape `S`, by kind (see {@link ResourceBodies}). */
export interface CollectionBodies<R, S extends CollectionShape> {
  json: S extends 'list'
    ? InstanceCollectionBody<R>
    : S extends 'keyed'
      ? InstanceKeyedCollectionBody<R>
      : S extends 'length-aware'
        ? InstancePaginatedBody<R>
        : S extends 'simple'
          ? SimpleInstancePaginatedBody<R>
          : S extends 'cursor'
            ? CursorInstancePaginatedBody<R>
            : OtherInstancePaginatedBody<R>
}

/** The kind of body an instance declares (`json` unless it says otherwise). */
type BodyKind<R> = typeof PAYLOAD_TYPES extends keyof R
  ? NonNullable<R[typeof PAYLOAD_TYPES]> extends { readonly document: infer K extends string }
    ? K
    : 'json'
  : 'json'

/**
 * The collection class `collection()` of a resource class builds, by kind (see
 * {@link ResourceBodies}).
 */
export interface CollectionClasses<R extends JsonResource, S extends CollectionShape> {
  json: ResourceCollection<R, S>
}

/** The collection `SomeResource.collection(source)` returns for resource `R` and source shape `S`. */
export type CollectionFor<R extends JsonResource, S extends CollectionShape> = CollectionClasses<
  R,
  S
>[BodyKind<R> & keyof CollectionClasses<R, S>]

/** The body `toPayload()` of resource instance `R` returns. */
export type ResourceBodyOf<R> = ResourceBodies<R>[BodyKind<R> & keyof ResourceBodies<R>]

/** The body `toPayload()` of collection instance `C` returns. */
export type CollectionBodyOf<C> = C extends {
  readonly [PAYLOAD_TYPES]?: CollectionTypes<infer R, infer S extends CollectionShape>
}
  ? CollectionBodies<R, S>[BodyKind<C> & keyof CollectionBodies<R, S>]
  : never

/**
 * The body a value is sent as by `res.json(value)` or a `respond()` handler: a resource's or
 * collection's `toPayload()`, a paginator's `toJSON()`, any other value as it is (its `toJSON()`
 * when it has one).
 */
export type ResponseBody<V> =
  IsAny<V> extends true
    ? V
    : V extends CollectionLike
      ? CollectionBodyOf<V>
      : V extends ResourceLike
        ? ResourceBodyOf<V>
        : V extends { toJSON(): infer J }
          ? J
          : V

/**
 * The body of a resource or collection class (or instance). For a resource class the static `wrap`
 * is read: `null` sends the payload itself, a literal key (`static override wrap = 'user' as const`)
 * that key; otherwise `data`.
 */
export type BodyOf<C> = C extends abstract new (...args: never) => infer I
  ? I extends { readonly resource: unknown }
    ? BodyKind<I> extends 'json'
      ? WrappedBody<C, I>
      : ResponseBody<I>
    : ResponseBody<I>
  : ResponseBody<C>

type WrappedBody<C, I> = C extends { readonly wrap: infer W }
  ? string | null extends W
    ? ResourceBody<I>
    : [W] extends [null]
      ? RenderedOf<I>
      : W extends string
        ? { [K in W]: RenderedOf<I> }
        : ResourceBody<I>
  : ResourceBody<I>
