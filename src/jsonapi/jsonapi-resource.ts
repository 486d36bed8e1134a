import { currentRequest } from '../context/request-context'
import { JsonResource, type JsonResourceClass } from '../resources/json-resource'
import { MISSING } from '../runtime/missing'
import { PAYLOAD_TYPES } from '../runtime/payload'
import { jsonApiBody } from '../response/body'
import { modelAttribute } from '../runtime/model-registry'
import { BODY, markBase } from '../runtime/protocol'
import { type ResponseContentType, JSONAPI_MEDIA_TYPE } from '../runtime/respondable'
import { JSONAPI_BRAND, type JsonApiClass } from './type-descriptor'
import type { RelationshipLinkTemplates } from './links'
import type { JsonApiLinks, JsonApiMeta } from './types'
import { buildSingleData, documentInput } from './document-builder'
import { JsonApiResourceCollection } from './jsonapi-collection'
import type { AbsentSource, CollectionSource } from '../resources/resource-collection'
import { JsonApiError } from '../errors/base'
import { isPlainObject } from '../util/objects'

/** A thunk to a related JSON:API resource class (so classes may refer to each other). */
export type RelationshipThunk = () => JsonApiClass

/**
 * A JSON:API resource: its payload is a document
 * `{ data: { type, id, attributes, relationships }, included?, jsonapi: { version: '1.1' } }`
 * sent as `application/vnd.api+json`.
 *
 * - `type` is `static resourceType`; `id` is the model's `id` (or `static idKey`, or an overridden
 *   `toId()`), always rendered as a string.
 * - `attributes` are what `toArray()` gives: the `@Attribute()` (and `@Field()`, `@When...`) members,
 *   compiled like any `JsonResource`, or an override; `id`, `type` and relationship names are left out.
 * - `relationships` are declared with `@Relationship(() => R)` or `static relationships = { name: () => R }`.
 *   Linkage is rendered for every declared relation that was eager-loaded, never by a query.
 * - `?include=a.b,c` adds related objects under `included` (to `static maxIncludeDepth`, default 5);
 *   `?fields[type]=a,b` keeps only those attributes and relationships of every object of that type.
 *
 * @example
 * class PostResource extends JsonApiResource<Post> {
 *   static override resourceType = 'posts'
 *   @Attribute() title!: string
 *   @Relationship(() => UserResource) author?: Related<typeof UserResource>
 * }
 * app.get('/posts/:id', async (req, res) => res.json(new PostResource(await findPost(req.params.id))))
 */
export class JsonApiResource<T = unknown> extends JsonResource<T> {
  /** Types only: the body is a JSON:API document (see `JsonApiDocument`). */
  declare readonly [PAYLOAD_TYPES]?: { readonly document: 'jsonapi' }
  /** The JSON:API `type` of this resource (required). */
  declare static resourceType: string
  /** Relationships as thunks to their resource classes, beside any `@Relationship` members. */
  declare static relationships?: Readonly<Record<string, RelationshipThunk>>
  /** The model attribute holding the id (when `toId()` is not overridden). */
  static idKey = 'id'
  /** How deep `include=` paths are followed (the primary resource class's value applies). */
  static maxIncludeDepth = 5
  /**
   * `links` of relationship objects, per relationship: `self` and `related` as URL templates
   * (`'/posts/{id}/author'`: `{id}` is this object's id, `{name}` a model attribute) or functions of
   * the model. A declared relation that was not eager-loaded then renders its links alone.
   */
  declare static relationshipLinks?: Readonly<Record<string, RelationshipLinkTemplates>>
  /** `meta` of relationship objects, per relationship: a function of the model and the request. */
  declare static relationshipMeta?: Readonly<
    Record<string, (model: never, request: unknown) => JsonApiMeta | undefined>
  >
  /**
   * Add `links.self` to the top level of this class's documents: the request's URL, path and query
   * as the client sent them (the path normalised like page links). Off by default.
   * @default false
   */
  static selfLink = false
  /** The document's `jsonapi` member beside `version: '1.1'` (see {@link JsonApiResource.configure}). */
  declare static jsonApi?: JsonApiObjectOptions

  /**
   * Sets the `jsonapi` member of this class's documents (and its subclasses'): `version`, `ext` and
   * `profile` URIs (also announced as media type parameters of the response), and `meta`.
   *
   * @example
   * class ApiResource<T> extends JsonApiResource<T> {}
   * ApiResource.configure({ meta: { api: 'v2' } })
   */
  static configure(this: { jsonApi?: JsonApiObjectOptions }, options: JsonApiObjectOptions): void {
    this.jsonApi = jsonApiObjectOptions(options)
  }

  /** The id of the model; rendered as a string. Override for computed ids. */
  toId(): unknown {
    return modelAttribute(this.resource, (this.constructor as typeof JsonApiResource).idKey)
  }

  /**
   * The resource object's `links` (for example `{ self: '/posts/1' }`); none by default. Left out of
   * the document when empty; also used for included objects of this class.
   */
  toLinks(_request?: unknown): JsonApiLinks | undefined {
    return undefined
  }

  /** The resource object's `meta`; none by default. Left out of the document when empty. */
  toMeta(_request?: unknown): JsonApiMeta | undefined {
    return undefined
  }

  /** The JSON:API document (the request's `include` and `fields` apply). */
  override [BODY](request?: unknown): unknown {
    const q = currentRequest(request)
    const cls = this.constructor as unknown as JsonApiClass
    const input = documentInput(cls, q, request)
    const model = this.resource as unknown
    const { data, included } =
      // MISSING (a relation that was not loaded), like null: `data: null`, as a plain resource gives
      model === null || model === undefined || model === MISSING
        ? { data: null, included: [] }
        : buildSingleData(input, model as object)
    const body = jsonApiBody({
      owner: cls.name,
      data,
      included,
      additional: this.topLevel(q),
      selfLink: input.selfLink,
      jsonapi: (cls as typeof JsonApiResource).jsonApi as Readonly<Record<string, unknown>>,
      request: q,
    })
    return body
  }

  /** @internal */
  protected override mediaType(): ResponseContentType {
    return jsonApiMediaType((this.constructor as typeof JsonApiResource).jsonApi)
  }

  /**
   * `collection()` of a JSON:API resource: a collection document over a list or a paginator
   * (which adds `links` and `meta`). @internal
   */
  protected static override newCollection(
    source: CollectionSource | AbsentSource,
    cls: JsonResourceClass,
  ): unknown {
    return new JsonApiResourceCollection(source, cls)
  }
}

Object.defineProperty(JsonApiResource.prototype, JSONAPI_BRAND, { value: true })
markBase(JsonApiResource.prototype.toId)
markBase(JsonApiResource.prototype.toLinks)
markBase(JsonApiResource.prototype.toMeta)

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
