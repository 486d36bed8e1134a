/**
 * JSON Schema (2020-12) of every body the library makes, generated from the same metadata the
 * compiler reads. Each class's schemas are built once and cached (a `WeakMap` keyed by the class);
 * they refer to other components as `#/$defs/<Name>`, so one set of components serves a
 * self-contained schema (`$defs`) and an OpenAPI document (`#/components/schemas/`, rewritten there).
 *
 * What a member's schema says:
 * - `{ schema }` given to its decorator wins (with `{ nullable: true }`, `null` is allowed too);
 * - a resource thunk gives a `$ref` to that resource (a list when `design:type` is `Array`, one
 *   object when it is a resource class, either when it is not known);
 * - otherwise `design:type` (`String`, `Number`, `Boolean`, `Date` as a `date-time` string, `Array`),
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
import { resolveMembers } from '../metadata/resolve'
import type { FieldRecord, JsonSchema } from '../metadata/types'
import { isJsonApiClass } from '../jsonapi/type-descriptor'
import { RESOLVE } from '../runtime/protocol'

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
const taken = new Map<string, Function>()

/**
 * The component name of a resource class: `static schemaName` when it declares one, else its name
 * without a trailing `Resource` (`UserResource` -> `User`); a second class with the same name gets
 * `User2`, and so on. Stable for the life of the process.
 */
export function componentName(cls: Function): string {
  let name = names.get(cls)
  if (name !== undefined) return name
  const declared = (cls as { schemaName?: unknown }).schemaName
  const base =
    typeof declared === 'string' && /^[A-Za-z0-9._-]+$/.test(declared)
      ? declared
      : cls.name.replace(/Resource$/, '') || cls.name || 'Anonymous'
  name = base
  for (let i = 2; taken.has(name) && taken.get(name) !== cls; i++) name = `${base}${i}`
  taken.set(name, cls)
  names.set(cls, name)
  return name
}

// ---------------------------------------------------------------------------------------------
// Members

const SCALARS = new Map<unknown, SchemaObject>([
  [String, { type: 'string' }],
  [Number, { type: 'number' }],
  [Boolean, { type: 'boolean' }],
  [Date, { type: 'string', format: 'date-time' }],
  [Array, { type: 'array' }],
])

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

function nested(record: FieldRecord, uses: Set<Function>): JsonSchema {
  const target = record.resource!()
  if (!isResourceClass(target)) return true
  uses.add(target)
  const one = ref(componentName(target))
  const many: SchemaObject = { type: 'array', items: one }
  if (record.designType === Array) return many
  if (isResourceClass(record.designType)) return one
  return { anyOf: [one, many] }
}

function inferred(record: FieldRecord, uses: Set<Function>): JsonSchema {
  if (record.resource !== undefined) return nested(record, uses)
  switch (record.kind) {
    case 'whenCounted':
      return { type: 'integer', minimum: 0 }
    case 'whenExistsLoaded':
      return { type: 'boolean' }
    case 'whenAggregated':
      // drivers give decimals (and PostgreSQL's aggregates) as strings
      return { type: ['number', 'string'] }
    case 'whenPivotLoaded':
      return { type: 'object' }
    default:
      return SCALARS.get(record.designType) ?? true
  }
}

function memberSchema(record: FieldRecord, uses: Set<Function>): MemberSchema {
  const given = record.schema
  let schema = given ?? inferred(record, uses)
  // a loaded relation may be `null` (a missing to-one)
  if (record.nullable === true || (record.kind === 'whenLoaded' && given === undefined))
    schema = orNull(schema)
  const unconditional = record.kind === 'field' || record.kind === 'attribute'
  // a getter may return MISSING unless its declared type says it returns a value
  const required =
    unconditional && (!record.isGetter || given !== undefined || SCALARS.has(record.designType))
  return { schema, required }
}

