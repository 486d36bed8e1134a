export {
  createRequestContext,
  enterSyncRequestContext,
  isAsyncRequestContextUsed,
  normalizePath,
  resolveRequestContext,
  restoreSyncRequestContext,
  runInSyncRequestContext,
  runWithRequestContext,
  tryGetRequestContext,
  type RequestContext,
} from './request-context'
export type { QueryPair } from './parse-query'
