import { aggregateKey, existsKey } from '../runtime/aggregates'
import { defaultOption, memberDecorator, optionalName, schemaOptions } from './decorator-factory'
import type {
  DefaultedOf,
  DefaultOption,
  FieldOptions,
  MemberDecorator,
  RelationOptions,
  SpecOf,
} from './decorator-types'

/**
 * The model's attribute (named like the member, or `from`) when the model has it: `null` counts as
 * had, an absent or `undefined` property does not (then no key). On a getter, the getter's value
 * when the model has the attribute.
 *
 * @example
 * @WhenHas() nickname?: string | null
 * @WhenHas({ from: 'nickname' }) get shout(): string | undefined { return this.resource.nickname?.toUpperCase() }
 */
export function WhenHas<F extends string = never, D = undefined>(
  options?: FieldOptions<F> & { readonly default?: D },
): MemberDecorator<SpecOf<'WhenHas', false, 'has', F, unknown, DefaultedOf<D>>> {
  return memberDecorator('WhenHas', {
    kind: 'whenHas',
    source: optionalName('@WhenHas() from', options?.from),
    ...schemaOptions('WhenHas', options),
    ...defaultOption(options),
  })
}

/** The aggregate functions Laravel names attributes after (`withSum`, `withAvg`, ...). */
export type AggregateFunction = 'sum' | 'avg' | 'min' | 'max' | (string & {})

/**
 * A relation's aggregate selected with the query, read from `<relation>_<aggregate>_<column>` as
 * Laravel names it (`posts_sum_votes`, `posts_avg_score`, `posts_max_created_at`); no key when it was
 * not selected (a `null` one renders `null`), unless `default` is given. On a getter, the getter's value when the aggregate was selected.
 *
 * @example
 * @WhenAggregated('posts', 'votes', 'sum') total_votes?: number
 */
export function WhenAggregated<D = undefined>(
  relation: string,
  column: string,
  aggregate: AggregateFunction,
  options?: DefaultOption & { readonly default?: D },
): MemberDecorator<SpecOf<'WhenAggregated', false, 'computed', never, unknown, DefaultedOf<D>>> {
  // each is required: `undefined` fails the non-empty check like `''` does
  const name = (argument: string, value: unknown): string =>
    optionalName(`@WhenAggregated() ${argument}`, value ?? '')!
  return memberDecorator('WhenAggregated', {
    kind: 'whenAggregated',
    source: aggregateKey(
      name('relation', relation),
      name('column', column),
      name('aggregate', aggregate),
    ),
    ...defaultOption(options),
  })
}

/**
 * Whether related rows exist, selected with the query as `<relation>_exists` (`withExists`), as a
 * boolean; no key when it was not selected. The relation is `relation`, else the member name without
 * its `_exists` suffix: `@WhenExistsLoaded() posts_exists` reads `posts_exists`.
 *
 * @example
 * @WhenExistsLoaded({ relation: 'posts' }) has_posts?: boolean
 */
export function WhenExistsLoaded<D = undefined>(
  options?: RelationOptions<string> & { readonly default?: D },
): MemberDecorator<SpecOf<'WhenExistsLoaded', false, 'computed', never, unknown, DefaultedOf<D>>> {
  const relation = optionalName('@WhenExistsLoaded() relation', options?.relation)
  return memberDecorator('WhenExistsLoaded', {
    kind: 'whenExistsLoaded',
    source: (key) => existsKey(relation ?? key.replace(/_exists$/, '')),
    ...schemaOptions('WhenExistsLoaded', options),
    ...defaultOption(options),
  })
}
