// `@MergeWhen(condition)` and the helpers `mergeWhen()`, `mergeUnless()`, `merge()`: keys merged in
// place of the member.
import { currentRequest } from '../../context/request-context'
import { ArgumentError } from '../../errors/base'
import { MISSING, mergeValue } from '../../runtime/missing'
import { isResolvable, RESOLVE } from '../../runtime/protocol'
import {
  defaultOption,
  memberDecorator,
  optionalName,
  requiredCondition,
  schemaOptions,
} from '../decorator-factory'
import type { FieldOptions, MemberDecorator, SpecOf } from '../decorator-types'
import { force, kind, type Lazy } from './kind'
import type { FieldConditionFn, Loose, ResourceOf } from './when'

/**
 * When `condition` is truthy, the keys of the member's value (usually a getter returning an object)
 * are spread into the output at the member's position; otherwise nothing.
 *
 * @example
 * @MergeWhen((user) => user.is_admin) get adminFields(): Merged<{ last_login_ip: string }> {
 *   return { last_login_ip: this.resource.last_login_ip }
 * }
 */
export function MergeWhen<M = Loose, Q = Loose, R = ResourceOf<M>>(
  condition: FieldConditionFn<M, Q, R>,
  options?: FieldOptions,
): MemberDecorator<SpecOf<'MergeWhen', false, 'merge', never>> {
  return memberDecorator('MergeWhen', {
    kind: 'mergeWhen',
    condition: requiredCondition('@MergeWhen() condition', condition),
    source: optionalName('@MergeWhen() from', options?.from),
    ...schemaOptions('MergeWhen', options),
    ...defaultOption(options),
  })
}

/** A resource or collection as it renders (in the current request); anything else as it is. */
function rendered<M extends object>(value: M): M | undefined {
  if (value !== null && value !== undefined && typeof value !== 'object')
    throw ArgumentError.badArgument(
      'mergeWhen() mapping',
      'an object, a list, a resource or a collection',
      value,
    )
  if (!isResolvable(value)) return value
  const out = value[RESOLVE](currentRequest())
  return out === MISSING || out === null ? undefined : (out as M)
}

function merged<M extends object, D extends object>(
  condition: unknown,
  mapping: Lazy<M>,
  fallback: Lazy<D> | undefined,
): Partial<M> | Partial<D> {
  if (condition) return mergeValue(rendered(force(mapping)))
  return mergeValue(fallback === undefined ? undefined : rendered(force(fallback)))
}

/** The resource helpers of this kind (methods of `JsonResource`). */
const mergeWhenHelpers = {
  /**
   * `mapping` when `condition` is truthy, else `fallback` (when given), else `{}`: spread it into
   * `toArray()`'s result, or place it as a value or in a list (its keys or items are merged in
   * place). `mapping` may be a list, or a resource or collection (merged as it renders).
   */
  mergeWhen<M extends object, D extends object = M>(
    condition: unknown,
    mapping: Lazy<M>,
    fallback?: Lazy<D>,
  ): Partial<M> | Partial<D> {
    return merged(condition, mapping, fallback)
  },

  /** `mergeWhen()` with the condition negated. */
  mergeUnless<M extends object, D extends object = M>(
    condition: unknown,
    mapping: Lazy<M>,
    fallback?: Lazy<D>,
  ): Partial<M> | Partial<D> {
    return merged(!condition, mapping, fallback)
  },

  /** `mapping`, merged in place (Laravel's `merge()`): `mergeWhen()` with `true`. */
  merge<M extends object>(mapping: Lazy<M>): Partial<M> {
    return merged(true, mapping, undefined)
  },
}

/** This kind (its decorator's name, what it reads, its rules, its helpers) and its line in the table. */
export const mergeWhen = kind('mergeWhen', MergeWhen, {
  decorator: 'MergeWhen',
  reads: 'merge',
  rules: { output: 'merge', read: 'attribute', gated: true, optional: false },
  helpers: mergeWhenHelpers,
})

declare module './kind' {
  interface KindTable {
    mergeWhen: typeof mergeWhen
  }
}
