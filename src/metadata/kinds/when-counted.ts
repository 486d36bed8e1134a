// `@WhenCounted()` and the helper `whenCounted()`: a relation's loaded `<relation>_count`.
import type { Missing } from '../../runtime/missing'
import { countValue } from '../../runtime/model-rules'
import { defaultOption, memberDecorator, optionalName, schemaOptions } from '../decorator-factory'
import type { MemberDecorator, RelationOptions, SpecOf } from '../decorator-types'
import {
  conditionalKind,
  loadedHelper,
  type HelperHost,
  type LoadedArgs,
  type LoadedRules,
} from './kind'

/**
 * The loaded count of a relation, read from `<relation>_count`. The relation is `relation`, else the
 * member name without its `_count` suffix: `@WhenCounted() posts_count` reads `posts_count`.
 *
 * @example
 * @WhenCounted() posts_count?: number
 */
export function WhenCounted<F extends string = never>(
  options?: RelationOptions<F>,
): MemberDecorator<SpecOf<'WhenCounted', false, 'count', F, unknown>> {
  const relation = optionalName('@WhenCounted() relation', options?.relation)
  return memberDecorator('WhenCounted', {
    kind: 'whenCounted',
    source: (key) => relation ?? (key.replace(/_count$/, '') || undefined),
    ...schemaOptions('WhenCounted', options),
    ...defaultOption(options),
  })
}

const rules: LoadedRules = {
  read: 'count',
  absentWhen: 'missing',
  // node-postgres reads a COUNT as its digits: the count is a number, as its type and schema say
  map: countValue,
  schema: { type: 'integer', minimum: 0 },
}

/** The resource helpers of this kind (methods of `JsonResource`). */
export interface WhenCountedHelpers {
  /**
   * The loaded `<relation>_count` (snake case: `fooBars` reads `foo_bars_count`; a name already
   * ending in `_count` is read as it is), or `cb` of it; `null` when it is `null`; else
   * `fallback` (default: no key).
   */
  whenCounted<R = number, D = Missing>(
    this: HelperHost,
    ...args: LoadedArgs<[relation: string], (count: number) => R, D>
  ): R | null | D
}

/** This kind (its decorator's name, what it reads, its rules, its helpers) and its line in the table. */
export const whenCounted = conditionalKind(
  'whenCounted',
  WhenCounted,
  'WhenCounted',
  'count',
  rules,
  loadedHelper<WhenCountedHelpers>('whenCounted', rules, (relation) => relation),
)

declare module './kind' {
  interface KindTable {
    whenCounted: typeof whenCounted
  }
}
