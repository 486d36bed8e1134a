/**
 * Checked responses: a development mode that validates a response body against the schema of the
 * resource, collection, paginator or JSON:API document that produced it, with Ajv (an optional peer
 * dependency, imported when an integration turns the mode on). Nothing here runs unless the mode is on: no Ajv, no
 * schema is generated.
 * @module
 */
import { ResourceError } from '../errors/base'
import { isJsonApiClass } from '../jsonapi/type-descriptor'
import { CursorPaginator } from '../pagination/cursor-paginator'
import { LengthAwarePaginator } from '../pagination/length-aware-paginator'
import { Paginator } from '../pagination/paginator'
import { traitsOf } from '../compiler/compile'
import { JsonResource } from '../resources/json-resource'
import { jsonText, type BigintEncoding } from '../runtime/json'
import { ResourceCollection } from '../resources/resource-collection'
import {
  bodySchema,
  classSchemas,
  sharedSchema,
  type BodyKind,
  type SchemaObject,
} from './resource-schemas'

/** One error of an Ajv validation, as far as it is read here. */
interface AjvError {
  readonly instancePath: string
  readonly message?: string
}

/** A compiled Ajv validator. */
interface Validate {
  (data: unknown): boolean
  errors?: readonly AjvError[] | null
}

interface AjvLike {
  compile(schema: object): Validate
  addFormat(
    name: string,
    format: RegExp | { type: 'number'; validate: (value: number) => boolean },
  ): unknown
}

type AjvConstructor = new (options: object) => AjvLike

let ajv: AjvLike | undefined
let loading: Promise<void> | undefined
let failure: unknown

/**
 * The string formats the generated schemas use (the compact types `date-time`, `date`, `time`,
 * `uuid`, `email`, `uri`), checked by their shape: RFC 3339 for the dates and times (a date-time as
 * `Date.prototype.toJSON` writes it, or with any offset), RFC 4122's text for a UUID, one `@`
 * between non-blank parts for an email, a scheme and no blank for a URI.
 */
const FORMATS: Readonly<Record<string, RegExp>> = {
  'date-time': /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})?$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  email: /^[^\s@]+@[^\s@]+$/,
  uri: /^[A-Za-z][A-Za-z\d+.-]*:\S*$/,
}

/**
 * Imports Ajv (an optional peer dependency) for `checkResponses`, once, with an `import()` bundlers
 * follow. The Express, Fastify, Hono and NestJS integrations call it themselves when the option is
 * on; an integration built on `toHttpResponse(value, request, { checkResponses: true })` awaits it
 * once before the first checked response. It never rejects: a missing Ajv is the
 * checker-missing error of the first check.
 *
 * @example
 * await loadResponseChecker()
 * const response = toHttpResponse(resource, request, { checkResponses: true })
 */
export function loadResponseChecker(): Promise<void> {
  loading ??= import('ajv/dist/2020.js').then(
    (mod: unknown) => {
      // seen from import(), the module object is `default`; required (the CommonJS build), it is
      // the module itself; the class is its `default`
      const outer = (mod as { default?: unknown }).default ?? mod
      const Ajv = ((outer as { default?: unknown }).default ?? outer) as AjvConstructor
      const instance = new Ajv({ allErrors: false, strict: false })
      for (const [name, shape] of Object.entries(FORMATS)) instance.addFormat(name, shape)
      // a bigint written as a number (`bigint: 'number'`): the bounds say the rest
      instance.addFormat('int64', { type: 'number', validate: Number.isInteger })
      ajv = instance
    },
    (error: unknown) => {
      failure = error
    },
  )
  return loading
}

/** Has {@link loadResponseChecker} finished (loaded Ajv, or found it missing)? @internal */
export function responseCheckerSettled(): boolean {
  return ajv !== undefined || failure !== undefined
}

function loadedAjv(): AjvLike {
  if (ajv !== undefined) return ajv
  throw ResourceError.checkerMissing(
    failure ??
      new Error(
        'it is not loaded yet: await loadResponseChecker() before the first checked response',
      ),
  )
}

/** The body a value produces: the class and kind whose schema describes it, if known. */
interface Target {
  readonly key: object
  readonly component: string
  readonly schema: () => SchemaObject
}

