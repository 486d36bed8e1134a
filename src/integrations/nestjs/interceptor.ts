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
import {
  replaceSend,
  requestOf,
  sendBody,
  type NestRequestLike,
  type NestResponseLike,
} from './platform'

// `@HttpCode()`'s metadata key (@nestjs/common's HTTP_CODE_METADATA).
const HTTP_CODE_METADATA = '__httpCode__'

/**
 * A Nest interceptor (HTTP, on Nest's Express or Fastify platform) that runs the handler inside the request context
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
    const request = http.getRequest<NestRequestLike>()
    const response = http.getResponse<NestResponseLike>()
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
            if (isRespondable(value))
              // the handler's own status (a passthrough `res.status()`), read now: Nest sets the
              // route's status again when it replies
              sendThroughReply(
                request,
                response,
                context,
                httpCode,
                response.statusCode,
                this.checkResponses,
              )
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

function httpCodeOf(handler: unknown): number | undefined {
  const reflect = Reflect as unknown as { getMetadata?: (key: string, target: unknown) => unknown }
  const code = reflect.getMetadata?.(HTTP_CODE_METADATA, handler)
  return typeof code === 'number' ? code : undefined
}

/**
 * Makes this response's reply (`res.json(value)` on Express, `reply.send(value)` on Fastify: what
 * Nest calls to reply) send a respondable with its exact content type and status; any other value
 * goes to the platform's own method. Installed on this one response, only when a handler returned
 * a respondable. The status: `httpCode` (`@HttpCode()`) when the route has one, else one the
 * resource's `withResponse()` sets (it runs after the handler), else `status`, the response's when
 * the handler returned (the route's default or what the handler set).
 */
function sendThroughReply(
  request: NestRequestLike,
  response: NestResponseLike,
  context: RequestContext,
  httpCode: number | undefined,
  status: number,
  checkResponses: boolean,
): void {
  replaceSend(response, (body, send) => {
    if (!isRespondable(body)) return false
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
    sendBody(response, answer.status, answer.headers['content-type'], answer.body, send)
    return true
  })
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
