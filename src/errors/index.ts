// The error catalogue (catalogue.ts: one row per code) and its classes, re-exported here.
export { ApiResourcesError, ArgumentError, ERROR_BRAND, isApiResourcesError } from './base'
export {
  ERROR_CODES,
  type CatalogueEntry,
  type ErrorClassName,
  type ErrorCode,
  type ErrorCodes,
} from './catalogue'
export { ResourceError } from './base' // resources, decorators, compiler
export {
  UnsupportedQueryError,
  PaginationError,
  InvalidCursorError,
  PAGINATION_ERROR_CODES,
} from './base' // paginators, adapters
export {
  ValidationError,
  NotFoundError,
  type ValidationMessages,
  type ZodErrorLike,
  type ExpressValidatorResultLike,
} from './base' // handlers' answers
export { PaginationTemplateError, HANDLEBARS_ERROR_CODES } from './base' // HTML bar
export { JsonApiError, JSONAPI_ERROR_CODES, NotAcceptableError } from './base' // JSON:API
export { QueryParameterError, type QueryParameterMessages } from './base' // query parameters
