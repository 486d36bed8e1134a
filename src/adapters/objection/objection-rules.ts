import { MISSING } from '../../runtime/missing'
import { isLoadedValue, readDataProperty, type ModelRules } from '../../runtime/model-rules'
import { defaultCountKeys, readCount, type CountKeys } from '../../runtime/model-rules'
import { registerModelRules } from '../../runtime/model-registry'
import type { ObjectionModelClass, ObjectionRelationLike } from './objection-types'

/** Options of {@link installObjection}. */
export interface ObjectionOptions {
  /**
   * Where a relation count is read from (Objection has no built-in count; select one with
   * `Model.relatedQuery('posts').count().as('posts_count')`).
   * @default (relation) => [`${relation}_count`, `${relation}Count`]
   */
  countKeys?: CountKeys
  /**
   * The accessor under which the `extra` columns of a ManyToMany relation are offered to
   * `whenPivotLoaded()`, by `'<OwnerClass>.<relation>'`, e.g. `{ 'Post.tags': 'tagging' }`.
   * @default every ManyToMany relation uses 'pivot'
   */
  pivotAccessors?: Record<string, string>
}

interface PivotSource {
  readonly accessor: string
  readonly relatedClass: Function
  readonly props: readonly string[]
}

/** The relations of Objection model classes by name, read once per class (per install). */
type RelationCache = WeakMap<Function, ReadonlyMap<string, ObjectionRelationLike>>

/**
 * The relations of an Objection model class, by name, read once per class. `getRelations()` never
 * throws for a name it lacks (unlike `getRelation(name)`), and a Map makes `constructor` or
 * `toString` plain unknown names.
 */
function relationsOf(
  cls: ObjectionModelClass,
  cache: RelationCache,
): ReadonlyMap<string, ObjectionRelationLike> {
  let map = cache.get(cls)
  if (map === undefined) {
    const relations = cls.getRelations() as Record<string, ObjectionRelationLike>
    map = new Map(Object.keys(relations).map((name) => [name, relations[name]] as const))
    cache.set(cls, map)
  }
  return map
}

/** Every ManyToMany relation of `models` that copies `extra` columns onto its related models. */
function pivotSources(
  models: readonly ObjectionModelClass[],
  options: ObjectionOptions,
  cache: RelationCache,
): PivotSource[] {
  const sources: PivotSource[] = []
  for (const owner of models) {
    for (const [name, relation] of relationsOf(owner, cache)) {
      const extras = relation.joinTableExtras ?? []
      if (extras.length === 0) continue
      sources.push({
        accessor: options.pivotAccessors?.[`${owner.name}.${name}`] ?? 'pivot',
        relatedClass: relation.relatedModelClass,
        props: extras.map((extra) => extra.aliasProp),
      })
    }
  }
  return sources
}

/** The `extra` columns found on `model` for relations whose pivot accessor is `accessor`. */
function readExtras(model: object, accessor: string, sources: readonly PivotSource[]): unknown {
  let found: Record<string, unknown> | undefined
  for (const source of sources) {
    if (source.accessor !== accessor || !(model instanceof source.relatedClass)) continue
    for (const prop of source.props) {
      const value = readDataProperty(model, prop)
      if (value !== undefined) (found ??= {})[prop] = value
    }
  }
  return found ?? MISSING
}

/** The model rules for Objection models. */
function objectionRules(
  models: readonly ObjectionModelClass[],
  options: ObjectionOptions,
): Partial<ModelRules> {
  const countKeys = options.countKeys ?? defaultCountKeys
  // each install keeps what it read of its classes' relations (no cache shared across installs)
  const cache: RelationCache = new WeakMap()
  let sources: PivotSource[] | undefined // built on first use: relationMappings may be thunks
  return {
    relation(model, relation) {
      const cls = model.constructor as ObjectionModelClass
      if (!relationsOf(cls, cache).has(relation)) return MISSING
      const value = readDataProperty(model, relation)
      return isLoadedValue(value) ? value : MISSING
    },
    count: (model, relation) =>
      readCount((key) => readDataProperty(model, key), relation, countKeys),
    pivot(model, accessor) {
      const own = readDataProperty(model, accessor)
      if (typeof own === 'object' && own !== null && isLoadedValue(own)) return own
      sources ??= pivotSources(models, options, cache)
      return readExtras(model, accessor, sources)
    },
  }
}

/**
 * Registers the rules of `models` (Objection `Model` subclasses): a relation counts as loaded when
 * Objection knows it and `withGraphFetched`/`withGraphJoined` put it on the model; a count is read from
 * `countKeys`; a ManyToMany relation's `extra` columns form the pivot. Call once at start-up.
 *
 * @example
 * installObjection([User, Post, Comment, Tag], { pivotAccessors: { 'Post.tags': 'tagging' } })
 */
export function installObjection(
  models: readonly ObjectionModelClass[],
  options: ObjectionOptions = {},
): void {
  const rules = objectionRules(models, options)
  for (const model of models) registerModelRules(model, rules)
}
