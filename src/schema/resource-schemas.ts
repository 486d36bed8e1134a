/**
 * JSON Schema (2020-12) of every body the library makes, generated from the same metadata the
 * compiler reads. Each class's schemas are built once and cached (a `WeakMap` keyed by the class);
 * they refer to other components as `#/$defs/<Name>`, so one set of components serves a
 * self-contained schema (`$defs`) and an OpenAPI document (`#/components/schemas/`, rewritten there).
 *
 * What a member's schema says:
 * - `{ schema }` given to its decorator wins (with `{ nullable: true }`, `null` is allowed too),
 *   then the compact `type`/`enum`;
 * - then a resource thunk gives a `$ref` to that resource (a list when `design:type` is `Array`,
 *   one object when it is a resource class, either when it is not known);
 * - then the model's schema (`static modelSchema`) for a member that reads a model attribute;
 * - `raw: true` (an object passed through as it is) with none of those: any JSON object (a list of
 *   them when `design:type` is `Array`), never an unconstrained value;
 * - otherwise `design:type` (`String`, `Number`, `Boolean`, `Date` as a `date-time` string, `BigInt`
 *   as the app writes it, `Array`),
 *   counts as integers, `@WhenExistsLoaded` as booleans, aggregates as numbers or numeric strings,
 *   and anything else as an unconstrained value;
 * - required are the members that are always written (`@Field`/`@Attribute` on a field, or on a
 *   getter whose `design:type` is a scalar, a `Date` or an `Array`).
 *
 * A class whose output is not the decorated members alone (an overridden `toArray()`, a
 * `@MergeWhen`) is described by its `static jsonSchema` when it declares one, else as an open object
 * with the members that are known: never a schema that a real body could fail.
 * @module
 */
import { traitsOf } from '../compiler/compile'
import { kindRules } from '../metadata/kinds'
import { resolveMembers } from '../metadata/resolve'
import type { FieldRecord, JsonSchema, MemberType } from '../metadata/types'
import { isJsonApiClass } from '../jsonapi/type-descriptor'
import { checkBigintEncoding, type BigintEncoding } from '../context/request-context'
import { RESOLVE } from '../runtime/protocol'
import { hasOwn } from '../util/objects'

/** A JSON Schema object (the boolean schemas are not used for components). */
export type SchemaObject = { [keyword: string]: unknown }

/** The kinds of body a resource class answers with. */
export type BodyKind =
  'resource' | 'collection' | 'paginated' | 'simplePaginated' | 'cursorPaginated'

/** The prefix of every `$ref` in the cached schemas. */
export const DEFS_PREFIX = '#/$defs/'

const ref = (name: string): SchemaObject => ({ $ref: `${DEFS_PREFIX}${name}` })
const NULL: SchemaObject = { type: 'null' }
const STRING_OR_NULL: SchemaObject = { type: ['string', 'null'] }
const INTEGER_OR_NULL: SchemaObject = { type: ['integer', 'null'] }

/** `schema` that also allows `null`. */
function orNull(schema: JsonSchema): JsonSchema {
  if (schema === true) return true
  if (schema === false) return NULL
  const keys = Object.keys(schema)
  if (keys.length === 1 && Array.isArray(schema.anyOf)) return { anyOf: [...schema.anyOf, NULL] }
  return { anyOf: [schema, NULL] }
}

// ---------------------------------------------------------------------------------------------
// Component names

const names = new WeakMap<Function, string>()
// Held weakly: a class made at run time (one per test, one per tenant) is not kept alive by its
// name, which a later class may take once the first is gone.
const taken = new Map<string, WeakRef<Function>>()

/**
 * The suffixes the generated component names add: a class name ending in one of them loses it, so
 * `PostDocument` is `Post` and its document `PostDocument`, never `PostDocumentDocument`.
 */
const SUFFIXES = /(?:Resource|Document|Response|Collection|Included)+$/

/**
 * The component name of a resource class: `static schemaName` when it declares one, else its name
 * without a trailing `Resource` (`UserResource` -> `User`) or any other suffix a component name
 * adds (`Document`, `Response`, `Collection`, `Included`); a second class with the same name gets
 * `User2`, and so on. Stable for the life of the class; a name whose class is gone may be taken again.
 */
