import { tryGetRequestContext } from './request-context'

/** The explicit request, else the current request context's request, else `undefined`. @internal */
export function currentRequest(request?: unknown): unknown {
  return request !== undefined ? request : tryGetRequestContext()?.request
}
