import { UnsupportedQueryError } from '../../errors/base'
import type { LengthAwarePaginator } from '../../pagination/length-aware-paginator'
import type { Paginator } from '../../pagination/paginator'
import type { BasePaginator } from '../../pagination/base-paginator'
import type { Cursor } from '../../pagination/cursor'
import type { CursorPaginator } from '../../pagination/cursor-paginator'
import {
  cursorPaginateQuery,
  type CursorColumn,
  type CursorPaginateOptions,
  type CursorQuery,
} from '../../pagination/cursor-query'
import { paginatePageQuery, simplePaginatePageQuery } from '../../pagination/page-query'
import type { PageQuery, PaginateOptions, SimplePaginateOptions } from '../../pagination/page-query'
import { isQueryPlan, runPlanned } from '../../query/apply'
import { cursorSecretOf, type QueryPlan } from '../../query/plan'

/** The cursor step of an ORM query: its order columns and the keyset fetch. */
export interface CursorSource<T> extends CursorQuery<T> {
  readonly columns: readonly CursorColumn[]
}

/**
 * How one ORM adapter pages its queries: a check that `query` is one of its queries (throwing an
 * `UnsupportedQueryError` naming `fn` when not), then the steps each paginator runs. The query is
 * never modified: every step works on a copy.
 */
export interface OrmPageAdapter<Q> {
  /** What the adapter accepts, for the `UnsupportedQueryError` of anything else. */
  readonly supported: string
  /** The query's members every paginator calls (`clone`, `getMany`...): all must be functions. */
  readonly methods?: readonly string[]
  /** Further checks (another object than the query, members of one paginator). */
  accepts?(query: object, fn: string): boolean
  /**
   * COUNT and page fetch: `paginate()`. The COUNT ignores the query's own limit, offset and order;
   * the paginators themselves never touch the database.
   */
  pages(query: Q): PageQuery<unknown>
  /** The page fetch alone: `simplePaginate()`. Defaults to the fetch of `pages()`. */
  window?(query: Q): PageQuery<unknown>['fetch']
  /**
   * Order columns and keyset fetch: `cursorPaginate()` (`fn` names it in errors). A promise when
   * the adapter first loads its ORM's module.
   */
  cursor(query: Q, fn: string): CursorSource<unknown> | Promise<CursorSource<unknown>>
  /** How the adapter runs a query plan; absent, a plan is refused with an `UnsupportedQueryError`. */
  readonly plan?: OrmPlanSteps<Q>
}

/**
 * The two ORM-specific steps of a query plan (`queryPlan(Resource)`); the paginators do the rest
 * (page size, cursor bound to the plan's order, the accepted parameters in every page link).
 */
export interface OrmPlanSteps<Q> {
  /**
   * Loads what `apply` needs before it runs (an ORM module imported at first use, a fact about the
   * database the query runs on), or rejects what the ORM cannot do there. `apply` itself stays
   * synchronous: some ORMs' queries are thenables, which a promise would run.
   */
  prepare?(query: Q, plan: QueryPlan, fn: string): Promise<unknown>
  /**
   * A copy of `query` with the plan in the ORM's own terms: its conditions as the ORM's where (values
   * bound), its order replacing the query's own, and, for an ORM that loads relations inside the
   * query itself (Prisma's `include`), its includes and counts. Throws (an `UnsupportedQueryError`
   * naming the alternative, see {@link planUnsupported}) what the ORM cannot do. Called once per
   * page, before any query runs; never modifies `query`.
   */
  apply(query: Q, plan: QueryPlan, fn: string): Q
  /**
   * Loads the plan's includes and counts onto the page's rows through the ORM's batch loading (one
   * query per include path segment for the whole page, never one per row). Absent when `apply` did it.
   */
  load?(query: Q, rows: object[], plan: QueryPlan, fn: string): Promise<void>
}

/**
 * The arguments after the query of `paginate()`: a page size, page and options (`{ total }`,
 * `{ pageName }`), or a query plan (its page size, the request's page) and options.
 */
export type PageArgs =
  | [perPage: number, page?: number, options?: PaginateOptions]
  | [plan: QueryPlan, options?: PaginateOptions]

/** The arguments after the query of `simplePaginate()`. */
export type SimplePageArgs =
  | [perPage: number, page?: number, options?: SimplePaginateOptions]
  | [plan: QueryPlan, options?: SimplePaginateOptions]

/** The arguments after the query of `cursorPaginate()`: with a plan, the request's cursor. */
export type CursorArgs =
  | [perPage: number, cursor?: Cursor | string | null, options?: CursorPaginateOptions]
  | [plan: QueryPlan, options?: CursorPaginateOptions]

/**
 * The query type of each ORM adapter for rows of type `T`, by adapter name: each adapter adds its
 * own entry (`declare module`), so that its paginators keep their `<T>(query: Query<T>)` typing.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars -- filled in by the adapters
export interface OrmQueries<T> {}

/** The three paginators of an ORM adapter, typed by the caller's query type. */
export interface OrmPaginators<K extends keyof OrmQueries<unknown>> {
  paginate<T>(query: OrmQueries<T>[K], ...args: PageArgs): Promise<LengthAwarePaginator<T>>
  simplePaginate<T>(query: OrmQueries<T>[K], ...args: SimplePageArgs): Promise<Paginator<T>>
  cursorPaginate<T>(query: OrmQueries<T>[K], ...args: CursorArgs): Promise<CursorPaginator<T>>
}

