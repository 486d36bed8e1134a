/**
 * api-resources/adapter: what the built-in query-builder and ORM adapters are built on, for writing
 * an adapter for another one the same way. An adapter supplies the steps (a COUNT and a page fetch,
 * a keyset fetch for cursor pages) and gets the package's paginators back; it never builds a
 * paginator itself.
 *
 * - The page seam: a {@link PageQuery} for `paginatePageQuery` / `simplePaginatePageQuery` (what the
 *   Knex and Kysely adapters call), and `countFrom` for a driver's COUNT.
 * - The cursor seam: a {@link CursorQuery} and its order columns for `cursorPaginateQuery`.
 * - `ormPaginators(adapter)`: `paginate`, `simplePaginate` and `cursorPaginate` with the query
 *   check, from one {@link OrmPageAdapter} (what the Objection, TypeORM, Drizzle, MikroORM,
 *   Sequelize and Prisma adapters are).
 * - Query plans (`queryPlan(Resource)`): an adapter's `plan` steps put the plan into its query
 *   (`apply`) and load its includes and counts in batches (`load`); `spellPlanWhere` and
 *   `includeTree` read the plan, `planUnsupported` says what the ORM cannot do.
 * - Helpers for keyset conditions, order items, relation counts and pivots, EXPLAIN estimates, and
 *   the rules that tell what counts as loaded on an ORM's models.
 * - The errors an adapter throws: `UnsupportedQueryError` for a query it cannot read,
 *   `ArgumentError` for a bad argument, `InvalidCursorError` for a cursor that does not fit.
 * @module
 */

// the page seam
export {
  paginatePageQuery,
  simplePaginatePageQuery,
  countFrom,
  type PageQuery,
  type PaginateOptions,
  type SimplePaginateOptions,
  type TotalStrategy,
} from '../../pagination/page-query'
export { mysqlExplainRows, postgresPlanRows } from '../../pagination/page-query'

// the cursor seam
export {
  cursorPaginateQuery,
  nullsFirstByDefault,
  type CursorColumn,
  type CursorPaginateOptions,
  type CursorQuery,
  type KeysetCondition,
} from '../../pagination/cursor-query'

// one ORM adapter's three paginators from its steps
export {
  ormPaginators,
  type CursorArgs,
  type CursorSource,
  type OrmPageAdapter,
  planUnsupported,
  type OrmPaginators,
  type OrmPlanSteps,
  type OrmQueries,
  type PageArgs,
  type SimplePageArgs,
} from '../orm-support/orm-paginators'

// a query plan in an ORM's own terms
export {
  includePaths,
  includeTree,
  spellPlanCondition,
  spellPlanWhere,
  type IncludeTree,
  type PlanComparison,
  type PlanWhereSpelling,
} from '../orm-support/plan-parts'
export { LIKE_ESCAPE, likePattern } from '../../query/apply'
export { cursorSecretOf } from '../../query/plan'
export {
  cursorColumns,
  defaultNulls,
  parseDirection,
  spellCondition,
  withKeyset,
  type OrderItem,
  type WhereSpelling,
} from '../orm-support/keyset-where'
export { defaultCountKeys, readCount, type CountKeys } from '../../runtime/model-rules'
export { attachPivot } from '../orm-support/attach-pivot'

// what counts as loaded on an ORM's models
export { defaultModelRules, isLoadedValue, type ModelRules } from '../../runtime/model-rules'
export {
  loadedCount,
  loadedPivot,
  loadedRelation,
  modelAttribute,
  registerModelRules,
} from '../../runtime/model-registry'

// the errors an adapter throws
export { ArgumentError } from '../../errors/base'
export { InvalidCursorError, UnsupportedQueryError } from '../../errors/base'
