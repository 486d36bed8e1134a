/**
 * `api-resources/knex`: paginators over Knex query builders. Imports only Knex's types: Knex and its
 * drivers are never loaded by this module.
 * @module
 */
export { paginate, simplePaginate, cursorPaginate, type KnexRow } from './paginate'
export { installKnexPagination, type KnexLike } from './install'
export { knexCountQuery } from './knex-page-query'
export { applyQueryPlan, type PlannedPaginateOptions } from './knex-query-plan'
