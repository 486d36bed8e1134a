import { resolveRequestContext } from '../context/request-context'
import { badMaxIncludeDepth } from '../errors/jsonapi-errors'
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
    throw badMaxIncludeDepth(depth)
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
