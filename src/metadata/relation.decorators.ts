import {
  defaultOption,
  memberDecorator,
  optionalName,
  schemaOptions,
  thunkOrOptionsDecorator,
} from './decorator-factory'
import type {
  DefaultedOf,
  MemberDecorator,
  RelationOptions,
  SchemaOptions,
  SpecOf,
  ThunkOrOptionsDecorator,
} from './decorator-types'

export type { RelationOptions, RelationshipLink, RelationshipOptions } from './decorator-types'

/**
 * The eager-loaded relation named like the member (or `relation`), mapped through the resource of
 * the thunk (without one, the loaded value as it is); a relation loaded as `null` gives
 * `null`; a relation not loaded gives no key. Never triggers a lazy load.
 *
 * @example
 * @WhenLoaded(() => PostResource) posts?: NestedList<typeof PostResource>
 */
export const WhenLoaded: ThunkOrOptionsDecorator<'WhenLoaded', 'relation', 'relation'> =
  thunkOrOptionsDecorator('WhenLoaded', 'whenLoaded', 'relation')

/**
 * The loaded count of a relation, read from `<relation>_count`. The relation is `relation`, else the
 * member name without its `_count` suffix: `@WhenCounted() posts_count` reads `posts_count`.
 *
 * @example
 * @WhenCounted() posts_count?: number
 */
export function WhenCounted<F extends string = never, D = undefined>(
  options?: RelationOptions<F> & { readonly default?: D },
): MemberDecorator<SpecOf<'WhenCounted', false, 'count', F, unknown, DefaultedOf<D>>> {
  const relation = optionalName('@WhenCounted() relation', options?.relation)
  return memberDecorator('WhenCounted', {
    kind: 'whenCounted',
    source: (key) => relation ?? (key.replace(/_count$/, '') || undefined),
    ...schemaOptions('WhenCounted', options),
    ...defaultOption(options),
  })
}

/** Options of `@WhenPivotLoaded()`. */
export interface PivotOptions extends SchemaOptions {
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
    ...schemaOptions('WhenPivotLoaded', options),
  })
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
export const Relationship: ThunkOrOptionsDecorator<'Relationship', 'relation', 'relationship'> =
  thunkOrOptionsDecorator('Relationship', 'relationship', 'relationship')
