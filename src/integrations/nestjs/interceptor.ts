import {
  ClassSerializerInterceptor,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common'
import { Observable } from 'rxjs'
import type { BigintEncoding, RequestContext } from '../../context/request-context'
import { toHttpResponse, holdRequestContext, runInRequestContext } from '../../http/http-response'
import { isRespondable } from '../../runtime/respondable'

/** What the interceptor reads of Express's request and response (Nest's Express platform). */
interface ExpressRequestLike {
  readonly originalUrl?: string
  readonly url?: string
  readonly headers?: Record<string, string | string[] | undefined>
  /** Express: the route matched (its `path`, the controller's and the handler's joined by Nest). */
  readonly route?: { readonly path?: unknown }
  readonly baseUrl?: string
}

interface ExpressResponseLike {
  statusCode: number
  json?: (body: unknown) => unknown
  setHeader(name: string, value: string): unknown
  end(chunk: Buffer): unknown
}

// `@HttpCode()`'s metadata key (@nestjs/common's HTTP_CODE_METADATA).
const HTTP_CODE_METADATA = '__httpCode__'

/**
 * A Nest interceptor (HTTP, Express platform) that runs the handler inside the request context
 * (page, path, `include`, `fields[<type>]`), and sends a resource, collection, paginator or JSON:API
 * document the handler returns with exactly its content type (`application/json` or
 * `application/vnd.api+json`, no charset). The status is `@HttpCode()`'s when the route has one,
 * else one the handler or the resource's `withResponse(request, response)` set on the response,
 * else Nest's default (201 for POST, 200 otherwise).
 *
 * Nest's `ClassSerializerInterceptor`, registered before or after this one, passes resources
 * through untouched (it would otherwise copy them into `{}`): a resource decides its own output.
 * `ApiResourcesModule.forRoot()` registers this interceptor globally.
 */
@Injectable()
export class ApiResourcesInterceptor implements NestInterceptor {
  /**
   * Validate each body against its generated JSON Schema (`ApiResourcesModule.forRoot({
   * checkResponses: true })` sets it). Off by default.
   */
  checkResponses = false
  /**
   * Absolute links: the origin the app owns (`ApiResourcesModule.forRoot({ baseUrl })` sets it,
   * checked). Page links and JSON:API self links are then this origin followed by the request's
   * path. Never taken from the request.
   */
  baseUrl: string | undefined = undefined
  /**
   * How a `bigint` is written in bodies (`ApiResourcesModule.forRoot({ bigint })` sets it,
   * checked): its decimal string unless `'number'`.
   */
  bigint: BigintEncoding | undefined = undefined
  /**
   * App-wide strict includes (`ApiResourcesModule.forRoot({ strict })` sets it, checked): an
   * `include` path a resource does not allow is a 400 unless its declaration says otherwise.
   */
  strict: boolean | undefined = undefined

  constructor() {
    letClassSerializerPassResources()
  }

  intercept(execution: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (execution.getType() !== 'http') return next.handle()
    const http = execution.switchToHttp()
    const request = http.getRequest<ExpressRequestLike>()
    const response = http.getResponse<ExpressResponseLike>()
    const { baseUrl, bigint, strict } = this
    const context = holdRequestContext(request, (r) => ({
      ...requestOf(r),
      baseUrl,
      bigint,
      strict,
    }))
    const httpCode = httpCodeOf(execution.getHandler())
    return new Observable<unknown>((subscriber) => {
      const subscribe = () =>
        next.handle().subscribe({
          next: (value) => {
            if (isRespondable(value) && typeof response.json === 'function') {
              // the handler's own status (a passthrough `res.status()`), read now: Nest sets the
              // route's status again when it replies
              const status = response.statusCode
              sendThroughJson(request, response, context, httpCode, status, this.checkResponses)
            }
            subscriber.next(value)
          },
          error: (error: unknown) => subscriber.error(error),
          complete: () => subscriber.complete(),
        })
      // the handler is called on subscription: subscribe inside the context so that it, and
      // everything it awaits, sees this request's context
      const subscription = runInRequestContext(context, subscribe)
      return () => subscription.unsubscribe()
    })
  }
}

/** The URL (mount prefix included), headers and request object the context is opened from. */
function requestOf(request: ExpressRequestLike) {
  const url = typeof request.originalUrl === 'string' ? request.originalUrl : (request.url ?? '/')
  return { url, headers: request.headers, raw: request, route: () => routeOf(request) }
}

/** The route Nest registered for the handler (`/posts/:id`, global prefix included). */
function routeOf(request: ExpressRequestLike): string | undefined {
  const path = request.route?.path
  return typeof path === 'string' ? (request.baseUrl ?? '') + path : undefined
}

function httpCodeOf(handler: unknown): number | undefined {
  const reflect = Reflect as unknown as { getMetadata?: (key: string, target: unknown) => unknown }
  const code = reflect.getMetadata?.(HTTP_CODE_METADATA, handler)
  return typeof code === 'number' ? code : undefined
}

/**
 * Makes this response's `res.json(value)` (what Nest's Express adapter calls to reply) send a
 * respondable with its exact content type and status; any other value goes to Express's `res.json`.
 * Own property of this one response, installed only when a handler returned a respondable. The
 * status: `httpCode` (`@HttpCode()`) when the route has one, else one the resource's
 * `withResponse()` sets (it runs after the handler), else `status`, the response's when the handler
 * returned (the route's default or what the handler set).
 */
function sendThroughJson(
  request: ExpressRequestLike,
  response: ExpressResponseLike,
  context: RequestContext,
  httpCode: number | undefined,
  status: number,
  checkResponses: boolean,
): void {
  const original = response.json!
  response.json = function jsonWithResources(this: ExpressResponseLike, body: unknown) {
    if (!isRespondable(body)) return original.call(this, body)
    // Nest has set the route's status again by now: a change from here on is the hook's
    const beforeHook = response.statusCode
    const answer = toHttpResponse(
      body,
      { url: context.path, raw: request },
      {
        context,
        response,
        explicitStatus: () =>
          httpCode ?? (response.statusCode !== beforeHook ? response.statusCode : status),
        checkResponses,
      },
    )
    response.statusCode = answer.status
    // a Buffer, so that Express adds no `; charset=utf-8` to the media type
    response.setHeader('Content-Type', answer.headers['content-type'])
    response.end(Buffer.from(answer.body, 'utf8'))
    return this
  }
}

// Marks ClassSerializerInterceptor's prototype once its serialize() passes respondables through.
const SERIALIZER_TAUGHT: unique symbol = Symbol.for('api-resources.classSerializer')

/**
 * ClassSerializerInterceptor turns every object it sees into a plain copy of its own enumerable
 * properties: a resource (which keeps its model in a private field) would become `{}`. Taught once
 * to leave respondables, and lists of them, as they are: they are serialized by their own rules.
 * Its `transformToPlain()` is what it runs on the handler's value and on each item of a list.
 */
function letClassSerializerPassResources(): void {
  const proto = ClassSerializerInterceptor.prototype as unknown as Record<PropertyKey, unknown> & {
    transformToPlain: (value: unknown, options: unknown) => unknown
  }
  if (proto[SERIALIZER_TAUGHT] === true) return
  const original = proto.transformToPlain
  Object.defineProperty(proto, SERIALIZER_TAUGHT, { value: true })
  proto.transformToPlain = function transformExceptResources(
    this: ClassSerializerInterceptor,
    value: unknown,
    options: unknown,
  ) {
    if (isRespondable(value)) return value
    return original.call(this, value, options)
  }
}
