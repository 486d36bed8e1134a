/**
 * `api-resources/typeorm`: TypeORM entity rules and pagination. Does not load `typeorm`; everything is
 * duck-typed.
 * @module
 */
export { installTypeOrm, type TypeOrmOptions } from './typeorm-rules'
export { paginate, simplePaginate, cursorPaginate } from './typeorm-paginate'
export type {
  TypeOrmDataSourceLike,
  TypeOrmEntityMetadataLike,
  TypeOrmQueryLike,
  TypeOrmRelationLike,
} from './typeorm-types'
export { attachPivot } from '../orm-support/attach-pivot'
export { defaultCountKeys, type CountKeys } from '../../runtime/model-rules'
