/**
 * The one notice given when a body is built with no request context open: page URLs fall back to
 * page 1 and path `/`, and a JSON:API document ignores `include` and `fields[...]`. Right for a
 * script or a test; in a server it means the framework's integration is not installed, and every
 * page would silently be page 1 and every `include` ignored. The text names the fix of the framework
 * the process has loaded (each framework's when it cannot tell).
 *
 * @internal
 */

import { guideUrl } from '../errors/catalogue'
import { isProductionEnv } from '../util/objects'

/** The `code` of the process warning. */
const NO_REQUEST_CONTEXT_WARNING = 'API_RESOURCES_NO_REQUEST_CONTEXT'

/** How each framework installs the integration that opens the request context. */
const FIXES = {
  Express: 'Express app.use(apiResources()) from "api-resources/express"',
  Fastify: 'Fastify await app.register(apiResources()) from "api-resources/fastify"',
  Hono: 'Hono app.use(apiResources()) from "api-resources/hono"',
  NestJS: 'NestJS imports: [ApiResourcesModule.forRoot()] from "api-resources/nestjs"',
} as const

type Framework = keyof typeof FIXES

/** The package whose loading says the framework is in use. */
const PACKAGES: Record<Framework, string> = {
  Express: 'express',
  Fastify: 'fastify',
  Hono: 'hono',
  NestJS: '@nestjs/core',
}

const ALL = Object.keys(FIXES) as Framework[]

/**
 * The frameworks this process has loaded, read from Node's CommonJS module cache (where Express,
 * Fastify and Nest load even from an ES module); NestJS alone when Nest is there (it runs on Express
 * or Fastify). All four when none is found or the runtime cannot tell.
 */
function frameworksInUse(): Framework[] {
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } })
    .process?.getBuiltinModule
  const cache =
    typeof getBuiltin === 'function'
      ? (getBuiltin('node:module') as { _cache?: Record<string, unknown> } | undefined)?._cache
      : undefined
  if (cache === undefined) return ALL
  const files = Object.keys(cache).map((file) => file.replace(/\\/g, '/'))
  const found = ALL.filter((framework) =>
    files.some((file) => file.includes(`/node_modules/${PACKAGES[framework]}/`)),
  )
  if (found.includes('NestJS')) return ['NestJS']
  return found.length > 0 ? found : ALL
}

/** The text of the warning, naming the fix of `frameworks`. @internal */
export function noContextWarningText(frameworks: readonly Framework[] = ALL): string {
  return (
    'api-resources: a page or a JSON:API document was built outside a request context, so pages use ' +
    'page 1 and path "/" (links like "/?page=2") and documents ignore include and fields[...], ' +
    'whatever the request asked for. Install the integration of your framework before the routes: ' +
    frameworks.map((framework) => FIXES[framework]).join('; ') +
    '. With another framework, run the handler inside ' +
    'runWithRequestContext(createRequestContext(url, req), fn) (both exported from "api-resources"). ' +
    'Or pass currentPage and path to the paginator (a page to paginate()) explicitly. This warning ' +
    'is shown once per process and never in production. See ' +
    guideUrl('request-context#outside-a-request')
  )
}

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
  if (isProductionEnv()) return
  process.emitWarning(noContextWarningText(frameworksInUse()), {
    type: 'ApiResourcesWarning',
    code: NO_REQUEST_CONTEXT_WARNING,
  })
}
