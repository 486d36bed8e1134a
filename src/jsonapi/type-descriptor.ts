import { compiledSubset, compiledTotal, traitsOf } from '../compiler/compile'
import type { ToArrayFn } from '../compiler/renderer'
import { JsonApiError } from '../errors/base'
import { kindRules } from '../metadata/kinds'
import { resolveMembers } from '../metadata/resolve'
import type { FieldRecord } from '../metadata/types'
import { defaultModelRules, type ModelRules } from '../runtime/model-rules'
import { finalizeValue } from '../runtime/finalize'
import { hasOwn, isPlainObject, isThenable, setKey } from '../util/objects'
import { MISSING } from '../runtime/missing'
import { JsonResource } from '../resources/json-resource'
import { ResourceCollection } from '../resources/resource-collection'
import { metaFunction, nonEmptyObject, relationLinks, type MetaFn } from './links'
import { pickAttributes, pickKeys } from './resource-parts'
import type { AttributesReader, RelationDescriptor, TypeDescriptor } from './types'

/** Marks `JsonApiResource.prototype` (a brand, so this file needs no import of the class). */
export const JSONAPI_BRAND: unique symbol = Symbol.for('api-resources.jsonapi')

/** What the library reads off a JSON:API resource instance. */
interface JsonApiInstance {
  toArray(request?: unknown): unknown
  toId(): unknown
  toLinks(request?: unknown): unknown
  toMeta(request?: unknown): unknown
}

/** The static side of a JSON:API resource class, as the library reads it. */
export interface JsonApiClass {
  new (resource: never): JsonApiInstance
  readonly name: string
  readonly prototype: object
  readonly resourceType?: unknown
  readonly relationships?: unknown
  readonly idKey?: unknown
  readonly relationshipLinks?: unknown
  readonly relationshipMeta?: unknown
}

/** Is `value` a JSON:API resource class? */
export function isJsonApiClass(value: unknown): value is JsonApiClass {
  if (typeof value !== 'function') return false
  const proto = (value as { prototype?: unknown }).prototype
  return typeof proto === 'object' && proto !== null && JSONAPI_BRAND in proto
}

const descriptors = new WeakMap<Function, TypeDescriptor>()

/**
 * The descriptor of a JSON:API resource class, built once and cached. Relationship thunks are called here,
 * on first use, so classes may refer to each other in any order; a cycle of classes is fine because
 * a descriptor is cached before its targets are linked.
 * @internal
 */
export function describeType(cls: JsonApiClass): TypeDescriptor {
  let descriptor = descriptors.get(cls)
  if (descriptor === undefined) {
    const pending: Array<[RelationDescriptor, Function]> = []
    descriptor = createDescriptor(cls, pending)
    descriptors.set(cls, descriptor)
    try {
      for (const [relation, target] of pending)
        relation.target = describeType(target as JsonApiClass)
    } catch (error) {
      descriptors.delete(cls) // never keep a half-linked descriptor: the next document fails the same way
      throw error
    }
  }
  return descriptor
}

function createDescriptor(
  cls: JsonApiClass,
  pending: Array<[RelationDescriptor, Function]>,
): TypeDescriptor {
  const type = cls.resourceType
  if (typeof type !== 'string' || type === '') throw JsonApiError.missingType(cls.name, type)
  if (!isMemberName(type)) throw JsonApiError.badMemberName(`${cls.name}.resourceType`, type)
  const members = resolveMembers(cls)
  for (const field of members.fields)
    if (kindRules(field.kind).output === 'key' && !isMemberName(field.key))
      throw JsonApiError.badMemberName(`${cls.name} attribute`, field.key)
  const relations: RelationDescriptor[] = []
  const relationsByName = new Map<string, RelationDescriptor>()
  for (const declaration of relationDeclarations(cls, members.relationships)) {
    const { name, source, target } = declaration
    if (relationsByName.has(name)) continue // a decorator wins over the static map
    if (name === 'id' || name === 'type') throw JsonApiError.reservedMember(cls.name, name)
    if (!isMemberName(name)) throw JsonApiError.badMemberName(`${cls.name} relationship`, name)
    const links = declared(cls, declaration, 'links', cls.relationshipLinks)
    const meta = declared(cls, declaration, 'meta', cls.relationshipMeta)
    const relation: RelationDescriptor = {
      name,
      source,
      ...(declaration.getter === undefined
        ? {}
        : { read: relationGetter(cls, declaration.getter) }),
      target: undefined as unknown as TypeDescriptor,
      linksOf: relationLinks(links.where, links.value),
      metaOf: metaFunction(meta.where, meta.value),
    }
    relations.push(relation)
    relationsByName.set(name, relation)
    pending.push([relation, target])
  }
  // names JSON:API reserves, and every relation by name and by where it is read on the model
  const reserved = new Set(['id', 'type'])
  for (const relation of relations) reserved.add(relation.name).add(relation.source)
  const attributesOf = attributesReader(cls, reserved, members.fields)
  const traits = traitsOf(cls)
  return {
    type,
    relations,
    relationsByName,
    idOf: idReader(cls),
    attributesOf,
    attributesFor: fieldsetReader(cls, attributesOf),
    linksOf: traits.baseToLinks ? undefined : instanceMember(cls, 'toLinks'),
    metaOf: traits.baseToMeta ? undefined : instanceMember(cls, 'toMeta'),
  }
}

