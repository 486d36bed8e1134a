/**
 * `api-resources/drizzle`: pagination for Drizzle queries, and `attachPivot()` for junction rows.
 *
 * Drizzle returns plain objects: a relation loaded with `with` is a property of the row and an
 * `extras` value sits on the row under the name the caller gave it, which is exactly what the default
 * model rules read, so there is nothing to register. `drizzle-orm` is loaded only when a query is
 * paginated.
 * @module
 */
export { paginate, simplePaginate, cursorPaginate } from './drizzle-paginate'
export type { DrizzleQuery, DrizzleQueryLike, DrizzleSessionLike } from './drizzle-paginate'
export { attachPivot } from '../orm-support/attach-pivot'
