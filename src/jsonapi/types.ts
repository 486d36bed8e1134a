import type { ModelRules } from '../runtime/model-rules'

/**
 * The per-class plans the document builder works on. A plan is built once per JSON:API resource
 * class (or by hand, for plain inputs) and holds everything the builder needs, so rendering an object
 * never looks at metadata again.
 */

/** One declared relationship of a resource type. @internal */
export interface RelationPlan {
  /** The member name in `relationships` (and in `include=` / `fields[type]=`). */
  readonly name: string
  /** Where the loaded value is read on the model (`loadedRelation(model, source)`). */
  readonly source: string
  /** The plan of the related type (resolved from a thunk once, before the first document). */
  target: TypePlan
}

/** Everything known about one resource type. @internal */
export interface TypePlan {
  /** The JSON:API `type`. */
  readonly type: string
  /** Declared relationships, in declaration order. */
  readonly relations: readonly RelationPlan[]
  /** The same relationships by name. */
  readonly relationsByName: ReadonlyMap<string, RelationPlan>
  /** `data.id` of a model (whose model rules are `rules`): always a string. */
  idOf(model: object, rules: ModelRules): string
  /**
   * The attribute names `attributesOf` can produce, in output order, when they are known from the
   * class (decorated members only); lets a sparse fieldset be applied without scanning each object.
   */
  readonly attributeKeys?: readonly string[]
  /** The attributes of a model (no `id`/`type` keys, no `MISSING` values), in output order. */
  attributesOf(model: object, request: unknown): Record<string, unknown>
}

/** `{ type, id }`. */
export interface ResourceIdentifier {
  type: string
  id: string
}

/** `relationships.<name>`: linkage only (this library renders no relationship links). */
export interface RelationshipObject {
  data: ResourceIdentifier | ResourceIdentifier[] | null
}

/** A resource object as the builder emits it. */
export interface ResourceObject {
  type: string
  id: string
  attributes?: Record<string, unknown>
  relationships?: Record<string, RelationshipObject>
}

/** Sparse fieldsets: type -> the attribute and relationship names to keep. @internal */
export type Fieldsets = ReadonlyMap<string, ReadonlySet<string>>
