/**
 * The development notice for an include the request asked for on a relation the model does not have
 * loaded: the document then has no linkage and nothing included for it, which reads like "no author"
 * rather than "not loaded". Once per route and relation (the route pattern the framework matched,
 * `/posts/:id`, or the request path when there is none; at most {@link MAX_NOTICES} per process),
 * never in production.
 *
 * @internal
 */
import { tryGetRequestContext } from '../context/request-context'
import { guideUrl } from '../errors/guide'

/** The `code` of the process warning. */
const INCLUDE_NOT_LOADED_WARNING = 'API_RESOURCES_INCLUDE_NOT_LOADED'

const MAX_NOTICES = 100
const noted = new Set<string>()

/**
 * The text of the warning for relation `relation` (to objects of type `target`), asked for by a
 * request to `route` (a route pattern or a path; `''` when not known).
 */
function includeNotLoadedText(route: string, relation: string, target: string): string {
  return (
    `api-resources: ${route === '' ? 'a request' : route} asked to include "${relation}" ("${target}" ` +
    'objects), but the relation is not loaded on the model, so the document has no linkage ' +
    'and nothing included for it. Load it with the query (a query plan through the Knex, Kysely or ' +
    "ORM adapter, or the ORM's own eager loading) before the resource is rendered. This warning is " +
    'shown once per route and relation and never in production. See ' +
    guideUrl('jsonapi#include')
  )
}

/** Called where an included relation was found not loaded on a model. */
export function noteIncludeNotLoaded(relation: string, target: string): void {
  if (noted.size >= MAX_NOTICES) return
  if (typeof process === 'undefined' || typeof process.emitWarning !== 'function') return
  if (process.env.NODE_ENV === 'production') return
  const context = tryGetRequestContext()
  const route = context === undefined ? '' : (context.route ?? context.path)
  const key = `${route}\u0000${relation}\u0000${target}`
  if (noted.has(key)) return
  noted.add(key)
  process.emitWarning(includeNotLoadedText(route, relation, target), {
    type: 'ApiResourcesWarning',
    code: INCLUDE_NOT_LOADED_WARNING,
  })
}
