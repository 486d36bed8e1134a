// What a member kind is, as the compiler, the interpreter, the schema and the decorator types read
// it, and the one table of them. Each kind is one module of this folder (its decorator, its helpers,
// these rules), which enters itself in the table: its decorator carries the kind (`kind()`), and its
// line merges into `KindTable`. The table (`index.ts`) finds the kinds on the decorators that
// `decorators.ts`, the kinds' public names, lists.
import { MISSING, type Missing } from '../../runtime/missing'
import {
  loadedCount,
  loadedPivot,
  loadedRelation,
  modelAttribute,
} from '../../runtime/model-registry'
import type { ModelRules } from '../../runtime/model-rules'
import type { JsonSchema } from '../types'

/** A value, or a function computing it (called only when needed). */
export type Lazy<V> = V | (() => V)

/** A value, or a function of the model's value computing it. */
export type ValueOf<V, R> = R | ((value: V) => R)

/** `value`, called first when it is a function. @internal */
export function force<V>(value: Lazy<V>): V {
  return typeof value === 'function' ? (value as () => V)() : value
}

/** `fallback` (called first when a function), or `MISSING` when none is given. @internal */
export function orElse<D>(fallback: Lazy<D> | undefined, missing: Missing): D {
  return fallback === undefined ? (missing as D) : force(fallback)
}

/** `given` of `value` when it is a function, else `given` itself. @internal */
export function applyTo<V, R>(value: V, given: ValueOf<V, R>): R {
  return typeof given === 'function' ? (given as (value: V) => R)(value) : given
}

/**
 * What a helper over a loaded value gives: `fallback` (default `MISSING`) when the value is
 * `absent`, `null` for `null`, else the value (through `map` first) or `cb` of it. @internal
 */
export function loadedOr<V, R, D>(
  value: unknown,
  absent: unknown,
  cb: ValueOf<V, R> | undefined,
  fallback: Lazy<D> | undefined,
  map?: (value: unknown) => V,
): V | R | null | D {
  if (value === absent) return orElse(fallback, MISSING)
  if (value === null) return null
  const mapped = map === undefined ? (value as V) : map(value)
  return cb === undefined ? mapped : applyTo(mapped, cb)
}

/** A kind's own reader of the model (see {@link KindRules.read}). */
export type KindReader = (model: object, source: string, rules: ModelRules) => unknown

/** What a resource helper runs on: `this.resource` is the model. */
export interface HelperHost {
  readonly resource: unknown
}

/**
 * How one kind of decorated member renders, read by the compiler's emitter and the interpreter
 * alike (one rule, two executions), and by the schema.
 */
export interface KindRules {
  /** The output: a key, keys merged in place (`@MergeWhen`), or none (JSON:API linkage). */
  readonly output: 'key' | 'merge' | 'none'
  /**
   * What is read on the model: the attribute, what a model rule finds, or what the kind's own reader
   * gives (the model, the member's source and the model's rules in; `MISSING` for no key).
   */
  readonly read: 'attribute' | 'relation' | 'count' | 'pivot' | KindReader
  /** The record's `condition` decides whether the member renders. */
  readonly gated?: true
  /**
   * When the key is left out: the read found `MISSING`, or `undefined`, or (`nullish`) the member's
   * value (a getter's result, on a getter) is `null`, `undefined` or `MISSING`.
   */
  readonly absentWhen?: 'missing' | 'undefined' | 'nullish'
  /** A read value of `null` renders `null` (a getter is not called, no resource maps it). */
  readonly nullRendersNull?: true
  /** Maps the read value before it is written (or handed to a resource). */
  readonly map?: (value: unknown) => unknown
  /** May leave its key out of the payload (so the member must be optional, not required). */
  readonly optional: boolean
  /** `design:type` may name the resource class the value is rendered through. */
  readonly infersResource?: true
  /** The model's schema (`static modelSchema`) describes the value (read as it is). */
  readonly modelSchema?: true
  /** The value's schema when nothing else says (else inferred from `design:type`). */
  readonly schema?: JsonSchema
  /** Without a list, the value may be `null` (a to-one relation loaded as `null`). */
  readonly nullableOne?: true
}

