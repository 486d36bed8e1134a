import { isObject, isProductionEnv } from '../util/objects'
import { MISSING } from '../runtime/missing'
import type { ModelRules } from '../runtime/model-rules'
import { rulesFor } from '../runtime/model-registry'
import {
  type IncludeNode,
  DEFAULT_MAX_INCLUDE_DEPTH,
  NO_INCLUDES,
  resolveIncludeTree,
} from './include-tree'
import { linkageData, linkageOf, relationshipOf, type RelationValueOf } from './resource-parts'
import type {
  AttributesReader,
  Fieldsets,
  JsonApiLinks,
  RelationDescriptor,
  ResourceObject,
  TypeDescriptor,
} from './types'
import {
  tryGetRequestContext,
  linkBase,
  resolveRequestContext,
  type RequestContext,
} from '../context/request-context'
import { guideUrl } from '../errors/catalogue'
import { noteMissingRequestContext } from '../context/no-context-warning'
import { ArgumentError } from '../errors/base'
import { describeType, type JsonApiClass } from './type-descriptor'

/** The `(id -> x)` records of one type: prototype-less objects (see {@link TypeView.models}). */
interface TypeIndex {
  readonly models: Record<string, object | undefined>
  /**
   * The resource object rendered for each id: only needed when one `(type, id)` arrives through a
   * second model instance, so built on that first need (from the objects rendered so far) and kept
   * up to date from then on.
   */
  objects: Record<string, ResourceObject | undefined> | undefined
}

/** A type as seen by one document: its sparse fieldset and its `(id -> object)` index. */
interface TypeView {
  readonly descriptor: TypeDescriptor
  /** The `attributes` member of an object of this type under the fieldset. */
  readonly attributes: AttributesReader
  /** Relationships whose linkage is rendered. */
  readonly relations: readonly RelationDescriptor[]
  /**
   * The first model rendered for each id of this `type` (shared by two classes with one
   * `resourceType`). Prototype-less objects, not Maps, and no entry object per id: ids are mostly
   * integer-like strings, which V8 keeps as elements, and this lookup is the builder's hottest line.
   */
  readonly models: Record<string, object | undefined>
  /** The type's records. */
  readonly index: TypeIndex
}

/**
 * Builds the `data` and `included` members of one document. Every `(type, id)` is rendered once:
 * primary objects are registered first, then include paths are followed through the models'
 * eager-loaded relations only. An object is expanded once per include node, so cycles
 * (`author.posts.author...`) end, and the work is bounded by the loaded data times the (already
 * bounded) include tree.
 *
 * @internal
 */
export class DocumentBuilder {
  /** The primary objects, in the order they were added. */
  readonly data: ResourceObject[] = []
  readonly included: ResourceObject[] = []
  private readonly index = new Map<string, TypeIndex>()
  private readonly views = new Map<TypeDescriptor, TypeView>()
  // the view of each include edge's target, by `edge.slot` (an array read, not a Map lookup)
  private readonly edgeViews: Array<TypeView | undefined> = []
  private readonly expanded = new Map<IncludeNode, Set<object>>()
  // one-entry cache of the model rules: the models of a document share a few classes
  private ctor: unknown = undefined
  private ctorRules: ModelRules | undefined
  // what each getter relationship gave for each model: a getter runs once per model and document
  private readonly computed = new Map<RelationDescriptor, Map<object, unknown>>()
  // another instance of a record rendered already (two rows of one record) -> that rendering
  private readonly kept = new Map<object, ResourceObject>()

  constructor(
    private readonly request: unknown,
    private readonly fields: Fieldsets | undefined,
  ) {}

  /** The document's view of `descriptor` (for {@link addPrimary}). */
  viewOf(descriptor: TypeDescriptor): TypeView {
    let view = this.views.get(descriptor)
    if (view === undefined) this.views.set(descriptor, (view = this.newView(descriptor)))
    return view
  }

  /** Renders and registers a primary object (see {@link register}). */
  addPrimary(view: TypeView, model: object): boolean {
    return this.register(view, model, this.data)
  }

  /**
   * Follows `node` from `model` (a primary object or an included one). From another instance of a
   * record rendered already, only to the objects the kept rendering links to: the document's
   * linkage is that rendering's, and an object no linkage names would be unreachable.
   */
  expand(model: object, node: IncludeNode): void {
    const rules = this.rulesOf(model)
    const kept = this.kept.get(model)
    const edges = node.edges
    for (let i = 0; i < edges.length; i++) {
      const edge = edges[i]
      const value = this.relationValue(edge.relation, model, rules)
      if (!isObject(value)) {
        // MISSING (not loaded: said once in development), null, or not a relation at all
        if (value === MISSING) noteIncludeNotLoaded(edge.relation.name, edge.relation.target.type)
        continue
      }
      const view =
        this.edgeViews[edge.slot] ?? (this.edgeViews[edge.slot] = this.viewOf(edge.relation.target))
      const linked = kept === undefined ? undefined : linkedIds(kept, edge.relation.name)
      if (!Array.isArray(value)) {
        if (linked === undefined || this.isLinked(linked, view, value))
          this.visit(view, value, edge.node)
        continue
      }
      for (let k = 0; k < value.length; k++) {
        const item: unknown = value[k]
        if (isObject(item) && (linked === undefined || this.isLinked(linked, view, item)))
          this.visit(view, item, edge.node)
      }
    }
  }

