import { kindRules, type KindRules } from '../metadata/kinds'
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

/** An expression usable in the output literal, or a statement writing into `o`. */
type Emitted = { readonly always: Code } | { readonly stmt: Code }

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
  if (f.renderer === undefined) return value
  const render = _`${ctx.bind(f.renderer)}.render`
  if (f.renderer.guard !== true) return _`${render}(${value}, ${N.q})`
  // a guard sees objects only: a scalar costs a typeof, not a call
  const v = N.v
  return _`(typeof (${v} = ${value}) === 'object' && ${v} !== null ? ${render}(${v}, ${N.q}) : ${v})`
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

/** `@MergeWhen`: the value's keys merged into `o` when the condition holds, else the fallback's. */
function mergeStmt(ctx: EmitContext, f: PreparedMember): Code {
  const value = f.record.isGetter
    ? _`${ctx.bind(f.record.getter)}.call(${ctx.instance})`
    : attr(ctx, f)
  const fallback = f.record.fallback
  const otherwise =
    fallback === undefined ? _`` : _` else ${N.mg}(${N.o}, ${ctx.bind(fallback)}(), ${N.q});`
  return _`if (${conditionCall(ctx, f)}) ${N.mg}(${N.o}, ${value}, ${N.q});${otherwise}`
}

/** `@WhenNotNull`: the member's value (a getter's result, on a getter) unless it is nullish. */
function nullishStmt(ctx: EmitContext, f: PreparedMember): Code {
  const read = f.record.isGetter
    ? _`${ctx.bind(f.record.getter)}.call(${ctx.instance})`
    : attr(ctx, f)
  const value = f.record.isGetter ? _`${N.fin}(${N.v}, ${N.q})` : N.v
  const test = _`${N.v} !== null && ${N.v} !== undefined && ${N.v} !== ${N.M}`
  return _`${N.v} = ${read}; if (${test}) ${assign(f.record.key, maybeRender(ctx, f, value))}`
}

/** What the rules read: the attribute, a model rule's answer, or the kind's own reader's. */
function readOf(ctx: EmitContext, f: PreparedMember, rules: KindRules): Code {
  const { read } = rules
  if (read === 'attribute') return attr(ctx, f)
  if (typeof read === 'function') return _`${ctx.bind(read)}(${N.m}, ${f.record.source}, ${N.rs})`
  return _`${N.rs}.${new Name(read)}(${N.m}, ${f.record.source})`
}

/** A read into `v`, left out when absent, `null` kept as `null`, then written. */
function guardedStmt(ctx: EmitContext, f: PreparedMember, rules: KindRules): Code {
  const mapped = rules.map === undefined ? N.v : _`${ctx.bind(rules.map)}(${N.v})`
  const write = valueStmt(ctx, f, mapped)
  const body = rules.nullRendersNull
    ? _`if (${N.v} === null) ${assign(f.record.key, _`null`)} else { ${write} }`
    : write
  const present = rules.absentWhen === 'missing' ? _`${N.v} !== ${N.M}` : _`${N.v} !== undefined`
  return _`${N.v} = ${readOf(ctx, f, rules)}; if (${present}) { ${body} }`
}

/**
 * The code of one member, from its kind's rules (`metadata/kinds`); the interpreter executes the same
 * rules. An unconditional attribute read is an expression (it joins the output literal). @internal
 */
export function emitMember(ctx: EmitContext, f: PreparedMember): Emitted {
  const rules = kindRules(f.record.kind)
  if (rules.output === 'none') return { stmt: _`` } // JSON:API linkage, rendered by JsonApiResource
  if (rules.output === 'merge') return { stmt: mergeStmt(ctx, f) }
  let stmt: Code
  if (rules.absentWhen === 'nullish') stmt = nullishStmt(ctx, f)
  else if (rules.absentWhen !== undefined) stmt = guardedStmt(ctx, f, rules)
  else if (rules.gated || f.record.isGetter) stmt = valueStmt(ctx, f, attr(ctx, f))
  else return { always: maybeRender(ctx, f, attr(ctx, f)) }
  return { stmt: rules.gated ? _`if (${conditionCall(ctx, f)}) { ${stmt} }` : stmt }
}
