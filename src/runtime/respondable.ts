/**
 * The protocol between core and the HTTP layer (Laravel's `Responsable`): resources, collections,
 * paginators and JSON:API documents implement one symbol-keyed method, and the Express integration
 * checks only for it. Core never imports Express.
 */
export const TO_RESPONSE: unique symbol = Symbol.for('api-resources.toResponse')

/** The JSON:API media type: every JSON:API document is sent with exactly this `Content-Type`. */
export const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json'

/**
 * The JSON media types the library answers with: JSON, or JSON:API (with its `ext`/`profile`
 * parameters when a document applies extensions or profiles).
 */
export type ResponseContentType =
  'application/json' | typeof JSONAPI_MEDIA_TYPE | `${typeof JSONAPI_MEDIA_TYPE}; ${string}`

/** What a respondable value turns into. `body` is JSON-safe and is sent with `JSON.stringify`. */
export interface ResponseSpec {
  readonly status: number
  readonly contentType: ResponseContentType
  readonly body: unknown
  /**
   * Called by the HTTP integration with the framework's response object (Express: `res`) after the
   * body is built and before it is sent: a resource's `withResponse(request, response)` hook, which
   * may set headers or the status.
   */
  readonly withResponse?: (response: unknown) => void
}

/** A value that knows how to become an HTTP response. */
export interface Respondable {
  /** `request` is the framework's request object (an Express `Request`), when there is one. */
  [TO_RESPONSE](request?: unknown): ResponseSpec
}

/** Does `value` implement {@link Respondable}? */
export function isRespondable(value: unknown): value is Respondable {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { [TO_RESPONSE]?: unknown })[TO_RESPONSE] === 'function'
  )
}

/** A 200 response of `body` with `contentType` (JSON unless given). @internal */
export function okResponse(
  body: unknown,
  contentType: ResponseContentType = 'application/json',
): ResponseSpec {
  return { status: 200, contentType, body }
}
