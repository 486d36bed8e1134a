import { memberDecorator, optionalName } from './decorator-factory'
import type { MemberDecorator, SpecOf } from './decorator-types'
import { thunkAndOptions } from './field.decorator'
import type { ResourceThunk } from './types'

/**
 * Options of `@WhenLoaded()`, `@WhenCounted()` and `@Relationship()`.
 *
 * `relation` must be a key of the resource's model type when that type is known (for
 * `@WhenCounted()`, `<relation>_count` must be); a `relation` typed as a plain `string` skips that
 * check.
 */
export interface RelationOptions<F extends string = string> {
  /** The relation's name on the model; defaults to the member name. */
  readonly relation?: F
}

function relationArgs(
  name: string,
  thunkOrOptions?: ResourceThunk | RelationOptions,
  options?: RelationOptions,
): { source?: string; resource?: ResourceThunk } {
  const args = thunkAndOptions(name, thunkOrOptions, options)
  return {
    resource: args.resource,
    source: optionalName(`@${name}() relation`, args.options?.relation),
  }
}

/**
 * The eager-loaded relation named like the member (or `relation`), mapped through the resource of
 * the thunk (without one, the loaded value as it is); a relation loaded as `null` gives
 * `null`; a relation not loaded gives no key. Never triggers a lazy load.
 *
 * @example
 * @WhenLoaded(() => PostResource) posts?: NestedList<typeof PostResource>
 */
export function WhenLoaded<F extends string = never>(
  options?: RelationOptions<F>,
): MemberDecorator<SpecOf<'WhenLoaded', false, 'relation', F>>
export function WhenLoaded<F extends string = never, Target extends Function = Function>(
  resource: () => Target,
  options?: RelationOptions<F>,
): MemberDecorator<SpecOf<'WhenLoaded', true, 'relation', F, Target>>
export function WhenLoaded(
  thunkOrOptions?: ResourceThunk | RelationOptions,
  options?: RelationOptions,
): MemberDecorator<SpecOf<'WhenLoaded', boolean, 'relation', string>> {
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
 * @WhenCounted() posts_count?: number
 */
export function WhenCounted<F extends string = never>(
  options?: RelationOptions<F>,
): MemberDecorator<SpecOf<'WhenCounted', false, 'count', F>> {
  const relation = optionalName('@WhenCounted() relation', options?.relation)
  return memberDecorator('WhenCounted', {
    kind: 'whenCounted',
    source: (key) => relation ?? (key.replace(/_count$/, '') || undefined),
  })
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
 * @WhenPivotLoaded({ accessor: 'membership' }) membership?: unknown
 */
export function WhenPivotLoaded(
  options?: PivotOptions,
): MemberDecorator<SpecOf<'WhenPivotLoaded', false, 'pivot', never>> {
  return memberDecorator('WhenPivotLoaded', {
    kind: 'whenPivotLoaded',
    source: optionalName('@WhenPivotLoaded() accessor', options?.accessor) ?? 'pivot',
  })
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

/**
 * A JSON:API relationship (linkage, `?include=`), recorded for `JsonApiResource`. It produces no key
 * in `toArray()`.
 *
 * @example
 * @Relationship(() => UserResource) author?: Related<typeof UserResource>
 * @Relationship(() => CommentResource, { links: { related: '/posts/{id}/comments' } })
 * comments?: RelatedList<typeof CommentResource>
 */
export function Relationship<F extends string = never>(
  options?: RelationshipOptions<F>,
): MemberDecorator<SpecOf<'Relationship', false, 'relation', F>>
export function Relationship<F extends string = never, Target extends Function = Function>(
  resource: () => Target,
  options?: RelationshipOptions<F>,
): MemberDecorator<SpecOf<'Relationship', true, 'relation', F, Target>>
export function Relationship(
  thunkOrOptions?: ResourceThunk | RelationshipOptions,
  options?: RelationshipOptions,
): MemberDecorator<SpecOf<'Relationship', boolean, 'relation', string>> {
  const opts = typeof thunkOrOptions === 'function' ? options : (thunkOrOptions ?? options)
  return memberDecorator('Relationship', {
    kind: 'relationship',
    ...relationArgs('Relationship', thunkOrOptions, options),
    links: opts?.links,
    meta: opts?.meta,
  })
}
