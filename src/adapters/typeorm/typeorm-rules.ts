import { MISSING } from '../../missing'
import { isLoadedValue, registerModelRules, type ModelRules } from '../../models'
import { readDataProperty } from '../../models/model-rules'
import { defaultCountKeys, readCount, type CountKeys } from '../orm-support/count-keys'
import type {
  TypeOrmDataSourceLike,
  TypeOrmEntityMetadataLike,
  TypeOrmRelationLike,
} from './typeorm-types'

/** Options of {@link installTypeOrm}. */
export interface TypeOrmOptions {
  /**
   * Where a relation count is read from, e.g. what
   * `qb.loadRelationCountAndMap('user.postsCount', 'user.posts')` maps.
   * @default (relation) => [`${relation}_count`, `${relation}Count`]
   */
  countKeys?: CountKeys
}

/**
 * A lazy relation is an accessor that queries when read. TypeORM keeps what it loaded in
 * `__<name>__` and flags it with `__has_<name>__` (RelationLoader.enableLazyLoad), even when the
 * loaded value is empty. Those two are plain data properties TypeORM assigns, never accessors, so
 * reading them directly never queries (and is much faster than a descriptor walk).
 */
function lazyValue(model: object, name: string): unknown {
  const record = model as Record<string, unknown>
  const data = record[`__${name}__`]
  if (record[`__has_${name}__`] === true) return data ?? null
  return data !== undefined ? data : MISSING
}

function relationRule(relations: Map<string, TypeOrmRelationLike>): ModelRules['relation'] {
  return (model, name) => {
    const relation = relations.get(name)
    if (relation === undefined) return MISSING
    if (relation.isLazy) return lazyValue(model, name)
    const value = readDataProperty(model, name)
    return isLoadedValue(value) ? value : MISSING
  }
}

/** The model rules for one entity. @internal */
export function typeOrmRules(
  metadata: TypeOrmEntityMetadataLike,
  options: TypeOrmOptions = {},
): Partial<ModelRules> {
  const relations = new Map(metadata.relations.map((r) => [r.propertyName, r] as const))
  const countKeys = options.countKeys ?? defaultCountKeys
  return {
    relation: relationRule(relations),
    count: (model, relation) =>
      readCount((key) => readDataProperty(model, key), relation, countKeys),
  }
}

/**
 * Registers model rules for every entity class of an initialized TypeORM `DataSource`: a relation is
 * loaded when TypeORM knows it and put it on the entity (`relations`, `leftJoinAndSelect`); a lazy
 * relation (`Promise<T>`) when TypeORM's own bookkeeping says it was loaded, so it is never triggered.
 * Counts come from `countKeys`; pivot entities become pivots with `attachPivot()`. Call once after
 * `dataSource.initialize()`.
 *
 * @example
 * await dataSource.initialize()
 * installTypeOrm(dataSource)
 */
export function installTypeOrm(dataSource: TypeOrmDataSourceLike, options?: TypeOrmOptions): void {
  for (const metadata of dataSource.entityMetadatas) {
    // entity schemas (EntitySchema) have no class of their own: their rows stay on the default rules
    if (typeof metadata.target !== 'function') continue
    registerModelRules(
      metadata.target as abstract new () => unknown,
      typeOrmRules(metadata, options),
    )
  }
}
