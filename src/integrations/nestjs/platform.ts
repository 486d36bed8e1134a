/**
 * What the Nest integration reads and writes of a request and a response on Nest's two HTTP
 * platforms: Express (`@nestjs/platform-express`: Express's request and response) and Fastify
 * (`@nestjs/platform-fastify`: Fastify's request and reply). The one place that tells them apart.
 */

/** A request of either platform. */
export interface NestRequestLike {
  readonly originalUrl?: string
  readonly url?: string
  readonly headers?: Record<string, string | string[] | undefined>
  /** Express: the route matched (its `path`, the controller's and the handler's joined by Nest). */
  readonly route?: { readonly path?: unknown }
  readonly baseUrl?: string
  /** Fastify: the route matched (`url`, the global prefix included). */
  readonly routeOptions?: { readonly url?: unknown }
}

/** Express's response. */
interface ExpressResponseLike {
  statusCode: number
  readonly headersSent?: boolean
  json?: (body: unknown) => unknown
  setHeader(name: string, value: string): unknown
  end(chunk: Buffer): unknown
}

/** Fastify's reply. */
interface FastifyReplyLike {
  statusCode: number
  readonly sent?: boolean
  send(body: unknown): unknown
  header(name: string, value: string): unknown
}

export type NestResponseLike = ExpressResponseLike | FastifyReplyLike

/** Fastify's reply (Express's response, a Node response, has `setHeader()`; a reply has not). */
function isFastifyReply(response: NestResponseLike): response is FastifyReplyLike {
  return typeof (response as Partial<ExpressResponseLike>).setHeader !== 'function'
}

/** The URL (mount prefix included), headers and request object the context is opened from. */
export function requestOf(request: NestRequestLike) {
  const url = typeof request.originalUrl === 'string' ? request.originalUrl : (request.url ?? '/')
  return { url, headers: request.headers, raw: request, route: () => routeOf(request) }
}

/** The route Nest registered for the handler (`/posts/:id`, global prefix included). */
function routeOf(request: NestRequestLike): string | undefined {
  const fastify = request.routeOptions?.url
  if (typeof fastify === 'string') return fastify
  const path = request.route?.path
  return typeof path === 'string' ? (request.baseUrl ?? '') + path : undefined
}

/** Whether the response has been sent (its headers written) already. */
export function isSent(response: NestResponseLike): boolean {
  return isFastifyReply(response) ? response.sent === true : response.headersSent === true
}

/**
 * Sends `body` with `status` and exactly `contentType`: a Buffer, so that neither Express nor
 * Fastify adds `; charset=utf-8` to the media type (JSON:API forbids it). `send` is the reply's
 * own send when {@link replaceSend} has replaced it.
 */
export function sendBody(
  response: NestResponseLike,
  status: number,
  contentType: string,
  body: string,
  send?: (body: unknown) => unknown,
): void {
  response.statusCode = status
  if (isFastifyReply(response)) {
    response.header('Content-Type', contentType)
    ;(send ?? response.send).call(response, Buffer.from(body, 'utf8'))
    return
  }
  response.setHeader('Content-Type', contentType)
  response.end(Buffer.from(body, 'utf8'))
}

/**
 * Makes the method Nest replies through on this one response (Express's `res.json()`, Fastify's
 * `reply.send()`) call `take(body, send)` first: it returns `true` when it sent the body itself
 * (with `send`, the platform's own method), else the platform's method sends it. An own property
 * of this response, never of a shared prototype. `false` when the response has neither method.
 */
export function replaceSend(
  response: NestResponseLike,
  take: (body: unknown, send: (body: unknown) => unknown) => boolean,
): boolean {
  const holder = response as unknown as Record<'json' | 'send', unknown>
  const name = isFastifyReply(response) ? 'send' : 'json'
  const original = holder[name]
  if (typeof original !== 'function') return false
  holder[name] = function replyWithResources(this: unknown, body: unknown) {
    const send = (value: unknown) => original.call(this, value)
    return take(body, send) ? this : send(body)
  }
  return true
}
