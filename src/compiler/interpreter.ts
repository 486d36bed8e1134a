import { kindRules, type KindRules } from '../metadata/kinds'
import { MISSING } from '../runtime/missing'
import { defaultModelRules, type ModelRules } from '../runtime/model-rules'
import { rulesFor } from '../runtime/model-registry'
import { finalizeValue, mergeInto } from '../runtime/finalize'
import { hasOwn, setKey } from '../util/objects'
import { readOwnAttribute, type PreparedMember } from './members'
import type { ToArrayFn } from './renderer'

/** The state of one interpreted call. */
interface Run {
  readonly model: unknown
  readonly request: unknown
  readonly rules: ModelRules
  readonly out: Record<string, unknown>
  resource: object | undefined
  readonly make: (model: unknown) => object
}

function instance(run: Run): object {
  return (run.resource ??= run.make(run.model))
}

function attr(run: Run, f: PreparedMember): unknown {
  const { rules, model } = run
  const source = f.record.source
  if (f.ownSourceOnly) return readOwnAttribute(model as object, rules, source)
  return rules.attribute === defaultModelRules.attribute
    ? (model as Record<string, unknown>)[source]
    : rules.attribute(model as object, source)
}

function render(f: PreparedMember, run: Run, value: unknown): unknown {
  return f.renderer === undefined ? value : f.renderer.render(value, run.request)
}

/** Writes the member's value: a getter's result (unless `MISSING`), else `read`. */
function write(f: PreparedMember, run: Run, read: unknown): void {
  if (!f.record.isGetter) return setKey(run.out, f.record.key, render(f, run, read))
  const value = f.record.getter!.call(instance(run))
  if (value === MISSING) return
  const done = f.renderer === undefined ? finalizeValue(value, run.request) : render(f, run, value)
  setKey(run.out, f.record.key, done)
}

function condition(f: PreparedMember, run: Run): unknown {
  const resource = f.conditionWantsResource ? instance(run) : run.resource
  return (f.record.condition as (m: unknown, q: unknown, r: unknown) => unknown)(
    run.model,
    run.request,
    resource,
  )
}

/** What the rules read: the attribute, a model rule's answer, or the kind's own reader's. */
function readOf(f: PreparedMember, run: Run, rules: KindRules): unknown {
  const { read } = rules
  if (read === 'attribute') return attr(run, f)
  if (typeof read === 'function') return read(run.model as object, f.record.source, run.rules)
  return run.rules[read](run.model as object, f.record.source)
}

/** One member, from its kind's rules (`metadata/kinds`), as the compiler's emitter writes it. */
function step(f: PreparedMember, run: Run): void {
  const rules = kindRules(f.record.kind)
  if (rules.output === 'none') return
  if (rules.gated && !condition(f, run)) {
    if (rules.output === 'merge' && f.record.fallback !== undefined)
      mergeInto(run.out, f.record.fallback(), run.request)
    return
  }
  if (rules.output === 'merge') {
    const value = f.record.isGetter ? f.record.getter!.call(instance(run)) : attr(run, f)
    return mergeInto(run.out, value, run.request)
  }
  if (rules.absentWhen === 'nullish') {
    const raw = f.record.isGetter ? f.record.getter!.call(instance(run)) : attr(run, f)
    if (raw === null || raw === undefined || raw === MISSING) return
    const value = f.record.isGetter ? finalizeValue(raw, run.request) : raw
    return setKey(run.out, f.record.key, render(f, run, value))
  }
  if (rules.absentWhen === undefined)
    return write(f, run, f.record.isGetter ? undefined : attr(run, f))
  const value = readOf(f, run, rules)
  if (value === (rules.absentWhen === 'missing' ? MISSING : undefined)) return
  if (rules.nullRendersNull && value === null) return setKey(run.out, f.record.key, null)
  write(f, run, rules.map === undefined ? value : rules.map(value))
}

/**
 * The reference interpreter: walks the prepared members with its own table. Used where code generation
 * is forbidden, and by tests as the oracle for the compiler.
 * @internal
 */
export function interpretMembers(cls: Function, plan: readonly PreparedMember[]): ToArrayFn {
  const make = (model: unknown): object => new (cls as new (m: unknown) => object)(model)
  return function interpret(model, request, resource, rules) {
    const run: Run = { model, request, rules: rules ?? rulesFor(model), out: {}, resource, make }
    for (const f of plan) {
      step(f, run)
      const fallback = f.record.fallback
      if (
        fallback !== undefined &&
        kindRules(f.record.kind).output === 'key' &&
        !hasOwn.call(run.out, f.record.key)
      )
        setKey(run.out, f.record.key, finalizeValue(fallback(), run.request))
    }
    return run.out
  }
}
