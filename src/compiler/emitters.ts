import type { FieldKind } from '../metadata/types'
import { existsValue } from '../runtime/aggregates'
import { _, Code, Name, prop } from './code'
import { readOwnAttribute, type PreparedMember } from './members'

/** Fixed identifiers of the generated function (never derived from user input). @internal */
export const N = {
  m: new Name('m'), // the model
  q: new Name('q'), // the request
  r: new Name('r'), // the resource instance, made lazily
  o: new Name('o'), // the output object
  ob: new Name('Out'), // makes the output object (a plain object with room for every key)
  v: new Name('v'), // a temporary
  rs: new Name('rs'), // the model's rules
  ri: new Name('ri'), // the model's rules when the caller has them already
  pl: new Name('pl'), // the rules read attributes plainly (`m.key`)
  M: new Name('M'), // MISSING
  fin: new Name('fin'), // finalizeValue
  sk: new Name('sk'), // setKey (own data property, `__proto__` included)
  mg: new Name('mg'), // mergeInto
  ro: new Name('ro'), // rules of a model
  da: new Name('da'), // the default attribute rule
  mk: new Name('mk'), // makes the resource instance
} as const

/** What emitting needs from the compiler. @internal */
export interface EmitContext {
  /** A parameter of the generated function holding `value` (one per distinct value). */
  bind(value: unknown): Name
  /** The lazily created resource instance. */
  readonly instance: Code
}

/** An expression usable in the output literal, or a statement writing into `o`. @internal */
export type Emitted = { readonly always: Code } | { readonly stmt: Code }

/** @internal */
export type Emitter = (ctx: EmitContext, f: PreparedMember) => Emitted

/** `o.key = expr;` (an own data property even for `__proto__`). */
export function assign(key: string, expr: Code): Code {
  return key === '__proto__'
    ? _`${N.sk}(${N.o}, ${key}, ${expr});`
    : _`${prop(N.o, key)} = ${expr};`
}

/** The model's attribute named by the member's source (an own property for built-in names). */
function attr(ctx: EmitContext, f: PreparedMember): Code {
  const source = f.record.source
  if (f.ownSourceOnly) return _`${ctx.bind(readOwnAttribute)}(${N.m}, ${N.rs}, ${source})`
  return _`(${N.pl} ? ${prop(N.m, source)} : ${N.rs}.attribute(${N.m}, ${source}))`
}

function maybeRender(ctx: EmitContext, f: PreparedMember, value: Code): Code {
  return f.renderer === undefined ? value : _`${ctx.bind(f.renderer)}.render(${value}, ${N.q})`
}

/** A getter's value: omitted when `MISSING`, else rendered or finalized. */
function getterStmt(ctx: EmitContext, f: PreparedMember): Code {
  const value = f.renderer === undefined ? _`${N.fin}(${N.v}, ${N.q})` : maybeRender(ctx, f, N.v)
  const call = _`${ctx.bind(f.record.getter)}.call(${ctx.instance})`
  return _`${N.v} = ${call}; if (${N.v} !== ${N.M}) ${assign(f.record.key, value)}`
}

/** The member's value written unconditionally (a getter still omits `MISSING`). */
function valueStmt(ctx: EmitContext, f: PreparedMember, read: Code): Code {
  return f.record.isGetter ? getterStmt(ctx, f) : assign(f.record.key, maybeRender(ctx, f, read))
}

function conditionCall(ctx: EmitContext, f: PreparedMember): Code {
  const third = f.conditionWantsResource ? ctx.instance : N.r
  return _`${ctx.bind(f.record.condition)}(${N.m}, ${N.q}, ${third})`
}

function fieldEmitter(ctx: EmitContext, f: PreparedMember): Emitted {
  if (f.record.isGetter) return { stmt: getterStmt(ctx, f) }
  return { always: maybeRender(ctx, f, attr(ctx, f)) }
}

/** Reads a relation/count/pivot rule into `v`, then writes it unless it is `MISSING`. */
function loadedEmitter(rule: 'relation' | 'count' | 'pivot', nullIsNull: boolean): Emitter {
  return (ctx, f) => {
    const read = _`${N.v} = ${N.rs}.${new Name(rule)}(${N.m}, ${f.record.source});`
    const write = valueStmt(ctx, f, N.v)
    const body = nullIsNull
      ? _`if (${N.v} === null) ${assign(f.record.key, _`null`)} else { ${write} }`
      : write
    return { stmt: _`${read} if (${N.v} !== ${N.M}) { ${body} }` }
  }
}

/** One emitter per kind: adding a kind fails type-checking until it is handled here. @internal */
export const emitters: { readonly [K in FieldKind]: Emitter } = {
  field: fieldEmitter,
  attribute: fieldEmitter,
  when: (ctx, f) => ({
    stmt: _`if (${conditionCall(ctx, f)}) { ${valueStmt(ctx, f, attr(ctx, f))} }`,
  }),
  whenNotNull: (ctx, f) => {
    const read = f.record.isGetter
      ? _`${ctx.bind(f.record.getter)}.call(${ctx.instance})`
      : attr(ctx, f)
    const value = f.record.isGetter ? _`${N.fin}(${N.v}, ${N.q})` : N.v
    const test = _`${N.v} !== null && ${N.v} !== undefined && ${N.v} !== ${N.M}`
    return {
      stmt: _`${N.v} = ${read}; if (${test}) ${assign(f.record.key, maybeRender(ctx, f, value))}`,
    }
  },
  whenLoaded: loadedEmitter('relation', true),
  whenCounted: loadedEmitter('count', false),
  whenPivotLoaded: loadedEmitter('pivot', false),
  mergeWhen: (ctx, f) => {
    const value = f.record.isGetter
      ? _`${ctx.bind(f.record.getter)}.call(${ctx.instance})`
      : attr(ctx, f)
    const fallback = f.record.fallback
    const otherwise =
      fallback === undefined ? _`` : _` else ${N.mg}(${N.o}, ${ctx.bind(fallback)}(), ${N.q});`
    return { stmt: _`if (${conditionCall(ctx, f)}) ${N.mg}(${N.o}, ${value}, ${N.q});${otherwise}` }
  },
  // Relationships are JSON:API linkage, rendered by JsonApiResource; they never reach toArray().
  relationship: () => ({ stmt: _`` }),
  whenHas: (ctx, f) => ({
    stmt: _`${N.v} = ${attr(ctx, f)}; if (${N.v} !== undefined) { ${valueStmt(ctx, f, N.v)} }`,
  }),
  // a selected aggregate or existence that is `null` renders `null`, as Laravel does
  whenAggregated: (ctx, f) => ({
    stmt: _`${N.v} = ${attr(ctx, f)}; if (${N.v} === null) ${assign(f.record.key, _`null`)} else if (${N.v} !== undefined) { ${valueStmt(ctx, f, N.v)} }`,
  }),
  whenExistsLoaded: (ctx, f) => {
    const exists = _`${ctx.bind(existsValue)}(${N.v})`
    return {
      stmt: _`${N.v} = ${attr(ctx, f)}; if (${N.v} === null) ${assign(f.record.key, _`null`)} else if (${N.v} !== undefined) { ${valueStmt(ctx, f, exists)} }`,
    }
  },
}