/** Refuses what is not one of the adapter's queries, with an `UnsupportedQueryError` naming `fn`. */
function check(adapter: OrmPageAdapter<unknown>, fn: string, query: unknown): void {
  const ok =
    typeof query === 'object' &&
    query !== null &&
    (adapter.methods ?? []).every(
      (name) => typeof (query as Record<string, unknown>)[name] === 'function',
    ) &&
    (adapter.accepts?.(query, fn) ?? true)
  if (!ok) throw UnsupportedQueryError.unsupportedQuery(fn, adapter.supported, query)
}

/** The plan steps of `adapter`, or the error saying it takes no plan. */
function planSteps<Q>(adapter: OrmPageAdapter<Q>, fn: string): OrmPlanSteps<Q> {
  if (adapter.plan === undefined)
    throw UnsupportedQueryError.unsupportedQuery(fn, 'a page size', null, 'a query plan')
  return adapter.plan
}

/**
 * What an ORM cannot do with a plan, as the error of the first call: `fn()` expects `expected`
 * (which says the alternative); got `got`.
 *
 * @example
 * throw planUnsupported('paginate', 'counts of to-many relations (include "author" instead)', 'a count of "author"')
 */
export function planUnsupported(fn: string, expected: string, got: string): UnsupportedQueryError {
  return UnsupportedQueryError.unsupportedQuery(fn, expected, null, got)
}

/** A plan's page of `query`: applied, paged by `run`, its includes loaded, its links carrying the plan. */
async function plannedPage<Q, P extends BasePaginator<unknown>>(
  adapter: OrmPageAdapter<Q>,
  fn: string,
  query: Q,
  plan: QueryPlan,
  run: (query: Q) => Promise<P>,
): Promise<P> {
  const steps = planSteps(adapter, fn)
  await steps.prepare?.(query, plan, fn)
  const applied = steps.apply(query, plan, fn)
  const page = await runPlanned(plan, () => run(applied))
  const rows = page.items() as object[]
  if (steps.load !== undefined && rows.length > 0) await steps.load(applied, rows, plan, fn)
  page.appends(plan.parameters)
  return page
}

/**
 * `paginate`, `simplePaginate` and `cursorPaginate` over an adapter's page steps: the same
 * paginators (and the same checks) for every ORM, only the way each reads its query differs. Each
 * takes a page size, or a query plan: then the adapter's `plan` steps put the plan's where, order
 * and includes into the query, the page size is the plan's, a cursor is bound to the plan's order (a
 * cursor made for another `sort` is an `InvalidCursorError`) and page links carry its parameters.
 */
export function ormPaginators<K extends keyof OrmQueries<unknown>>(
  adapter: OrmPageAdapter<OrmQueries<unknown>[K]>,
): OrmPaginators<K> {
  type Q = OrmQueries<unknown>[K]
  const pages = <T>(query: Q) => adapter.pages(query) as PageQuery<T>
  const window = <T>(query: Q) =>
    (adapter.window?.(query) ?? adapter.pages(query).fetch) as PageQuery<T>['fetch']
  return {
    paginate: async <T>(query: OrmQueries<T>[K], ...args: PageArgs) => {
      check(adapter, 'paginate', query)
      if (isQueryPlan(args[0])) {
        const [plan, options] = args as [QueryPlan, PaginateOptions?]
        return plannedPage(adapter, 'paginate', query as Q, plan, (q) =>
          paginatePageQuery(pages<T>(q), plan.perPage, undefined, options),
        )
      }
      const [perPage, page, options] = args as [number, number?, PaginateOptions?]
      return paginatePageQuery(pages<T>(query as Q), perPage, page, options)
    },
    simplePaginate: async <T>(query: OrmQueries<T>[K], ...args: SimplePageArgs) => {
      check(adapter, 'simplePaginate', query)
      if (isQueryPlan(args[0])) {
        const [plan, options] = args as [QueryPlan, SimplePaginateOptions?]
        return plannedPage(adapter, 'simplePaginate', query as Q, plan, (q) =>
          simplePaginatePageQuery({ fetch: window<T>(q) }, plan.perPage, undefined, options),
        )
      }
      const [perPage, page, options] = args as [number, number?, SimplePaginateOptions?]
      return simplePaginatePageQuery({ fetch: window<T>(query as Q) }, perPage, page, options)
    },
    cursorPaginate: async <T>(query: OrmQueries<T>[K], ...args: CursorArgs) => {
      check(adapter, 'cursorPaginate', query)
      if (isQueryPlan(args[0])) {
        const [plan, options] = args as [QueryPlan, CursorPaginateOptions?]
        const bound = { ...options, cursorSecret: cursorSecretOf(plan, options?.cursorSecret) }
        return plannedPage(adapter, 'cursorPaginate', query as Q, plan, async (q) => {
          const source = (await adapter.cursor(q, 'cursorPaginate')) as CursorSource<T>
          return cursorPaginateQuery(source, source.columns, plan.perPage, undefined, bound)
        })
      }
      const [perPage, cursor, options] = args as [
        number,
        (Cursor | string | null)?,
        CursorPaginateOptions?,
      ]
      const source = (await adapter.cursor(query as Q, 'cursorPaginate')) as CursorSource<T>
      return cursorPaginateQuery(source, source.columns, perPage, cursor, options)
    },
  }
}
