// `@WhenHas()` and the helper `whenHas()`: the model's attribute when the model has it.
import { MISSING, type Missing } from '../../runtime/missing'
import { modelAttribute } from '../../runtime/model-registry'
import { optionsDecorator } from '../decorator-factory'
import type { OptionsDecorator } from '../decorator-types'
import { applyTo, force, conditionalKind, type HelperHost, type Lazy, type ValueOf } from './kind'

/**
 * The model's attribute (named like the member, or `from`) when the model has it: `null` counts as
 * had, an absent or `undefined` property does not (then no key). On a getter, the getter's value
 * when the model has the attribute.
 *
 * @example
 * @WhenHas() nickname?: string | null
 * @WhenHas({ from: 'nickname' }) get shout(): string | undefined { return this.resource.nickname?.toUpperCase() }
 */
export const WhenHas: OptionsDecorator<'WhenHas', 'has'> = optionsDecorator('WhenHas', 'whenHas')

/**
 * The model's `attribute` when it has it (`null` included; a property that is absent or
 * `undefined` is not had), else `fallback` (default: no key). With `value`, that instead (a
 * function gets the attribute).
 *
 * @example
 * toArray() { return { nickname: this.whenHas('nickname'), bio: this.whenHas('bio', (b) => b.trim()) } }
 */
function whenHasHelper<V = unknown>(this: HelperHost, attribute: string): V | Missing
function whenHasHelper<V = unknown, R = V>(
  this: HelperHost,
  attribute: string,
  value: ValueOf<V, R>,
): R | Missing
function whenHasHelper<V = unknown, R = V, D = Missing>(
  this: HelperHost,
  attribute: string,
  value: ValueOf<V, R>,
  fallback: Lazy<D>,
): R | D
function whenHasHelper(
  this: HelperHost,
  attribute: string,
  ...args: [value?: unknown, fallback?: unknown]
): unknown {
  const value = modelAttribute(this.resource, attribute)
  if (value === undefined) return args.length < 2 ? MISSING : force(args[1])
  return args.length === 0 ? value : applyTo(value, args[0])
}

/** The resource helpers of this kind (methods of `JsonResource`). */
const whenHasHelpers = { whenHas: whenHasHelper }

/** This kind (its decorator's name, what it reads, its rules, its helpers) and its line in the table. */
export const whenHas = conditionalKind(
  'whenHas',
  WhenHas,
  'WhenHas',
  'has',
  { read: 'attribute', absentWhen: 'undefined' },
  whenHasHelpers,
)

declare module './kind' {
  interface KindTable {
    whenHas: typeof whenHas
  }
}
