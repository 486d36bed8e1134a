import type { Request, Response } from 'express'
import type { RequestContext } from '../../context/request-context'
import { toHttpResponse } from '../../http'
import type { Respondable } from '../../runtime/respondable'
import { jsonText, type BigintEncoding, type JsonReplacer } from '../../runtime/json'
import { existingContext, isChecked } from './request-contexts'

// Set on a response whose status the handler chose through res.status(); see installExplicitStatus().
// A symbol property, not a WeakSet entry (see request-contexts.ts for why).
const EXPLICIT_STATUS: unique symbol = Symbol('api-resources.explicitStatus')

interface WithExplicitStatus {
  [EXPLICIT_STATUS]?: true
}

/**
 * Wraps `status` on the app's response object (see apiResources()) so that a status the handler
 * chose (even 200) wins over the one a respondable asks for: Express has no hook or event for a
 * status being set. Only responses of requests that went through apiResources() are recorded.
 * @internal
 */
export function installExplicitStatus(owner: Partial<Response>): void {
  const original = owner.status!
  const status = function statusWithMark(this: Response, code: number) {
    if (existingContext(this.req) !== undefined)
      (this as WithExplicitStatus)[EXPLICIT_STATUS] = true
    return original.call(this, code)
  }
  owner.status = status as Response['status']
}

/**
 * Sends a respondable: `[TO_RESPONSE](req)` runs inside the request's context, the body is JSON
 * written as a Buffer so Express keeps the content type exactly as given (it appends
 * `; charset=utf-8` to string bodies, which JSON:API forbids). The app's `json replacer`,
 * `json spaces` and `json escape` settings apply as they do to `res.json`. @internal
 */
export function sendRespondable(
  req: Request,
  res: Response,
  value: Respondable,
  context: RequestContext,
): void {
  const answer = toHttpResponse(
    value,
    { url: req.originalUrl, raw: req },
    {
      context,
      response: res,
      explicitStatus: () => (isExplicit(res) ? res.statusCode : undefined),
      stringify: (body) => stringify(req, body, context.bigint),
      checkResponses: isChecked(req),
    },
  )
  res.statusCode = answer.status
  res.setHeader('Content-Type', answer.headers['content-type'])
  res.send(Buffer.from(answer.body, 'utf8'))
}

function isExplicit(res: Response): boolean {
  return (res as WithExplicitStatus)[EXPLICIT_STATUS] === true || res.statusCode !== 200
}

/** JSON text of `body` with the app's json settings and bigint writing. @internal */
export function stringify(req: Request, body: unknown, bigint?: BigintEncoding): string {
  const app = req.app as Request['app'] | undefined
  // an array replacer works at runtime too; the cast only picks one JSON.stringify overload
  const replacer = app?.get('json replacer') as JsonReplacer | undefined
  const spaces = app?.get('json spaces') as string | number | undefined
  const json = jsonText(body, replacer, spaces, bigint)
  return app?.get('json escape') === true ? escapeHtmlInJson(json) : json
}

// Same characters Express escapes with `json escape`: <, >, & (no change to the parsed value).
function escapeHtmlInJson(json: string): string {
  return json.replace(/[<>&]/g, (c) => (c === '<' ? '\\u003c' : c === '>' ? '\\u003e' : '\\u0026'))
}
