// `@WhenAggregated()` and the helper `whenAggregated()`: a relation's aggregate selected with the
// query (`posts_sum_votes`).
import { aggregateKey } from '../../runtime/aggregates'
import type { Missing } from '../../runtime/missing'
import { modelAttribute } from '../../runtime/model-registry'
import { defaultOption, memberDecorator, optionalName } from '../decorator-factory'
import type { DefaultedOf, DefaultOption, MemberDecorator, SpecOf } from '../decorator-types'
import { kind, loadedOr, type HelperHost, type Lazy, type ValueOf } from './kind'

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

/** The resource helpers of this kind (methods of `JsonResource`). */
const whenAggregatedHelpers = {
  /**
   * A relation's aggregate selected with the query, read from `<relation>_<aggregate>_<column>`
   * (`posts_sum_votes`, `posts_avg_score`, `posts_max_created_at`, as Laravel names them), or `cb`
   * of it; `null` when it is `null`; `fallback` (default: no key) when it was not selected.
   *
   * @example
   * toArray() { return { votes: this.whenAggregated('posts', 'votes', 'sum') } }
   */
  whenAggregated<R = unknown, D = Missing>(
    this: HelperHost,
    relation: string,
    column: string,
    aggregate: AggregateFunction,
    cb?: ValueOf<unknown, R>,
    fallback?: Lazy<D>,
  ): R | null | D {
    const value = modelAttribute(this.resource, aggregateKey(relation, column, aggregate))
    return loadedOr<unknown, R, D>(value, undefined, cb, fallback) as R | null | D
  },
}

/** This kind: its decorator's name, what it reads, its rules and its helpers (the table reads it). */
export const whenAggregated = kind({
  decorator: 'WhenAggregated',
  reads: 'computed',
  rules: {
    output: 'key',
    read: 'attribute',
    absentWhen: 'undefined',
    nullRendersNull: true,
    optional: true,
    // drivers give decimals (and PostgreSQL's aggregates) as strings
    schema: { type: ['number', 'string'] },
  },
  helpers: whenAggregatedHelpers,
})
