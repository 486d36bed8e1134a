import { ResourceError } from '../errors/base'
import { kindRules } from '../metadata/kinds'
import { resolveMembers } from '../metadata/resolve'
import { MISSING } from '../runtime/missing'
import { defaultModelRules } from '../runtime/model-rules'
import { rulesFor } from '../runtime/model-registry'
import { finalizeValue, mergeInto } from '../runtime/finalize'
import { hasOwn, setKey } from '../util/objects'
import { isBaseMethod, RESOLVE } from '../runtime/protocol'
import { _, Code, join, literal, Name, NameCounter } from './code'
import { assign, emitMember, N, type EmitContext } from './emitters'
import { interpretMembers } from './interpreter'
import { prepareMembers, type PreparedMember } from './members'
import { makeRenderer, type ToArrayFn, type Renderer } from './renderer'

/** A compiled class: its function and the generated source (the debug view). */
interface CompiledToArray {
  readonly fn: ToArrayFn
  readonly source: string
  /** Every member is unconditional: the output always has every key of the plan. */
  readonly total: boolean
}

const compiledCache = new WeakMap<Function, CompiledToArray | null>()
const renderers = new WeakMap<Function, Renderer>()

/** The renderer for a resource or collection class (one per class). @internal */
export function rendererFor(cls: Function): Renderer {
  let r = renderers.get(cls)
  if (r === undefined) {
    r = makeRenderer(cls, traitsOf)
    renderers.set(cls, r)
  }
  return r
}

class Context implements EmitContext {
  readonly names: Name[] = []
  readonly values: unknown[] = []
  readonly #bound = new Map<unknown, Name>()
  readonly #counter = new NameCounter('p')
  readonly instance = _`(${N.r} === undefined ? (${N.r} = ${N.mk}(${N.m})) : ${N.r})`

  bind(value: unknown): Name {
    let name = this.#bound.get(value)
    if (name === undefined) {
      name = this.#counter.next()
      this.#bound.set(value, name)
      this.names.push(name)
      this.values.push(value)
    }
    return name
  }
}

/**
 * The function body. Without conditional members, the output is one literal. With them, it is built
 * by a constructor whose prototype is `Object.prototype` (a plain object all the same): V8 sizes a
 * literal for exactly its own keys, so keys added after it go to a separate backing store (one more
 * allocation per object); objects made by a constructor get room for every key their first
 * instances received.
 */
function emitBody(ctx: Context, plan: readonly PreparedMember[]): { code: Code; total: boolean } {
  const entries: Code[] = []
  const leading: Code[] = []
  const stmts: Code[] = []
  for (const f of plan) {
    const out = emitMember(ctx, f)
    if ('always' in out && stmts.length === 0) {
      const key =
        f.record.key === '__proto__' ? `[${literal(f.record.key)}]` : literal(f.record.key)
      entries.push(_`${new Code(key)}: ${out.always}`)
      leading.push(assign(f.record.key, out.always))
    } else stmts.push('always' in out ? assign(f.record.key, out.always) : out.stmt)
    const fallback = f.record.fallback
    if (fallback !== undefined && kindRules(f.record.kind).output === 'key') {
      // the condition failed when the key is still absent: `default` renders instead
      const value = _`${N.fin}(${ctx.bind(fallback)}(), ${N.q})`
      const has = _`${ctx.bind(hasOwn)}.call(${N.o}, ${f.record.key})`
      stmts.push(_`if (!${has}) ${assign(f.record.key, value)}`)
    }
  }
  const make =
    stmts.length === 0
      ? _`const ${N.o} = { ${join(entries, ', ')} }`
      : _`const ${N.o} = new ${N.ob}()
  ${join(leading, '\n  ')}`
  const code = _`'use strict'
function ${N.ob}() {}
${N.ob}.prototype = Object.prototype
return function toArray(${N.m}, ${N.q}, ${N.r}, ${N.ri}) {
  const ${N.rs} = ${N.ri} === undefined ? ${N.ro}(${N.m}) : ${N.ri}, ${N.pl} = ${N.rs}.attribute === ${N.da}
  let ${N.v}
  ${make}
  ${join(stmts, '\n  ')}
  return ${N.o}
}`
  return { code, total: stmts.length === 0 }
}

