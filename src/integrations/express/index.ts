/**
 * api-resources/express: the Express integration. `apiResources()` opens the request context and
 * teaches `res.json` about resources; `respond()` makes a handler's return value the response;
 * `resourceErrors()` answers `ValidationError` and `NotFoundError`, as JSON or JSON:API.
 *
 * Works with Express 5 and Express 4. Importing `api-resources` alone never loads this file.
 * @module
 */
export { apiResources, type ApiResourcesOptions } from './api-resources.middleware'
export { respond, type RespondHandler, type Sends } from './respond'
export { resourceErrors, type ResourceErrorsOptions } from './resource-errors.middleware'
export { NotFoundError, ValidationError } from '../../errors'
