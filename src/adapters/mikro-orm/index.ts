/**
 * `api-resources/mikro-orm`: MikroORM entity rules and pagination. Does not load `@mikro-orm/core`;
 * everything is duck-typed.
 * @module
 */
export { installMikroOrm, type MikroOrmOptions } from './mikro-orm-rules'
export { paginate, simplePaginate, cursorPaginate } from './mikro-orm-paginate'
export type {
  MikroOrmEntityMetadataLike,
  MikroOrmLike,
  MikroOrmPropertyLike,
  MikroOrmQueryLike,
} from './mikro-orm-types'
export { attachPivot } from '../orm-support/attach-pivot'
export { defaultCountKeys, type CountKeys } from '../../runtime/model-rules'
