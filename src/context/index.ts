export {
  createRequestContext,
  normalizePath,
  resolveRequestContext,
  runInSyncRequestContext,
  runWithRequestContext,
  tryGetRequestContext,
  type RequestContext,
} from './request-context'
export type { QueryPair } from './parse-query'
