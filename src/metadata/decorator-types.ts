// The static side of the decorators: one call signature that serves legacy decorators
// (`(prototype, key, descriptor?)`) and standard ones (`(value, context)`), and that turns a misuse
// into a type error whose message says what to write instead.
//
// The trick: the first parameter's type is constrained by a check over both arguments. When the
// check passes, the constraint is `unknown`; when it fails, it is a string literal type carrying the
// message, so TypeScript reports "Argument of type ... is not assignable to parameter of type
// '"@WhenLoaded(): ..."'" in both decorator modes.
import type { GUIDE_URL } from '../errors/catalogue'
import type { DataOf, IsAny, IsFunction, IsMerged, IsNonNullOf, OutputOf } from '../runtime/payload'
import type { Missing } from '../runtime/missing'
import type { Resolvable } from '../runtime/protocol'
import type { DecoratorReads } from './kinds'
import type { EnumValues, JsonSchema, MemberType } from './types'

/**
 * What the types know about one decorator call: its name, whether a resource thunk was given, what
 * it reads and the `from`/`relation` option (`never` when absent; a plain `string` turns the key
 * check off).
 */
export interface DecoratorSpec {
  readonly name: string
  readonly thunk: boolean
  readonly reads: DecoratorReads
  readonly from: string
  /** The class the thunk returns (`unknown` without a thunk, or when it is not known). */
  readonly target: unknown
  /** `raw: true` or a `schema` was given: an object value may pass through as it is. */
  readonly raw: boolean
}

/** Was `raw: true` or a `schema` given (`X` and `S` are `undefined` when absent)? */
type RawOf<X, S> = [X] extends [true] ? true : [S] extends [undefined] ? false : true

/** Every context a standard decorator on a class member can receive. */
type StandardContext =
  | ClassFieldDecoratorContext
  | ClassGetterDecoratorContext
  | ClassAccessorDecoratorContext
  | ClassMethodDecoratorContext
  | ClassSetterDecoratorContext

/** Is `V` a resource or collection (or a list of them), ignoring `null`/`undefined`? */
type IsResourceType<V> = IsNonNullOf<V, Resolvable | readonly Resolvable[]>

/** The member being decorated, as both decorator modes describe it. */
type MemberOf<A, C, D> =
  C extends ClassFieldDecoratorContext<infer This, infer V>
    ? Describe<C, 'field', This, V>
    : C extends ClassAccessorDecoratorContext<infer This, infer V>
      ? Describe<C, 'field', This, V>
      : C extends ClassGetterDecoratorContext<infer This, infer V>
        ? Describe<C, 'getter', This, V>
        : C extends ClassMethodDecoratorContext
          ? C extends { static: true }
            ? { kind: 'a static member' }
            : { kind: MethodPlace<C extends { name: infer K extends string } ? K : 'name'> }
          : C extends ClassSetterDecoratorContext
            ? { kind: 'a setter' }
            : C extends string
              ? LegacyMember<A, C, D>
              : { kind: 'a member with a symbol name' }

type Describe<C, Kind, This, V> = C extends { static: true }
  ? { kind: 'a static member' }
  : C extends { private: true }
    ? { kind: 'a private member' }
    : C extends { name: infer K extends string }
      ? { kind: Kind; this: This; value: V; key: K }
      : { kind: 'a member with a symbol name' }

type LegacyMember<A, K extends string, D> = A extends abstract new (...args: never) => unknown
  ? { kind: 'a static member' }
  : [D] extends [undefined]
    ? { kind: 'field'; this: A; value: K extends keyof A ? A[K] : unknown; key: K }
    : D extends { value?: infer F }
      ? IsFunction<F> extends true
        ? { kind: MethodPlace<K> }
        : { kind: 'getter'; this: A; value: GetterValue<D>; key: K }
      : { kind: 'getter'; this: A; value: GetterValue<D>; key: K }

/**
 * A decorated method: write it as a getter, which is read the same way and which the payload types
 * include (a class's type does not say which of its methods are decorated).
 */
type MethodPlace<K extends string> =
  `the method ${K}(); write it as a getter, get ${K}() { ... }, which is read the same way (once per object, without arguments) and which the payload and document types include`

