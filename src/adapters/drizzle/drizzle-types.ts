/**
 * The parts of Drizzle this adapter uses, duck-typed so that `api-resources/drizzle` never loads
 * `drizzle-orm` at import time.
 */

/** A Drizzle session: every dialect's session has `count(sql)` (what `db.$count()` runs). */
export interface DrizzleSessionLike {
  count(sql: unknown): Promise<unknown> | unknown
}

/**
 * What `paginate()` accepts: any awaitable Drizzle query; the checks below run at run time, because
 * the members used (`session`, `config`, `getSQL`) are internal in Drizzle's own typings.
 */
export type DrizzleQuery<T> = PromiseLike<T[]>

/**
 * A query Drizzle builds from a config it keeps on the builder: a select builder
 * (`db.select().from(posts)...`) or a relational query (`db.query.posts.findMany({ with })`). Both are
 * awaitable, know their session and render their SQL with `getSQL()`.
 */
export interface DrizzleQueryLike<T = unknown> extends PromiseLike<T[]> {
  readonly session: DrizzleSessionLike | undefined
  config: object
  getSQL(): unknown
  execute(): Promise<T[]>
}

/** The paginators' query type of this adapter, for rows of type `T`. */
declare module '../orm-support/orm-paginators' {
  interface OrmQueries<T> {
    drizzle: DrizzleQuery<T>
  }
}