export function componentName(cls: Function): string {
  let name = names.get(cls)
  if (name !== undefined) return name
  const declared = (cls as { schemaName?: unknown }).schemaName
  const base =
    typeof declared === 'string' && /^[A-Za-z0-9._-]+$/.test(declared)
      ? declared
      : cls.name.replace(SUFFIXES, '') || cls.name || 'Anonymous'
  name = base
  for (let i = 2; isTakenByAnother(name, cls); i++) name = `${base}${i}`
  taken.set(name, new WeakRef(cls))
  names.set(cls, name)
  return name
}

/** Is `name` the name of a class other than `cls` that is still alive? */
function isTakenByAnother(name: string, cls: Function): boolean {
  const holder = taken.get(name)?.deref()
  return holder !== undefined && holder !== cls
}

// ---------------------------------------------------------------------------------------------
// Members

const SCALARS = new Map<unknown, SchemaObject>([
  [String, { type: 'string' }],
  [Number, { type: 'number' }],
  [Boolean, { type: 'boolean' }],
  [Date, { type: 'string', format: 'date-time' }],
  [BigInt, { type: 'string', pattern: '^-?[0-9]+$' }],
  [Array, { type: 'array' }],
])

/** A bigint written as a JSON number (`bigint: 'number'`): an integer of at most 53 bits. */
const BIGINT_NUMBER: SchemaObject = {
  type: 'integer',
  format: 'int64',
  minimum: -Number.MAX_SAFE_INTEGER,
  maximum: Number.MAX_SAFE_INTEGER,
}

/**
 * The schema `design:type` gives: a bigint as the app writes it (its decimal string by default, an
 * integer with `bigint: 'number'`).
 */
function scalarSchema(designType: unknown, bigint: BigintEncoding): SchemaObject | undefined {
  return designType === BigInt && bigint === 'number' ? BIGINT_NUMBER : SCALARS.get(designType)
}

/** Is `value` a resource or collection class (it renders through `[RESOLVE]`)? */
function isResourceClass(value: unknown): value is Function {
  if (typeof value !== 'function') return false
  const proto = (value as { prototype?: unknown }).prototype
  return typeof proto === 'object' && proto !== null && RESOLVE in proto
}

/** What one member contributes: its schema and whether it is always written. */
interface MemberSchema {
  readonly schema: JsonSchema
  readonly required: boolean
}

/**
 * A nested resource: a list when the thunk says one (`() => [R]`) or `design:type` is `Array`, else
 * one object (`() => R`).
 */
function nested(record: FieldRecord, uses: Set<Function>): JsonSchema {
  const target = record.resource!()
  if (!isResourceClass(target)) return true
  uses.add(target)
  const one = ref(componentName(target))
  if (record.resourceIsList?.() === true || record.designType === Array)
    return { type: 'array', items: one }
  return one
}

const FORMATS = new Set(['date-time', 'date', 'time', 'uuid', 'email', 'uri'])

/**
 * The schema of a compact type (`'integer'`, `'date-time'`, `'string[]'`), with its `enum`; a
 * `'bigint'` as the app writes it (`bigint`).
 */
function typeSchema(
  type: MemberType | undefined,
  values?: readonly unknown[],
  bigint: BigintEncoding = 'string',
): SchemaObject {
  if (type === undefined) return { enum: [...(values ?? [])] }
  if (type.endsWith('[]'))
    return { type: 'array', items: typeSchema(type.slice(0, -2) as MemberType, values, bigint) }
  const out: SchemaObject =
    type === 'bigint'
      ? { ...scalarSchema(BigInt, bigint) }
      : FORMATS.has(type)
        ? { type: 'string', format: type }
        : { type }
  if (values !== undefined) out.enum = [...values]
  return out
}

/**
 * A JSON Schema given as a plain object, or as a schema of a validation library that implements
 * Standard JSON Schema (`~standard.jsonSchema`: zod 4, ArkType, ...), converted to draft 2020-12.
 */
function toJsonSchema(value: unknown): JsonSchema | undefined {
  if (typeof value === 'boolean') return value
  if (typeof value !== 'object' || value === null) return undefined
  const standard = (value as { '~standard'?: { jsonSchema?: { output?: unknown } } })['~standard']
  const output = standard?.jsonSchema?.output
  if (typeof output !== 'function') return value as SchemaObject
  const converted = (output as (options: object) => SchemaObject)({ target: 'draft-2020-12' })
  const { $schema: _dialect, ...schema } = converted
  return schema
}

