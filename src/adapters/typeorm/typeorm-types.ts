/**
 * The parts of TypeORM this adapter uses, duck-typed so that `api-resources/typeorm` never loads
 * `typeorm` itself.
 */

/** A relation's metadata (`RelationMetadata`). */
export interface TypeOrmRelationLike {
  readonly propertyName: string
  readonly isLazy: boolean
}

/** An entity's metadata (`EntityMetadata`). */
export interface TypeOrmEntityMetadataLike {
  /** The entity class (or a string / schema name for entity schemas, which have no class). */
  readonly target: unknown
  readonly relations: readonly TypeOrmRelationLike[]
}

/** An initialized `DataSource`. */
export interface TypeOrmDataSourceLike {
  readonly entityMetadatas: readonly TypeOrmEntityMetadataLike[]
}

/** A `SelectQueryBuilder` (`repo.createQueryBuilder('post')`). */
export interface TypeOrmQueryLike<T = unknown> {
  clone(): TypeOrmQueryLike<T>
  skip(n?: number): TypeOrmQueryLike<T>
  take(n?: number): TypeOrmQueryLike<T>
  getMany(): Promise<T[]>
  getCount(): Promise<number>
}

/** The paginators' query type of this adapter, for rows of type `T`. */
declare module '../orm-support/orm-paginators' {
  interface OrmQueries<T> {
    typeorm: TypeOrmQueryLike<T>
  }
}