/** The declared class-level schema (`static jsonSchema`), if any. */
function declaredSchema(cls: Function): JsonSchema | undefined {
  const declared = (cls as { jsonSchema?: unknown }).jsonSchema
  if (typeof declared === 'boolean') return declared
  return typeof declared === 'object' && declared !== null ? (declared as SchemaObject) : undefined
}

/** An object schema of `records` (keys in declaration order); closed when `closed`. */
function objectOf(
  records: readonly FieldRecord[],
  closed: boolean,
  uses: Set<Function>,
): SchemaObject {
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  for (const record of records) {
    if (record.kind === 'mergeWhen' || record.kind === 'relationship') continue
    const member = memberSchema(record, uses)
    properties[record.key] = member.schema
    if (member.required && !required.includes(record.key)) required.push(record.key)
  }
  const out: SchemaObject = { type: 'object', properties }
  if (required.length > 0) out.required = required
  if (closed) out.additionalProperties = false
  return out
}

/** Are the class's decorated members its whole output (no `toArray()` override, no merges)? */
function membersAreOutput(cls: Function, records: readonly FieldRecord[]): boolean {
  const traits = traitsOf(cls)
  if (traits.toArray === null) return false // no members: the model's own attributes
  return traits.compiledIsOutput && !records.some((r) => r.kind === 'mergeWhen')
}

// ---------------------------------------------------------------------------------------------
// One class's components (cached)

