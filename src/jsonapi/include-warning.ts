/**
 * The development notice for an include the request asked for on a relation the model does not have
 * loaded: the document then has no linkage and nothing included for it, which reads like "no author"
 * rather than "not loaded". Once per request path and relation (at most {@link MAX_NOTICES} per
 * process), never in production.
 *
 * @internal
 */
import { tryGetRequestContext } from '../context/request-context'
import { guideUrl } from '../errors/guide'

/** The `code` of the process warning. */
export const INCLUDE_NOT_LOADED_WARNING = 'API_RESOURCES_INCLUDE_NOT_LOADED'

const MAX_NOTICES = 100
const noted = new Set<string>()

/** The text of the warning for relation `relation` (to objects of type `target`). */
export function includeNotLoadedText(path: string, relation: string, target: string): string {
  return (
    `api-resources: ${path === '' ? 'a request' : path} asked to include "${relation}" ("${target}" ` +
    'objects), but the relation is not loaded on the model, so the document has no linkage ' +
    'and nothing included for it. Load it with the query (a query plan through the Knex, Kysely or ' +
    "ORM adapter, or the ORM's own eager loading) before the resource is rendered. This warning is " +
    'shown once per path and relation and never in production. See ' +
    guideUrl('jsonapi#include')
  )
}

/** Called where an included relation was found not loaded on a model. */
export function noteIncludeNotLoaded(relation: string, target: string): void {
  if (noted.size >= MAX_NOTICES) return
  if (typeof process === 'undefined' || typeof process.emitWarning !== 'function') return
  if (process.env.NODE_ENV === 'production') return
  const path = tryGetRequestContext()?.path ?? ''
  const key = `${path}\u0000${relation}\u0000${target}`
  if (noted.has(key)) return
  noted.add(key)
  process.emitWarning(includeNotLoadedText(path, relation, target), {
    type: 'ApiResourcesWarning',
    code: INCLUDE_NOT_LOADED_WARNING,
  })
}
