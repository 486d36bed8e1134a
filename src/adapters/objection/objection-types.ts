/**
 * The parts of Objection this adapter uses, duck-typed so that `api-resources/objection` never loads
 * `objection` itself.
 */

/** A relation as `Model.getRelations()` lists it. */
export interface ObjectionRelationLike {
  readonly relatedModelClass: Function
  /** ManyToMany only: the `join.through.extra` columns, copied onto the related model. */
  readonly joinTableExtras?: ReadonlyArray<{ readonly aliasProp: string }>
}

/** A model class (a subclass of Objection's `Model`). */
export type ObjectionModelClass = (abstract new (...args: never[]) => object) & {
  readonly name: string
  /** Objection's `Model.getRelations()`: every relation by name (resolves `relationMappings`). */
  getRelations(): object
}

/** A query builder (`Model.query()`, `$relatedQuery()`): cloneable, countable, awaitable. */
export interface ObjectionQueryLike<T = unknown> extends PromiseLike<T[]> {
  clone(): ObjectionQueryLike<T>
  resultSize(): Promise<number>
  offset(n: number): ObjectionQueryLike<T>
  limit(n: number): ObjectionQueryLike<T>
}

/** The paginators' query type of this adapter, for rows of type `T`. */
declare module '../orm-support/orm-paginators' {
  interface OrmQueries<T> {
    objection: ObjectionQueryLike<T>
  }
}
