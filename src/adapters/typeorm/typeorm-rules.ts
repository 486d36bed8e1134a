import { MISSING } from '../../runtime/missing'
import { isLoadedValue, readDataProperty, type ModelRules } from '../../runtime/model-rules'
import { defaultCountKeys, readCount, type CountKeys } from '../../runtime/model-rules'
import { registerModelRules } from '../../runtime/model-registry'
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

/** Reads one relation off an entity: its loaded value or `MISSING`. */
type RelationRead = (model: object) => unknown

/**
 * A lazy relation is an accessor that queries when read. TypeORM keeps what it loaded in
 * `__<name>__` and flags it with `__has_<name>__` (RelationLoader.enableLazyLoad), even when the
 * loaded value is empty. Those two are plain data properties TypeORM assigns, never accessors, so
 * reading them directly never queries (and is much faster than a descriptor walk). The keys are
 * built once per relation: a key string built on every read costs a hash and a lookup each time.
 */
function lazyRead(name: string): RelationRead {
  const dataKey = `__${name}__`
  const hasKey = `__has_${name}__`
  return (model) => {
    const record = model as Record<string, unknown>
    const data = record[dataKey]
    if (record[hasKey] === true) return data ?? null
    return data !== undefined ? data : MISSING
  }
}

/**
 * An eager (not lazy) relation is a plain data property TypeORM assigns when it loads the relation;
 * TypeORM defines accessors only for lazy relations. So it is read directly, unless the entity class
 * itself defines an accessor of that name somewhere on its prototype chain (known once, at install):
 * then the property is read without running the accessor.
 */
function eagerRead(name: string, proto: object | undefined): RelationRead {
  if (proto === undefined || hasAccessor(proto, name)) {
    return (model) => {
      const value = readDataProperty(model, name)
      return isLoadedValue(value) ? value : MISSING
    }
  }
  return (model) => {
    const value = (model as Record<string, unknown>)[name]
    return isLoadedValue(value) ? value : MISSING
  }
}

function hasAccessor(proto: object, name: string): boolean {
  for (let p: object | null = proto; p !== null; p = Object.getPrototypeOf(p) as object | null) {
    const desc = Object.getOwnPropertyDescriptor(p, name)
    if (desc !== undefined) return !('value' in desc)
  }
  return false
}

type Readers = Readonly<Record<string, RelationRead | undefined>>

function relationRule(relations: Readers): ModelRules['relation'] {
  return (model, name) => {
    const read = relations[name]
    return read === undefined ? MISSING : read(model)
  }
}

function readerOf(relation: TypeOrmRelationLike, proto: object | undefined): RelationRead {
  const name = relation.propertyName
  return relation.isLazy === true ? lazyRead(name) : eagerRead(name, proto)
}

/** The model rules for one entity. */
function typeOrmRules(
  metadata: TypeOrmEntityMetadataLike,
  options: TypeOrmOptions = {},
): Partial<ModelRules> {
  const relations = Object.create(null) as Record<string, RelationRead>
  const target = metadata.target as { prototype?: unknown } | undefined
  const proto = typeof target === 'function' ? (target.prototype as object | undefined) : undefined
  for (const r of metadata.relations) relations[r.propertyName] = readerOf(r, proto)
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
