import { noteMissingRequestContext } from '../context/no-context-warning'
import { linkBase, resolveRequestContext, type RequestContext } from '../context/request-context'
import { ArgumentError } from '../errors/base'
import { describeType, type JsonApiClass } from './type-descriptor'
import type { DocumentInput } from './document-builder'
import { DEFAULT_MAX_INCLUDE_DEPTH, NO_INCLUDES, resolveIncludeTree } from './include-tree'

/** The static options a document reads off the primary resource class. */
interface DocumentClass extends JsonApiClass {
  readonly maxIncludeDepth?: unknown
  readonly selfLink?: unknown
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
  const descriptor = describeType(cls)
  const context = resolveRequestContext(explicit)
  // include and fields[...] cannot be read: right in a script, a silent drop in a server
  if (context === undefined) noteMissingRequestContext()
  const paths = context?.include ?? []
  const include =
    paths.length === 0 ? NO_INCLUDES : resolveIncludeTree(descriptor, paths, maxDepthOf(cls))
  const fields = context !== undefined && context.fields.size > 0 ? context.fields : undefined
  const selfLink = cls.selfLink === true && context !== undefined ? requestUrl(context) : undefined
  return { descriptor, include, request, fields, selfLink }
}

/**
 * The request's URL as the client sent it: its (normalised) path and its query, with the characters a
 * URI's query may not hold (`[`, `]`, spaces, a `%` that starts no escape...) percent-encoded, so the
 * link is a valid URI reference that a server reads back as the same query.
 */
function requestUrl(context: RequestContext): string {
  if (context.rawQuery === '') return linkBase(context)
  return `${linkBase(context)}?${context.rawQuery.replace(NOT_IN_QUERY, encodeQueryChar)}`
}

const NOT_IN_QUERY = /%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/gu

function encodeQueryChar(char: string): string {
  try {
    return encodeURIComponent(char)
  } catch {
    return '' // a lone surrogate cannot be encoded: drop it
  }
}