/** The schema of the model attribute a member reads, from the class's `static modelSchema`. */
function modelProperty(
  record: FieldRecord,
  model: SchemaObject | undefined,
): JsonSchema | undefined {
  if (model === undefined || record.isGetter || kindRules(record.kind).modelSchema !== true)
    return undefined
  const properties = model.properties
  if (typeof properties !== 'object' || properties === null) return undefined
  if (!hasOwn.call(properties, record.source)) return undefined
  return (properties as Record<string, JsonSchema>)[record.source]
}

/** A JSON object with any members: what a `raw: true` member passes through. */
const OPEN_OBJECT: SchemaObject = { type: 'object', additionalProperties: true }

/**
 * A `raw: true` member (an object passed through as it is, by the app's choice) that says nothing
 * else: any JSON object, or a list of them when `design:type` is `Array`.
 */
function rawSchema(record: FieldRecord): SchemaObject {
  return record.designType === Array ? { type: 'array', items: OPEN_OBJECT } : OPEN_OBJECT
}

function inferred(record: FieldRecord, uses: Set<Function>, bigint: BigintEncoding): JsonSchema {
  if (record.type !== undefined || record.enum !== undefined)
    return typeSchema(record.type, record.enum, bigint)
  if (record.resource !== undefined) return nested(record, uses)
  if (record.raw === true) return rawSchema(record)
  // a kind's schema types the attribute it reads; a getter's value is the getter's own
  const kind = record.isGetter ? undefined : kindRules(record.kind).schema
  return kind ?? scalarSchema(record.designType, bigint) ?? true
}

function memberSchema(
  record: FieldRecord,
  uses: Set<Function>,
  model: SchemaObject | undefined,
  bigint: BigintEncoding,
): MemberSchema {
  const given = toJsonSchema(record.schema)
  const typed = record.type !== undefined || record.enum !== undefined
  // the order: given, compact type, resource thunk, the model's property, raw, design:type
  const fromModel =
    given === undefined && !typed && record.resource === undefined
      ? modelProperty(record, model)
      : undefined
  let schema = given ?? fromModel ?? inferred(record, uses, bigint)
  // a loaded to-one relation may be `null` (a missing row); a loaded list is a list
  const list = record.resourceIsList?.() === true || record.designType === Array
  if (
    record.nullable === true ||
    (kindRules(record.kind).nullableOne === true &&
      given === undefined &&
      fromModel === undefined &&
      !list)
  )
    schema = orNull(schema)
  // a conditional member with a default always has its key
  const unconditional = !kindRules(record.kind).optional || record.fallback !== undefined
  // a getter may return MISSING unless its declared type says it returns a value
  const required =
    unconditional &&
    (!record.isGetter || given !== undefined || typed || SCALARS.has(record.designType))
  return { schema, required }
}

/** The declared class-level schema (`static jsonSchema`), if any. */
function declaredSchema(cls: Function): JsonSchema | undefined {
  return toJsonSchema((cls as { jsonSchema?: unknown }).jsonSchema)
}

/**
 * The schema of the model (`static modelSchema`: a JSON Schema object, or a zod/ArkType/... schema
 * through Standard JSON Schema), whose `properties` describe the attributes members read.
 */
function modelSchemaOf(cls: Function): SchemaObject | undefined {
  const declared = toJsonSchema((cls as { modelSchema?: unknown }).modelSchema)
  return typeof declared === 'object' ? declared : undefined
}

/** An object schema of `records` (keys in declaration order); closed when `closed`. */
function objectOf(
  records: readonly FieldRecord[],
  closed: boolean,
  uses: Set<Function>,
  model: SchemaObject | undefined,
  bigint: BigintEncoding,
): SchemaObject {
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  for (const record of records) {
    if (kindRules(record.kind).output !== 'key') continue
    const member = memberSchema(record, uses, model, bigint)
    properties[record.key] = member.schema
    if (member.required && !required.includes(record.key)) required.push(record.key)
  }
  const out: SchemaObject = { type: 'object', properties }
  if (required.length > 0) out.required = required
  if (closed) out.additionalProperties = false
  return out
}

/**
 * The object the class's output is: its decorated members, closed when they are the whole output,
 * open when a `@MergeWhen` may add keys; any object when the class writes its own output (an
 * overridden `toArray()` or `[RESOLVE]`), which need not hold the members at all.
 */
function outputOf(
  cls: Function,
  records: readonly FieldRecord[],
  uses: Set<Function>,
  bigint: BigintEncoding,
): SchemaObject {
  const traits = traitsOf(cls)
  // no members (the model's own attributes) is an open object of none
  if (traits.toArray !== null && !traits.compiledIsOutput) return { type: 'object' }
  const closed =
    traits.toArray !== null && !records.some((r) => kindRules(r.kind).output === 'merge')
  return objectOf(records, closed, uses, modelSchemaOf(cls), bigint)
}

