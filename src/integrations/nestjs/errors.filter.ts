import { Catch, Injectable, type ArgumentsHost } from '@nestjs/common'
import { BaseExceptionFilter } from '@nestjs/core'
import { errorToHttpResponse } from '../../http'
import { isSent, sendBody, type NestRequestLike, type NestResponseLike } from './platform'

/**
 * A Nest exception filter (HTTP) for the errors a handler throws on purpose: `ValidationError`
 * gives 422 with `{ message, errors: { field: [..] } }`, `NotFoundError` 404 with `{ message }`,
 * any other of the package's errors with an HTTP status that status, instead of Nest's 500. When
 * the client's `Accept` asks for `application/vnd.api+json` the body is a JSON:API error document
 * with exactly that content type. Any other exception goes to Nest's own handling
 * (`BaseExceptionFilter`). `ApiResourcesModule.forRoot()` registers it globally.
 */
@Catch()
@Injectable()
export class ResourceErrorsFilter extends BaseExceptionFilter {
  /**
   * The shape of a plain JSON error body: the package's (`{ message }`, with `errors` for a 422), or
   * Nest's (`{ statusCode, message, error }`, `errors` kept). JSON:API error documents keep theirs.
   * `ApiResourcesModule.forRoot({ errorBody })` sets it.
   */
  errorBody: 'package' | 'nest' = 'package'

  override catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() === 'http') {
      const http = host.switchToHttp()
      const request = http.getRequest<NestRequestLike>()
      const response = http.getResponse<NestResponseLike>()
      const url = request.originalUrl ?? request.url ?? '/'
      const answer = isSent(response)
        ? undefined
        : errorToHttpResponse(exception, { url, headers: request.headers, raw: request })
      if (answer !== undefined) {
        const type = answer.headers['content-type']
        const body =
          this.errorBody === 'nest' && type === 'application/json'
            ? nestShaped(answer.status, answer.body)
            : answer.body
        sendBody(response, answer.status, type, body)
        return
      }
    }
    super.catch(exception, host)
  }
}

/** The reason phrases Nest's `HttpException` bodies carry as `error`, for the statuses errors use. */
const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

/** A package error body (`{ message, errors? }`) in the shape of Nest's `HttpException` answers. */
function nestShaped(status: number, body: string): string {
  const { message, ...rest } = JSON.parse(body) as { message: string }
  return JSON.stringify({ statusCode: status, message, error: REASONS[status] ?? 'Error', ...rest })
}