/**
 * One kind's module exports this: its rules plus, for the decorator types, the decorator's name
 * and what it reads (type-level facts that the types derive from the table).
 */
export interface KindModule<
  N extends string = string,
  R extends string = string,
  H extends object = object,
> {
  readonly decorator: N
  /** What the decorator reads on the model, for the static key checks. */
  readonly reads: R
  readonly rules: KindRules
  /** The kind's helpers, which become methods of `JsonResource` (`this.resource` the model). */
  readonly helpers: H
}

/**
 * The table of member kinds, by the name their records carry: each kind's module adds its line,
 * `declare module './kind' { interface KindTable { name: typeof name } }`, beside its `kind()` call.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the kinds' modules
export interface KindTable {}

// Where a kind's decorator carries the kind, for the table to find it there.
const KIND: unique symbol = Symbol('api-resources.kind')

/** A kind as its decorator carries it: the name its records carry, and the kind. @internal */
interface CarriedKind {
  readonly name: string
  readonly kind: KindModule
}

/**
 * The kind named `name` (the `kind` its records carry, a name its module's `KindTable` line gives),
 * typed exactly (its decorator name, reads and rules as literal types), carried by its decorator
 * `carrier` (the public function the table finds it on). @internal
 */
export function kind<const M extends KindModule>(
  name: keyof KindTable,
  carrier: object,
  module: M,
): M {
  const carried: CarriedKind = { name, kind: Object.freeze(module) }
  Object.defineProperty(carrier, KIND, { value: carried })
  return module
}

/** The kind `value` carries when it is a kind's decorator. @internal */
export function carriedKind(value: unknown): CarriedKind | undefined {
  return typeof value === 'function' ? (value as { [KIND]?: CarriedKind })[KIND] : undefined
}

/** The rules of a conditional kind, less what every one of them has (one key, maybe left out). */
export type ConditionalRules = Omit<KindRules, 'output' | 'optional'>

/**
 * A conditional kind (`@When...`): its rules render one key that may be left out (so the member
 * is optional), plus the kind's own `rules`.
 */
export function conditionalKind<
  const N extends string,
  const R extends string,
  const C extends ConditionalRules,
  H extends object,
>(name: keyof KindTable, carrier: object, decorator: N, reads: R, rules: C, helpers: H) {
  return kind(name, carrier, {
    decorator,
    reads,
    rules: { output: 'key', optional: true, ...rules },
    helpers,
  })
}

/** The rules of a kind over a loaded value, which a model rule reads. */
export type LoadedRules = Omit<ConditionalRules, 'read' | 'absentWhen'> & {
  readonly read: 'attribute' | 'relation' | 'count' | 'pivot'
  readonly absentWhen: 'missing' | 'undefined'
}

/**
 * The arguments of a helper over a loaded value: the names that say where the value is, then `cb`
 * (of the value) and `fallback` (when it is not loaded; default: no key).
 */
export type LoadedArgs<Names extends unknown[], Cb, D> = [
  ...names: Names,
  cb?: Cb,
  fallback?: Lazy<D>,
]

/** The model rule of each `read`, as the helpers call it (any value as the model). */
const READ = {
  attribute: modelAttribute,
  relation: loadedRelation,
  count: loadedCount,
  pivot: loadedPivot,
} as const

/**
 * The helper of a kind over a loaded value, named `name` and reading the model as the kind's rules
 * do: the value at the source that `source` makes of the helper's first arguments (as many as it
 * takes), then {@link loadedOr} with the two arguments after them (`cb`, `fallback`) and the rules'
 * `map`. `H` types it (the helper as a method, documented). @internal
 */
export function loadedHelper<H extends object>(
  name: keyof H & string,
  rules: LoadedRules,
  source: (...names: string[]) => string,
): H {
  const read = READ[rules.read]
  const absent = rules.absentWhen === 'missing' ? MISSING : undefined
  const names = source.length
  const helper = function (this: HelperHost, ...args: unknown[]): unknown {
    const value = read(this.resource, source(...(args.slice(0, names) as string[])))
    const cb = args[names] as ValueOf<unknown, unknown> | undefined
    return loadedOr(value, absent, cb, args[names + 1] as Lazy<unknown> | undefined, rules.map)
  }
  return { [name]: helper } as H
}
