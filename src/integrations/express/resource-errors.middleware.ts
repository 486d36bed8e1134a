import type { ErrorRequestHandler, NextFunction, Request, Response } from 'express'
import { acceptsJsonApi, errorToHttpResponse } from '../../http'
import { stringify } from './respond'

/** Options of {@link resourceErrors}. */
export interface ResourceErrorsOptions {
  /**
   * Whether to answer with a JSON:API error document for this request.
   * @default (req) => the Accept header asks for application/vnd.api+json
   */
  readonly jsonApi?: (req: Request) => boolean
  /**
   * The `title` of each JSON:API validation error object.
   * @default 'Invalid Attribute'
   */
  readonly validationTitle?: string
}

/**
 * Express error middleware for the errors a handler throws on purpose: `ValidationError` gives 422
 * with `{ message, errors: { field: [..] } }`, `NotFoundError` gives 404 with `{ message }`. When
 * the client's `Accept` asks for `application/vnd.api+json` the body is a JSON:API error document
 * (one error object per message, `source.pointer` `/data/attributes/<field>`) with exactly that
 * content type. Only the package's own errors are answered (they carry its mark, also when they
 * come from a second copy of the package); any other error, including another library's error
 * that happens to have the same `code`, goes on, untouched, to the next error handler.
 *
 * @example
 * app.post('/users', respond((req) => {
 *   const parsed = schema.safeParse(req.body)
 *   if (!parsed.success) throw ValidationError.fromZod(parsed.error)
 *   return new UserResource(create(parsed.data))
 * }))
 * app.use(resourceErrors())
 */
export function resourceErrors(options: ResourceErrorsOptions = {}): ErrorRequestHandler {
  const wantsJsonApi = options.jsonApi ?? ((req: Request) => acceptsJsonApi(req.get('accept')))
  const validationTitle = options.validationTitle
  return function resourceErrorsHandler(
    err: unknown,
    req: Request,
    res: Response,
    next: NextFunction,
  ): void {
    if (res.headersSent) return next(err)
    const answer = errorToHttpResponse(
      err,
      { url: req.originalUrl, raw: req },
      { jsonApi: wantsJsonApi(req), validationTitle, stringify: (body) => stringify(req, body) },
    )
    if (answer === undefined) return next(err)
    res.status(answer.status)
    res.setHeader('Content-Type', answer.headers['content-type'])
    // JSON as res.json sends it (`; charset=utf-8` added); JSON:API as a Buffer, so Express adds no
    // parameter to its media type (JSON:API forbids them)
    if (answer.headers['content-type'] === 'application/json') res.send(answer.body)
    else res.send(Buffer.from(answer.body, 'utf8'))
  }
}