const PAGE_KIND = new Map<Function, BodyKind>([
  [LengthAwarePaginator, 'paginated'],
  [Paginator, 'simplePaginated'],
  [CursorPaginator, 'cursorPaginated'],
])

const BARE_PAGE = new Map<Function, 'LengthAwarePage' | 'SimplePage' | 'CursorPage'>([
  [LengthAwarePaginator, 'LengthAwarePage'],
  [Paginator, 'SimplePage'],
  [CursorPaginator, 'CursorPage'],
])

/** The paginator's class among the library's three, or `undefined` for a subclass that changes it. */
function pageClass(paginator: object): Function | undefined {
  const cls = paginator.constructor
  return PAGE_KIND.has(cls) ? cls : undefined
}

function classTarget(cls: Function, kind: BodyKind, bigint: BigintEncoding): Target {
  const component = classSchemas(cls, bigint).bodies[kind]
  return { key: cls, component, schema: () => bodySchema(cls, kind, { bigint }) }
}

/** Does the collection class keep every base behaviour its body depends on? */
function isPlainCollection(value: ResourceCollection): boolean {
  const traits = traitsOf(value.constructor)
  return traits.baseToArray && traits.baseResolve && traits.basePaginationInformation
}

function targetOf(value: unknown, bigint: BigintEncoding): Target | undefined {
  if (value instanceof ResourceCollection) {
    const collects = (value as unknown as { collects(): Function | undefined }).collects()
    if (collects === undefined || !isPlainCollection(value)) return undefined
    const paginator = value.paginator
    let kind: BodyKind = 'collection'
    if (paginator !== undefined) {
      const cls = pageClass(paginator)
      if (cls === undefined) return undefined
      kind = PAGE_KIND.get(cls)!
    }
    if (!isJsonApiClass(collects)) {
      // keys kept by this collection alone (`preserveKeys()`): the class's schema says a list
      if (value.preservesKeys() && (collects as { preserveKeys?: unknown }).preserveKeys !== true)
        return undefined
      const own = (collects as { wrap?: unknown }).wrap
      const wrap = value.wrapKey()
      if (kind === 'collection' ? wrap !== own : (wrap ?? 'data') !== (own ?? 'data'))
        return undefined
    }
    return classTarget(collects, kind, bigint)
  }
  if (value instanceof JsonResource) return classTarget(value.constructor, 'resource', bigint)
  if (typeof value === 'object' && value !== null) {
    const cls = pageClass(value)
    const name = cls === undefined ? undefined : BARE_PAGE.get(cls)
    if (name !== undefined) return { key: cls!, component: name, schema: () => sharedSchema(name) }
  }
  return undefined
}

const validators = new WeakMap<object, Map<string, Validate>>()

function validatorOf(target: Target, bigint: BigintEncoding): Validate {
  let byComponent = validators.get(target.key)
  if (byComponent === undefined) validators.set(target.key, (byComponent = new Map()))
  // the schemas of a class differ with the app's bigint writing
  const key = `${bigint}:${target.component}`
  let validate = byComponent.get(key)
  if (validate === undefined) {
    validate = loadedAjv().compile(target.schema())
    byComponent.set(key, validate)
  }
  return validate
}

/**
 * Validates `body`, the response body `value` produced, against the schema of what `value` is (a
 * resource, a collection of one, a paginated collection, a JSON:API document, a paginator); throws
 * the first mismatch with its JSON pointer (`bigint`: how the app writes bigints, which the body is
 * written and checked with). A value whose schema the library cannot know (a collection with its
 * own `toArray()` or its own wrap key, one keeping keys its resource class does not keep, any
 * other respondable) is not checked.
 * @internal
 */
export function checkResponseBody(
  value: unknown,
  body: unknown,
  bigint: BigintEncoding = 'string',
): void {
  const target = targetOf(value, bigint)
  if (target === undefined) return
  const validate = validatorOf(target, bigint)
  // the body as it goes over the wire (a Date becomes its ISO text, a bigint what the app chose,
  // undefined keys disappear)
  const wire = JSON.parse(jsonText(body, undefined, undefined, bigint)) as unknown
  if (validate(wire)) return
  const first = validate.errors?.[0]
  throw ResourceError.responseMismatch(
    target.component,
    first?.instancePath ?? '',
    first?.message ?? 'does not match',
  )
}
