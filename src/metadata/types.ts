// The plain records decorators write onto a class (phase 1), and the resolved members built from them
// (phase 2). The compiler and the reference interpreter consume only ResolvedMembers. Not exported from
// the package entry (except ResourceThunk, which public decorator signatures use).
import type { FieldKind } from './kinds'

/** A thunk to a resource class, so classes may refer to each other before both exist. */
export type ResourceThunk = () => Function

/**
 * The scalar types of the compact type option: JSON Schema types, a string format, or `'bigint'`
 * (a `bigint` as the app writes it: a string of digits, or an integer with `bigint: 'number'`).
 */
export type ScalarType =
  | 'string'
  | 'integer'
  | 'number'
  | 'bigint'
  | 'boolean'
  | 'object'
  | 'date-time'
  | 'date'
  | 'time'
  | 'uuid'
  | 'email'
  | 'uri'

/**
 * The compact type of a member's value (`@Field('integer')`, `{ type: 'date-time' }`): a scalar type,
 * or a list of one (`'string[]'`).
 */
export type MemberType = ScalarType | `${ScalarType}[]`

/** The values of an `enum` option. */
export type EnumValues = readonly (string | number | boolean | null)[]

/**
 * A JSON Schema (2020-12) object, as `@Field({ schema })` takes it: a plain object (TypeBox schemas
 * are such objects) or `true`/`false`.
 */
export type JsonSchema = boolean | { readonly [keyword: string]: unknown }

/** Predicate of `@When` / `@MergeWhen`: `(model, request, resource) => boolean`. */
type FieldCondition = (model: never, request: unknown, resource: never) => unknown

/** One decorated member, as recorded by its decorator. Frozen. */
export interface FieldRecord {
  readonly kind: FieldKind
  /** The member name: also the output key (except `mergeWhen`, whose getter's keys are spread). */
  readonly key: string
  /** Where the value is read on the model (`from`, relation name, count relation, pivot accessor). */
  readonly source: string
  /** The member is a getter: its value is what the getter returns, with `this.resource` the model. */
  readonly isGetter: boolean
  /** `@When` / `@MergeWhen` condition. */
  readonly condition?: FieldCondition
  /** `@WhenLoaded(() => R)` / `@Relationship(() => R)`: items are mapped through that resource. */
  readonly resource?: ResourceThunk
  /** The thunk said a list (`() => [R]`): asked when a schema is generated. */
  readonly resourceIsList?: () => boolean
  /** The class that declared the member (for error messages). */
  readonly declaredBy: Function
  /** The getter itself (captured at decoration time, so an instance field cannot shadow it). */
  readonly getter?: (this: unknown) => unknown
  /**
   * The `design:type` emitDecoratorMetadata recorded for the member, if any. Used to infer the
   * resource class when no thunk is given (resolved at compile time, not at decoration time).
   */
  readonly designType?: Function
  /** `@Relationship(..., { links })`: the relationship object's link templates (JSON:API). */
  readonly links?: unknown
  /** `@Relationship(..., { meta })`: the relationship object's meta function (JSON:API). */
  readonly meta?: unknown
  /** `{ schema }`: the JSON Schema of the member's value, used instead of an inferred one. */
  readonly schema?: JsonSchema
  /** `{ nullable: true }`: the member's value may be `null` (added to its schema). */
  readonly nullable?: boolean
  /** `{ raw: true }`: an object value is meant to pass through as it is (no development warning). */
  readonly raw?: true
  /**
   * `{ default }` of a conditional decorator: what the member renders when its condition fails
   * (a function is called for it), instead of leaving the key out.
   */
  readonly fallback?: () => unknown
  /** `@Field('integer')` / `{ type }`: the compact type of the member's value. */
  readonly type?: MemberType
  /** `{ enum: [...] }`: the values the member may have. */
  readonly enum?: EnumValues
  /** The decorator's name, for error messages (`@Field`, `@WhenLoaded`, ...). */
  readonly decorator?: string
  /**
   * When the decorator expression (`Field()`) was evaluated, counted across all classes. Decorator
   * expressions are evaluated in source order in every mode, while standard decorators are applied
   * getters first: this restores the source order.
   */
  readonly order: number
}

/** A class's members after inheritance and validation, in output order. */
export interface ResolvedMembers {
  readonly target: Function
  /** Members that produce output keys (everything but `relationship`). */
  readonly fields: readonly FieldRecord[]
  /** `@Relationship` members (JSON:API), in declaration order. */
  readonly relationships: readonly FieldRecord[]
}
