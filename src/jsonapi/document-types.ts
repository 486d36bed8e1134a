/**
 * The types of the JSON:API documents a resource class produces: its resource object (the
 * declared members as `attributes`, the members typed as JSON:API resources as `relationships`),
 * `included` (the resource objects of the related types, to the default include depth), and the
 * single and collection documents. They join the resource bodies by declaration merging, so
 * `toPayload()` of a JSON:API resource or collection returns its document type.
 * @module
 */
import type { JsonResource } from '../resources/json-resource'
import type { CollectionShape, InstanceOf, PageParts } from '../resources/payload'
import type { DataOf, IsNonNullOf, PAYLOAD_TYPES, RenderedOf } from '../runtime/payload'
import type { JsonApiResourceCollection } from './jsonapi-collection'
import type { JsonApiLinks, JsonApiMeta, ResourceIdentifier } from './types'

/** Is `V` (a member's type, `null`/`undefined` aside) a JSON:API resource or a list of them? */
type IsJsonApiValue<V> = IsNonNullOf<V, JsonApiLike | readonly JsonApiLike[]>

/** A JSON:API resource instance, structurally. */
interface JsonApiLike {
  readonly resource: unknown
  readonly [PAYLOAD_TYPES]?: { readonly document: 'jsonapi' }
  toId(): unknown
}

/** The members of `R` that are relationships (typed as JSON:API resources). */
type RelationshipKeys<R> = {
  [K in keyof R]-?: K extends string ? (IsJsonApiValue<R[K]> extends true ? K : never) : never
}[keyof R]

/** `R` without its relationship members: what its attributes are derived from. */
type AttributeView<R> = { [K in keyof R as K extends RelationshipKeys<R> ? never : K]: R[K] }

/** The attributes of a JSON:API resource instance (`id` and `type` are never attributes). */
export type AttributesOf<R> = Omit<DataOf<AttributeView<R>>, 'id' | 'type'>

/** The related resource instance types of `R`'s relationships. */
type RelatedOf<R> = {
  [K in RelationshipKeys<R>]: NonNullable<R[K]> extends readonly (infer E)[] ? E : NonNullable<R[K]>
}[RelationshipKeys<R>]

/** A relationship object: the linkage when loaded, and the declared `links` and `meta`. */
export interface RelationshipObjectOf<V> {
  data?: NonNullable<V> extends readonly unknown[]
    ? ResourceIdentifier[]
    : ResourceIdentifier | null
  links?: JsonApiLinks
  meta?: JsonApiMeta
}

/**
 * The resource object of a JSON:API resource class (or instance). Every attribute is optional: a
 * sparse fieldset (`?fields[type]=`) the client sends may leave any of them out.
 */
export interface JsonApiResourceObject<C> {
  type: string
  id: string
  attributes?: Partial<AttributesOf<InstanceOf<C>>>
  relationships?: {
    [K in RelationshipKeys<InstanceOf<C>>]?: RelationshipObjectOf<InstanceOf<C>[K]>
  }
  links?: JsonApiLinks
  meta?: JsonApiMeta
}

type Depth = [never, 0, 1, 2, 3, 4]

/** The resource objects `included` may hold for `R`: its related types, and theirs, to depth 5. */
export type IncludedOf<C, D extends number = 5> = [D] extends [never]
  ? never
  : RelatedOf<InstanceOf<C>> extends infer E
    ? E extends unknown
      ? JsonApiResourceObject<E> | IncludedOf<E, Depth[D]>
      : never
    : never

/** The top-level `jsonapi` member. */
export interface JsonApiObject {
  version: string
  ext?: string[]
  profile?: string[]
  meta?: JsonApiMeta
}

/** The document of one JSON:API resource (`data: null` over a missing model). */
export interface JsonApiDocument<C> {
  data:
    | JsonApiResourceObject<C>
    | (RenderedOf<InstanceOf<C>> extends infer X ? (null extends X ? null : never) : never)
  included?: IncludedOf<C>[]
  links?: JsonApiLinks
  meta?: JsonApiMeta
  jsonapi: JsonApiObject
}

/** `links` and `meta` of a JSON:API collection document, by the shape of its source. */
type PageMembers<S extends CollectionShape> = S extends 'list' | 'keyed'
  ? { links?: JsonApiLinks; meta?: JsonApiMeta }
  : S extends keyof PageParts
    ? { links: { self?: string } & PageParts[S]['links']; meta: PageParts[S]['meta'] }
    : { links: JsonApiLinks; meta: JsonApiMeta }

/** The document of a JSON:API collection over source shape `S` (`links`/`meta` when paginated). */
export type JsonApiCollectionDocument<C, S extends CollectionShape = 'list'> = {
  data: JsonApiResourceObject<C>[]
  included?: IncludedOf<C>[]
  jsonapi: JsonApiObject
} & PageMembers<S>

declare module '../resources/payload' {
  interface CollectionClasses<R extends JsonResource, S extends CollectionShape> {
    jsonapi: JsonApiResourceCollection<R, S>
  }
  interface ResourceBodies<R> {
    jsonapi: JsonApiDocument<R>
  }
  interface CollectionBodies<R, S extends CollectionShape> {
    jsonapi: JsonApiCollectionDocument<R, S>
  }
}
