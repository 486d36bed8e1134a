import { Catch, Injectable, type ArgumentsHost } from '@nestjs/common'
import { BaseExceptionFilter } from '@nestjs/core'
import { errorToHttpResponse } from '../../http'

/** What the filter reads of Express's request and response. */
interface ExpressRequestLike {
  readonly originalUrl?: string
  readonly url?: string
  readonly headers?: Record<string, string | string[] | undefined>
}

interface ExpressResponseLike {
  statusCode: number
  readonly headersSent?: boolean
  setHeader(name: string, value: string): unknown
  end(chunk: Buffer): unknown
}

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
  override catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() === 'http') {
      const http = host.switchToHttp()
      const request = http.getRequest<ExpressRequestLike>()
      const response = http.getResponse<ExpressResponseLike>()
      const url = request.originalUrl ?? request.url ?? '/'
      const answer = response.headersSent
        ? undefined
        : errorToHttpResponse(exception, { url, headers: request.headers, raw: request })
      if (answer !== undefined) {
        response.statusCode = answer.status
        response.setHeader('Content-Type', answer.headers['content-type'])
        response.end(Buffer.from(answer.body, 'utf8'))
        return
      }
    }
    super.catch(exception, host)
  }
}
