// The error catalogue: one file per area, re-exported here.
export { ApiResourcesError, ArgumentError } from './base'
// resource-errors.ts (resources, decorators, compiler)
// pagination-errors.ts (paginators, adapters)
// http-errors.ts (ValidationError, NotFoundError)
