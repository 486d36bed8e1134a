import { ArgumentError, ResourceError } from '../errors/base'
import type {
  DecoratorSpec,
  FieldOptions,
  MemberDecorator,
  OptionsDecorator,
  OptionsOf,
  ThunkOrOptionsDecorator,
} from './decorator-types'
import { appendRecord, designTypeOf, type RecordDraft } from './metadata-store'
import type { DecoratorReads, FieldKind } from './kinds'
import type { EnumValues, FieldRecord, JsonSchema, MemberType, ResourceThunk } from './types'

/** The part of a record a decorator chooses; the factory fills in the rest. */
interface RecordSpec {
  readonly kind: FieldKind
  /** Where to read on the model: a name, or a function of the member name; default the name. */
  readonly source?: string | ((key: string) => string | undefined)
  readonly condition?: FieldRecord['condition']
  readonly resource?: ResourceThunk
  readonly resourceIsList?: () => boolean
  readonly links?: unknown
  readonly meta?: unknown
  readonly schema?: JsonSchema
  readonly nullable?: boolean
  readonly raw?: true
  readonly fallback?: FieldRecord['fallback']
  readonly type?: MemberType
  readonly enum?: EnumValues
}

/** What a standard decorator context looks like at run time. */
interface StandardContext {
  readonly kind: string
  readonly name: string | symbol
  readonly static?: boolean
  readonly private?: boolean
  readonly metadata?: object
}

/** Standard decorators pass a context object second; legacy ones a member name. */
function isStandardContext(value: unknown): value is StandardContext {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as StandardContext).kind === 'string'
  )
}

/** Decorator expressions are evaluated in source order: this counter remembers that order. */
let evaluated = 0

/**
 * Builds a decorator that appends one frozen record to the decorated class's own metadata, under
 * legacy and standard decorators alike.
 * @internal
 */
export function memberDecorator<S extends DecoratorSpec>(
  decorator: string,
  spec: RecordSpec,
): MemberDecorator<S> {
  const order = evaluated++
  function recordMember(target: unknown, context: unknown, descriptor?: PropertyDescriptor): void {
    if (isStandardContext(context)) recordStandard(decorator, spec, order, target, context)
    else recordLegacy(decorator, spec, order, target, context, descriptor)
  }
  return recordMember as MemberDecorator<S>
}

function draft(
  decorator: string,
  spec: RecordSpec,
  order: number,
  key: string,
  getter: ((this: unknown) => unknown) | undefined,
  designType: Function | undefined,
): RecordDraft {
  const source = typeof spec.source === 'function' ? spec.source(key) : spec.source
  return {
    kind: spec.kind,
    key,
    source: source ?? key,
    isGetter: getter !== undefined,
    getter,
    condition: spec.condition,
    resource: spec.resource,
    ...(spec.resourceIsList === undefined ? {} : { resourceIsList: spec.resourceIsList }),
    ...(spec.links === undefined ? {} : { links: spec.links }),
    ...(spec.meta === undefined ? {} : { meta: spec.meta }),
    ...(spec.schema === undefined ? {} : { schema: spec.schema }),
    ...(spec.nullable === true ? { nullable: true } : {}),
    ...(spec.raw === true ? { raw: true } : {}),
    ...(spec.fallback === undefined ? {} : { fallback: spec.fallback }),
    ...(spec.type === undefined ? {} : { type: spec.type }),
    ...(spec.enum === undefined ? {} : { enum: spec.enum }),
    designType,
    decorator: `@${decorator}`,
    order,
  }
}

/**
 * What a decorator on a method is told: members are read without arguments, once per object, and
 * a getter is that; a class's type lists its getters but not which methods are decorated, so the
 * payload and document types (which read the declared fields and getters) would leave a decorated
 * method's key out.
 */
function methodTarget(key: string): string {
  return (
    `the method ${key}(); write it as a getter, get ${key}() { ... }, which is read the same way ` +
    '(once per object, without arguments) and which the payload and document types include'
  )
}

/** A member named `constructor` would shadow the link from instances to their class. */
function checkName(decorator: string, key: string): void {
  if (key === 'constructor')
    throw ResourceError.badDecoratorTarget(
      decorator,
      'a member named "constructor" (it would hide the class from its instances); name the ' +
        'member differently and read the model property with { from: "constructor" }',
    )
}

