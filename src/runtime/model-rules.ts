import { MISSING } from './missing'
import { isThenable } from '../util/objects'
import { snakeFinish } from './aggregates'

/**
 * How to read eager-loaded data off a model without triggering a query. The defaults cover plain
 * objects; ORM adapters register their own per model class.
 * Every rule must be side-effect free: it may never call a lazy loader or await anything.
 */
export interface ModelRules {
  /** The loaded value of `relation`, or `MISSING` when it was not eager-loaded. */
  relation(model: object, relation: string): unknown
  /** The loaded count of `relation`, or `MISSING`. */
  count(model: object, relation: string): unknown
  /** The pivot record stored under `accessor`, or `MISSING`. */
  pivot(model: object, accessor: string): unknown
  /** A plain attribute of the model (`@Field`, `@Attribute`); `undefined` when absent. */
  attribute(model: object, name: string): unknown
}

/** Loaded means: present, not `undefined`, not a function, not a thenable. */
export function isLoadedValue(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && !isThenable(value)
}

type LookupGetter = (this: object, key: string) => unknown
const lookupGetter = (Object.prototype as { __lookupGetter__?: LookupGetter }).__lookupGetter__

/**
 * Reads an own or inherited data property without running a getter: a getter may be a lazy loader
 * (TypeORM lazy relations are), so a property defined by an accessor counts as absent.
 *
 * `__lookupGetter__` finds the getter of the nearest property named `key` (an own data property
 * shadows an inherited getter) without allocating a property descriptor, which matters on the hot
 * path of every relation read; with no getter, reading the property runs no code.
 * @internal
 */
export function readDataProperty(model: object, key: string): unknown {
  if (lookupGetter === undefined) return readDataPropertySlowly(model, key)
  if (lookupGetter.call(model, key) !== undefined) return undefined
  return (model as Record<string, unknown>)[key]
}

function readDataPropertySlowly(model: object, key: string): unknown {
  for (let t: object | null = model; t !== null; t = Object.getPrototypeOf(t) as object | null) {
    const desc = Object.getOwnPropertyDescriptor(t, key)
    if (desc !== undefined) return 'value' in desc ? desc.value : undefined
  }
  return undefined
}

const countKeys = new Map<string, string>()

/**
 * `<relation>_count` in snake case, as Laravel names it (`fooBars` -> `foo_bars_count`; a name that
 * already ends in `_count` is kept), built once per relation name (a flat, interned key reads
 * faster).
 */
function countKey(relation: string): string {
  let key = countKeys.get(relation)
  if (key === undefined) {
    key = snakeFinish(relation, '_count')
    if (countKeys.size < 10_000) countKeys.set(relation, key)
  }
  return key
}

/** The rules for plain objects and any model class without rules of its own. */
export const defaultModelRules: ModelRules = {
  relation(model, relation) {
    const value = readDataProperty(model, relation)
    return isLoadedValue(value) ? value : MISSING
  },
  count(model, relation) {
    const value = readDataProperty(model, countKey(relation))
    if (isLoadedValue(value)) return value
    // `_count: { posts: 3 }`: the counts Prisma loads with `include: { _count: { select } }`
    const counts = readDataProperty(model, '_count')
    if (typeof counts !== 'object' || counts === null) return MISSING
    const counted = readDataProperty(counts, relation)
    return isLoadedValue(counted) ? counted : MISSING
  },
  pivot(model, accessor) {
    const value = readDataProperty(model, accessor)
    return typeof value === 'object' && value !== null && isLoadedValue(value) ? value : MISSING
  },
  attribute(model, name) {
    return (model as Record<string, unknown>)[name]
  },
}