/** The type a legacy getter's descriptor returns. */
type GetterValue<D> = D extends { get?: () => infer G } ? G : unknown

/** The model type of a resource (`this.resource`), or `unknown` when it is not known. */
type ModelOf<This> = This extends { readonly resource: infer M }
  ? IsAny<M> extends true
    ? unknown
    : M
  : unknown

/** The model key a member reads. */
type SourceKey<S extends DecoratorSpec, K> = [S['from']] extends [never]
  ? S['reads'] extends 'count'
    ? K extends `${string}_count`
      ? K
      : `${K & string}_count`
    : K
  : S['reads'] extends 'count'
    ? `${S['from']}_count`
    : S['from']

type ThunkExample<N extends string> = N extends 'When'
  ? '@When(condition, () => PostResource)'
  : `@${N}(() => PostResource)`

type ThunkMessage<N extends string> =
  `@${N}(): a member typed as a resource needs a thunk, as in ${ThunkExample<N>}, so each model is mapped through it. See ${typeof GUIDE_URL}decorators#thunks`

type KeyMessage<
  N extends string,
  K,
> = `@${N}(): "${K & string}" is not a key of the model; fix the name, read another key with { from: 'key' }, use a getter, or skip this check with { from: '${K & string}' as string }`

type PlaceMessage<
  N extends string,
  Where extends string,
> = `@${N}() goes on an instance field or getter; got ${Where}`

/** Does the member read a key the model type lacks? */
type KeyCheck<S extends DecoratorSpec, This, K> = S['reads'] extends 'pivot' | 'merge' | 'computed'
  ? unknown
  : string extends S['from']
    ? unknown
    : unknown extends ModelOf<This>
      ? unknown
      : ModelOf<This> extends object
        ? SourceKey<S, K> extends keyof ModelOf<This>
          ? unknown
          : KeyMessage<S['name'], SourceKey<S, K>>
        : unknown

type TargetMessage<N extends string> =
  `@${N}(): the member's type does not describe what the thunk's resource produces; declare it as that resource (or a list of it), or as Nested<typeof R> / NestedList<typeof R>`

type RawMessage<N extends string> =
  `@${N}(): an object passes through as it is, with every key it has (a model would leak its columns): map it through a resource with a thunk, as in @${N}(() => PostResource), or say it is meant with { raw: true } or a { schema }`

type RelationshipMessage =
  '@Relationship(): type the member as the related resource, as in author?: UserResource (a list for a to-many relation), so the document type knows it is a relationship'

type InstanceOf<C> = C extends abstract new (...args: never) => infer I ? I : unknown

type ElementOf<P> = P extends readonly (infer E)[] ? E : P

/** Would a value of type `V` pass through as an object with keys of its own (not a Date, a list of scalars, a resource)? */
type IsObjectValue<V> =
  IsAny<V> extends true
    ? false
    : unknown extends V
      ? false
      : [NonNullable<V>] extends [never]
        ? false
        : IsResourceType<V> extends true
          ? false
          : true extends ObjectLike<NonNullable<V>>
            ? true
            : false

type ObjectLike<V> = V extends Date | Missing | ((...args: never) => unknown)
  ? false
  : V extends readonly (infer E)[]
    ? ObjectLike<NonNullable<E>>
    : V extends object
      ? IsMerged<V> extends true
        ? false
        : true
      : false

/** Does the member's type describe the payload of the thunk's class `I`? */
type TargetCompatible<I, P> =
  IsAny<I> extends true
    ? true
    : unknown extends I
      ? true
      : [OutputOf<I>] extends [OutputOf<P>]
        ? true
        : [DataOf<I>] extends [OutputOf<ElementOf<P>>]
          ? true
          : false

/** With a thunk, the member's type (when it says anything) must match what the thunk produces. */
type TargetCheck<S extends DecoratorSpec, V> = S['thunk'] extends true
  ? IsAny<V> extends true
    ? unknown
    : unknown extends V
      ? unknown
      : S['name'] extends 'Relationship'
        ? IsResourceType<V> extends true
          ? TargetCompatible<InstanceOf<S['target']>, NonNullable<V>> extends true
            ? unknown
            : TargetMessage<S['name']>
          : RelationshipMessage
        : TargetCompatible<InstanceOf<S['target']>, NonNullable<V>> extends true
          ? unknown
          : TargetMessage<S['name']>
  : unknown

