import type { Knex } from 'knex'
import { UnsupportedQueryError } from '../../errors/base'
import { countFrom, type PageQuery } from '../../pagination/page-query'
import { knexEstimate, type KnexSqlLike } from '../orm-support/knex-like-cursor'
import { hasMethods } from '../../util/objects'

/** What `paginate()`/`simplePaginate()` accept, for error messages. */
const SUPPORTED = 'a Knex select query builder (knex("table"), knex.select(...), trx("table") ...)'

/** The parts of a Knex QueryBuilder the adapter reads (Knex keeps them on every builder). */
interface KnexBuilderInternals {
  readonly _method?: string
  readonly _statements: readonly KnexStatement[]
  readonly client: {
    queryBuilder(): Knex.QueryBuilder
  }
}

interface KnexStatement {
  readonly grouping: string
  readonly type?: string
  readonly distinct?: boolean
  readonly distinctOn?: unknown
  readonly value?: unknown
}

/** Throws the `TypeError` naming what it got unless `query` is a Knex select builder. */
export function assertKnexQuery(fn: string, query: unknown): asserts query is Knex.QueryBuilder {
  const q = query as Partial<KnexBuilderInternals> | null
  const ok =
    hasMethods(query, ['clone', 'clear', 'toSQL']) &&
    Array.isArray(q?._statements) &&
    typeof q?.client?.queryBuilder === 'function'
  if (!ok) throw UnsupportedQueryError.unsupportedQuery(fn, SUPPORTED, query)
  if (q?._method !== undefined && q?._method !== 'select')
    throw UnsupportedQueryError.unsupportedQuery(fn, SUPPORTED, query, `a Knex ${q._method} query`)
}

/** The query without ORDER BY, LIMIT and OFFSET: the rows to count. */
function unpaged(query: Knex.QueryBuilder): Knex.QueryBuilder {
  return query.clone().clearOrder().clear('limit').clear('offset')
}

/**
 * Can the select list be replaced by `count(*)` without changing the row count? Only when nothing
 * in the query folds or de-duplicates rows (DISTINCT, GROUP BY, HAVING, UNION, aggregates, raw or
 * sub-query columns). Then the count runs directly, which also avoids MySQL's "duplicate column"
 * error a `select *` over a join would raise inside a derived table.
 */
function isPlainSelect(statements: readonly KnexStatement[]): boolean {
  return statements.every((s) => {
    if (s.grouping === 'group' || s.grouping === 'having' || s.grouping === 'union') return false
    if (s.grouping !== 'columns') return true
    if (s.type !== undefined || s.distinct || s.distinctOn !== undefined) return false
    return Array.isArray(s.value) && s.value.every((v) => typeof v === 'string')
  })
}

/** `select count(*) as total` over the query (as a derived table when the query needs it). */
export function knexCountQuery(query: Knex.QueryBuilder): Knex.QueryBuilder {
  const rows = unpaged(query)
  const internals = query as unknown as KnexBuilderInternals
  if (isPlainSelect(internals._statements)) return rows.clearSelect().count({ total: '*' })
  const count = internals.client
    .queryBuilder()
    .count({ total: '*' })
    .from(rows.as('api_resources_page'))
  const context: unknown = query.queryContext()
  return context === undefined ? count : count.queryContext(context)
}

/** The count, estimate and page steps of a Knex query. */
export function knexPageQuery<T>(query: Knex.QueryBuilder): PageQuery<T> {
  return {
    // the planner's estimate of the rows to count (PostgreSQL, MySQL/MariaDB; else undefined)
    estimate: () => knexEstimate(unpaged(query) as unknown as KnexSqlLike),
    count: async () => countFrom((await knexCountQuery(query))[0]),
    // limit()/offset() replace any the query had; the clone leaves the caller's query untouched
    fetch: async (offset, limit) => (await query.clone().limit(limit).offset(offset)) as T[],
  }
}
