// The error catalogue: one file per area, re-exported here.
export { ApiResourcesError, ArgumentError } from './base'
export { ResourceError } from './resource-errors' // resources, decorators, compiler
export { UnsupportedQueryError, PAGINATION_ERROR_CODES } from './pagination-errors' // paginators, adapters
export * from './http-errors' // ValidationError, NotFoundError
export { PaginationTemplateError, HANDLEBARS_ERROR_CODES } from './handlebars-errors' // HTML bar
export { JsonApiError, JSONAPI_ERROR_CODES } from './jsonapi-errors' // JSON:API