// ---------------------------------------------------------------------------------------------
// One class's components (cached)

/** The components one class contributes, and the classes they refer to. */
interface ClassSchemas {
  readonly name: string
  /** Component name -> schema. */
  readonly components: Readonly<Record<string, SchemaObject>>
  /** The resource classes these components refer to. */
  readonly uses: ReadonlySet<Function>
  /** The component of each body kind. */
  readonly bodies: Readonly<Record<BodyKind, string>>
  /** Is it a JSON:API resource (its bodies are JSON:API documents)? */
  readonly jsonApi: boolean
}

const caches: Readonly<Record<BigintEncoding, WeakMap<Function, ClassSchemas>>> = {
  string: new WeakMap(),
  number: new WeakMap(),
}

/**
 * The schemas of a resource class, built once per class and per way of writing bigints (`bigint`,
 * the app's choice: a `bigint` member is a numeric string, or an integer with `'number'`).
 */
export function classSchemas(cls: Function, bigint: BigintEncoding = 'string'): ClassSchemas {
  const cache = caches[bigint]
  let found = cache.get(cls)
  if (found === undefined) {
    found = isJsonApiClass(cls) ? jsonApiSchemas(cls, bigint) : plainSchemas(cls, bigint)
    cache.set(cls, found)
  }
  return found
}

const LINK: SchemaObject = { type: ['string', 'null'] }

/** `links` of a paginated body: `first`, `last`, `prev`, `next` (and what `additional()` adds). */
const PAGE_LINKS: SchemaObject = {
  type: 'object',
  properties: { first: LINK, last: LINK, prev: LINK, next: LINK },
  required: ['first', 'last', 'prev', 'next'],
}

/** `meta` of a length-aware paginated body. */
const LENGTH_AWARE_META: SchemaObject = {
  type: 'object',
  properties: {
    current_page: { type: 'integer', minimum: 1 },
    from: INTEGER_OR_NULL,
    last_page: { type: 'integer', minimum: 1 },
    path: { type: 'string' },
    per_page: { type: 'integer', minimum: 0 },
    to: INTEGER_OR_NULL,
    total: { type: 'integer', minimum: 0 },
    total_is_estimate: { const: true },
  },
  required: ['current_page', 'from', 'last_page', 'path', 'per_page', 'to', 'total'],
}

/** `meta` of a simple paginated body (no total, no last page). */
const SIMPLE_META: SchemaObject = {
  type: 'object',
  properties: {
    current_page: { type: 'integer', minimum: 1 },
    from: INTEGER_OR_NULL,
    path: { type: 'string' },
    per_page: { type: 'integer', minimum: 0 },
    to: INTEGER_OR_NULL,
  },
  required: ['current_page', 'from', 'path', 'per_page', 'to'],
}

/** `meta` of a cursor-paginated body. */
const CURSOR_META: SchemaObject = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    per_page: { type: 'integer', minimum: 0 },
    next_cursor: STRING_OR_NULL,
    prev_cursor: STRING_OR_NULL,
  },
  required: ['path', 'per_page', 'next_cursor', 'prev_cursor'],
}

const PAGE_META = {
  paginated: LENGTH_AWARE_META,
  simplePaginated: SIMPLE_META,
  cursorPaginated: CURSOR_META,
} as const

const PAGINATED_PREFIX = {
  paginated: 'Paginated',
  simplePaginated: 'SimplePaginated',
  cursorPaginated: 'CursorPaginated',
} as const

type PageKind = keyof typeof PAGE_META
const PAGE_KINDS: readonly PageKind[] = ['paginated', 'simplePaginated', 'cursorPaginated']

function keyed(key: string, value: JsonSchema): SchemaObject {
  return { type: 'object', properties: { [key]: value }, required: [key] }
}

/**
 * The body of one resource: the data under the wrap key, or the data itself with no wrap key (and
 * the keys `additional()` and `with()` add beside its members); data that already has the wrap key
 * as a member is not wrapped again. A resource over null is `null`.
 */
