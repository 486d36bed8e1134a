/**
 * `api-resources/objection`: Objection.js model rules and pagination. Loads neither `objection` nor
 * `knex`; everything is duck-typed.
 * @module
 */
export { installObjection, type ObjectionOptions } from './objection-rules'
export { paginate, simplePaginate, cursorPaginate } from './objection-paginate'
export type { ObjectionModelClass, ObjectionQueryLike } from './objection-types'
export { attachPivot } from '../orm-support/attach-pivot'
export { defaultCountKeys, type CountKeys } from '../../runtime/model-rules'
