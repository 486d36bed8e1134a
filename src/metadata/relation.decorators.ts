import {
  memberDecorator,
  optionalName,
  optionalThunk,
  type MemberDecorator,
} from './decorator-factory'
import type { ResourceThunk } from './types'

/** Options of `@WhenLoaded()`, `@WhenCounted()` and `@Relationship()`. */
export interface RelationOptions {
  /** The relation's name on the model; defaults to the member name. */
  readonly relation?: string
}

function relationArgs(
  name: string,
  thunkOrOptions?: ResourceThunk | RelationOptions,
  options?: RelationOptions,
): { source?: string; resource?: ResourceThunk } {
  const thunk = typeof thunkOrOptions === 'function' ? thunkOrOptions : undefined
  const opts = typeof thunkOrOptions === 'function' ? options : (thunkOrOptions ?? options)
  return {
    resource: optionalThunk(`@${name}() resource`, thunk),
    source: optionalName(`@${name}() relation`, opts?.relation),
  }
}

/**
 * The eager-loaded relation named like the member (or `relation`), mapped through the resource of
 * the thunk (or of the `design:type`, when it is a resource class); a relation loaded as `null` gives
 * `null`; a relation not loaded gives no key. Never triggers a lazy load.
 *
 * @example
 * @WhenLoaded(() => PostResource) posts!: unknown
 */
export function WhenLoaded(options?: RelationOptions): MemberDecorator
export function WhenLoaded(resource: ResourceThunk, options?: RelationOptions): MemberDecorator
export function WhenLoaded(
  thunkOrOptions?: ResourceThunk | RelationOptions,
  options?: RelationOptions,
): MemberDecorator {
  return memberDecorator('WhenLoaded', {
    kind: 'whenLoaded',
    ...relationArgs('WhenLoaded', thunkOrOptions, options),
  })
}

/**
 * The loaded count of a relation, read from `<relation>_count`. The relation is `relation`, else the
 * member name without its `_count` suffix: `@WhenCounted() posts_count` reads `posts_count`.
 *
 * @example
 * @WhenCounted() posts_count!: number
 */
export function WhenCounted(options?: RelationOptions): MemberDecorator {
  const relation = optionalName('@WhenCounted() relation', options?.relation)
  const decorate = (countOf: string | undefined): MemberDecorator =>
    memberDecorator('WhenCounted', { kind: 'whenCounted', source: countOf })
  return function whenCounted(target, key, descriptor) {
    const fromKey = typeof key === 'string' ? key.replace(/_count$/, '') : undefined
    decorate(relation ?? (fromKey === '' ? undefined : fromKey))(target, key, descriptor)
  }
}

/** Options of `@WhenPivotLoaded()`. */
export interface PivotOptions {
  /** The model property holding the pivot row; default `'pivot'`. */
  readonly accessor?: string
}

/**
 * The pivot row of a many-to-many relation (the loaded object under `accessor`, default `pivot`).
 * The output key is the member's name.
 *
 * @example
 * @WhenPivotLoaded({ accessor: 'membership' }) membership!: unknown
 */
export function WhenPivotLoaded(options?: PivotOptions): MemberDecorator {
  return memberDecorator('WhenPivotLoaded', {
    kind: 'whenPivotLoaded',
    source: optionalName('@WhenPivotLoaded() accessor', options?.accessor) ?? 'pivot',
  })
}

/**
 * A JSON:API relationship (linkage, `?include=`), recorded for `JsonApiResource`. It produces no key
 * in `toArray()`.
 *
 * @example
 * @Relationship(() => UserResource) author!: unknown
 */
export function Relationship(options?: RelationOptions): MemberDecorator
export function Relationship(resource: ResourceThunk, options?: RelationOptions): MemberDecorator
export function Relationship(
  thunkOrOptions?: ResourceThunk | RelationOptions,
  options?: RelationOptions,
): MemberDecorator {
  return memberDecorator('Relationship', {
    kind: 'relationship',
    ...relationArgs('Relationship', thunkOrOptions, options),
  })
}