function responseOf(
  wrapKey: string | null,
  one: SchemaObject,
  data: JsonSchema,
  fields: readonly FieldRecord[],
): SchemaObject {
  if (wrapKey === null) {
    // with no wrap key, a resource over null that has keys of its own is `{ data: null, ... }`,
    // and any other takes them beside its members (a closed data schema, opened)
    const bare: JsonSchema[] = [one, NULL, keyed('data', NULL)]
    if (typeof data === 'object' && data.additionalProperties === false) {
      const { additionalProperties: _closed, ...open } = data
      bare.push(open)
    }
    return { anyOf: bare }
  }
  const wrapped = keyed(wrapKey, orNull(one))
  return fields.some((r) => r.key === wrapKey) ? { anyOf: [wrapped, one] } : wrapped
}

function plainSchemas(cls: Function, bigint: BigintEncoding): ClassSchemas {
  const name = componentName(cls)
  const uses = new Set<Function>()
  const { fields } = resolveMembers(cls)
  const declared = declaredSchema(cls)
  const data: JsonSchema = declared ?? outputOf(cls, fields, uses, bigint)
  const wrap = (cls as { wrap?: unknown }).wrap
  const wrapKey = typeof wrap === 'string' ? wrap : null
  const preserveKeys = (cls as { preserveKeys?: unknown }).preserveKeys === true
  const one = ref(name)
  const list: SchemaObject = { type: 'array', items: one }
  const items: SchemaObject = preserveKeys
    ? { anyOf: [list, { type: 'object', additionalProperties: one }] }
    : list
  const components: Record<string, SchemaObject> = {
    [name]: data === true ? {} : data === false ? { not: {} } : data,
    // a resource over null renders `null`; `additional()` and `with()` add keys beside the data
    [`${name}Response`]: responseOf(wrapKey, one, data, fields),
    // with no wrap key, a collection that has keys of its own puts its items under `data`
    [`${name}Collection`]:
      wrapKey === null ? { anyOf: [items, keyed('data', items)] } : keyed(wrapKey, items),
  }
  const bodies = bodyNames(`${name}Response`, `${name}Collection`)
  for (const kind of PAGE_KINDS) {
    const component = `${PAGINATED_PREFIX[kind]}${name}`
    components[component] = {
      type: 'object',
      properties: { [wrapKey ?? 'data']: list, links: PAGE_LINKS, meta: PAGE_META[kind] },
      required: [wrapKey ?? 'data', 'links', 'meta'],
    }
    bodies[kind] = component
  }
  return { name, components, uses, bodies, jsonApi: false }
}

// ---------------------------------------------------------------------------------------------
// JSON:API

const JSONAPI_OBJECT: SchemaObject = {
  type: 'object',
  properties: { version: { type: 'string' } },
  required: ['version'],
}

/** A `meta` member: any JSON object (open: a generated client types it as a record, not as `{}`). */
const META: SchemaObject = { type: 'object', additionalProperties: true }

/**
 * The component every JSON:API body refers to: one link, a URL or a link object. `links` are
 * declared as records of it, not as a bare `{ type: 'object' }`, which a client generator reads as
 * an empty object.
 */
const JSONAPI_SHARED: Readonly<Record<'JsonApiLink', SchemaObject>> = {
  JsonApiLink: {
    anyOf: [
      { type: 'string' },
      {
        type: 'object',
        properties: {
          href: { type: 'string' },
          rel: { type: 'string' },
          describedby: ref('JsonApiLink'),
          title: { type: 'string' },
          type: { type: 'string' },
          hreflang: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
          meta: META,
        },
        required: ['href'],
      },
    ],
  },
}

/** A `links` member: link names to links (or `null`), with the names given typed as strings. */
function linksOf(names: readonly string[] = []): SchemaObject {
  return {
    type: 'object',
    ...(names.length === 0
      ? {}
      : { properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])) }),
    additionalProperties: { anyOf: [ref('JsonApiLink'), NULL] },
  }
}

const RELATIONSHIP_LINKS: SchemaObject = linksOf(['self', 'related'])

/** The `{ type, id }` linkage to an object of `type`. */
function identifier(type: string): SchemaObject {
  return {
    type: 'object',
    properties: { type: { const: type }, id: { type: 'string' }, meta: META },
    required: ['type', 'id'],
    additionalProperties: false,
  }
}

interface JsonApiClassLike {
  readonly resourceType?: unknown
  readonly relationships?: unknown
}

/** One relationship: its target class, its cardinality when known, its declared schema. */
interface RelationSchema {
  readonly target: Function | undefined
  /** `true` a list, `false` one object, `undefined` either (not known). */
  readonly many?: boolean
  readonly schema?: JsonSchema
}