/**
 * A JSON:API member name (1.1): letters, digits and characters past U+007F, with `-`, `_` and
 * spaces inside only. Also the rule for a resource type.
 */
const MEMBER_NAME =
  /^[a-zA-Z0-9\u0080-\uffff](?:[a-zA-Z0-9\u0080-\uffff _-]*[a-zA-Z0-9\u0080-\uffff])?$/

function isMemberName(name: string): boolean {
  return MEMBER_NAME.test(name)
}

/** `toLinks(request)` / `toMeta(request)` of a resource instance over the model, left out when empty. */
function instanceMember(cls: JsonApiClass, method: 'toLinks' | 'toMeta'): MetaFn {
  return (model, request) => nonEmptyObject(new cls(model as never)[method](request), request)
}

/**
 * A relationship's links or meta: given to `@Relationship()`, else the entry of the class's static
 * map (`relationshipLinks` / `relationshipMeta`); `where` names the declaration in errors.
 */
function declared(
  cls: JsonApiClass,
  declaration: RelationDeclaration,
  member: 'links' | 'meta',
  map: unknown,
): { readonly value: unknown; readonly where: string } {
  const { name } = declaration
  if (declaration[member] !== undefined)
    return { value: declaration[member], where: `${cls.name}.${name} @Relationship() ${member}` }
  const mapName = member === 'links' ? 'relationshipLinks' : 'relationshipMeta'
  return { value: entryOf(map, name), where: `${cls.name}.${mapName}.${name}` }
}

/** The entry `name` of a static per-relationship map (`undefined` when there is none). */
function entryOf(map: unknown, name: string): unknown {
  if (map === undefined || map === null || typeof map !== 'object') return undefined
  return hasOwn.call(map, name) ? (map as Record<string, unknown>)[name] : undefined
}

interface RelationDeclaration {
  readonly name: string
  readonly source: string
  readonly target: Function
  /** The getter `@Relationship()` decorates: the related model(s) are what it returns. */
  readonly getter?: (this: unknown) => unknown
  /** Links and meta given to `@Relationship()` (a static map gives them otherwise). */
  readonly links?: unknown
  readonly meta?: unknown
}

/** `@Relationship` members first, then the `static relationships` map. */
function relationDeclarations(
  cls: JsonApiClass,
  records: readonly FieldRecord[],
): RelationDeclaration[] {
  const out: RelationDeclaration[] = []
  for (const record of records) {
    out.push({
      name: record.key,
      source: record.source,
      // `@Relationship() author!: UserResource` names the class through its design type
      target: targetOf(cls, record.key, record.resource ?? record.designType),
      ...(record.getter === undefined ? {} : { getter: record.getter }),
      links: record.links,
      meta: record.meta,
    })
  }
  const map = cls.relationships
  if (map !== undefined && map !== null) {
    if (typeof map !== 'object') throw JsonApiError.badRelationship(cls.name, '(map)', map)
    for (const [name, thunk] of Object.entries(map as Record<string, unknown>)) {
      out.push({ name, source: name, target: targetOf(cls, name, thunk) })
    }
  }
  return out
}

/** The class a declaration points at: the class itself or what its thunk returns. */
function targetOf(cls: JsonApiClass, name: string, declared: unknown): Function {
  const target = isJsonApiClass(declared)
    ? declared
    : typeof declared === 'function'
      ? (declared as () => unknown)()
      : declared
  if (!isJsonApiClass(target)) throw JsonApiError.badRelationship(cls.name, name, target)
  return target
}

/**
 * A relationship declared on a getter (`@Relationship(() => UserResource) get author() {...}`):
 * the getter runs on a resource over the model (`this.resource` is the model), and gives the related
 * model, a list of them, `null`, or a resource or collection over them (read through, as Laravel's
 * relation resolver does). `undefined`, `MISSING`, a function or a promise: not loaded.
 */
function relationGetter(cls: JsonApiClass, getter: (this: unknown) => unknown) {
  return function read(model: object): unknown {
    return relatedModels(getter.call(new cls(model as never)))
  }
}

function relatedModels(value: unknown): unknown {
  if (value instanceof ResourceCollection) {
    const source = value.resource
    return source === null || source === MISSING || source === undefined
      ? (source ?? MISSING)
      : value.collection
  }
  if (value instanceof JsonResource) return relatedModels(value.resource)
  if (value === undefined || typeof value === 'function' || isThenable(value)) return MISSING
  return value
}

const plainAttribute = defaultModelRules.attribute