const RUNTIME_NAMES = [N.M, N.fin, N.sk, N.mg, N.ro, N.da, N.mk]

function compile(cls: Function, plan: readonly PreparedMember[]): CompiledToArray {
  const ctx = new Context()
  const { code, total } = emitBody(ctx, plan)
  const source = code.text
  const mk = (m: unknown): object => new (cls as new (m: unknown) => object)(m)
  const runtime = [
    MISSING,
    finalizeValue,
    setKey,
    mergeInto,
    rulesFor,
    defaultModelRules.attribute,
    mk,
  ]
  let factory: (...args: unknown[]) => ToArrayFn
  try {
    factory = new Function(
      ...[...RUNTIME_NAMES, ...ctx.names].map((n) => n.text),
      source,
    ) as typeof factory
  } catch (cause) {
    // A CSP forbids code generation: the reference interpreter gives the same output.
    if (cause instanceof EvalError) return { fn: interpretMembers(cls, plan), source, total }
    throw ResourceError.compileFailed(cls, source, cause)
  }
  return { fn: factory(...runtime, ...ctx.values), source, total }
}

function compiledOf(cls: Function): CompiledToArray | null {
  let entry = compiledCache.get(cls)
  if (entry === undefined) {
    const members = resolveMembers(cls)
    entry = members.fields.length === 0 ? null : compile(cls, prepareMembers(members, rendererFor))
    compiledCache.set(cls, entry)
  }
  return entry
}

/** Does the compiled output of `cls` always have every decorated key (no conditional member)? @internal */
export function compiledTotal(cls: Function): boolean {
  return compiledOf(cls)?.total === true
}

/** Subsets compiled per class, by their keys joined with NUL (see {@link compiledSubset}). */
const subsetCache = new WeakMap<Function, Map<string, CompiledToArray>>()

/**
 * How many subsets one class keeps compiled. Subsets come from clients' sparse fieldsets: a class
 * with n decorated members has 2^n of them, so past this many a fieldset is served by picking keys
 * off the full output instead of compiling one more function.
 */
const SUBSETS_PER_CLASS = 32

/**
 * The compiled output of only the decorated members of `cls` whose key is in `keys` (a JSON:API
 * sparse fieldset), in declaration order: one object with just those keys, instead of the full
 * output and a copy of its picks. `undefined` when the class has no such subset compiled and no
 * room for one more (the caller picks keys off the full output then).
 * @internal
 */
export function compiledSubset(
  cls: Function,
  keys: readonly string[],
): CompiledToArray | undefined {
  let subsets = subsetCache.get(cls)
  if (subsets === undefined) subsetCache.set(cls, (subsets = new Map()))
  const id = keys.join('\u0000')
  let entry = subsets.get(id)
  if (entry === undefined) {
    if (subsets.size >= SUBSETS_PER_CLASS) return undefined
    const wanted = new Set(keys)
    const plan = prepareMembers(resolveMembers(cls), rendererFor).filter((f) =>
      wanted.has(f.record.key),
    )
    entry = compile(cls, plan)
    subsets.set(id, entry)
  }
  return entry
}

/**
 * The compiled output function of `cls` over a model, or `null` when the class has no decorated
 * fields. Compiled on first use and cached per class.
 */
function toArrayOf(cls: Function): ToArrayFn | null {
  return compiledOf(cls)?.fn ?? null
}

/**
 * What is decided once per class, before its first use: for a resource, the compiled function of
 * its decorated members; for every class of the library (resources, collections, paginators),
 * which of the base methods it keeps (a class that overrides none of `toArray`/`[RESOLVE]` is output
 * by its compiled function alone, without a resource instance per model). Every fast path of the
 * library asks this, and nothing else, whether it applies. The hooks an app may also set on one
 * instance (`with`, `withResponse`, `paginationInformation`, as on Laravel's anonymous collections)
 * are read per call instead: `isBaseMethod(this.with)`, one property read.
 */
