import { ArgumentError } from '../errors/base'
import { LengthAwarePaginator } from './length-aware-paginator'
import { Paginator } from './paginator'
import { assertPerPage, offsetOf, parameterName, resolvePage } from './resolve'

/**
 * The two steps a query-builder adapter supplies (Laravel `Builder::paginate`, Pagy `OffsetPaginator`):
 * the number of rows of the whole query, and one window of rows. Paginators never see the query.
 */
export interface PageQuery<T> {
  /** Rows of the query without its ORDER BY, LIMIT and OFFSET. */
  count(): Promise<number>
  /** `limit` rows starting at `offset`, in the query's order. */
  fetch(offset: number, limit: number): Promise<T[]>
  /**
   * The database planner's estimate of {@link count} (PostgreSQL `EXPLAIN`, MySQL/MariaDB
   * `EXPLAIN`), or `undefined` where there is none: then `total: 'estimate'` counts exactly.
   */
  estimate?(): Promise<number | undefined>
}

/**
 * How `paginate()` learns the total: a number the application knows, a function (sync or async)
 * returning one, or `'estimate'` for the planner's estimate. A given or estimated total skips
 * the COUNT query; an estimated one is marked `total_is_estimate: true` in the JSON.
 */
export type TotalStrategy = number | (() => number | Promise<number>) | 'estimate'

/** Options of `paginate(query, perPage, page?, options?)`. */
export interface PaginateOptions {
  /** The total, instead of a COUNT query (see {@link TotalStrategy}). */
  readonly total?: TotalStrategy
  /**
   * The query parameter that names the page, in URLs and when the page is read from the request.
   * @default 'page'
   */
  readonly pageName?: string
  /**
   * The path page URLs are built on, instead of the request's: a path (`/users`) or an absolute
   * `http:`/`https:` URL (`https://api.example.com/users`), kept as given (a trailing `/` removed).
   * @default the request's path (`/` outside a request)
   */
  readonly path?: string
}

/** Options of `simplePaginate(query, perPage, page?, options?)`. */
export interface SimplePaginateOptions {
  /** @default 'page' */
  readonly pageName?: string
  /**
   * The path page URLs are built on, instead of the request's: a path (`/users`) or an absolute
   * `http:`/`https:` URL (`https://api.example.com/users`), kept as given (a trailing `/` removed).
   * @default the request's path (`/` outside a request)
   */
  readonly path?: string
}

interface Total {
  readonly total: number
  /** Counted exactly by the query's COUNT (only then may an empty page skip its row query). */
  readonly counted: boolean
  readonly estimated: boolean
}

/**
 * A length-aware page: one COUNT, then one page query, skipped when the count says the page is
 * empty (a total of 0, or a page past the last). Page and path come from the request unless given.
 *
 * @example
 * const page = await paginatePageQuery({ count: async () => 42, fetch: async (o, l) => rows.slice(o, o + l) }, 10)
 */
export async function paginatePageQuery<T>(
  query: PageQuery<T>,
  perPage: number,
  page?: number,
  options: PaginateOptions = {},
): Promise<LengthAwarePaginator<T>> {
  const at = placeOf(perPage, page, options)
  const { total, counted, estimated } = await totalOf(query, options.total)
  const offset = offsetOf(at.currentPage, perPage)
  const items = offset < reach(total, counted, perPage) ? await query.fetch(offset, perPage) : []
  return new LengthAwarePaginator(items, {
    total,
    perPage,
    ...at,
    ...(estimated ? { totalIsEstimate: true } : {}),
  })
}

/**
 * Where a paginate call's page is, after checking `perPage`: the page (`page` when given, else the
 * request's `?<pageName>=`, `pageName` default `page`), its parameter's name and a given path.
 */
function placeOf(
  perPage: number,
  page: number | undefined,
  options: SimplePaginateOptions,
): { currentPage: number; pageName: string; path?: string } {
  assertPerPage(perPage)
  const pageName = parameterName('pageName', options.pageName, 'page')
  const currentPage = resolvePage(page, perPage, 'page', pageName)
  return options.path === undefined
    ? { currentPage, pageName }
    : { currentPage, pageName, path: options.path }
}

/**
 * The offset from which a page is known to be empty without reading it: the total when it is an
 * exact count. A given or estimated total may be off, so pages up to twice it (plus two pages) are
 * read; a page far beyond it is empty without a query, which would make the database step
 * through every row before the offset.
 */
function reach(total: number, counted: boolean, perPage: number): number {
  return counted ? total : 2 * (total + perPage)
}

/** The total by `strategy`: given, from a function, estimated, or counted (the default). */
async function totalOf<T>(
  query: PageQuery<T>,
  strategy: TotalStrategy | undefined,
): Promise<Total> {
  if (strategy === undefined)
    return { total: countFrom(await query.count()), counted: true, estimated: false }
  if (strategy === 'estimate') {
    const estimate = query.estimate === undefined ? undefined : await query.estimate()
    if (estimate === undefined) return totalOf(query, undefined)
    return { total: estimate, counted: false, estimated: true }
  }
  const given = typeof strategy === 'function' ? await strategy() : strategy
  if (typeof given !== 'number' || !Number.isSafeInteger(given) || given < 0)
    throw ArgumentError.total(given)
  return { total: given, counted: false, estimated: false }
}