/** The relationships of a JSON:API class: decorated ones first, then the static map. */
function relationshipsOf(
  cls: Function,
  records: readonly FieldRecord[],
): Map<string, RelationSchema> {
  const out = new Map<string, RelationSchema>()
  const targetOf = (declared: unknown): Function | undefined => {
    if (isJsonApiClass(declared)) return declared as unknown as Function
    const target = typeof declared === 'function' ? (declared as () => unknown)() : undefined
    return isJsonApiClass(target) ? (target as unknown as Function) : undefined
  }
  for (const record of records) {
    if (out.has(record.key)) continue
    // `() => [R]` or design:type Array: a list; `() => R` or design:type R: one
    const many =
      record.resourceIsList?.() === true || record.designType === Array
        ? true
        : record.resource !== undefined || isJsonApiClass(record.designType)
          ? false
          : undefined
    out.set(record.key, {
      target: targetOf(record.resource ?? record.designType),
      many,
      schema: toJsonSchema(record.schema),
    })
  }
  const map = (cls as JsonApiClassLike).relationships
  if (typeof map === 'object' && map !== null) {
    for (const [name, thunk] of Object.entries(map as Record<string, unknown>))
      if (!out.has(name)) out.set(name, { target: targetOf(thunk) })
  }
  return out
}

function relationshipObject({ target, many }: RelationSchema): SchemaObject {
  const linkage: JsonSchema =
    target === undefined
      ? true
      : (() => {
          const type = String((target as JsonApiClassLike).resourceType)
          const one = identifier(type)
          const list: SchemaObject = { type: 'array', items: one }
          if (many === true) return list
          return many === false ? { anyOf: [NULL, one] } : { anyOf: [NULL, one, list] }
        })()
  return {
    type: 'object',
    properties: { data: linkage, links: RELATIONSHIP_LINKS, meta: META },
    additionalProperties: false,
  }
}

function jsonApiSchemas(cls: Function, bigint: BigintEncoding): ClassSchemas {
  const name = componentName(cls)
  const uses = new Set<Function>()
  const members = resolveMembers(cls)
  const relations = relationshipsOf(cls, members.relationships)
  const reserved = new Set(['id', 'type', ...relations.keys()])
  for (const record of members.relationships) reserved.add(record.source)
  const declared = declaredSchema(cls)
  const attributeRecords = members.fields.filter((r) => !reserved.has(r.key))
  let attributes: JsonSchema
  if (declared !== undefined) attributes = declared
  else {
    const described = outputOf(cls, attributeRecords, uses, bigint)
    // sparse fieldsets (`fields[type]=`) may leave any attribute out
    delete described.required
    attributes = described
  }
  const relationships: Record<string, JsonSchema> = {}
  for (const [key, relation] of relations) {
    if (relation.target !== undefined) uses.add(relation.target)
    relationships[key] = relation.schema ?? relationshipObject(relation)
  }
  const type = String((cls as JsonApiClassLike).resourceType)
  const resourceObject: SchemaObject = {
    type: 'object',
    properties: {
      type: { const: type },
      id: { type: 'string' },
      attributes,
      relationships: { type: 'object', properties: relationships, additionalProperties: false },
      links: linksOf(['self']),
      meta: META,
    },
    required: ['type', 'id'],
    additionalProperties: false,
  }
  const components: Record<string, SchemaObject> = { [name]: resourceObject }
  const one = ref(name)
  const included = `${name}Included`
  const document = (data: JsonSchema, links: SchemaObject, meta: SchemaObject): SchemaObject => ({
    type: 'object',
    properties: {
      data,
      included: { type: 'array', items: ref(included) },
      links,
      meta,
      jsonapi: JSONAPI_OBJECT,
    },
    required: ['data', 'jsonapi'],
    additionalProperties: false,
  })
  const list: SchemaObject = { type: 'array', items: one }
  const links = linksOf(['self'])
  components[`${name}Document`] = document(orNull(one), links, META)
  components[`${name}CollectionDocument`] = document(list, links, META)
  const bodies = bodyNames(`${name}Document`, `${name}CollectionDocument`)
  for (const kind of PAGE_KINDS) {
    const component = `${PAGINATED_PREFIX[kind]}${name}Document`
    const pageLinks: SchemaObject = {
      ...PAGE_LINKS,
      properties: { self: { type: 'string' }, ...(PAGE_LINKS.properties as object) },
    }
    components[component] = document(list, pageLinks, PAGE_META[kind])
    bodies[kind] = component
  }
  Object.assign(components, JSONAPI_SHARED)
  return { name, components, uses, bodies, jsonApi: true }
}

