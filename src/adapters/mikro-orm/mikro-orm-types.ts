/**
 * The parts of MikroORM this adapter uses, duck-typed so that `api-resources/mikro-orm` never loads
 * `@mikro-orm/core` itself.
 */

/** A property's metadata: `kind` is 'scalar', 'embedded', 'm:1', '1:1', '1:m' or 'm:n'. */
export interface MikroOrmPropertyLike {
  readonly name: string
  readonly kind: string
}

/** An entity's metadata (`EntityMetadata`). */
export interface MikroOrmEntityMetadataLike {
  readonly class?: unknown
  readonly properties: Readonly<Record<string, MikroOrmPropertyLike>>
}

/** An initialized `MikroORM` instance (`await MikroORM.init(config)`). */
export interface MikroOrmLike {
  getMetadata(): { getAll(): Readonly<Record<string, MikroOrmEntityMetadataLike>> }
}

/** A SQL `QueryBuilder` (`em.createQueryBuilder(Post, 'p')`). */
export interface MikroOrmQueryLike<T = unknown> {
  clone(): MikroOrmQueryLike<T>
  limit(n: number): MikroOrmQueryLike<T>
  offset(n: number): MikroOrmQueryLike<T>
  getResultList(): Promise<T[]>
  getCount(): Promise<number>
}

/** The paginators' query type of this adapter, for rows of type `T`. */
declare module '../orm-support/orm-paginators' {
  interface OrmQueries<T> {
    mikroOrm: MikroOrmQueryLike<T>
  }
}