/** The first failing check's message, or `unknown`. */
type FirstFailing<Checks extends readonly unknown[]> = Checks extends readonly [
  infer Head,
  ...infer Rest,
]
  ? unknown extends Head
    ? FirstFailing<Rest>
    : Head
  : unknown

type FieldCheck<S extends DecoratorSpec, This, V, K> = FirstFailing<
  [
    S['thunk'] extends false
      ? S['reads'] extends 'attribute' | 'relation'
        ? IsResourceType<V> extends true
          ? ThunkMessage<S['name']>
          : S['raw'] extends true
            ? unknown
            : IsObjectValue<V> extends true
              ? RawMessage<S['name']>
              : unknown
        : unknown
      : unknown,
    TargetCheck<S, V>,
    KeyCheck<S, This, K>,
  ]
>

type GetterCheck<S extends DecoratorSpec, V> = TargetCheck<S, V>

/** `unknown` when the decorator may go on this member, else the message of the type error. */
type DecoratorCheck<S extends DecoratorSpec, A, C, D> =
  MemberOf<A, C, D> extends infer M
    ? M extends { kind: 'field'; this: infer This; value: infer V; key: infer K }
      ? FieldCheck<S, This, V, K>
      : M extends { kind: 'getter'; value: infer V }
        ? GetterCheck<S, V>
        : M extends { kind: infer Where extends string }
          ? PlaceMessage<S['name'], Where>
          : unknown
    : unknown

/** The spec of one decorator call (see {@link DecoratorSpec}). */
export type SpecOf<
  N extends string,
  Thunk extends boolean,
  Reads extends DecoratorReads,
  F extends string,
  Target = unknown,
  Raw extends boolean = false,
> = {
  readonly name: N
  readonly thunk: Thunk
  readonly reads: Reads
  readonly from: F
  readonly target: Target
  readonly raw: Raw
}

/**
 * An api-resources member decorator. It works as a legacy decorator (`experimentalDecorators`:
 * called with the prototype, the member name and, on a getter, its descriptor) and as a standard
 * decorator (called with the field's `undefined` or the getter, and a decorator context). A misuse
 * (a member typed as a resource without a thunk, a member name or `from` that is not a key of the
 * model, a method, setter or static member) is a type error whose message says what to write.
 */
export type MemberDecorator<S extends DecoratorSpec = DecoratorSpec> = <
  A extends DecoratorCheck<S, A, C, D>,
  C extends string | symbol | StandardContext,
  D = undefined,
>(
  target: A,
  context: C,
  descriptor?: D,
) => void

/**
 * What the generated JSON Schema of a member says (`api-resources/openapi`): read only when a schema
 * is generated, never when a response is built.
 */
export interface SchemaOptions {
  /**
   * The JSON Schema (2020-12) of the member's value, instead of the one inferred: a plain object (a
   * TypeBox schema is one), or a schema of a validation library that converts itself to JSON Schema
   * through Standard JSON Schema (zod 4, ArkType, ...).
   */
  readonly schema?: JsonSchema
  /**
   * The compact type of the value: `'string'`, `'integer'`, `'number'`, `'boolean'`, `'object'`,
   * `'bigint'` (as the app writes bigints: a string of digits, or an integer), a string format
   * (`'date-time'`, `'date'`, `'time'`, `'uuid'`, `'email'`, `'uri'`), or a list of one
   * (`'string[]'`). `@Field('integer')` is `@Field({ type: 'integer' })`.
   */
  readonly type?: MemberType
  /** The values the member may have (`{ enum: ['draft', 'published'] }`). */
  readonly enum?: EnumValues
  /** The value may be `null`: `design:type` cannot tell `string | null` from `string`. */
  readonly nullable?: boolean
  /**
   * An object value is meant to pass through as it is (every key it has): without it (or a
   * `schema`), a field typed as an object is a type error, and an object read from the model that
   * would pass through unmapped fails the render (a `ResourceError`).
   */
  readonly raw?: boolean
}