/** The JSON:API classes reachable from `cls` through relationships (itself included when reached). */
function includable(cls: Function): Function[] {
  const seen = new Set<Function>()
  const walk = (from: Function): void => {
    // which classes a class refers to does not depend on how bigints are written
    for (const target of classSchemas(from).uses) {
      if (seen.has(target) || !isJsonApiClass(target)) continue
      seen.add(target)
      walk(target)
    }
  }
  walk(cls)
  return [...seen]
}

// ---------------------------------------------------------------------------------------------
// Error bodies and bare paginators

/** The components that do not depend on a resource class. */
export type SharedComponent =
  | 'ErrorResponse'
  | 'ValidationErrorResponse'
  | 'JsonApiErrorDocument'
  | 'LengthAwarePage'
  | 'SimplePage'
  | 'CursorPage'

/** Components that do not depend on a resource class. */
const SHARED_COMPONENTS: Readonly<Record<SharedComponent, SchemaObject>> = {
  // a 400 for several query parameters also names each one's messages under `errors`
  ErrorResponse: {
    type: 'object',
    properties: {
      message: { type: 'string' },
      errors: {
        type: 'object',
        additionalProperties: { type: 'array', items: { type: 'string' }, minItems: 1 },
      },
    },
    required: ['message'],
  },
  ValidationErrorResponse: {
    type: 'object',
    properties: {
      message: { type: 'string' },
      errors: {
        type: 'object',
        additionalProperties: { type: 'array', items: { type: 'string' }, minItems: 1 },
      },
    },
    required: ['message', 'errors'],
  },
  JsonApiErrorDocument: {
    type: 'object',
    properties: {
      errors: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          properties: {
            status: { type: 'string', pattern: '^[1-5][0-9]{2}$' },
            title: { type: 'string' },
            detail: { type: 'string' },
            source: {
              oneOf: [
                {
                  type: 'object',
                  properties: { pointer: { type: 'string', pattern: '^(/.*)?$' } },
                  required: ['pointer'],
                  additionalProperties: false,
                },
                {
                  type: 'object',
                  properties: { parameter: { type: 'string' } },
                  required: ['parameter'],
                  additionalProperties: false,
                },
              ],
            },
          },
          required: ['status', 'title', 'detail'],
          additionalProperties: false,
        },
      },
      jsonapi: JSONAPI_OBJECT,
    },
    required: ['errors', 'jsonapi'],
    additionalProperties: false,
  },
  // a paginator returned as it is: Laravel's flat page JSON, items as the rows are
  LengthAwarePage: {
    type: 'object',
    properties: {
      current_page: { type: 'integer', minimum: 1 },
      data: { type: 'array' },
      first_page_url: { type: 'string' },
      from: INTEGER_OR_NULL,
      last_page: { type: 'integer', minimum: 1 },
      last_page_url: { type: 'string' },
      links: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            url: STRING_OR_NULL,
            label: { type: 'string' },
            active: { type: 'boolean' },
          },
          required: ['url', 'label', 'active'],
        },
      },
      next_page_url: STRING_OR_NULL,
      path: { type: 'string' },
      per_page: { type: 'integer', minimum: 0 },
      prev_page_url: STRING_OR_NULL,
      to: INTEGER_OR_NULL,
      total: { type: 'integer', minimum: 0 },
      total_is_estimate: { const: true },
    },
    required: [
      'current_page',
      'data',
      'first_page_url',
      'from',
      'last_page',
      'last_page_url',
      'links',
      'next_page_url',
      'path',
      'per_page',
      'prev_page_url',
      'to',
      'total',
    ],
  },
  SimplePage: {
    type: 'object',
    properties: {
      current_page: { type: 'integer', minimum: 1 },
      data: { type: 'array' },
      first_page_url: { type: 'string' },
      from: INTEGER_OR_NULL,
      links: { type: 'array' },
      next_page_url: STRING_OR_NULL,
      path: { type: 'string' },
      per_page: { type: 'integer', minimum: 0 },
      prev_page_url: STRING_OR_NULL,
      to: INTEGER_OR_NULL,
    },
    required: [
      'current_page',
      'data',
      'first_page_url',
      'from',
      'next_page_url',
      'path',
      'per_page',
      'prev_page_url',
      'to',
    ],
  },
  CursorPage: {
    type: 'object',
    properties: {
      data: { type: 'array' },
      path: { type: 'string' },
      per_page: { type: 'integer', minimum: 0 },
      next_cursor: STRING_OR_NULL,
      next_page_url: STRING_OR_NULL,
      prev_cursor: STRING_OR_NULL,
      prev_page_url: STRING_OR_NULL,
    },
    required: [
      'data',
      'path',
      'per_page',
      'next_cursor',
      'next_page_url',
      'prev_cursor',
      'prev_page_url',
    ],
  },
}

