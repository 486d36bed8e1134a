export {
  createRequestContext,
  endRequestContextTrial,
  enterSyncRequestContext,
  isAsyncRequestContextUsed,
  normalizePath,
  resolveRequestContext,
  restoreSyncRequestContext,
  runInSyncRequestContext,
  runWithRequestContextTrial,
  runWithRequestContext,
  tryGetRequestContext,
  type RequestContext,
} from './request-context'
export type { QueryPair } from './parse-query'
