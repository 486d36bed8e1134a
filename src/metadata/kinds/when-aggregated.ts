// `@WhenAggregated()` and the helper `whenAggregated()`: a relation's aggregate selected with the
// query (`posts_sum_votes`).
import { aggregateKey } from '../../runtime/model-rules'
import type { Missing } from '../../runtime/missing'
import { defaultOption, memberDecorator, optionalName } from '../decorator-factory'
import type { DefaultOption, MemberDecorator, SpecOf } from '../decorator-types'
import {
  conditionalKind,
  loadedHelper,
  type HelperHost,
  type LoadedArgs,
  type LoadedRules,
  type ValueOf,
} from './kind'

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
export function WhenAggregated(
  relation: string,
  column: string,
  aggregate: AggregateFunction,
  options?: DefaultOption,
): MemberDecorator<SpecOf<'WhenAggregated', false, 'computed', never, unknown>> {
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

const rules: LoadedRules = {
  read: 'attribute',
  absentWhen: 'undefined',
  nullRendersNull: true,
  // drivers give decimals (and PostgreSQL's aggregates) as strings, a MIN or MAX of a date as its
  // text; an aggregate over no rows is NULL, rendered null
  schema: { type: ['number', 'string', 'null'] },
}

/** The resource helpers of this kind (methods of `JsonResource`). */
export interface WhenAggregatedHelpers {
  /**
   * A relation's aggregate selected with the query, read from `<relation>_<aggregate>_<column>`
   * (`posts_sum_votes`, `posts_avg_score`, `posts_max_created_at`, as Laravel names them), or
   * `cb` of it; `null` when it is `null`; `fallback` (default: no key) when it was not selected.
   *
   * @example
   * toArray() { return { votes: this.whenAggregated('posts', 'votes', 'sum') } }
   */
  whenAggregated<R = unknown, D = Missing>(
    this: HelperHost,
    ...args: LoadedArgs<
      [relation: string, column: string, aggregate: AggregateFunction],
      ValueOf<unknown, R>,
      D
    >
  ): R | null | D
}

/** This kind (its decorator's name, what it reads, its rules, its helpers) and its line in the table. */
export const whenAggregated = conditionalKind(
  'whenAggregated',
  WhenAggregated,
  'WhenAggregated',
  'computed',
  rules,
  loadedHelper<WhenAggregatedHelpers>('whenAggregated', rules, aggregateKey),
)

declare module './kind' {
  interface KindTable {
    whenAggregated: typeof whenAggregated
  }
}