/** `idOf(model, rules)`: `toId()` when the class overrides it, else the `idKey` attribute. */
function idReader(cls: JsonApiClass): (model: object, rules: ModelRules) => string {
  const idKey = typeof cls.idKey === 'string' ? cls.idKey : 'id'
  const overridden = !traitsOf(cls).baseToId
  return function idOf(model, rules) {
    const id = overridden
      ? new cls(model as never).toId()
      : rules.attribute === plainAttribute
        ? (model as Record<string, unknown>)[idKey]
        : rules.attribute(model, idKey)
    if (typeof id === 'string' && id !== '') return id
    if (typeof id === 'number' ? Number.isFinite(id) : typeof id === 'bigint') return String(id)
    throw JsonApiError.missingId(cls.name, overridden ? `${cls.name}.toId()` : idKey, id)
  }
}

/**
 * `attributesOf(model, request)`: the class's `toArray(request)` (its compiled decorated shape, or an
 * override), finished like any resource output, without the members JSON:API reserves (`id`, `type`)
 * and without relationship names (a model's own loaded relations must not leak into attributes).
 */
type AttributesOf = ((model: object, request: unknown) => Record<string, unknown>) & {
  /** The compiled fast path's function: the output, read straight off the model. */
  compiled?: ToArrayFn
  /** Its keys, in output order. */
  keys?: readonly string[]
  /** Its output always has every one of `keys`. */
  total?: boolean
}

/**
 * `attributesFor(fieldset)`: the reader of the `attributes` member under a sparse fieldset. On the
 * compiled fast path, a fieldset gets its own compiled subset (only the kept members are read, and
 * no copy is made), and an output known to have every key needs no emptiness check; otherwise the
 * full attributes are read and the fieldset's keys picked off them.
 */
function fieldsetReader(
  cls: JsonApiClass,
  attributesOf: AttributesOf,
): (fieldset: ReadonlySet<string> | undefined) => AttributesReader {
  const { compiled, keys, total } = attributesOf
  return (fieldset) => {
    if (compiled === undefined || keys === undefined)
      return (model, request) => pickAttributes(attributesOf(model, request), fieldset)
    if (fieldset === undefined) {
      if (total === true && keys.length > 0) return definedOnly(compiled, keys[0])
      return (model, request) => pickAttributes(attributesOf(model, request), undefined)
    }
    const keep = keys.filter((k) => fieldset.has(k))
    if (keep.length === 0) return () => undefined
    const subset = compiledSubset(cls, keep)
    if (subset === undefined)
      return (model, request) => pickKeys(attributesOf(model, request), keep)
    const fn = subset.fn
    if (subset.total) return definedOnly(fn, keep[0])
    return (model, request) => pickAttributes(fn(model, request, undefined), undefined)
  }
}

/**
 * A compiled function whose output has every key as the reader (called as `(model, request,
 * undefined, rules)`), its output `undefined` (no `attributes` member) when every value is
 * `undefined` (a model without the members' properties): JSON would leave an `attributes: {}`. The
 * first key answers almost always.
 */
function definedOnly(compiled: ToArrayFn, first: string): AttributesReader {
  const fn = compiled as unknown as (...args: unknown[]) => Record<string, unknown>
  return ((model: object, request: unknown, none: undefined, rules: unknown) => {
    const out = fn(model, request, none, rules)
    return out[first] !== undefined ? out : pickAttributes(out, undefined)
  }) as AttributesReader
}

function attributesReader(
  cls: JsonApiClass,
  reserved: ReadonlySet<string>,
  fields: readonly FieldRecord[],
): AttributesOf {
  const traits = traitsOf(cls)
  const fn = traits.baseToArray ? traits.toArray : null
  if (fn !== null) {
    // the fast path: the compiled shape straight over the model, no resource instance per object
    const mayClash = fields.some((f) => kindRules(f.kind).output === 'merge' || reserved.has(f.key))
    if (mayClash)
      return (model, request) => withoutReserved(fn(model, request, undefined), reserved)
    const fast: AttributesOf = (model, request) => fn(model, request, undefined)
    fast.compiled = fn
    fast.keys = fields.map((f) => f.key)
    fast.total = compiledTotal(cls)
    return fast
  }
  return function attributesOf(model, request) {
    // reserved names go before finishing: a model's loaded relations may form cycles
    const output = new cls(model as never).toArray(request)
    if (!isPlainObject(output)) return {}
    const finished = finalizeValue(withoutReserved(output, reserved), request)
    return isPlainObject(finished) ? finished : {}
  }
}

function withoutReserved(
  output: Record<string, unknown>,
  reserved: ReadonlySet<string>,
): Record<string, unknown> {
  let clash = false
  for (const key in output) if (reserved.has(key)) clash = true
  if (!clash) return output
  const out: Record<string, unknown> = {}
  for (const key in output) if (!reserved.has(key)) setKey(out, key, output[key])
  return out
}
