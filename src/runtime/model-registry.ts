import { MISSING } from './missing'
import { defaultModelRules, type ModelRules } from './model-rules'

type Constructor = abstract new (...args: never[]) => unknown

/**
 * Where a model class keeps its rules: a non-enumerable static property of the class. Statics are
 * inherited through the constructor chain (`class B extends A` makes `A` the prototype of `B`), so a
 * subclass reads its parent's rules until it registers its own. `Symbol.for`, so two copies of the
 * package (CommonJS and ESM) read the same property.
 */
const MODEL_RULES: unique symbol = Symbol.for('api-resources.modelRules') as never

type RulesHolder = { readonly [MODEL_RULES]?: ModelRules }

/**
 * Registers how to read relations, counts and pivots off instances of `modelClass` and of its
 * subclasses. The rules are stored on the class itself; registering again replaces them. Meant for
 * start-up (an ORM adapter's `install()`).
 *
 * @example
 * registerModelRules(User, { relation: (user, name) => user.loaded.get(name) ?? MISSING })
 */
export function registerModelRules(modelClass: Constructor, rules: Partial<ModelRules>): void {
  Object.defineProperty(modelClass, MODEL_RULES, {
    value: Object.freeze({ ...defaultModelRules, ...rules }),
    configurable: true,
    enumerable: false,
    writable: false,
  })
}

/**
 * The rules that apply to `model`: those stored on its class (or inherited from a parent class), else
 * the defaults. Plain objects and query-builder rows (`Object`, no rules) get the defaults; a row whose
 * `constructor` is a column is looked up through its prototype; a prototype-less row and any value
 * that is not an object get the defaults.
 * @internal
 */
export function rulesFor(model: unknown): ModelRules {
  if (typeof model !== 'object' || model === null) return defaultModelRules
  let ctor: unknown = (model as { constructor?: unknown }).constructor
  if (typeof ctor !== 'function') {
    const proto = Object.getPrototypeOf(model) as { constructor?: unknown } | null
    if (proto === null) return defaultModelRules
    ctor = proto.constructor
    if (typeof ctor !== 'function') return defaultModelRules
  }
  const rules = (ctor as RulesHolder)[MODEL_RULES]
  return rules === undefined ? defaultModelRules : rules
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