// ---------------------------------------------------------------------------------------------
// Collecting components

/**
 * Collects the components a set of bodies needs (every resource they refer to, transitively; for a
 * JSON:API class, the union of the types its `included` may hold).
 */
export class ComponentSet {
  readonly #components: Record<string, SchemaObject> = {}
  readonly #added = new Set<Function>()

  /** `bigint`: how the app writes a `bigint` (see {@link classSchemas}). */
  constructor(readonly bigint: BigintEncoding = 'string') {}

  /** Adds one of the {@link SHARED_COMPONENTS} (error bodies, bare pages); returns its name. */
  shared(name: SharedComponent): string {
    this.#components[name] = SHARED_COMPONENTS[name]
    return name
  }

  /** Adds `cls` and everything it refers to; returns its schemas. */
  add(cls: Function): ClassSchemas {
    const schemas = classSchemas(cls, this.bigint)
    if (this.#added.has(cls)) return schemas
    this.#added.add(cls)
    Object.assign(this.#components, schemas.components)
    for (const used of schemas.uses) this.add(used)
    if (schemas.jsonApi) {
      const types = includable(cls).map((c) => ref(this.add(c).name))
      this.#components[`${schemas.name}Included`] =
        types.length === 0 ? { not: {} } : types.length === 1 ? types[0] : { oneOf: types }
    }
    return schemas
  }

  /** Component name -> schema, with `$ref`s as `#/$defs/<Name>`. */
  get components(): Readonly<Record<string, SchemaObject>> {
    return this.#components
  }
}

/**
 * The components `roots` refer to (`$ref: '<prefix><Name>'`), transitively, in the order of
 * `components`: what a document needs of everything a {@link ComponentSet} collected.
 */
export function usedComponents<S>(
  roots: unknown,
  components: Readonly<Record<string, S>>,
  prefix: string,
): Record<string, S> {
  const used = new Set<string>()
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) walk(item)
    else if (typeof value === 'object' && value !== null)
      for (const [key, item] of Object.entries(value)) {
        if (key === '$ref' && typeof item === 'string' && item.startsWith(prefix)) {
          const name = item.slice(prefix.length)
          if (!used.has(name) && hasOwn.call(components, name)) {
            used.add(name)
            walk(components[name])
          }
        } else walk(item)
      }
  }
  walk(roots)
  const out: Record<string, S> = {}
  for (const name of Object.keys(components)) if (used.has(name)) out[name] = components[name]
  return out
}

/**
 * A self-contained JSON Schema (2020-12) of the body of `kind` a resource class answers with: the
 * component as `$ref`, every component it needs under `$defs`. `options.bigint` is how the app
 * writes a `bigint` (`'string'` by default; `'number'` describes a `bigint` member as an integer).
 *
 * @example
 * bodySchema(UserResource, 'paginated')
 * // { $schema: '...2020-12/schema', $ref: '#/$defs/PaginatedUser', $defs: { User: {...}, ... } }
 */
export function bodySchema(
  cls: Function,
  kind: BodyKind,
  options: { readonly bigint?: BigintEncoding } = {},
): SchemaObject {
  const set = new ComponentSet(checkBigintEncoding(options.bigint))
  const schemas = set.add(cls)
  const $ref = `${DEFS_PREFIX}${schemas.bodies[kind]}`
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $ref,
    $defs: usedComponents({ $ref }, set.components, DEFS_PREFIX),
  }
}

/** A self-contained schema of one of the {@link SHARED_COMPONENTS}. */
export function sharedSchema(name: SharedComponent): SchemaObject {
  const set = new ComponentSet()
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $ref: `${DEFS_PREFIX}${set.shared(name)}`,
    $defs: set.components,
  }
}

/** The component names of a class's bodies; the paginated ones are filled in per page kind. */
function bodyNames(resource: string, collection: string): Record<BodyKind, string> {
  return { resource, collection, paginated: '', simplePaginated: '', cursorPaginated: '' }
}
