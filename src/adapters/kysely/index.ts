/**
 * `api-resources/kysely`: paginators over Kysely select query builders. Imports only Kysely's types:
 * nothing from Kysely or a driver is loaded by this module.
 * @module
 */
export { paginate, simplePaginate, cursorPaginate } from './paginate'
export { applyQueryPlan, type KyselyPlanLoadOptions } from './kysely-query-plan'
