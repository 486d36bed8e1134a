export {
  createRequestContext,
  linkBase,
  normalizePath,
  resolveRequestContext,
  runInSyncRequestContext,
  runWithRequestContext,
  tryGetRequestContext,
  type RequestContext,
  type RequestContextOptions,
} from './request-context'
export type { QueryPair } from './parse-query'
