/**
 * api-resources/fastify: the Fastify integration. `apiResources()` is a plugin (applied to the
 * whole app) that runs every route's handler inside the request context, sends the resources,
 * collections, paginators and JSON:API documents a handler returns with exactly their content
 * type, and answers the package's own errors (`ValidationError` 422, `NotFoundError` 404, ...).
 *
 * Importing `api-resources` alone never loads this file, and this file loads no framework.
 * @module
 */
export {
  answerResourceError,
  apiResources,
  resourceErrors,
  type ApiResourcesOptions,
  type ApiResourcesPlugin,
  type ResourceErrorsOptions,
} from './plugin'
export { NotFoundError, ValidationError } from '../../errors'
