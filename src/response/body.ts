/**
 * The one place a response body is assembled (Laravel's `ResourceResponse` and
 * `PaginatedResourceResponse`): the wrap key, `additional()` keys and their collisions, a paginated
 * collection's `links` and `meta`, and a JSON:API document's top-level members. Resources and
 * collections produce their data (`[RESOLVE]`); everything around the data is decided here.
 * @internal
 * @module
 */
import { JsonApiError, ResourceError } from '../errors/base'
import { finalizeValue } from '../runtime/finalize'
import { MISSING } from '../runtime/missing'
import { hasOwn, isPlainObject, setKey } from '../util/objects'

/** `additional()` keys, or `undefined` when none were given. @internal */
export type Additional = Readonly<Record<string, unknown>> | undefined

/**
 * The top-level keys a paginated collection adds beside its data, in order: the paginator's
 * standard `links` and `meta`, or what the collection's `paginationInformation()` returns. @internal
 */
export interface PaginationSections {
  readonly sections: Readonly<Record<string, unknown>>
  /** Made for this body alone (the paginator's defaults), so they need no copy. */
  readonly fresh?: boolean
  /**
   * Made by the library's own paginator methods (not overridden), so they hold only strings,
   * numbers and `null`: nothing to finish.
   */
  readonly final?: boolean
}

/** What a JSON body is made of. */
interface JsonBodyParts {
  /** The class the body is for (named in errors). */
  readonly owner: Function
  /** The finished data: one resource's output (`null` over nothing) or a collection's items. */
  readonly data: unknown
  /** The wrap key; `null` disables wrapping. */
  readonly wrap: string | null
  /** Is `data` a collection's item list (a list cannot carry keys)? */
  readonly list: boolean
  readonly additional: Additional
  /** A paginated collection's standard sections. */
  readonly pagination?: PaginationSections
  /** Wrap even when the data already has the wrap key at its top level (`forceWrapping`). */
  readonly forceWrap?: boolean
  readonly request: unknown
}

/**
 * The JSON body of a resource or collection:
 * - a single resource: its data under the wrap key, or, with no wrap key, the data itself (then it
 *   must be a plain object);
 * - a list: the items under the wrap key, or a bare array with no wrap key and nothing beside it
 *   (otherwise under `data` after all);
 * - a paginated collection: the items under the wrap key (default `data`), then `links` and `meta`
 *   with the `additional({ links, meta })` entries after the standard ones;
 * - data that already has the wrap key at its top level (a collection's `toArray()` returning
 *   `{ data: [...] }`) is not wrapped again, unless `forceWrap`;
 * then every other `additional()` key; a key that is already there is an error.
 * @internal
 */
export function jsonBody(parts: JsonBodyParts): unknown {
  const extra = nonEmpty(parts.additional)
  if (parts.pagination !== undefined) return paginatedBody(parts, parts.pagination, extra)
  const { owner, data, wrap, request } = parts
  if (wrap === null) {
    if (extra === undefined) {
      if (data !== null && !parts.list && !isPlainObject(data))
        throw ResourceError.unwrappedNonObject(owner, data)
      return data
    }
    const body = parts.list || data === null ? { data } : unwrappedCopy(owner, data)
    return addKeys(owner, body, extra, parts.list ? 'data' : null, request)
  }
  const body = isWrapped(parts, wrap) ? copyOf(data as Record<string, unknown>) : keyed(wrap, data)
  return extra === undefined ? body : addKeys(owner, body, extra, wrap, request)
}

function paginatedBody(
  parts: JsonBodyParts,
  pagination: PaginationSections,
  extra: Additional,
): Record<string, unknown> {
  const { owner, request } = parts
  const key = parts.wrap ?? 'data'
  const data = parts.data
  const body = isWrapped(parts, key) ? copyOf(data as Record<string, unknown>) : keyed(key, data)
  const { sections } = pagination
  const fresh = pagination.fresh === true
  const names = Object.keys(sections)
  for (const name of names) {
    const standard = sections[name]
    const added = extra?.[name]
    setKey(
      body,
      name,
      added === undefined && pagination.final === true
        ? standard
        : section(owner, name, standard, added, request, fresh),
    )
  }
  if (extra === undefined) return body
  // the additional() keys not merged into a section come after the sections
  const rest: Record<string, unknown> = {}
  for (const name of Object.keys(extra)) if (!names.includes(name)) setKey(rest, name, extra[name])
  return addKeys(owner, body, rest, key, request)
}

/** Does the data already carry the wrap key `key` at its top level (and wrapping is not forced)? */
function isWrapped(parts: JsonBodyParts, key: string): boolean {
  const { data } = parts
  return parts.forceWrap !== true && isPlainObject(data) && hasOwn.call(data, key)
}

/**
 * A pagination section with the `additional()` entries of the same name after its own (both plain
 * objects; otherwise the name collides); a copy, unless `fresh` (made for this body) and nothing is
 * added.
 */
function section(
  owner: Function,
  key: string,
  standard: unknown,
  added: unknown,
  request: unknown,
  fresh: boolean,
): unknown {
  const value = added === undefined ? MISSING : finalizeValue(added, request)
  if (value === MISSING)
    return fresh || !isPlainObject(standard) ? finalizeValue(standard, request) : { ...standard }
  if (!isPlainObject(value) || !isPlainObject(standard))
    throw ResourceError.additionalKeyCollision(owner, key)
  return { ...standard, ...value }
}

