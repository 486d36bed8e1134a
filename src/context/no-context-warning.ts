/**
 * The one notice given when a body is built with no request context open: page URLs fall back to
 * page 1 and path `/`, and a JSON:API document ignores `include` and `fields[...]`. Right for a
 * script or a test; in a server it means the framework's integration is not installed, and every
 * page would silently be page 1 and every `include` ignored. The text names each framework's fix.
 *
 * @internal
 */

import { guideUrl } from '../errors/guide'

/** The `code` of the process warning. */
export const NO_REQUEST_CONTEXT_WARNING = 'API_RESOURCES_NO_REQUEST_CONTEXT'

/** The text of the warning. @internal */
export const NO_CONTEXT_WARNING_TEXT =
  'api-resources: a page or a JSON:API document was built outside a request context, so pages use ' +
  'page 1 and path "/" (links like "/?page=2") and documents ignore include and fields[...], ' +
  'whatever the request asked for. Install the integration of your framework before the routes: ' +
  'Express app.use(apiResources()) from "api-resources/express"; Fastify ' +
  'await app.register(apiResources()) from "api-resources/fastify"; Hono app.use(apiResources()) ' +
  'from "api-resources/hono"; NestJS imports: [ApiResourcesModule.forRoot()] from ' +
  '"api-resources/nestjs". With another framework, run the handler inside ' +
  'runWithRequestContext(createRequestContext(url, req), fn) (both exported from "api-resources"). ' +
  'Or pass currentPage and path to the paginator (a page to paginate()) explicitly. This warning ' +
  'is shown once per process and never in production. See ' +
  guideUrl('request-context#outside-a-request')

/** Set once the question has been answered: warned, or in production (never warns). */
let settled = false

/**
 * Called where the page or the path fell back to its default, or a JSON:API document was built, for
 * want of a request context: warns once per process, outside production (`NODE_ENV` is read on the
 * first fallback only).
 */
export function noteMissingRequestContext(): void {
  if (settled) return
  settled = true
  if (typeof process === 'undefined' || typeof process.emitWarning !== 'function') return
  if (process.env.NODE_ENV === 'production') return
  process.emitWarning(NO_CONTEXT_WARNING_TEXT, {
    type: 'ApiResourcesWarning',
    code: NO_REQUEST_CONTEXT_WARNING,
  })
}
