// The error catalogue (catalogue.ts: one row per code) and its classes, re-exported here.
export { ApiResourcesError, ArgumentError, ERROR_BRAND, isApiResourcesError } from './base'
export {
  ERROR_CODES,
  type CatalogueEntry,
  type ErrorClassName,
  type ErrorCode,
  type ErrorCodes,
} from './catalogue'
export { ResourceError } from './resource-errors' // resources, decorators, compiler
export {
  UnsupportedQueryError,
  PaginationError,
  InvalidCursorError,
  PAGINATION_ERROR_CODES,
} from './pagination-errors' // paginators, adapters
export * from './http-errors' // ValidationError, NotFoundError
export { PaginationTemplateError, HANDLEBARS_ERROR_CODES } from './handlebars-errors' // HTML bar
export { JsonApiError, JSONAPI_ERROR_CODES } from './jsonapi-errors' // JSON:API
export { QueryParameterError, type QueryParameterMessages } from './query-errors' // query parameters