  private isLinked(linked: ReadonlySet<string>, view: TypeView, model: object): boolean {
    return linked.has(view.descriptor.idOf(model, this.rulesOf(model)))
  }

  private visit(view: TypeView, model: object, node: IncludeNode): void {
    this.register(view, model, this.included)
    if (node.edges.length > 0 && this.markExpanded(node, model)) this.expand(model, node)
  }

  /**
   * Registers `model` under its `(type, id)`, its object rendered and pushed to `list` the first
   * time. Another instance of a record already there (two rows of one record) adds only the linkage
   * the first rendering lacks, so the objects it leads to stay reachable. Whether `model`'s includes
   * are still to be followed: `false` for the very instance registered already.
   */
  private register(view: TypeView, model: object, list: ResourceObject[]): boolean {
    const rules = this.rulesOf(model)
    const id = view.descriptor.idOf(model, rules)
    const first = view.models[id]
    if (first === model) return false
    if (first === undefined) {
      const object = this.render(view, model, id, rules)
      view.models[id] = model
      if (view.index.objects !== undefined) view.index.objects[id] = object
      list.push(object)
    } else {
      const object = this.objectsOf(view.index, view.descriptor.type)[id]!
      this.kept.set(model, object)
      addMissingLinkage(view, object, model, rules, this.request, (relation) =>
        this.relationValue(relation, model, rules),
      )
    }
    return true
  }

  /** The `(id -> object)` record of a type, built from the objects rendered so far on first use. */
  private objectsOf(index: TypeIndex, type: string): Record<string, ResourceObject | undefined> {
    if (index.objects !== undefined) return index.objects
    const objects = Object.create(null) as Record<string, ResourceObject | undefined>
    for (const list of [this.data, this.included])
      for (const object of list) if (object.type === type) objects[object.id] = object
    return (index.objects = objects)
  }

  private markExpanded(node: IncludeNode, model: object): boolean {
    let done = this.expanded.get(node)
    if (done === undefined) this.expanded.set(node, (done = new Set()))
    if (done.has(model)) return false
    done.add(model)
    return true
  }

  /**
   * The model rules of `model`, cached by its `constructor` (a plain property load, much cheaper per
   * object than `Object.getPrototypeOf`): rules are registered per class, so models with one
   * constructor share them.
   */
  private rulesOf(model: object): ModelRules {
    const ctor: unknown = (model as { constructor?: unknown }).constructor
    if (typeof ctor !== 'function') return rulesFor(model) // a row with a `constructor` column
    if (ctor === this.ctor && this.ctorRules !== undefined) return this.ctorRules
    this.ctor = ctor
    return (this.ctorRules = rulesFor(model))
  }

  /**
   * The loaded value of `relation` on `model` (`MISSING` when not loaded): the model's relation,
   * or, for a relationship declared on a getter, what the getter gave, asked once per model.
   */
  private relationValue(relation: RelationDescriptor, model: object, rules: ModelRules): unknown {
    const read = relation.read
    if (read === undefined) return rules.relation(model, relation.source)
    let values = this.computed.get(relation)
    if (values === undefined) this.computed.set(relation, (values = new Map()))
    if (values.has(model)) return values.get(model)
    const value = read(model)
    values.set(model, value)
    return value
  }

  private render(view: TypeView, model: object, id: string, rules: ModelRules): ResourceObject {
    const type = view.descriptor.type
    const attributes = view.attributes(model, this.request, undefined, rules)
    const relationships = linkageOf(view.relations, model, rules, id, this.request, (relation) =>
      this.relationValue(relation, model, rules),
    )
    const { linksOf, metaOf } = view.descriptor
    if (linksOf !== undefined || metaOf !== undefined) {
      const object: ResourceObject = { type, id }
      if (attributes !== undefined) object.attributes = attributes
      if (relationships !== undefined) object.relationships = relationships
      const links = linksOf?.(model, this.request)
      if (links !== undefined) object.links = links as JsonApiLinks
      const meta = metaOf?.(model, this.request)
      if (meta !== undefined) object.meta = meta
      return object
    }
    // one literal per shape: every member stays in-object, which JSON.stringify reads fastest
    if (relationships === undefined) {
      return attributes === undefined ? { type, id } : { type, id, attributes }
    }
    return attributes === undefined
      ? { type, id, relationships }
      : { type, id, attributes, relationships }
  }

  private newView(descriptor: TypeDescriptor): TypeView {
    const fieldset = this.fields?.get(descriptor.type)
    const relations =
      fieldset === undefined
        ? descriptor.relations
        : descriptor.relations.filter((r) => fieldset.has(r.name))
    const attributes = descriptor.attributesFor(fieldset)
    let index = this.index.get(descriptor.type)
    if (index === undefined) {
      index = { models: Object.create(null) as TypeIndex['models'], objects: undefined }
      this.index.set(descriptor.type, index)
    }
    return { descriptor, attributes, relations, models: index.models, index }
  }
}

