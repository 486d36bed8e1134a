// `@WhenNotNull()` and the helpers `whenNotNull()` / `whenNull()`: the key only for a value.
import { MISSING, type Missing } from '../../runtime/missing'
import { thunkOrOptionsDecorator } from '../decorator-factory'
import type { ThunkOrOptionsDecorator } from '../decorator-types'
import { conditionalKind, orElse, type Lazy } from './kind'

/**
 * The key only when the value is neither `null` nor `undefined`. A resource thunk maps the value
 * through that resource.
 *
 * @example
 * @WhenNotNull() nickname?: string
 * @WhenNotNull(() => TeamResource) team?: unknown
 */
export const WhenNotNull: ThunkOrOptionsDecorator<'WhenNotNull', 'attribute', 'field'> =
  thunkOrOptionsDecorator('WhenNotNull', 'whenNotNull', 'field', true)

/** The resource helpers of this kind (methods of `JsonResource`). */
const whenNotNullHelpers = {
  /** `value` unless it is `null` or `undefined`, then `fallback` (default: no key). */
  whenNotNull<V, D = Missing>(value: V, fallback?: Lazy<D>): NonNullable<V> | D {
    if (value !== null && value !== undefined) return value as NonNullable<V>
    return orElse(fallback, MISSING)
  },

  /** `null` when `value` is `null` or `undefined`, else `fallback` (default: no key). */
  whenNull<D = Missing>(value: unknown, fallback?: Lazy<D>): null | D {
    if (value === null || value === undefined) return null
    return orElse(fallback, MISSING)
  },
}

/** This kind (its decorator's name, what it reads, its rules, its helpers) and its line in the table. */
export const whenNotNull = conditionalKind(
  'whenNotNull',
  WhenNotNull,
  'WhenNotNull',
  'attribute',
  { read: 'attribute', absentWhen: 'nullish', infersResource: true, modelSchema: true },
  whenNotNullHelpers,
)

declare module './kind' {
  interface KindTable {
    whenNotNull: typeof whenNotNull
  }
}
