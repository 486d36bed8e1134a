import { MISSING } from './missing'
import { defaultModelRules, type ModelRules } from './model-rules'

type Constructor = abstract new (...args: never[]) => unknown

/**
 * Rules registered by model class. A model's rules are those of the nearest class on its prototype
 * chain that has any, merged over the defaults; the lookup is cached per constructor.
 *
 * Registration is meant for start-up (an ORM adapter's `install()`); registering again replaces the
 * class's rules and clears the cache.
 */
const registered = new Map<Function, ModelRules>()
let resolved = new WeakMap<object, ModelRules>()

/** Registers how to read relations, counts and pivots off instances of `modelClass` (and subclasses). */
export function registerModelRules(modelClass: Constructor, rules: Partial<ModelRules>): void {
  registered.set(modelClass, { ...defaultModelRules, ...rules })
  resolved = new WeakMap()
}

/** Removes the rules of `modelClass` (mainly for tests that register throw-away classes). */
export function unregisterModelRules(modelClass: Constructor): void {
  registered.delete(modelClass)
  resolved = new WeakMap()
}

/** The rules that apply to `model`. @internal */
export function rulesFor(model: object): ModelRules {
  // Fast path: with no rules registered (plain objects, query-builder rows) there is nothing to look up.
  if (registered.size === 0) return defaultModelRules
  const proto = Object.getPrototypeOf(model) as object | null
  if (proto === null) return defaultModelRules
  let rules = resolved.get(proto)
  if (rules === undefined) {
    rules = findRules(proto)
    resolved.set(proto, rules)
  }
  return rules
}

function findRules(proto: object): ModelRules {
  for (let p: object | null = proto; p !== null; p = Object.getPrototypeOf(p) as object | null) {
    const ctor = Object.prototype.hasOwnProperty.call(p, 'constructor')
      ? (p as { constructor: Function }).constructor
      : undefined
    const rules = ctor === undefined ? undefined : registered.get(ctor)
    if (rules !== undefined) return rules
  }
  return defaultModelRules
}

function isModel(value: unknown): value is object {
  return typeof value === 'object' && value !== null
}

/** The eager-loaded value of `relation` on `model`, or `MISSING`. Never triggers a query. */
export function loadedRelation(model: unknown, relation: string): unknown {
  return isModel(model) ? rulesFor(model).relation(model, relation) : MISSING
}

/** The loaded count of `relation` on `model`, or `MISSING`. */
export function loadedCount(model: unknown, relation: string): unknown {
  return isModel(model) ? rulesFor(model).count(model, relation) : MISSING
}

/** The pivot record under `accessor` on `model`, or `MISSING`. */
export function loadedPivot(model: unknown, accessor: string): unknown {
  return isModel(model) ? rulesFor(model).pivot(model, accessor) : MISSING
}

/** A plain attribute of `model` (`undefined` when absent or when `model` is not an object). */
export function modelAttribute(model: unknown, name: string): unknown {
  return isModel(model) ? rulesFor(model).attribute(model, name) : undefined
}