/** The ids `object`'s linkage of `relation` names (none when it has no linkage). */
function linkedIds(object: ResourceObject, relation: string): ReadonlySet<string> {
  const data = object.relationships?.[relation]?.data
  if (data === undefined || data === null) return new Set()
  return new Set(Array.isArray(data) ? data.map((d) => d.id) : [data.id])
}

/**
 * The same `(type, id)` reached through another model instance (two rows of one record): keep the
 * first rendering, but add linkage it lacks, so the objects it leads to stay reachable.
 */
function addMissingLinkage(
  view: TypeView,
  object: ResourceObject,
  model: object,
  rules: ModelRules,
  request: unknown,
  valueOf: RelationValueOf,
): void {
  for (const relation of view.relations) {
    const existing = object.relationships?.[relation.name]
    if (existing?.data !== undefined) continue
    const value = valueOf(relation)
    const data = linkageData(relation, value)
    if (data === undefined) continue
    const relationships = (object.relationships ??= {})
    relationships[relation.name] =
      existing === undefined
        ? relationshipOf(relation, model, rules, object.id, request, value)!
        : { data, ...existing }
  }
}

/**
 * The development notice for an include the request asked for on a relation the model does not have
 * loaded: the document then has no linkage and nothing included for it, which reads like "no author"
 * rather than "not loaded". Once per route and relation (the route pattern the framework matched,
 * `/posts/:id`, or the request path when there is none; at most {@link MAX_NOTICES} per process),
 * never in production.
 *
 * @internal
 */

/** The `code` of the process warning. */
const INCLUDE_NOT_LOADED_WARNING = 'API_RESOURCES_INCLUDE_NOT_LOADED'

const MAX_NOTICES = 100
const noted = new Set<string>()

/**
 * The text of the warning for relation `relation` (to objects of type `target`), asked for by a
 * request to `route` (a route pattern or a path; `''` when not known).
 */
function includeNotLoadedText(route: string, relation: string, target: string): string {
  return (
    `api-resources: ${route === '' ? 'a request' : route} asked to include "${relation}" ("${target}" ` +
    'objects), but the relation is not loaded on the model, so the document has no linkage ' +
    'and nothing included for it. Load it with the query (a query plan through the Knex, Kysely or ' +
    "ORM adapter, or the ORM's own eager loading) before the resource is rendered. This warning is " +
    'shown once per route and relation and never in production. See ' +
    guideUrl('jsonapi#include')
  )
}

/** Called where an included relation was found not loaded on a model. */
export function noteIncludeNotLoaded(relation: string, target: string): void {
  if (noted.size >= MAX_NOTICES) return
  if (typeof process === 'undefined' || typeof process.emitWarning !== 'function') return
  if (isProductionEnv()) return
  const context = tryGetRequestContext()
  const route = context === undefined ? '' : (context.route ?? context.path)
  const key = `${route}\u0000${relation}\u0000${target}`
  if (noted.has(key)) return
  noted.add(key)
  process.emitWarning(includeNotLoadedText(route, relation, target), {
    type: 'ApiResourcesWarning',
    code: INCLUDE_NOT_LOADED_WARNING,
  })
}

/** What one document is built from. @internal */
export interface DocumentInput {
  readonly descriptor: TypeDescriptor
  readonly include: IncludeNode
  readonly request: unknown
  readonly fields: Fieldsets | undefined
  /** The top-level `links.self`, when the class asks for it and there is a request. */
  readonly selfLink?: string
}

/** `data` and `included` of a document. */
interface DocumentData {
  readonly data: ResourceObject | ResourceObject[] | null
  readonly included: ResourceObject[]
}

/** A single-resource document's members; `model` null gives `data: null`. @internal */
export function buildSingleData(input: DocumentInput, model: object | null): DocumentData {
  if (model === null) return { data: null, included: [] }
  const builder = new DocumentBuilder(input.request, input.fields)
  builder.addPrimary(builder.viewOf(input.descriptor), model)
  const data = builder.data[0]
  if (input.include.edges.length > 0) builder.expand(model, input.include)
  return { data, included: builder.included }
}

/**
 * A collection document's members. A model that repeats an earlier `(type, id)` is rendered once
 * (JSON:API: one resource object per `(type, id)` in a document), with the linkage any of its
 * instances has, and the includes of each instance followed; `null` entries are skipped.
 * @internal
 */
export function buildCollectionData(
  input: DocumentInput,
  models: readonly unknown[],
): DocumentData {
  const builder = new DocumentBuilder(input.request, input.fields)
  const primary: object[] = []
  const view = builder.viewOf(input.descriptor)
  for (let i = 0; i < models.length; i++) {
    const model = models[i]
    if (typeof model !== 'object' || model === null) continue
    if (builder.addPrimary(view, model)) primary.push(model)
  }
  // all primary objects are registered before any include is followed, so none lands in `included`
  if (input.include.edges.length > 0) {
    for (let i = 0; i < primary.length; i++) builder.expand(primary[i], input.include)
  }
  return { data: builder.data, included: builder.included }
}

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
