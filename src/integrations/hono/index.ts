/**
 * api-resources/hono: the Hono integration. `apiResources()` is a middleware that opens the
 * request context; `respond(handler)` (or `resourceResponse(c, value)`) turns the resources,
 * collections, paginators and JSON:API documents a handler returns into a `Response` with exactly
 * their content type; `resourceErrors()` is an `app.onError` handler for the package's own errors.
 *
 * Runs where Hono runs on Node.js (it needs `AsyncLocalStorage`). Importing `api-resources` alone
 * never loads this file, and this file loads no framework.
 * @module
 */
export {
  apiResources,
  resourceErrors,
  resourceResponse,
  respond,
  type ApiResourcesOptions,
  type ResourceErrorsOptions,
  type RespondHandler,
} from './hono'
export { NotFoundError, ValidationError } from '../../errors'
