import { MISSING } from './missing'
import { isThenable } from '../util/objects'

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
    // `<relation>_count` as Laravel names it (`post_tags_count`), then as written (`postTags_count`)
    const snaked = countKey(relation)
    const value = readDataProperty(model, snaked)
    if (isLoadedValue(value)) return value
    const written = `${relation}_count`
    if (written !== snaked && !relation.endsWith('_count')) {
      const asWritten = readDataProperty(model, written)
      if (isLoadedValue(asWritten)) return asWritten
    }
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

/**
 * Where an ORM model keeps the count of a relation. Most ORMs have no built-in "with count": the
 * caller selects it under a name of their choosing, so the adapters try each candidate key in order.
 */
export type CountKeys = (relation: string) => readonly string[]

/**
 * `posts_count` (the library default, as in Laravel) and then `postsCount` (camelCase code bases).
 *
 * @example
 * installTypeOrm(dataSource, { countKeys: (relation) => [...defaultCountKeys(relation), `num_${relation}`] })
 */
export const defaultCountKeys: CountKeys = (relation) => [`${relation}_count`, `${relation}Count`]

/**
 * The first loaded value among `keys(relation)`, read with `read`; `MISSING` when none is loaded.
 */
export function readCount(
  read: (key: string) => unknown,
  relation: string,
  keys: CountKeys,
): unknown {
  for (const key of keys(relation)) {
    const value = read(key)
    if (isLoadedValue(value)) return value
  }
  return MISSING
}
/**
 * How aggregates and existence checks selected with a query are named on a row, as Laravel names
 * them (`withSum('posts', 'votes')` selects `posts_sum_votes`; `withExists('posts')` selects
 * `posts_exists`), and how an existence value reads as a boolean.
 * @internal
 * @module
 */

/** `blogPosts` -> `blog_posts`. @internal */
function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()
}

/** `name` in snake case, ending with `suffix` (not twice): `fooBars` -> `foo_bars_count`. @internal */
export function snakeFinish(name: string, suffix: string): string {
  const snaked = snake(name)
  return snaked.endsWith(suffix) ? snaked : `${snaked}${suffix}`
}

/** The attribute an aggregate of a relation is selected as: `posts_sum_votes`. @internal */
export function aggregateKey(relation: string, column: string, aggregate: string): string {
  return snake(`${relation}_${aggregate}_${column}`)
}

/** The attribute an existence check of a relation is selected as: `posts_exists`. @internal */
export function existsKey(relation: string): string {
  return snakeFinish(relation, '_exists')
}

/**
 * An existence value as a boolean: drivers give `1`/`0`, `'1'`/`'0'`, `'t'`/`'f'` or booleans. Not
 * internal: the `whenExistsLoaded` kind's table refers to it, so the declarations keep it.
 */
export function existsValue(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't' || value === 1n
}

const COUNT_TEXT = /^(?:0|[1-9][0-9]{0,15})$/

/**
 * A count as a number: drivers give a COUNT as a number, a `bigint` or its digits (node-postgres
 * reads `count(*)`, a `bigint`, as text). Digits and a `bigint` that a number holds exactly become
 * that number; anything else is left as it is. Not internal: the `whenCounted` kind's table refers
 * to it, so the declarations keep it.
 */
export function countValue(value: unknown): unknown {
  if (typeof value === 'string' && COUNT_TEXT.test(value)) {
    const count = Number(value)
    return Number.isSafeInteger(count) ? count : value
  }
  if (typeof value === 'bigint' && value >= 0n && value <= BigInt(Number.MAX_SAFE_INTEGER))
    return Number(value)
  return value
}
