export {
  checkBigintEncoding,
  createRequestContext,
  linkBase,
  normalizePath,
  resolveRequestContext,
  runInSyncRequestContext,
  runWithRequestContext,
  tryGetRequestContext,
  type BigintEncoding,
  type RequestContext,
  type RequestContextOptions,
} from './request-context'
export type { QueryPair } from './parse-query'
