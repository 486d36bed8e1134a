// `@WhenCounted()` and the helper `whenCounted()`: a relation's loaded `<relation>_count`.
import { MISSING, type Missing } from '../../runtime/missing'
import { loadedCount } from '../../runtime/model-registry'
import { defaultOption, memberDecorator, optionalName, schemaOptions } from '../decorator-factory'
import type { DefaultedOf, MemberDecorator, RelationOptions, SpecOf } from '../decorator-types'
import { kind, loadedOr, type HelperHost, type Lazy } from './kind'

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

/** The resource helpers of this kind (methods of `JsonResource`). */
const whenCountedHelpers = {
  /**
   * The loaded `<relation>_count` (snake case: `fooBars` reads `foo_bars_count`; a name already
   * ending in `_count` is read as it is), or `cb` of it; `null` when it is `null`; else `fallback`
   * (default: no key).
   */
  whenCounted<R = number, D = Missing>(
    this: HelperHost,
    relation: string,
    cb?: (count: number) => R,
    fallback?: Lazy<D>,
  ): R | null | D {
    const count = loadedCount(this.resource, relation)
    return loadedOr<number, R, D>(count, MISSING, cb, fallback) as R | null | D
  },
}

/** This kind: its decorator's name, what it reads, its rules and its helpers (the table reads it). */
export const whenCounted = kind({
  decorator: 'WhenCounted',
  reads: 'count',
  rules: {
    output: 'key',
    read: 'count',
    absentWhen: 'missing',
    optional: true,
    schema: { type: 'integer', minimum: 0 },
  },
  helpers: whenCountedHelpers,
})