/**
 * A simple page: one query of `perPage + 1` rows, the extra row telling whether a next page exists.
 */
export async function simplePaginatePageQuery<T>(
  query: Pick<PageQuery<T>, 'fetch'>,
  perPage: number,
  page?: number,
  options: SimplePaginateOptions = {},
): Promise<Paginator<T>> {
  const at = placeOf(perPage, page, options)
  const rows = await query.fetch(offsetOf(at.currentPage, perPage), perPage + 1)
  const hasMore = rows.length > perPage
  const items = hasMore ? rows.slice(0, perPage) : rows
  return new Paginator(items, { perPage, hasMore, ...at })
}

/**
 * A COUNT as a number, the one reading of a count every adapter uses: a driver's number, bigint
 * (PG `count`) or string of digits, given as is or as the row of a COUNT query (read under `key`,
 * or the row's only value when a mapper renamed its keys: Knex `postProcessResponse`). Anything
 * else is an `ArgumentError.countResult()`: a silent 0 would give a wrong empty page.
 *
 * @example
 * countFrom('42') // 42
 * countFrom({ total: 42n }) // 42
 */
export function countFrom(result: unknown, key = 'total'): number {
  const value = typeof result === 'object' && result !== null ? columnOf(result, key) : result
  const n =
    typeof value === 'bigint' || (typeof value === 'string' && /^\s*\d+\s*$/.test(value))
      ? Number(value)
      : value
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
    throw ArgumentError.countResult(value)
  return n
}

/** The count in a COUNT row: under `key`, or the row's only value. */
function columnOf(row: object, key: string): unknown {
  const record = row as Record<string, unknown>
  if (key in record) return record[key]
  const values = Object.values(record)
  return values.length === 1 ? values[0] : row
}
/**
 * Reading a planner's row estimate from `EXPLAIN` output, for `paginate(..., { total: 'estimate' })`.
 * Adapters run the EXPLAIN; these functions only read what it returned. `undefined` means "no
 * usable estimate": the adapter then counts exactly.
 */

/** `Plan Rows` of the top plan node of PostgreSQL's `EXPLAIN (FORMAT JSON)` rows. */
export function postgresPlanRows(rows: unknown): number | undefined {
  const first = Array.isArray(rows) ? (rows[0] as Record<string, unknown> | undefined) : undefined
  // a result-key plugin (CamelCasePlugin) may have renamed the column: it is the only one
  let plan: unknown = first?.['QUERY PLAN'] ?? Object.values(first ?? {})[0]
  if (typeof plan === 'string') plan = JSON.parse(plan)
  const top = Array.isArray(plan) ? (plan[0] as { Plan?: Record<string, unknown> }) : undefined
  return estimateFrom(top?.Plan?.['Plan Rows'])
}

/**
 * MySQL/MariaDB `EXPLAIN` rows: the product over the joined tables of `rows` (times `filtered`
 * percent where the server reports it); `undefined` when a table has no estimate.
 */
export function mysqlExplainRows(rows: unknown): number | undefined {
  if (!Array.isArray(rows) || rows.length === 0) return undefined
  let product = 1
  for (const row of rows as Array<Record<string, unknown>>) {
    const count = estimateFrom(row.rows)
    if (count === undefined) return undefined
    const filtered = Number(row.filtered ?? 100)
    product *= Number.isFinite(filtered) ? (count * filtered) / 100 : count
  }
  return estimateFrom(Math.round(product))
}

function estimateFrom(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value
  return typeof n === 'number' && Number.isSafeInteger(Math.round(n)) && n >= 0
    ? Math.round(n)
    : undefined
}

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
  family: 'postgres' | 'mysql' | 'sqlite' | undefined,
  sql: string,
  bindings: readonly unknown[],
  run: RunSql,
): Promise<number | undefined> {
  if (family === 'postgres')
    return postgresPlanRows(await run(`explain (format json) ${sql}`, bindings))
  if (family === 'mysql') return mysqlExplainRows(await run(`explain ${sql}`, bindings))
  return undefined
}

/**
 * The rows of a query that its ORM's own count does not count (a `GROUP BY`, `HAVING`, a selected
 * `DISTINCT` or aggregate): `select count(*)` over its SQL as a derived table, run with `run`, read
 * with {@link countFrom}. The one such count of the ORM adapters; each gives its SQL (without ORDER
 * BY, LIMIT and OFFSET) and its way to run it. @internal
 */
export async function countDerived(
  sql: string,
  bindings: readonly unknown[],
  run: RunSql,
): Promise<number> {
  const rows = await run(
    `select count(*) as total from (${sql}) as api_resources_page_count`,
    bindings,
  )
  return countFrom(Array.isArray(rows) ? rows[0] : rows)
}
