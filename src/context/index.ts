export {
  createRequestContext,
  normalizePath,
  resolveRequestContext,
  runWithRequestContext,
  tryGetRequestContext,
  type RequestContext,
} from './request-context'
export type { QueryPair } from './parse-query'