/** The components one class contributes, and the classes they refer to. */
export interface ClassSchemas {
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

const cache = new WeakMap<Function, ClassSchemas>()

/** The schemas of a resource class, built once per class. */
export function classSchemas(cls: Function): ClassSchemas {
  let found = cache.get(cls)
  if (found === undefined) {
    found = isJsonApiClass(cls) ? jsonApiSchemas(cls) : plainSchemas(cls)
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
 * The body of one resource: the data under the wrap key, or the data itself with no wrap key; data
 * that already has the wrap key as a member is not wrapped again.
 */
function responseOf(
  wrapKey: string | null,
  one: SchemaObject,
  fields: readonly FieldRecord[],
): SchemaObject {
  if (wrapKey === null) return orNull(one) as SchemaObject
  const wrapped = keyed(wrapKey, orNull(one))
  return fields.some((r) => r.key === wrapKey) ? { anyOf: [wrapped, one] } : wrapped
}

function plainSchemas(cls: Function): ClassSchemas {
  const name = componentName(cls)
  const uses = new Set<Function>()
  const { fields } = resolveMembers(cls)
  const declared = declaredSchema(cls)
  const data: JsonSchema = declared ?? objectOf(fields, membersAreOutput(cls, fields), uses)
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
    [`${name}Response`]: responseOf(wrapKey, one, fields),
    [`${name}Collection`]: wrapKey === null ? items : keyed(wrapKey, items),
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

const OBJECT: SchemaObject = { type: 'object' }

const RELATIONSHIP_LINKS: SchemaObject = {
  type: 'object',
  properties: { self: { type: 'string' }, related: { type: 'string' } },
}

/** The `{ type, id }` linkage to an object of `type`. */
function identifier(type: string): SchemaObject {
  return {
    type: 'object',
    properties: { type: { const: type }, id: { type: 'string' }, meta: OBJECT },
    required: ['type', 'id'],
    additionalProperties: false,
  }
}

interface JsonApiClassLike {
  readonly resourceType?: unknown
  readonly relationships?: unknown
}

/** The relationships of a JSON:API class: decorated ones first, then the static map. */
function relationshipsOf(
  cls: Function,
  records: readonly FieldRecord[],
): Map<
  string,
  {
    target: Function | undefined
    schema?: JsonSchema
  }
> {
  const out = new Map<string, { target: Function | undefined; schema?: JsonSchema }>()
  const targetOf = (declared: unknown): Function | undefined => {
    if (isJsonApiClass(declared)) return declared as unknown as Function
    const target = typeof declared === 'function' ? (declared as () => unknown)() : undefined
    return isJsonApiClass(target) ? (target as unknown as Function) : undefined
  }
  for (const record of records) {
    if (out.has(record.key)) continue
    out.set(record.key, {
      target: targetOf(record.resource ?? record.designType),
      schema: record.schema,
    })
  }
  const map = (cls as JsonApiClassLike).relationships
  if (typeof map === 'object' && map !== null) {
    for (const [name, thunk] of Object.entries(map as Record<string, unknown>))
      if (!out.has(name)) out.set(name, { target: targetOf(thunk) })
  }
  return out
}

function relationshipObject(target: Function | undefined): SchemaObject {
  const linkage: JsonSchema =
    target === undefined
      ? true
      : (() => {
          const type = String((target as JsonApiClassLike).resourceType)
          const one = identifier(type)
          return { anyOf: [NULL, one, { type: 'array', items: one }] }
        })()
  return {
    type: 'object',
    properties: { data: linkage, links: RELATIONSHIP_LINKS, meta: OBJECT },
    additionalProperties: false,
  }
}

function jsonApiSchemas(cls: Function): ClassSchemas {
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
    const described = objectOf(attributeRecords, membersAreOutput(cls, members.fields), uses)
    // sparse fieldsets (`fields[type]=`) may leave any attribute out
    delete described.required
    attributes = described
  }
  const relationships: Record<string, JsonSchema> = {}
  for (const [key, { target, schema }] of relations) {
    if (target !== undefined) uses.add(target)
    relationships[key] = schema ?? relationshipObject(target)
  }
  const type = String((cls as JsonApiClassLike).resourceType)
  const resourceObject: SchemaObject = {
    type: 'object',
    properties: {
      type: { const: type },
      id: { type: 'string' },
      attributes,
      relationships: { type: 'object', properties: relationships, additionalProperties: false },
      links: OBJECT,
      meta: OBJECT,
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
  components[`${name}Document`] = document(orNull(one), OBJECT, OBJECT)
  components[`${name}CollectionDocument`] = document(list, OBJECT, OBJECT)
  const bodies = bodyNames(`${name}Document`, `${name}CollectionDocument`)
  for (const kind of PAGE_KINDS) {
    const component = `${PAGINATED_PREFIX[kind]}${name}Document`
    const links: SchemaObject = {
      ...PAGE_LINKS,
      properties: { self: { type: 'string' }, ...(PAGE_LINKS.properties as object) },
    }
    components[component] = document(list, links, PAGE_META[kind])
    bodies[kind] = component
  }
  return { name, components, uses, bodies, jsonApi: true }
}

/** The JSON:API classes reachable from `cls` through relationships (itself included when reached). */
function includable(cls: Function): Function[] {
  const seen = new Set<Function>()
  const walk = (from: Function): void => {
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
export const SHARED_COMPONENTS: Readonly<Record<SharedComponent, SchemaObject>> = {
  ErrorResponse: {
    type: 'object',
    properties: { message: { type: 'string' } },
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

  /** Adds one of the {@link SHARED_COMPONENTS} (error bodies, bare pages); returns its name. */
  shared(name: SharedComponent): string {
    this.#components[name] = SHARED_COMPONENTS[name]
    return name
  }

  /** Adds `cls` and everything it refers to; returns its schemas. */
  add(cls: Function): ClassSchemas {
    const schemas = classSchemas(cls)
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
 * A self-contained JSON Schema (2020-12) of the body of `kind` a resource class answers with: the
 * component as `$ref`, every component it needs under `$defs`.
 *
 * @example
 * bodySchema(UserResource, 'paginated')
 * // { $schema: '...2020-12/schema', $ref: '#/$defs/PaginatedUser', $defs: { User: {...}, ... } }
 */
export function bodySchema(cls: Function, kind: BodyKind): SchemaObject {
  const set = new ComponentSet()
  const schemas = set.add(cls)
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $ref: `${DEFS_PREFIX}${schemas.bodies[kind]}`,
    $defs: set.components,
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
