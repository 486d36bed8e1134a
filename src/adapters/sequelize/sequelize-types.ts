/**
 * The parts of Sequelize this adapter uses, duck-typed so that `api-resources/sequelize` never loads
 * `sequelize` itself.
 */

/** An association (`Model.associations[as]`). */
export interface SequelizeAssociationLike {
  readonly associationType: string
  readonly target: Function
  /** BelongsToMany only: the through model, whose row lands on each target under its name. */
  readonly through?: { readonly model: { readonly name: string } }
}

/** A model class (`sequelize.define()` or `class X extends Model`, after `init`). */
export type SequelizeModelClass = (abstract new (...args: never[]) => object) & {
  readonly name: string
  readonly associations: object
}

/** A `Sequelize` instance: its `models` by name. */
export interface SequelizeLike {
  readonly models: object
}

/** A model class as `paginate()` uses it: it counts and finds (`Post`). */
export type SequelizeFinder = (abstract new (...args: never[]) => object) & {
  readonly primaryKeyAttribute: string
  count(options?: object): Promise<unknown>
  findAll(options?: object): Promise<unknown[]>
}

/**
 * What `paginate()` takes for Sequelize, which has no query object: the model and the `findAll`
 * options, in one object (`{ model: Post, where, include, order }`).
 */
export type SequelizeQuery<M extends SequelizeFinder = SequelizeFinder> = {
  readonly model: M
} & Record<string, unknown>
