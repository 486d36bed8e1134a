// `@WhenAppended()` and the helper `whenAppended()`: an accessor's value only when the model has
// appended it, as Laravel's `whenAppended()` (`$appends`, `append()`).
import { MISSING, type Missing } from '../../runtime/missing'
import { modelAttribute } from '../../runtime/model-registry'
import { readDataProperty, type ModelRules } from '../../runtime/model-rules'
import { optionsDecorator } from '../decorator-factory'
import type { OptionsDecorator } from '../decorator-types'
import { force, conditionalKind, type HelperHost, type Lazy } from './kind'

/**
 * Has the model appended `name`: is it in the model's `appends` list (an array or a `Set`, an own
 * or inherited data property, as Laravel's `$appends` and `append()` keep it)?
 */
function isAppended(model: unknown, name: string): boolean {
  if (typeof model !== 'object' || model === null) return false
  const appends = readDataProperty(model, 'appends')
  if (Array.isArray(appends)) return appends.includes(name)
  return appends instanceof Set && appends.has(name)
}

/** The attribute when appended, else `MISSING`. */
function readAppended(model: object, name: string, rules: ModelRules): unknown {
  return isAppended(model, name) ? rules.attribute(model, name) : MISSING
}

/**
 * The model's attribute (named like the member, or `from`) only when the model has appended it:
 * the name is in the model's `appends` list (an array or a `Set`), as Laravel's `$appends` and
 * `append()` keep it; otherwise no key, unless `default` is given. On a getter, the getter's value
 * when the attribute is appended.
 *
 * @example
 * @WhenAppended() full_name?: string
 */
export const WhenAppended: OptionsDecorator<'WhenAppended', 'attribute'> = optionsDecorator(
  'WhenAppended',
  'whenAppended',
)

/**
 * The model's `attribute` when the model has appended it (see `@WhenAppended()`); with `value`,
 * that instead (called first when a function); else `fallback` (default: no key).
 *
 * @example
 * toArray() { return { full_name: this.whenAppended('full_name') } }
 */
function whenAppendedHelper<V = unknown, D = Missing>(
  this: HelperHost,
  attribute: string,
  ...args: [value?: Lazy<V>, fallback?: Lazy<D>]
): V | D {
  if (isAppended(this.resource, attribute))
    return args.length === 0
      ? (modelAttribute(this.resource, attribute) as V)
      : force(args[0] as Lazy<V>)
  return args.length < 2 ? (MISSING as D) : force(args[1] as Lazy<D>)
}

/** This kind (its decorator's name, what it reads, its rules, its helpers) and its line in the table. */
export const whenAppended = conditionalKind(
  'whenAppended',
  WhenAppended,
  'WhenAppended',
  'attribute',
  { read: readAppended, absentWhen: 'missing', modelSchema: true },
  { whenAppended: whenAppendedHelper },
)

declare module './kind' {
  interface KindTable {
    whenAppended: typeof whenAppended
  }
}