interface ClassTraits {
  /** The compiled output of the decorated members, or `null` when the class has none. */
  readonly toArray: ToArrayFn | null
  /** Neither `toArray` nor `[RESOLVE]` is overridden, and `toArray` is compiled: it is the output. */
  readonly compiledIsOutput: boolean
  /** `toArray` is the base one (the compiled members, or the model's own attributes). */
  readonly baseToArray: boolean
  /** `[RESOLVE]` is the base one. */
  readonly baseResolve: boolean
  /** `toId` is the base one (JSON:API reads the id attribute directly). */
  readonly baseToId: boolean
  /** `toLinks` / `toMeta` are the base ones (JSON:API resource objects get no `links` / `meta`). */
  readonly baseToLinks: boolean
  readonly baseToMeta: boolean
  /** The class's `paginationInformation()` is the base one (checked responses: the standard body). */
  readonly basePaginationInformation: boolean
  /** A paginator's `items()` is the base one (its own rows can be read without a copy). */
  readonly baseItems: boolean
  /**
   * The class keeps every base method it inherits (it may add methods, never replace a marked one):
   * a paginator's fast paths that render from its state ask this.
   */
  readonly keepsBaseMethods: boolean
}

const traitsCache = new WeakMap<Function, ClassTraits>()

/** Does every base method reachable from `proto` stay the base one (by the marks of `markBase`)? */
function keepsEveryBaseMethod(proto: object | null): boolean {
  for (; proto !== null;) {
    const parent = Object.getPrototypeOf(proto) as object | null
    for (const key of Reflect.ownKeys(proto)) {
      if (key === 'constructor' || parent === null || !(key in parent)) continue
      const value = Object.getOwnPropertyDescriptor(proto, key)?.value as unknown
      if (!isBaseMethod(value)) return false
    }
    proto = parent
  }
  return true
}

/** The {@link ClassTraits} of `cls`, decided on first use and cached. @internal */
export function traitsOf(cls: Function): ClassTraits {
  let traits = traitsCache.get(cls)
  if (traits === undefined) {
    const proto = (cls.prototype ?? {}) as Record<PropertyKey, unknown>
    const toArray = toArrayOf(cls)
    const baseToArray = isBaseMethod(proto.toArray)
    const baseResolve = isBaseMethod(proto[RESOLVE])
    traits = Object.freeze({
      toArray,
      compiledIsOutput: toArray !== null && baseToArray && baseResolve,
      baseToArray,
      baseResolve,
      baseToId: isBaseMethod(proto.toId),
      baseToLinks: isBaseMethod(proto.toLinks),
      baseToMeta: isBaseMethod(proto.toMeta),
      basePaginationInformation: isBaseMethod(proto.paginationInformation),
      baseItems: isBaseMethod(proto.items),
      keepsBaseMethods: keepsEveryBaseMethod(cls.prototype as object | null),
    })
    traitsCache.set(cls, traits)
  }
  return traits
}

/**
 * The compiled decorated output of `cls`: `(resource, request) => output` (relationships excluded).
 * A class without decorated fields gives `{}`.
 * @internal
 */
export function compiledToArray(
  cls: Function,
): (resource: { readonly resource: unknown }, request: unknown) => Record<string, unknown> {
  const fn = toArrayOf(cls)
  return (resource, request) =>
    fn === null || resource.resource == null ? {} : fn(resource.resource, request, resource)
}

/**
 * The debug view: the JavaScript source generated for a resource class's decorated members (`''`
 * when it has none). Compiles the class if it was not yet used.
 *
 * @example
 * console.log(resourceShapeSource(UserResource)) // 'use strict' return function toArray(m, q, r, ri) {...}
 */
export function toArraySource(cls: Function): string {
  return compiledOf(cls)?.source ?? ''
}

/**
 * The reference interpreter over the same resolved members, with the signature of
 * {@link compiledToArray}. Tests assert both agree.
 * @internal
 */
export function interpretedToArray(
  cls: Function,
): (resource: { readonly resource: unknown }, request: unknown) => Record<string, unknown> {
  const members = resolveMembers(cls)
  const fn = interpretMembers(cls, prepareMembers(members, rendererFor))
  return (resource, request) =>
    resource.resource == null ? {} : fn(resource.resource, request, resource)
}