/**
 * Adds the `extra` keys (finished: `MISSING` stripped, a key whose value is `MISSING` left out) to
 * `body`; a key it already has is an error naming `owner` (the wrap key's own error when it is
 * `wrap`).
 */
function addKeys(
  owner: Function,
  body: Record<string, unknown>,
  extra: Readonly<Record<string, unknown>>,
  wrap: string | null,
  request: unknown,
): Record<string, unknown> {
  for (const key of Object.keys(extra)) {
    const value = finalizeValue(extra[key], request)
    if (value === MISSING) continue
    if (hasOwn.call(body, key))
      throw key === wrap
        ? ResourceError.wrapKeyCollision(owner, key)
        : ResourceError.additionalKeyCollision(owner, key)
    setKey(body, key, value)
  }
  return body
}

function keyed(key: string, value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  setKey(out, key, value)
  return out
}

function unwrappedCopy(owner: Function, data: unknown): Record<string, unknown> {
  if (!isPlainObject(data)) throw ResourceError.unwrappedNonObject(owner, data)
  return copyOf(data)
}

function copyOf(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(data)) setKey(out, key, data[key])
  return out
}

/** `additional`, unless it has no key whose value is not `MISSING`. */
function nonEmpty(additional: Additional): Additional {
  if (additional === undefined) return undefined
  for (const key in additional) if (additional[key] !== MISSING) return additional
  return undefined
}

/**
 * The `additional()` keys so far with `mapping` merged in; a key equal to `guard` (the wrap key) is
 * an error naming `owner`, raised when it is given rather than when the body is built.
 * @internal
 */
export function mergeAdditional(
  owner: Function,
  guard: string | null,
  current: Additional,
  mapping: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  if (guard !== null && hasOwn.call(mapping, guard))
    throw ResourceError.wrapKeyCollision(owner, guard)
  return { ...current, ...mapping }
}

/** The `jsonapi` member of every document. */
const JSONAPI_OBJECT: Readonly<{ version: '1.1' }> = Object.freeze({ version: '1.1' })

/**
 * Top-level members `additional()` may set on a JSON:API document. Extension members (`ext:name`)
 * are not allowed: they need the `ext` media-type parameter, which these documents do not announce.
 */
const JSONAPI_MEMBERS: ReadonlySet<string> = new Set(['meta', 'links', 'jsonapi'])

/** What a JSON:API document is made of. */
interface JsonApiBodyParts {
  /** The class name, for errors. */
  readonly owner: string
  readonly data: unknown
  readonly included: readonly unknown[]
  readonly additional: Additional
  readonly pagination?: PaginationSections
  /** The top-level `links.self` (first in `links`), when there is one. */
  readonly selfLink?: string
  /** The class's `jsonapi` member options, beside `version: '1.1'`. */
  readonly jsonapi?: Readonly<Record<string, unknown>>
  readonly request: unknown
}

/**
 * A JSON:API document: `data`, `included` (only when not empty), `links` (`self` when asked for, a
 * paginated collection's `first`/`last`/`prev`/`next`, then the `additional()` ones) and `meta` (a
 * paginated collection's, then the `additional()` ones), other `additional()` members, and
 * `jsonapi` last (`{ version: '1.1' }` plus what `additional({ jsonapi })` adds). Only `meta`,
 * `links` and `jsonapi` may be added.
 * @internal
 */
export function jsonApiBody(parts: JsonApiBodyParts): Record<string, unknown> {
  const { additional, pagination, request } = parts
  const document: Record<string, unknown> = { data: parts.data }
  if (parts.included.length > 0) document.included = parts.included
  const added: Record<string, unknown> = {}
  if (additional !== undefined) {
    for (const key of Object.keys(additional)) {
      if (!JSONAPI_MEMBERS.has(key)) throw JsonApiError.topLevelMember(parts.owner, key)
      const value = finalizeValue(additional[key], request)
      if (value !== MISSING) added[key] = value
    }
  }
  const sections = pagination?.sections
  if (sections !== undefined) {
    for (const key of Object.keys(sections))
      if (key !== 'links' && key !== 'meta') throw JsonApiError.topLevelMember(parts.owner, key)
  }
  if (parts.selfLink !== undefined || sections?.links !== undefined) {
    const standard = { self: parts.selfLink, ...(sections?.links as object | undefined) }
    if (standard.self === undefined) delete standard.self
    document.links = withAdded(standard, added.links)
  }
  if (sections?.meta !== undefined) document.meta = withAdded(sections.meta as object, added.meta)
  for (const key of Object.keys(added)) {
    if (key !== 'jsonapi' && !hasOwn.call(document, key)) document[key] = added[key]
  }
  const { jsonapi: configured } = parts
  const jsonapi = added.jsonapi
  document.jsonapi =
    configured === undefined && jsonapi === undefined
      ? JSONAPI_OBJECT
      : { ...JSONAPI_OBJECT, ...configured, ...(jsonapi as object | undefined) }
  return document
}

/** A standard section with the added entries after its own; anything but an object replaces it. */
function withAdded(standard: object, added: unknown): unknown {
  if (added === undefined) return { ...standard }
  return isPlainObject(added) ? { ...standard, ...added } : added
}
