import type { FieldKind } from '../metadata/types'
import { MISSING } from '../runtime/missing'
import { defaultModelRules, type ModelRules } from '../runtime/model-rules'
import { existsValue } from '../runtime/aggregates'
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

type Step = (f: PreparedMember, run: Run) => void

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

function loaded(rule: 'relation' | 'count' | 'pivot', nullIsNull: boolean): Step {
  return (f, run) => {
    const value = run.rules[rule](run.model as object, f.record.source)
    if (value === MISSING) return
    if (nullIsNull && value === null) return setKey(run.out, f.record.key, null)
    write(f, run, value)
  }
}

/** One step per kind, mirroring the compiler's emitters. */
const steps: { readonly [K in FieldKind]: Step } = {
  field: (f, run) => write(f, run, f.record.isGetter ? undefined : attr(run, f)),
  attribute: (f, run) => write(f, run, f.record.isGetter ? undefined : attr(run, f)),
  when: (f, run) => {
    if (condition(f, run)) write(f, run, f.record.isGetter ? undefined : attr(run, f))
  },
  whenNotNull: (f, run) => {
    const raw = f.record.isGetter ? f.record.getter!.call(instance(run)) : attr(run, f)
    if (raw === null || raw === undefined || raw === MISSING) return
    const value = f.record.isGetter ? finalizeValue(raw, run.request) : raw
    setKey(run.out, f.record.key, render(f, run, value))
  },
  whenLoaded: loaded('relation', true),
  whenCounted: loaded('count', false),
  whenPivotLoaded: loaded('pivot', false),
  mergeWhen: (f, run) => {
    if (!condition(f, run)) {
      if (f.record.fallback !== undefined) mergeInto(run.out, f.record.fallback(), run.request)
      return
    }
    const value = f.record.isGetter ? f.record.getter!.call(instance(run)) : attr(run, f)
    mergeInto(run.out, value, run.request)
  },
  relationship: () => undefined,
  whenHas: (f, run) => {
    const value = attr(run, f)
    if (value !== undefined) write(f, run, value)
  },
  whenAggregated: (f, run) => {
    const value = attr(run, f)
    if (value === null) setKey(run.out, f.record.key, null)
    else if (value !== undefined) write(f, run, value)
  },
  whenExistsLoaded: (f, run) => {
    const value = attr(run, f)
    if (value === null) setKey(run.out, f.record.key, null)
    else if (value !== undefined) write(f, run, existsValue(value))
  },
}

/**
 * The reference interpreter: walks the prepared members with its own table. Used where code generation
 * is forbidden, and by tests as the oracle for the compiler.
 * @internal
 */
export function interpretMembers(
  cls: Function,
  plan: readonly PreparedMember[],
  rulesOf: (model: unknown) => ModelRules,
): ToArrayFn {
  const make = (model: unknown): object => new (cls as new (m: unknown) => object)(model)
  return function interpret(model, request, resource, rules) {
    const run: Run = { model, request, rules: rules ?? rulesOf(model), out: {}, resource, make }
    for (const f of plan) {
      steps[f.record.kind](f, run)
      const fallback = f.record.fallback
      if (
        fallback !== undefined &&
        f.record.kind !== 'mergeWhen' &&
        !hasOwn.call(run.out, f.record.key)
      )
        setKey(run.out, f.record.key, finalizeValue(fallback(), run.request))
    }
    return run.out
  }
}
