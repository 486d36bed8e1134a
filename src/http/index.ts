/**
 * api-resources/http: the framework-agnostic HTTP core every integration (Express, Fastify, Hono,
 * NestJS) is built on, for any other framework too. A request goes in as `{ url, headers, raw }`;
 * out comes `{ status, headers, body }` with `body` JSON text and `content-type` exactly
 * `application/json` or `application/vnd.api+json`.
 *
 * - `openRequestContext(request)` + `runWithRequestContext(context, fn)`: the page, path, `include`
 *   and `fields[<type>]` that paginators and JSON:API documents read.
 * - `toHttpResponse(value, request)`: a handler's return value as a response.
 * - `errorToHttpResponse(error, request)`: the package's own errors as responses, `undefined` for
 *   any other error.
 * - `loadResponseChecker()`: imports Ajv for `checkResponses`; await it once before the first
 *   checked response.
 *
 * Loads no framework.
 * @module
 */
export {
  acceptOf,
  errorToHttpResponse,
  openRequestContext,
  requestTarget,
  toHttpResponse,
  type ErrorToHttpResponseOptions,
  type HeadersLike,
  type HttpRequestLike,
  type HttpResponse,
  type ToHttpResponseOptions,
} from './http-response'
export { loadResponseChecker } from '../schema/check'
export { acceptsJsonApi } from './error-documents'
export {
  runWithRequestContext,
  tryGetRequestContext,
  type BigintEncoding,
  type RequestContext,
} from '../context/request-context'
export { isRespondable } from '../runtime/respondable'
