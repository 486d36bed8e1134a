import { countFrom } from '../../pagination/page-query'
import { explainEstimate } from '../../pagination/page-query'
import { ormPaginators } from '../orm-support/orm-paginators'
import { drizzle as drizzleOrm, drizzleCursorSource, drizzleFamily } from './drizzle-cursor'
import { drizzlePlanSteps, isRelationalQuery } from './drizzle-query-plan'

/**
 * The parts of Drizzle this adapter uses, duck-typed so that `api-resources/drizzle` never loads
 * `drizzle-orm` at import time.
 */

/** A Drizzle session: every dialect's session has `count(sql)` (what `db.$count()` runs). */
export interface DrizzleSessionLike {
  count(sql: unknown): Promise<unknown> | unknown
  /**
   * A statement of SQL text and parameters, unchanged (what `execute(sql)` runs): PostgreSQL
   * sessions take `(query, fields, name, arrayMode)`, MySQL ones `(query, fields)`; SQLite ones
   * are never asked.
   */
  prepareQuery?(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name?: undefined,
    arrayMode?: boolean,
  ): { execute(): Promise<unknown> | unknown }
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
  toSQL(): { sql: string; params: unknown[] }
  execute(): Promise<T[]>
}

/** The paginators' query type of this adapter, for rows of type `T`. */
declare module '../orm-support/orm-paginators' {
  interface OrmQueries<T> {
    drizzle: DrizzleQuery<T>
  }
}

const SUPPORTED =
  'a Drizzle select builder (db.select().from(...)) or relational query (db.query.x.findMany())'

/**
 * Runs `fn` while the query's config has `patch` applied. Drizzle builders are mutable and have no
 * clone(): swapping in a copy of the config (and putting the original back) leaves the caller's
 * builder exactly as it was. `fn` must build its SQL synchronously, which both getSQL() and
 * execute() do.
 */
function withConfig<T, R>(query: DrizzleQueryLike<T>, patch: object, fn: () => R): R {
  const saved = query.config
  query.config = { ...saved, ...patch }
  try {
    return fn()
  } finally {
    query.config = saved
  }
}

interface DrizzleSql {
  sql: (strings: TemplateStringsArray, ...values: unknown[]) => { as(alias: string): unknown }
  is(value: unknown, type: unknown): boolean
  Column: unknown
  SQL: { Aliased: unknown }
}

/** The parts of a select builder's config the page reads. */
interface SelectConfig {
  readonly fields?: Record<string, unknown>
  readonly distinct?: unknown
  readonly groupBy?: readonly unknown[]
  readonly having?: unknown
  readonly setOperators?: readonly object[]
}

/**
 * The config patch that sets a page's `limit`, `offset` (and `orderBy`) of the query: on a set
 * operation (`union`, `intersect`, `except`) they belong to its last operator, as Drizzle's own
 * `.limit()` puts them, where they apply to the whole; elsewhere to the query itself.
 */
function pagePatch<T>(query: DrizzleQueryLike<T>, patch: object): object {
  const operators = (query.config as SelectConfig).setOperators
  if (operators === undefined || operators.length === 0) return patch
  return { setOperators: [...operators.slice(0, -1), { ...operators.at(-1), ...patch }] }
}

/**
 * Can the selection be replaced by a constant without changing the rows? When it holds columns
 * only (no expression, which may be an aggregate) and the query has no DISTINCT, GROUP BY, HAVING
 * or set operation. The count then cannot meet MySQL/MariaDB's "duplicate column" error of a
 * derived table over `select *` of a join.
 */
function selectsColumnsOnly(config: SelectConfig, drizzle: DrizzleSql): boolean {
  if (config.fields === undefined || (config.distinct !== undefined && config.distinct !== false))
    return false
  if ((config.groupBy?.length ?? 0) > 0 || config.having !== undefined) return false
  if ((config.setOperators?.length ?? 0) > 0) return false
  const columns = (fields: object): boolean =>
    Object.values(fields).every((value) =>
      drizzle.is(value, drizzle.Column)
        ? true
        : typeof value === 'object' &&
            value !== null &&
            Object.getPrototypeOf(value) === Object.prototype
          ? columns(value)
          : false,
    )
  return columns(config.fields)
}

/**
 * The selection with each column and each unnamed expression named `page_c<n>`, and the names given
 * with `.as()` kept: the COUNT's derived table then has no two columns of one name, which
 * MySQL/MariaDB refuse ("Duplicate column name 'id'" of a select-all over a join). What the query
 * returns is unchanged (a DISTINCT still compares the same values), and so is its count.
 */
function namedFields(
  fields: Record<string, unknown>,
  drizzle: DrizzleSql,
): Record<string, unknown> {
  let n = 0
  const named = (group: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(group)) {
      if (drizzle.is(value, drizzle.SQL.Aliased)) out[key] = value
      else if (typeof value === 'object' && value !== null && !isSqlOrColumn(value, drizzle))
        out[key] = named(value as Record<string, unknown>)
      else out[key] = drizzle.sql`${value}`.as(`page_c${++n}`)
    }
    return out
  }
  return named(fields)
}

function isSqlOrColumn(value: unknown, drizzle: DrizzleSql): boolean {
  return drizzle.is(value, drizzle.Column) || drizzle.is(value, drizzle.SQL)
}

/**
 * COUNT(*) over the query as a subquery (without its limit, offset and order), on the query's own
 * session. A selection of columns only becomes a constant; any other keeps its values, under names
 * of its own ({@link namedFields}).
 */
