/**
 * The static side of payloads: what one resource's data looks like, derived from the types of the
 * members its class declares. Decorators cannot change a class's type, so the rules are about
 * declarations:
 *
 * - every public, non-method member with a string name is an output key (`resource` and the base
 *   classes' methods are not), typed as declared;
 * - a member declared optional (`?`) or whose type includes `undefined` is an optional key (JSON
 *   leaves an `undefined` value out), which is why conditional decorators require one of them;
 * - a member typed as a resource (or a list of them, or a collection) is that resource's payload,
 *   so `@WhenLoaded(() => [PostResource]) posts?: PostResource[]` reads as a list of post payloads;
 * - a member typed {@link Merged} (a `@MergeWhen` getter) adds its keys, each optional;
 * - a class that overrides `toArray()` with a narrower return type produces what it returns
 *   (`MISSING` values make optional keys); a class without members produces its model.
 *
 * Only types live here: the structural checks do not import the resource classes, so the
 * decorators' type checks (a lower layer) can use them too.
 * @module
 */
import type { MergeValue, Missing } from './missing'
import type { RESOLVE } from './protocol'

/**
 * The key of the type-only facts a resource or collection class declares about its output (never
 * set at run time: the members using it are `declare`d).
 */
export const PAYLOAD_TYPES: unique symbol = Symbol.for('api-resources.payloadTypes')

/** The brand that marks a {@link Merged} type; it exists only in types. */
declare const MERGED: unique symbol

/**
 * The type of a `@MergeWhen` getter: its keys join the payload, each optional (the condition may
 * leave all of them out).
 *
 * @example
 * @MergeWhen((user: User) => user.is_admin) get adminFields(): Merged<{ last_login_ip: string }> {
 *   return { last_login_ip: this.resource.last_login_ip }
 * }
 */
export type Merged<T extends object> = { [K in keyof T]?: T[K] } & { readonly [MERGED]?: true }

/**
 * The app's choices about how values are written as JSON, declared once for the whole program by
 * module augmentation, so that the payload types say what the wire carries. Today one choice:
 * `bigint`, the form a `bigint` member takes (`'string'`, its decimal string, unless declared; or
 * `'number'`, a JSON number, which the integrations' `bigint: 'number'` option writes).
 *
 * @example
 * declare module 'api-resources' {
 *   interface JsonEncoding {
 *     bigint: 'number'
 *   }
 * }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the app
export interface JsonEncoding {}

/**
 * A `bigint` in a payload: its decimal string, or a number when the app declared
 * `bigint: 'number'` in {@link JsonEncoding}.
 */
type BigintOutput = JsonEncoding extends { readonly bigint: infer B }
  ? [B] extends ['number']
    ? number
    : string
  : string

/** Is `T` `any`? */
export type IsAny<T> = 0 extends 1 & T ? true : false

/**
 * Is `V` a `T`, `null` and `undefined` aside? Never for `any`, nor for a type that is only `null`
 * or `undefined`.
 */
export type IsNonNullOf<V, T> =
  IsAny<V> extends true
    ? false
    : [NonNullable<V>] extends [never]
      ? false
      : [NonNullable<V>] extends [T]
        ? true
        : false

/** Is `V` a function type (`null` and `undefined` aside)? */
export type IsFunction<V> = IsNonNullOf<V, (...args: never) => unknown>

/** Is `V` a {@link Merged} type? */
export type IsMerged<V> =
  IsAny<V> extends true ? false : typeof MERGED extends keyof NonNullable<V> ? true : false

/** What a collection class declares about its items and its source. */
export interface CollectionTypes<R, S> {
  readonly collects: R
  readonly shape: S
}

/** The brand of a collection built over a source that may be absent; it exists only in types. */
export declare const ABSENT_SOURCE: unique symbol

/**
 * What a collection built over a source that may be absent renders instead of its items:
 * `'missing'` no key (the source may be `MISSING`, a `whenLoaded()` of a relation not loaded),
 * `'null'` a `null` (the source may be `null` or `undefined`).
 */
export type AbsentKind = 'missing' | 'null'

/** The mark `make()` and `collection()` put on a resource or collection over such a source (types only). */
export interface MaybeAbsent<A extends AbsentKind> {
  readonly [ABSENT_SOURCE]?: A
}

/** What a collection of type `V` may render instead of its items (never: always its items). */
type AbsentOf<V> =
  IsAny<V> extends true
    ? never
    : typeof ABSENT_SOURCE extends keyof NonNullable<V>
      ? Exclude<NonNullable<V>[typeof ABSENT_SOURCE], undefined>
      : never

/** A resource instance, structurally (a `JsonResource`). */
export interface ResourceLike {
  readonly resource: unknown
  toArray(request?: unknown): unknown
  [RESOLVE](request: unknown): unknown
}

/** A collection instance, structurally (a `ResourceCollection`). */
export interface CollectionLike<R = unknown, S = unknown> {
  readonly [PAYLOAD_TYPES]?: CollectionTypes<R, S>
  readonly collection: readonly unknown[]
  [RESOLVE](request: unknown): unknown
}

/** The model type of a resource instance (`unknown` when it is not known). */
export type ModelOf<R> = R extends { readonly resource: infer M }
  ? IsAny<M> extends true
    ? unknown
    : M
  : unknown