function recordStandard(
  decorator: string,
  spec: RecordSpec,
  order: number,
  value: unknown,
  context: StandardContext,
): void {
  const { kind, name } = context
  if (kind === 'method' && typeof name === 'string' && !context.static && !context.private)
    throw ResourceError.badDecoratorTarget(decorator, methodTarget(name))
  if (kind !== 'field' && kind !== 'getter' && kind !== 'accessor')
    throw ResourceError.badDecoratorTarget(decorator, `a ${kind}`)
  if (context.static === true) throw ResourceError.badDecoratorTarget(decorator, 'a static member')
  if (context.private === true || typeof name !== 'string')
    throw ResourceError.badDecoratorTarget(decorator, `the member ${String(name)}`)
  checkName(decorator, name)
  const metadata = context.metadata
  if (typeof metadata !== 'object' || metadata === null)
    throw ResourceError.decoratorMetadataMissing(decorator)
  // An auto-accessor (`accessor x`) is a declared field: its value is read from the model.
  const getter = kind === 'getter' ? (value as (this: unknown) => unknown) : undefined
  appendRecord(metadata, draft(decorator, spec, order, name, getter, undefined))
}

function describeLegacyTarget(target: unknown, key: unknown): string {
  if (typeof target === 'function') return `the static member ${String(key)}`
  return `the member ${String(key)}`
}

function recordLegacy(
  decorator: string,
  spec: RecordSpec,
  order: number,
  target: unknown,
  key: unknown,
  descriptor: PropertyDescriptor | undefined,
): void {
  if (typeof target !== 'object' || target === null || typeof key !== 'string')
    throw ResourceError.badDecoratorTarget(decorator, describeLegacyTarget(target, key))
  if (descriptor !== undefined && typeof descriptor.value === 'function')
    throw ResourceError.badDecoratorTarget(decorator, methodTarget(key))
  if (descriptor !== undefined && descriptor.get === undefined)
    throw ResourceError.badDecoratorTarget(decorator, `the setter-only member ${key}`)
  checkName(decorator, key)
  // The prototype's own `constructor` (not `target.constructor`, which a getter could replace).
  const cls = Object.getOwnPropertyDescriptor(target, 'constructor')?.value as unknown
  if (typeof cls !== 'function' || cls.prototype !== target)
    throw ResourceError.badDecoratorTarget(decorator, describeLegacyTarget(target, key))
  const getter = descriptor?.get as ((this: unknown) => unknown) | undefined
  appendRecord(cls, draft(decorator, spec, order, key, getter, designTypeOf(target, key)))
}

/** Checks an optional string option (`from`, `relation`, `accessor`). @internal */
export function optionalName(argument: string, value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value === '')
    throw ArgumentError.decoratorOption(argument, 'a non-empty string', value)
  return value
}

/** A checked resource thunk: the class it returns, and whether it said a list (`() => [R]`). */
interface CheckedThunk {
  readonly resource?: ResourceThunk
  readonly resourceIsList?: () => boolean
}

/**
 * Checks a resource thunk argument. `() => [R]` says a list of `R`: the recorded thunk returns `R`
 * (a list is mapped item by item either way), and `resourceIsList` tells the schema.
 */
function optionalThunk(argument: string, value: unknown): CheckedThunk {
  if (value === undefined) return {}
  if (typeof value !== 'function')
    throw ArgumentError.decoratorOption(argument, 'a function returning a resource class', value)
  const thunk = value as () => unknown
  const isList = (returned: unknown): returned is readonly unknown[] =>
    Array.isArray(returned) && returned.length === 1
  return {
    resource: (() => {
      const returned = thunk()
      return isList(returned) ? returned[0] : returned
    }) as ResourceThunk,
    resourceIsList: () => isList(thunk()),
  }
}

/** Checks a condition argument. @internal */
export function requiredCondition(argument: string, value: unknown): FieldRecord['condition'] {
  if (typeof value !== 'function')
    throw ArgumentError.decoratorOption(argument, 'a function', value)
  return value as FieldRecord['condition']
}

/**
 * Splits `(thunk?, options?)` / `(type, options?)` / `(options?)` arguments, checking the thunk; a
 * type string (`@Field('integer')`) joins the options as `type`. @internal
 */
export function thunkAndOptions<O>(
  name: string,
  thunkOrOptions: ResourceThunk | MemberType | O | undefined,
  options: O | undefined,
): CheckedThunk & { options?: O } {
  if (typeof thunkOrOptions === 'string')
    return { options: { ...options, type: thunkOrOptions } as O }
  const thunk = typeof thunkOrOptions === 'function' ? thunkOrOptions : undefined
  const opts = typeof thunkOrOptions === 'function' ? options : (thunkOrOptions ?? options)
  return { ...optionalThunk(`@${name}() resource`, thunk), options: opts as O | undefined }
}

/** The option naming the model key each kind of options has. */
const KEY_OPTION = { field: 'from', relation: 'relation', relationship: 'relation' } as const

/**
 * A decorator called as `@N(options?)` or `@N(() => SomeResource, options?)`: it checks the thunk,
 * then the key option (`from` or `relation`), and records `kind` with them (and, for
 * `Relationship` options, the links and meta; with `withDefault`, the `{ default }` option). @internal
 */