async function countRows<T>(query: DrizzleQueryLike<T>): Promise<number> {
  // loaded when a Drizzle query is first paginated (the entry point never needs it), with an
  // import() bundlers follow
  const drizzle = (await import('drizzle-orm')) as unknown as DrizzleSql
  const { sql } = drizzle
  const config = query.config as SelectConfig
  // a relational query's `with` and `extras` never change which rows it returns: left out
  const relational = isRelationalQuery(query)
  const loads = relational ? { with: undefined, extras: undefined } : {}
  const selection = relational
    ? {}
    : selectsColumnsOnly(config, drizzle)
      ? { fields: { one: sql`1` }, fieldsFlat: undefined }
      : config.fields === undefined
        ? {}
        : { fields: namedFields(config.fields, drizzle), fieldsFlat: undefined }
  // no ORDER BY: it cannot change a count, and one by name or position (`sql\`2 desc\``) would
  // name a column the selection renamed or lost
  const unpaged = {
    ...pagePatch(query, { limit: undefined, offset: undefined, orderBy: undefined }),
    ...loads,
  }
  const inner = withConfig(query, { ...unpaged, ...selection }, () => query.getSQL())
  return countFrom(
    await query.session!.count(sql`select count(*) as count from (${inner}) as page_count`),
  )
}

/**
 * The planner's estimate of the query's rows: its SQL without limit, offset and order (and, for a
 * relational query, without `with` and `extras`), from `toSQL()` in the dialect's placeholders,
 * explained on the query's own session (a transaction's, inside one) with the SQL and parameters
 * as they are (`prepareQuery`, what `db.execute()` runs).
 */
async function estimateRows<T>(query: DrizzleQueryLike<T>): Promise<number | undefined> {
  const family = drizzleFamily(query, await drizzleOrm())
  const prepareQuery = query.session?.prepareQuery?.bind(query.session)
  if (prepareQuery === undefined) return undefined
  const loads = isRelationalQuery(query) ? { with: undefined, extras: undefined } : {}
  const unpaged = {
    ...pagePatch(query, { limit: undefined, offset: undefined, orderBy: undefined }),
    ...loads,
  }
  const { sql, params } = withConfig(query, unpaged, () => query.toSQL())
  return explainEstimate(family, sql, params, async (text, values) => {
    const rawQuery = { sql: text, params: values.slice() }
    // PostgreSQL sessions take (query, fields, name, arrayMode); MySQL ones (query, fields)
    const prepared =
      family === 'postgres'
        ? prepareQuery(rawQuery, undefined, undefined, false)
        : prepareQuery(rawQuery, undefined)
    const result = (await prepared.execute()) as { rows?: unknown } | unknown[]
    // node-postgres: a result with its rows; postgres.js: the rows; mysql2: [rows, fields]
    if (!Array.isArray(result)) return result.rows
    return Array.isArray(result[0]) ? result[0] : result
  })
}

// the checks run at run time: the members used are internal in Drizzle's typings
const drizzle = ormPaginators<'drizzle'>({
  supported: SUPPORTED,
  methods: ['getSQL', 'execute'],
  accepts: (query) => {
    const q = query as Partial<DrizzleQueryLike>
    return typeof q.config === 'object' && Boolean(q.session)
  },
  pages: (query) => ({
    estimate: () => estimateRows(query as DrizzleQueryLike),
    count: () => countRows(query as DrizzleQueryLike),
    fetch: (offset, limit) => {
      const q = query as DrizzleQueryLike
      return withConfig(q, pagePatch(q, { limit, offset }), () => q.execute())
    },
  }),
  plan: drizzlePlanSteps,
  cursor: (query, fn) => drizzleCursorSource(query as DrizzleQueryLike, fn),
})

/**
 * Runs a Drizzle query one page at a time: a COUNT over the query as a subquery (so joins and filters
 * count what the query returns), then the page with `limit`/`offset`. Relational queries keep their
 * `with` and `extras`. The query is not modified.
 *
 * @example
 * const q = db.select({ id: posts.id, title: posts.title }).from(posts)
 *   .innerJoin(users, eq(users.id, posts.userId)).where(eq(users.active, true))
 * const page = await paginate(q, 15)
 * const page2 = await paginate(db.query.posts.findMany({ with: { author: true } }), 15)
 */
export const paginate = drizzle.paginate

/**
 * Like {@link paginate} without the COUNT: `perPage + 1` rows tell whether a next page exists.
 *
 * @example
 * const page = await simplePaginate(db.select().from(posts).orderBy(posts.id), 15)
 */
export const simplePaginate = drizzle.simplePaginate

/**
 * One cursor page of a Drizzle select builder: a single query of `perPage + 1` rows after (or
 * before) the cursor, no COUNT. The cursor columns are the builder's `.orderBy()` items, each a
 * selected column, `asc(column)` or `desc(column)` (or `` sql`${column} desc nulls first` ``); end
 * the order with a unique column. NULL values keep the database's NULL order. A cursor that does
 * not decode or names other columns is an `InvalidCursorError`; an expression in the order, or a
 * relational query (`db.query.x.findMany()`), is an `ArgumentError`. The query is not modified.
 *
 * @example
 * const q = db.select().from(posts).orderBy(desc(posts.createdAt), desc(posts.id))
 * const page = await cursorPaginate(q, 15)
 */
export const cursorPaginate = drizzle.cursorPaginate
