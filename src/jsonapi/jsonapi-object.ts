import { JsonApiError } from '../errors/jsonapi-errors'
import { JSONAPI_MEDIA_TYPE, type ResponseContentType } from '../runtime/respondable'
import { isPlainObject } from '../util/objects'

/** The configurable part of a document's `jsonapi` member. */
export interface JsonApiObjectOptions {
  /** @default '1.1' */
  readonly version?: string
  /** URIs of the extensions the documents apply (also the `ext` media type parameter). */
  readonly ext?: readonly string[]
  /** URIs of the profiles the documents apply (also the `profile` media type parameter). */
  readonly profile?: readonly string[]
  readonly meta?: Readonly<Record<string, unknown>>
}

const URI_LIST_ITEM = /^[^\s"]+$/

function uriList(where: string, value: unknown): readonly string[] | undefined {
  if (value === undefined) return undefined
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && URI_LIST_ITEM.test(v)))
    throw JsonApiError.badJsonApiObject(where, value)
  return Object.freeze([...value])
}

/** Checks and freezes {@link JsonApiObjectOptions}. @internal */
export function jsonApiObjectOptions(options: unknown): JsonApiObjectOptions {
  if (!isPlainObject(options)) throw JsonApiError.badJsonApiObject('options', options)
  const { version, ext, profile, meta } = options
  if (version !== undefined && (typeof version !== 'string' || version === ''))
    throw JsonApiError.badJsonApiObject('version', version)
  if (meta !== undefined && !isPlainObject(meta)) throw JsonApiError.badJsonApiObject('meta', meta)
  const out: Record<string, unknown> = {}
  if (version !== undefined) out.version = version
  const extList = uriList('ext', ext)
  if (extList !== undefined) out.ext = extList
  const profileList = uriList('profile', profile)
  if (profileList !== undefined) out.profile = profileList
  if (meta !== undefined) out.meta = meta
  return Object.freeze(out) as JsonApiObjectOptions
}

/**
 * The response media type: exactly `application/vnd.api+json`, with the `ext` and `profile`
 * parameters when the documents apply extensions or profiles (JSON:API allows no other parameter).
 * @internal
 */
export function jsonApiMediaType(options: JsonApiObjectOptions | undefined): ResponseContentType {
  let type: ResponseContentType = JSONAPI_MEDIA_TYPE
  if (options?.ext !== undefined && options.ext.length > 0)
    type = `${type}; ext="${options.ext.join(' ')}"`
  if (options?.profile !== undefined && options.profile.length > 0)
    type = `${type}; profile="${options.profile.join(' ')}"`
  return type
}
