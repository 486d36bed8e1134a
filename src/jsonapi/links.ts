/**
 * Links and meta of resource objects and relationship objects: read once per class into small
 * functions, so a class that declares none costs nothing per object.
 * @internal
 * @module
 */
import { JsonApiError } from '../errors/base'
import { finalizeValue } from '../runtime/finalize'
import type { ModelRules } from '../runtime/model-rules'
import { isPlainObject } from '../util/objects'
import type { JsonApiLink, JsonApiLinks, JsonApiMeta } from './types'

/**
 * A relationship link: a URL template whose `{id}` is the resource object's id and whose `{name}` is
 * the model attribute `name` (percent-encoded), or a function of the model and the request. A
 * template whose attribute is `null` or absent, or a function returning `null`/`undefined`, leaves
 * the link out.
 *
 * @example
 * '/posts/{id}/relationships/author'
 * (post: Post) => `/users/${post.user_id}`
 */
export type LinkTemplate<M = never> =
  string | ((model: M, request: unknown) => JsonApiLink | null | undefined)

/** The links of one relationship object. */
export interface RelationshipLinkTemplates<M = never> {
  readonly self?: LinkTemplate<M>
  readonly related?: LinkTemplate<M>
}

/** Renders a relationship's links for one model. @internal */
export type RelationLinksFn = (
  model: object,
  id: string,
  rules: ModelRules,
  request: unknown,
) => JsonApiLinks | undefined

/** Renders meta for one model. @internal */
export type MetaFn = (model: object, request: unknown) => JsonApiMeta | undefined

type Renderer = (model: object, id: string, rules: ModelRules, request: unknown) => unknown

const PLACEHOLDER = /\{([^{}]+)\}/g

/** A template's renderer: literal parts and placeholders, split once. */
function compileTemplate(where: string, template: LinkTemplate<object>): Renderer {
  if (typeof template === 'function')
    return (model, _id, _rules, request) => template(model, request)
  if (typeof template !== 'string') throw JsonApiError.badLink(where, template)
  const parts = template.split(PLACEHOLDER) // even: literal text, odd: placeholder names
  if (parts.length === 1) return () => template
  return function renderTemplate(model, id, rules) {
    let out = parts[0]
    for (let i = 1; i < parts.length; i += 2) {
      const value = parts[i] === 'id' ? id : rules.attribute(model, parts[i])
      if (value === null || value === undefined) return undefined
      out += encodeURIComponent(String(value)) + parts[i + 1]
    }
    return out
  }
}

/**
 * The links function of a relationship, or `undefined` when it declares none. `where` names the
 * declaration in errors (`PostResource.relationshipLinks.author`).
 * @internal
 */
export function relationLinks(where: string, spec: unknown): RelationLinksFn | undefined {
  if (spec === undefined || spec === null) return undefined
  if (!isPlainObject(spec)) throw JsonApiError.badLink(where, spec)
  const entries: [string, Renderer][] = []
  for (const name of ['self', 'related'] as const) {
    if (spec[name] !== undefined)
      entries.push([name, compileTemplate(`${where}.${name}`, spec[name] as LinkTemplate<object>)])
  }
  for (const name of Object.keys(spec))
    if (name !== 'self' && name !== 'related')
      throw JsonApiError.badLink(`${where}.${name}`, spec[name])
  if (entries.length === 0) return undefined
  return function linksOf(model, id, rules, request) {
    let links: JsonApiLinks | undefined
    for (const [name, render] of entries) {
      const link = render(model, id, rules, request)
      if (link !== null && link !== undefined) (links ??= {})[name] = link as JsonApiLink
    }
    return links
  }
}

/** A meta function given by the user, made safe: finished output, left out when empty. @internal */
export function metaFunction(where: string, fn: unknown): MetaFn | undefined {
  if (fn === undefined || fn === null) return undefined
  if (typeof fn !== 'function') throw JsonApiError.badRelationshipMeta(where, fn)
  return (model, request) => nonEmptyObject((fn as MetaFn)(model, request), request)
}

/** `value` finished (MISSING stripped) when it is a non-empty plain object, else `undefined`. @internal */
export function nonEmptyObject(
  value: unknown,
  request: unknown,
): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined
  const finished = finalizeValue(value, request)
  if (!isPlainObject(finished)) return undefined
  for (const _ in finished) return finished
  return undefined
}
