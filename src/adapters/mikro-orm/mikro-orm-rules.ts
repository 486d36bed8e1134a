import { MISSING } from '../../runtime/missing'
import {
  isLoadedValue,
  type ModelRules,
  defaultCountKeys,
  readCount,
  type CountKeys,
} from '../../runtime/model-rules'
import { registerModelRules } from '../../runtime/model-registry'
import type { MikroOrmEntityMetadataLike, MikroOrmLike } from './mikro-orm-types'
import { hasOwn } from '../../util/objects'

/** Options of {@link installMikroOrm}. */
export interface MikroOrmOptions {
  /**
   * Where a relation count is read from, e.g. a `@Formula` property `commentsCount` (declare it
   * `lazy: true` and `populate` it when wanted).
   * @default (relation) => [`${relation}_count`, `${relation}Count`]
   */
  countKeys?: CountKeys
}

const RELATION_KINDS = new Set(['m:1', '1:1', '1:m', 'm:n'])

interface Initializable {
  isInitialized(): boolean
}

function hasMethod<K extends string>(value: unknown, name: K): value is Record<K, Function> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<K, unknown>)[name] === 'function'
  )
}

/** The initialization state of an entity, from its `WrappedEntity` (what `wrap(e).isInitialized()` reads). */
function entityState(value: object): boolean | undefined {
  const helper = (value as { __helper?: unknown }).__helper
  return hasMethod(helper, 'isInitialized') ? (helper as Initializable).isInitialized() : undefined
}

/**
 * What a relation property holds once MikroORM hydrated the entity: a `Collection` (1:m, m:n) and a
 * `Reference` (`ref: true`) are always there and know whether they are initialized; a plain m:1
 * entity is an uninitialized stub until it is populated. Only loaded data is returned, as an array
 * for collections; nothing here can query.
 */
function loadedValue(value: unknown): unknown {
  if (value === null) return null
  if (!isLoadedValue(value) || typeof value !== 'object') return MISSING
  if (hasMethod(value, 'isInitialized') && hasMethod(value, 'getItems'))
    return (value as unknown as Initializable).isInitialized() ? value.getItems() : MISSING
  if (hasMethod(value, 'isInitialized') && hasMethod(value, 'unwrap'))
    return (value as unknown as Initializable).isInitialized() ? value.unwrap() : MISSING
  return entityState(value) === false ? MISSING : value
}

/**
 * The related entities of an m:n relation seen with their pivot rows, per parent entity and relation:
 * the query plan's loader sets them (a collection's items are MikroORM's own entities, shared
 * across parents by the identity map, so the pivot row of one parent cannot sit on them). They are
 * read only while the collection still holds the same entities in the same order.
 */
const pivotViews = new WeakMap<object, Map<string, readonly object[]>>()

/** Sets the views (`Object.create(entity)` with a `pivot`) of `model`'s relation `name`. @internal */
export function setPivotViews(model: object, name: string, views: readonly object[]): void {
  let byName = pivotViews.get(model)
  if (byName === undefined) pivotViews.set(model, (byName = new Map()))
  byName.set(name, views)
}

/** The views of `items` when they are the ones set for `model`'s relation `name`, else `items`. */
function withPivots(model: object, name: string, items: unknown): unknown {
  const views = pivotViews.get(model)?.get(name)
  if (views === undefined || !Array.isArray(items) || items.length !== views.length) return items
  return items.every((item, i) => Object.getPrototypeOf(views[i]) === item) ? views : items
}

/** The model rules for one entity. */
function mikroOrmRules(
  meta: MikroOrmEntityMetadataLike,
  options: MikroOrmOptions = {},
): Partial<ModelRules> {
  const countKeys = options.countKeys ?? defaultCountKeys
  // MikroORM's property accessors only read the entity's own data (EntityHelper.defineProperties):
  // unlike TypeORM's lazy relations they never query, so reading them is safe.
  const read = (model: object, key: string) => (model as Record<string, unknown>)[key]
  return {
    relation(model, name) {
      const prop = hasOwn.call(meta.properties, name) ? meta.properties[name] : undefined
      if (prop === undefined || !RELATION_KINDS.has(prop.kind)) return MISSING
      const value = loadedValue(read(model, name))
      return prop.kind === 'm:n' ? withPivots(model, name, value) : value
    },
    count: (model, relation) => readCount((key) => read(model, key), relation, countKeys),
  }
}

/**
 * Registers model rules for every entity class of an initialized `MikroORM`: a collection or reference
 * is loaded when MikroORM says it is initialized (`populate`), a to-one entity when it is not an
 * uninitialized stub. Counts come from `countKeys`; pivot entities become pivots with
 * `attachPivot()`. Call once after `MikroORM.init()`.
 *
 * @example
 * const orm = await MikroORM.init(config)
 * installMikroOrm(orm)
 */
export function installMikroOrm(orm: MikroOrmLike, options?: MikroOrmOptions): void {
  for (const meta of Object.values(orm.getMetadata().getAll())) {
    if (typeof meta.class !== 'function') continue
    registerModelRules(meta.class as abstract new () => unknown, mikroOrmRules(meta, options))
  }
}
