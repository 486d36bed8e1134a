import { MISSING } from '../../runtime/missing'
import { isLoadedValue, registerModelRules, type ModelRules } from '../../runtime/models'
import { readDataProperty } from '../../runtime/model-rules'
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

/** What the relation rule needs to know of one relation, keys built once. */
interface RelationReader {
  readonly lazy: boolean
  /** `__<name>__`: where TypeORM keeps what a lazy relation loaded. */
  readonly dataKey: string
  /** `__has_<name>__`: TypeORM's flag that a lazy relation was loaded. */
  readonly hasKey: string
}

/**
 * A lazy relation is an accessor that queries when read. TypeORM keeps what it loaded in
 * `__<name>__` and flags it with `__has_<name>__` (RelationLoader.enableLazyLoad), even when the
 * loaded value is empty. Those two are plain data properties TypeORM assigns, never accessors, so
 * reading them directly never queries (and is much faster than a descriptor walk). The keys are
 * built once per relation: a key string built on every read costs a hash and a lookup each time.
 */
function lazyValue(model: object, reader: RelationReader): unknown {
  const record = model as Record<string, unknown>
  const data = record[reader.dataKey]
  if (record[reader.hasKey] === true) return data ?? null
  return data !== undefined ? data : MISSING
}

function relationRule(relations: Map<string, RelationReader>): ModelRules['relation'] {
  return (model, name) => {
    const reader = relations.get(name)
    if (reader === undefined) return MISSING
    if (reader.lazy) return lazyValue(model, reader)
    const value = readDataProperty(model, name)
    return isLoadedValue(value) ? value : MISSING
  }
}

function readerOf(relation: TypeOrmRelationLike): RelationReader {
  const name = relation.propertyName
  return { lazy: relation.isLazy === true, dataKey: `__${name}__`, hasKey: `__has_${name}__` }
}

/** The model rules for one entity. @internal */
export function typeOrmRules(
  metadata: TypeOrmEntityMetadataLike,
  options: TypeOrmOptions = {},
): Partial<ModelRules> {
  const relations = new Map(metadata.relations.map((r) => [r.propertyName, readerOf(r)] as const))
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
