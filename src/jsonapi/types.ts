import type { ModelRules } from '../runtime/model-rules'
import type { MetaFn, RelationLinksFn } from './links'

/**
 * The per-class descriptors the document builder works on. A descriptor is built once per JSON:API resource
 * class (or by hand, for plain inputs) and holds everything the builder needs, so rendering an object
 * never looks at metadata again.
 */

/** One declared relationship of a resource type. @internal */
export interface RelationDescriptor {
  /** The member name in `relationships` (and in `include=` / `fields[type]=`). */
  readonly name: string
  /** Where the loaded value is read on the model (`loadedRelation(model, source)`). */
  readonly source: string
  /**
   * A relationship declared on a getter: the related model(s) the getter gives for `model`
   * (`MISSING` when it gives none). The document builder calls it once per model and document.
   */
  readonly read?: (model: object) => unknown
  /** The descriptor of the related type (resolved from a thunk once, before the first document). */
  target: TypeDescriptor
  /** The relationship object's `links` (`self`, `related`), when declared. */
  readonly linksOf?: RelationLinksFn
  /** The relationship object's `meta`, when declared. */
  readonly metaOf?: MetaFn
}

/** Everything known about one resource type. @internal */
export interface TypeDescriptor {
  /** The JSON:API `type`. */
  readonly type: string
  /** Declared relationships, in declaration order. */
  readonly relations: readonly RelationDescriptor[]
  /** The same relationships by name. */
  readonly relationsByName: ReadonlyMap<string, RelationDescriptor>
  /** `data.id` of a model (whose model rules are `rules`): always a string. */
  idOf(model: object, rules: ModelRules): string
  /** The attributes of a model (no `id`/`type` keys, no `MISSING` values), in output order. */
  attributesOf(model: object, request: unknown): Record<string, unknown>
  /**
   * The `attributes` member of a resource object under a sparse fieldset (`undefined`: all
   * attributes): the attributes the fieldset keeps, or `undefined` when none is left. Asked once per
   * type and document, so the descriptor can specialise the reader to the fieldset.
   */
  attributesFor(fieldset: ReadonlySet<string> | undefined): AttributesReader
  /** The resource object's `links` (`toLinks()`), when the class declares any. */
  readonly linksOf?: MetaFn
  /** The resource object's `meta` (`toMeta()`), when the class declares any. */
  readonly metaOf?: MetaFn
}

/**
 * Reads the `attributes` member of one resource object (see `TypeDescriptor.attributesFor`);
 * called as `(model, request, undefined, rules)` with the model's rules (the signature of a
 * compiled output function, so one can serve as a reader).
 */
export type AttributesReader = (
  model: object,
  request: unknown,
  resource?: undefined,
  rules?: ModelRules,
) => Record<string, unknown> | undefined

/** `{ type, id }`. */
export interface ResourceIdentifier {
  type: string
  id: string
}

/** A JSON:API link: a URL, or a link object with `href` and optional members. */
export type JsonApiLink =
  | string
  | {
      href: string
      rel?: string
      describedby?: JsonApiLink
      title?: string
      type?: string
      hreflang?: string | string[]
      meta?: JsonApiMeta
    }

/** A `links` member: link names to links. */
export type JsonApiLinks = Record<string, JsonApiLink | null>

/** A `meta` member: any JSON object. */
export type JsonApiMeta = Record<string, unknown>

/**
 * `relationships.<name>`: the linkage (`data`) when the relation was eager-loaded, and the declared
 * `links` and `meta`; a relation that was not loaded has its `links`/`meta` alone (never a query).
 */
export interface RelationshipObject {
  data?: ResourceIdentifier | ResourceIdentifier[] | null
  links?: JsonApiLinks
  meta?: JsonApiMeta
}

/** A resource object as the builder emits it. */
export interface ResourceObject {
  type: string
  id: string
  attributes?: Record<string, unknown>
  relationships?: Record<string, RelationshipObject>
  links?: JsonApiLinks
  meta?: JsonApiMeta
}

/** Sparse fieldsets: type -> the attribute and relationship names to keep. @internal */
export type Fieldsets = ReadonlyMap<string, ReadonlySet<string>>