/** `null` when a resource over this model may render as `null` (a `null` or missing model). */
type NullOf<R> =
  unknown extends ModelOf<R>
    ? never
    : null extends ModelOf<R>
      ? null
      : undefined extends ModelOf<R>
        ? null
        : never

/** The member names that are output keys (string names, not methods, not `resource`). */
type MemberKeys<R> = {
  [K in keyof R]-?: K extends string
    ? K extends 'resource'
      ? never
      : IsFunction<R[K]> extends true
        ? never
        : K
    : never
}[keyof R]

/**
 * Is member `K` of `R` an optional key: declared `?`, or its type has `undefined` or `MISSING`
 * (which an inferred `toArray()` return type widens to `symbol`; JSON has no symbols), or it is a
 * resource or collection over a source that may be `MISSING` (`make()`, `collection()`)?
 */
type IsOptional<R, K extends keyof R> =
  Record<never, never> extends Pick<R, K>
    ? true
    : IsAny<R[K]> extends true
      ? false
      : undefined extends R[K]
        ? true
        : 'missing' extends AbsentOf<R[K]>
          ? true
          : [Extract<R[K], symbol>] extends [never]
            ? false
            : true

type Simplify<T> = { [K in keyof T]: T[K] } & {}

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  i: infer I,
) => void
  ? I
  : never

/** The items of a collection's payload. */
type ItemOf<C> = C extends CollectionLike<infer R> ? DataOf<R> | NullOf<R> : unknown

/**
 * A declared value type as it appears in the payload: a resource becomes its payload, a collection
 * the list of its items' (or `null`, over a source that may be `null`), a list item by item; `MISSING` is no value (the key is left out); a
 * `Date` is the string JSON carries (`toJSON()`: ISO 8601), a `bigint` its decimal string (or a
 * number, when the app declared so in {@link JsonEncoding}).
 */
export type OutputOf<V> =
  IsAny<V> extends true
    ? V
    : V extends Missing | symbol
      ? never
      : V extends Date
        ? string
        : V extends bigint
          ? BigintOutput
          : V extends CollectionLike
            ? ItemOf<V>[] | ('null' extends AbsentOf<V> ? null : never)
            : V extends ResourceLike
              ? DataOf<V> | NullOf<V> | ('null' extends AbsentOf<V> ? null : never)
              : V extends readonly (infer E)[]
                ? OutputOf<E>[]
                : V

type Present<V> = Exclude<V, undefined | symbol>

/** The member keys of `R` that are keys of the payload: the optional ones (`O` true) or the others. */
type PayloadKeys<R, O extends boolean> = {
  [K in MemberKeys<R>]: IsMerged<R[K]> extends true ? never : IsOptional<R, K> extends O ? K : never
}[MemberKeys<R>]

/** The payload of an object of members (the declared members, or what `toArray()` returns). */
type ObjectPayload<R> = Simplify<
  { -readonly [K in PayloadKeys<R, false>]: OutputOf<R[K]> } & {
    -readonly [K in PayloadKeys<R, true>]?: OutputOf<Present<R[K]>>
  } & MergedPart<R>
>

/** The keys of the `@MergeWhen` getters, each optional. */
type MergedPart<R> =
  UnionToIntersection<
    {
      [K in MemberKeys<R>]: IsMerged<R[K]> extends true
        ? {
            -readonly [P in Exclude<keyof NonNullable<R[K]>, typeof MERGED>]?: OutputOf<
              Present<NonNullable<R[K]>[P]>
            >
          }
        : never
    }[MemberKeys<R>]
  > extends infer I
    ? [I] extends [never]
      ? unknown
      : I
    : unknown

/**
 * What a class without declared members produces: the model as `JSON.stringify` writes it (its
 * `toJSON()` when it has one; a `Date` as its string, a `bigint` as {@link BigintOutput}, at any
 * depth; function-valued properties left out, as JSON leaves them out).
 */
type ModelData<M> =
  IsAny<M> extends true ? M : M extends object ? JsonOf<M> : Record<string, unknown>

/** A value as JSON carries it (see {@link ModelData}). */
type JsonOf<V> =
  IsAny<V> extends true
    ? V
    : V extends { toJSON(): infer J }
      ? J
      : V extends bigint
        ? BigintOutput
        : V extends readonly (infer E)[]
          ? JsonOf<E>[]
          : V extends object
            ? {
                -readonly [
                  K in keyof V as K extends symbol
                    ? never
                    : IsFunction<V[K]> extends true
                      ? never
                      : K
                ]: JsonOf<V[K]>
              }
            : V

/** What a `toArray()` override returns, as a payload (`MISSING` keys optional, merges spread). */
type ToArrayData<A> = A extends MergeValue<infer M> ? ObjectPayload<Partial<M>> : ObjectPayload<A>

/**
 * The payload of one resource instance type `R`: the `data` object its `toPayload()` wraps.
 * See the module comment for the rules.
 */
export type DataOf<R> =
  IsAny<R> extends true
    ? Record<string, unknown>
    : R extends { toArray(...args: never): infer A }
      ? Record<string, unknown> extends A
        ? [MemberKeys<R>] extends [never]
          ? unknown extends ModelOf<R>
            ? object
            : ModelData<NonNullable<ModelOf<R>>>
          : ObjectPayload<R>
        : ToArrayData<A>
      : never

/** `DataOf<R>` and `null` when the model may be `null`: what one resource renders as. */
export type RenderedOf<R> = DataOf<R> | NullOf<R>
