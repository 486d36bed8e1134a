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
  /** A copy; the properties named in `reset` are left out of it. */
  clone(reset?: string[]): MikroOrmQueryLike<T>
  limit(n: number): MikroOrmQueryLike<T>
  offset(n: number): MikroOrmQueryLike<T>
  getResultList(): Promise<T[]>
  getCount(): Promise<number>
}

/**
 * A copy of `qb` that builds its own SQL. MikroORM's `clone()` keeps the SQL a builder has already
 * built (run, or asked for with `getKnexQuery()`/`getFormattedQuery()`) in `_query`, and a copy
 * would run that SQL again whatever it adds (a filter, a keyset, a limit, a count): every copy the
 * adapter makes leaves it out.
 */
export function freshClone<Q extends { clone(reset?: string[]): unknown }>(
  qb: Q,
): ReturnType<Q['clone']> {
  return qb.clone(['_query']) as ReturnType<Q['clone']>
}

/** The paginators' query type of this adapter, for rows of type `T`. */
declare module '../orm-support/orm-paginators' {
  interface OrmQueries<T> {
    mikroOrm: MikroOrmQueryLike<T>
  }
}
