import { resolveRequestContext } from '../context/request-context'
import { ArgumentError } from '../errors/base'
import { JsonApiError } from '../errors/jsonapi-errors'
import { finalizeValue, isPlainObject, setKey } from '../runtime/finalize'
import { planFor, type JsonApiClass } from './class-plan'
import type { DocumentInput } from './document'
import { DEFAULT_MAX_INCLUDE_DEPTH, NO_INCLUDES, resolveIncludeTree } from './include-tree'

/** The static options a document reads off the primary resource class. @internal */
export interface DocumentClass extends JsonApiClass {
  readonly maxIncludeDepth?: unknown
}

function maxDepthOf(cls: DocumentClass): number {
  const depth = cls.maxIncludeDepth ?? DEFAULT_MAX_INCLUDE_DEPTH
  if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 0) {
    throw ArgumentError.maxIncludeDepth(depth)
  }
  return depth
}

/**
 * What a document of `cls` is built from: the request (the explicit one, else the current
 * context's), `include=` bound to `cls`'s relationships, and `fields[...]`.
 * @internal
 */
export function documentInput(
  cls: DocumentClass,
  request: unknown,
  explicit: unknown,
): DocumentInput {
  const plan = planFor(cls)
  const context = resolveRequestContext(explicit)
  const paths = context?.include ?? []
  const include =
    paths.length === 0 ? NO_INCLUDES : resolveIncludeTree(plan, paths, maxDepthOf(cls))
  const fields = context !== undefined && context.fields.size > 0 ? context.fields : undefined
  return { plan, include, request, fields }
}

/**
 * Top-level members `additional()` may set. Extension members (`ext:name`) are not allowed: they need
 * the `ext` media-type parameter, which these documents do not announce.
 */
const ALLOWED = new Set(['meta', 'links', 'jsonapi'])

/**
 * The `additional()` keys, finished (MISSING stripped) and checked: only `meta`, `links`, `jsonapi`
 * may sit beside `data`. On a paginated collection, `links` and `meta` objects
 * are merged after the standard entries (`base`).
 * @internal
 */
export function extraMembers(
  where: string,
  additional: Readonly<Record<string, unknown>>,
  request: unknown,
  base: Readonly<Record<string, Record<string, unknown>>> = {},
): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = { ...base }
  for (const key of Object.keys(additional)) {
    if (!ALLOWED.has(key)) throw JsonApiError.topLevelMember(where, key)
    const value = finalizeValue(additional[key], request)
    const standard = base[key]
    if (standard !== undefined && isPlainObject(value)) setKey(out, key, { ...standard, ...value })
    else setKey(out, key, value)
  }
  return Object.keys(out).length === 0 ? undefined : out
}