/**
 * Options of `@Field()`, `@Attribute()`, `@When()`, `@WhenNotNull()` and `@MergeWhen()`.
 *
 * `from` must be a key of the resource's model type when that type is known; a `from` typed as a
 * plain `string` (`{ from: 'computed' as string }`) skips that check.
 */
export interface FieldOptions<F extends string = string> extends SchemaOptions, DefaultOption {
  /** The model property to read (a rename); defaults to the member name. */
  readonly from?: F
}

/**
 * `default` of the conditional decorators (`@When`, `@WhenNotNull`, `@WhenLoaded`, `@WhenCounted`,
 * `@WhenAggregated`, `@WhenExistsLoaded`, `@WhenHas`, `@MergeWhen`): what the member renders when
 * its condition fails, instead of no key (a function is called for it; for `@MergeWhen`, the keys
 * merged instead). The other decorators ignore it.
 */
export interface DefaultOption {
  readonly default?: unknown
}

/**
 * Options of `@WhenLoaded()`, `@WhenCounted()` and `@Relationship()`.
 *
 * `relation` must be a key of the resource's model type when that type is known (for
 * `@WhenCounted()`, `<relation>_count` must be); a `relation` typed as a plain `string` skips that
 * check.
 */
export interface RelationOptions<F extends string = string> extends SchemaOptions, DefaultOption {
  /** The relation's name on the model; defaults to the member name. */
  readonly relation?: F
}

/** A relationship link: a URL template (`'/posts/{id}/author'`) or a function of the model. */
export type RelationshipLink = string | ((model: never, request: unknown) => unknown)

/** Options of `@Relationship()`: the relation's name, and its relationship object's links and meta. */
export interface RelationshipOptions<F extends string = string> extends RelationOptions<F> {
  /**
   * `self` and `related` links of the relationship object: URL templates (`{id}` is the object's id,
   * `{name}` a model attribute) or functions of the model. Rendered also when the relation was not
   * loaded (then without `data`).
   */
  readonly links?: { readonly self?: RelationshipLink; readonly related?: RelationshipLink }
  /** `meta` of the relationship object, from the model and the request. */
  readonly meta?: (model: never, request: unknown) => unknown
}

/** The options of a thunk-or-options decorator, by its kind, with the model key `F`. */
export interface OptionsOf<F extends string> {
  readonly field: FieldOptions<F>
  readonly relation: RelationOptions<F>
  readonly relationship: RelationshipOptions<F>
}

/**
 * A decorator called as `@N(options?)` alone (`@WhenHas()`, `@WhenAppended()`): `from` names the
 * model key (inferred as `F`, so the member check sees it), `default` the value when the key would
 * be left out.
 */
export interface OptionsDecorator<N extends string, Reads extends DecoratorReads> {
  <F extends string = never>(
    options?: FieldOptions<F>,
  ): MemberDecorator<SpecOf<N, false, Reads, F, unknown>>
}

/**
 * A decorator called as `@N(options?)`, `@N(type, options?)`, `@N(() => SomeResource, options?)` or
 * `@N(() => [SomeResource], options?)` (a list) (`@Field()`,
 * `@Attribute()`, `@WhenNotNull()`, `@WhenLoaded()`, `@Relationship()`): the key option it reads
 * (`from` or `relation`) is inferred as `F`, so the member check sees it.
 */
export interface ThunkOrOptionsDecorator<
  N extends string,
  Reads extends DecoratorReads,
  O extends keyof OptionsOf<string>,
> {
  <F extends string = never, X = undefined, S = undefined>(
    options?: OptionsOf<F>[O] & { readonly raw?: X; readonly schema?: S },
  ): MemberDecorator<SpecOf<N, false, Reads, F, unknown, RawOf<X, S>>>
  <F extends string = never, X = undefined, S = undefined>(
    type: MemberType,
    options?: OptionsOf<F>[O] & { readonly raw?: X; readonly schema?: S },
  ): MemberDecorator<SpecOf<N, false, Reads, F, unknown, RawOf<X, S>>>
  <F extends string = never, Target extends Function = Function>(
    resource: () => Target | readonly Target[],
    options?: OptionsOf<F>[O],
  ): MemberDecorator<SpecOf<N, true, Reads, F, Target>>
}