export function thunkOrOptionsDecorator<
  N extends string,
  Reads extends DecoratorReads,
  O extends keyof OptionsOf<string>,
>(
  decorator: N,
  kind: FieldKind,
  options: O,
  withDefault: boolean,
): ThunkOrOptionsDecorator<N, Reads, O> {
  const keyOption = KEY_OPTION[options]
  function decorate(
    thunkOrOptions?: ResourceThunk | MemberType | Record<string, unknown>,
    opts?: Record<string, unknown>,
  ) {
    const args = thunkAndOptions(decorator, thunkOrOptions, opts)
    return memberDecorator(decorator, {
      kind,
      resource: args.resource,
      resourceIsList: args.resourceIsList,
      source: optionalName(`@${decorator}() ${keyOption}`, args.options?.[keyOption]),
      ...(options === 'relationship'
        ? { links: args.options?.links, meta: args.options?.meta }
        : {}),
      ...schemaOptions(decorator, args.options),
      ...(withDefault ? defaultOption(args.options) : {}),
    })
  }
  return decorate as ThunkOrOptionsDecorator<N, Reads, O>
}

/**
 * A decorator called as `@N(options?)` (see {@link OptionsDecorator}): records `kind` with the
 * `from` key, the schema options and the `{ default }` option. @internal
 */
export function optionsDecorator<N extends string, Reads extends DecoratorReads>(
  decorator: N,
  kind: FieldKind,
): OptionsDecorator<N, Reads> {
  const decorate = (options?: FieldOptions & { readonly default?: unknown }) =>
    memberDecorator(decorator, {
      kind,
      source: optionalName(`@${decorator}() from`, options?.from),
      ...schemaOptions(decorator, options),
      ...defaultOption(options),
    })
  return decorate as OptionsDecorator<N, Reads>
}

/**
 * What the `{ default }` option of a conditional decorator records: a function giving the value the
 * member renders when its condition fails (`default` itself when it is not a function). @internal
 */
export function defaultOption(options: { readonly default?: unknown } | undefined): {
  fallback?: () => unknown
} {
  const given = options?.default
  if (given === undefined) return {}
  return { fallback: typeof given === 'function' ? (given as () => unknown) : () => given }
}

const SCALAR_TYPES: ReadonlySet<string> = new Set([
  'string',
  'integer',
  'number',
  'bigint',
  'boolean',
  'object',
  'date-time',
  'date',
  'time',
  'uuid',
  'email',
  'uri',
])

/** Is `value` a {@link MemberType} (`'integer'`, `'date-time'`, `'string[]'`, ...)? */
function isMemberType(value: unknown): value is MemberType {
  return typeof value === 'string' && SCALAR_TYPES.has(value.replace(/\[\]$/, ''))
}

/** What a decorator's schema options record. */
interface CheckedSchemaOptions {
  schema?: JsonSchema
  nullable?: boolean
  raw?: true
  type?: MemberType
  enum?: EnumValues
}

/** What `{ schema, nullable, type, enum }` options of a decorator record (checked, with `raw`). @internal */
export function schemaOptions(
  name: string,
  options:
    | {
        readonly schema?: unknown
        readonly nullable?: unknown
        readonly type?: unknown
        readonly enum?: unknown
        readonly raw?: unknown
      }
    | undefined,
): CheckedSchemaOptions {
  const schema = options?.schema
  const nullable = options?.nullable
  const out: CheckedSchemaOptions = {}
  // `raw` only tells the types that an object value is meant to pass through; it is checked here.
  if (options?.raw !== undefined && typeof options.raw !== 'boolean')
    throw ArgumentError.decoratorOption(`@${name}() raw`, 'a boolean', options.raw)
  if (options?.raw === true) out.raw = true
  if (schema !== undefined) {
    if (typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null))
      throw ArgumentError.decoratorOption(`@${name}() schema`, 'a JSON Schema object', schema)
    out.schema = schema as JsonSchema
  }
  if (nullable !== undefined) {
    if (typeof nullable !== 'boolean')
      throw ArgumentError.decoratorOption(`@${name}() nullable`, 'a boolean', nullable)
    if (nullable) out.nullable = true
  }
  const type = options?.type
  if (type !== undefined) {
    if (!isMemberType(type))
      throw ArgumentError.decoratorOption(
        `@${name}() type`,
        `one of ${[...SCALAR_TYPES].map((t) => `'${t}'`).join(', ')} (with [] for a list)`,
        type,
      )
    out.type = type
  }
  const values = options?.enum
  if (values !== undefined) {
    const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v)
    if (!Array.isArray(values) || values.length === 0 || !values.every(scalar))
      throw ArgumentError.decoratorOption(
        `@${name}() enum`,
        'a non-empty list of strings, numbers, booleans or null',
        values,
      )
    out.enum = Object.freeze([...(values as EnumValues)])
  }
  return out
}
