/**
 * `api-resources/sequelize`: Sequelize model rules and pagination. Does not load `sequelize`;
 * everything is duck-typed.
 * @module
 */
export { installSequelize, type SequelizeOptions } from './sequelize-rules'
export { paginate, simplePaginate, cursorPaginate } from './sequelize-paginate'
export type {
  SequelizeAssociationLike,
  SequelizeFinder,
  SequelizeLike,
  SequelizeModelClass,
  SequelizeQuery,
} from './sequelize-paginate'
export { defaultCountKeys, type CountKeys } from '../../runtime/model-rules'
