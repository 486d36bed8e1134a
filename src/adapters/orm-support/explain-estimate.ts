import { mysqlExplainRows, postgresPlanRows } from '../../pagination/page-query'
import { knexFamily, type KnexInternals } from './knex-like-cursor'
import type { SqlFamily } from './column-schema'

/**
 * Runs one statement with its bindings, in the placeholders of the SQL it was given, on the
 * connection (or transaction) the query runs on, and resolves to the rows it returned.
 */
export type RunSql = (sql: string, bindings: readonly unknown[]) => Promise<unknown>

/**
 * The planner's row estimate of `sql`, the query without ORDER BY, LIMIT and OFFSET (what its COUNT
 * counts), for `paginate(..., { total: 'estimate' })`: `EXPLAIN (FORMAT JSON)` on PostgreSQL (its
 * top node's `Plan Rows`), `EXPLAIN` on MySQL/MariaDB (the product of `rows`, times `filtered`).
 * `undefined` on any other family (SQLite), and when the plan gives no estimate: the page then counts
 * exactly. The one EXPLAIN-and-read step of every adapter; each gives its SQL and its way to run it.
 * @internal
 *
 * @example
 * const rows = await explainEstimate('postgres', 'select * from posts where score >= $1', [0], run)
 */
export async function explainEstimate(
  family: SqlFamily | undefined,
  sql: string,
  bindings: readonly unknown[],
  run: RunSql,
): Promise<number | undefined> {
  if (family === 'postgres')
    return postgresPlanRows(await run(`explain (format json) ${sql}`, bindings))
  if (family === 'mysql') return mysqlExplainRows(await run(`explain ${sql}`, bindings))
  return undefined
}

/** A Knex builder as the estimate reads it: its client and its SQL (Objection's `toKnexQuery()`). */
export interface KnexSqlLike extends KnexInternals {
  toSQL(): { sql: string; bindings: readonly unknown[] }
}

/**
 * The planner's estimate of a Knex builder that already has no ORDER BY, LIMIT and OFFSET (see
 * {@link explainEstimate}), run with its client's `raw()`: the Knex adapter's, and Objection's
 * through `toKnexQuery()`. @internal
 */
export function knexEstimate(unpaged: KnexSqlLike): Promise<number | undefined> {
  const family = knexFamily(unpaged)
  const { sql, bindings } = unpaged.toSQL()
  return explainEstimate(family, sql, bindings, async (text, values) => {
    const result = (await unpaged.client.raw(text, values)) as { rows?: unknown } | unknown[]
    // node-postgres: a result with its rows; mysql2: [rows, fields]
    return Array.isArray(result) ? result[0] : result.rows
  })
}
