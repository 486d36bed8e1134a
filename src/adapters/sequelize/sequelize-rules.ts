import { MISSING } from '../../runtime/missing'
import {
  type ModelRules,
  defaultCountKeys,
  readCount,
  type CountKeys,
} from '../../runtime/model-rules'
import { registerModelRules } from '../../runtime/model-registry'
import type {
  SequelizeAssociationLike,
  SequelizeLike,
  SequelizeModelClass,
} from './sequelize-paginate'
import { hasOwn } from '../../util/objects'

/** Options of {@link installSequelize}. */
export interface SequelizeOptions {
  /**
   * Where a relation count is read from: an attribute selected with
   * `attributes: { include: [[fn('COUNT', col('posts.id')), 'posts_count']] }`.
   * @default (relation) => [`${relation}_count`, `${relation}Count`]
   */
  countKeys?: CountKeys
}

/**
 * Everything Sequelize loaded for an instance lives in `dataValues`, included associations and
 * through-model rows too; reading it never runs a getter (attribute getters may be custom code).
 */
function dataValue(model: object, key: string): unknown {
  const data = (model as { dataValues?: Record<string, unknown> }).dataValues
  return typeof data === 'object' && data !== null && hasOwn.call(data, key) ? data[key] : undefined
}

/** A through-model row as plain data (its `dataValues`), or MISSING. */
function pivotData(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return MISSING
  const data = (value as { dataValues?: unknown }).dataValues
  return typeof data === 'object' && data !== null ? data : value
}

/** The names under which BelongsToMany associations put their through row on `modelClass`. */
function throughNames(models: readonly SequelizeModelClass[], modelClass: Function): string[] {
  const names: string[] = []
  for (const owner of models) {
    for (const assoc of Object.values(owner.associations) as SequelizeAssociationLike[]) {
      if (assoc.associationType !== 'BelongsToMany' || assoc.target !== modelClass) continue
      if (assoc.through && !names.includes(assoc.through.model.name))
        names.push(assoc.through.model.name)
    }
  }
  return names
}

/**
 * The pivot under `accessor` (a `through: { as }` given in the include, or the through model's
 * name); `pivot`, when nothing sits under that name, falls back to the through models of every
 * BelongsToMany association that targets the model's class.
 */
function pivotRule(models: readonly SequelizeModelClass[]): ModelRules['pivot'] {
  const cache = new Map<Function, string[]>()
  return (model, accessor) => {
    const direct = pivotData(dataValue(model, accessor))
    if (direct !== MISSING || accessor !== 'pivot') return direct
    const cls = model.constructor
    if (!cache.has(cls)) cache.set(cls, throughNames(models, cls))
    for (const name of cache.get(cls)!) {
      const found = pivotData(dataValue(model, name))
      if (found !== MISSING) return found
    }
    return MISSING
  }
}

/** The model rules for Sequelize models. */
function sequelizeRules(
  models: readonly SequelizeModelClass[],
  options: SequelizeOptions = {},
): Partial<ModelRules> {
  const countKeys = options.countKeys ?? defaultCountKeys
  return {
    relation(model, name) {
      const { associations } = model.constructor as SequelizeModelClass
      if (!hasOwn.call(associations, name)) return MISSING
      const value = dataValue(model, name)
      return value === undefined ? MISSING : value
    },
    count: (model, relation) => readCount((key) => dataValue(model, key), relation, countKeys),
    pivot: pivotRule(models),
    attribute(model, name) {
      const value = (model as Record<string, unknown>)[name]
      return value !== undefined ? value : dataValue(model, name)
    },
  }
}

/**
 * Registers model rules for every model of a `Sequelize` instance: an association counts as loaded
 * when it was `include`d (Sequelize puts it in `dataValues` under its `as`), a count is read from the
 * attributes named by `countKeys`, and a BelongsToMany through row is the pivot, under the through
 * model's name, the `through.as` of the include, or `pivot`. Call once after defining associations.
 *
 * @example
 * installSequelize(sequelize)
 */
export function installSequelize(sequelize: SequelizeLike, options?: SequelizeOptions): void {
  const models = Object.values(sequelize.models) as SequelizeModelClass[]
  const rules = sequelizeRules(models, options)
  for (const model of models) registerModelRules(model, rules)
}
