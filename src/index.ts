/**
 * api-resources: Laravel-style API resources, JSON:API documents and paginators for TypeScript.
 *
 * This entry loads neither Express, Handlebars nor any database driver.
 * @module
 */

// values and protocols
export { MISSING, isMissing, isMergeValue, type Missing, type MergeValue } from './missing'
export {
  TO_RESPONSE,
  isRespondable,
  type Respondable,
  type ResponseSpec,
  type ResponseContentType,
} from './respondable'

// errors
export * from './errors'

// request context (the seam the Express middleware fills)
export * from './context'

// models: what counts as loaded
export * from './models'

// resources and decorators (issue: foundation)

// JSON:API (issue: JSON:API)

// pagination (issue: paginators)
