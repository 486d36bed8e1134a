import { ResourceError } from '../errors/base'
import { kindRules } from '../metadata/kinds/index'
import type { FieldRecord, ResolvedMembers } from '../metadata/types'
import { defaultModelRules, type ModelRules } from '../runtime/model-rules'
import { isResolvableClass } from '../runtime/protocol'
import { hasOwn } from '../util/objects'
import type { Renderer } from './renderer'

/** One member, ready for the compiler and the interpreter alike. @internal */
export interface PreparedMember {
  readonly record: FieldRecord
  /** Renders the value through a resource class (from the thunk, or inferred). */
  readonly renderer?: Renderer
  /** Does the condition take the resource instance (3rd parameter, or an unknown arity)? */
  readonly conditionWantsResource: boolean
  /** The source names a member of `Object.prototype`: read it only as the model's own property. */
  readonly ownSourceOnly: boolean
}

/**
 * Reads an attribute whose name `Object.prototype` also has (`__proto__`, `constructor`,
 * `toString`, ...): only a value the model holds itself, never the inherited built-in. Only these
 * names take this path, decided once per class, so other reads cost nothing extra.
 * @internal
 */
export function readOwnAttribute(model: object, rules: ModelRules, key: string): unknown {
  if (rules.attribute === defaultModelRules.attribute)
    return hasOwn.call(model, key) ? (model as Record<string, unknown>)[key] : undefined
  const value = rules.attribute(model, key)
  const inherited = value === (Object.prototype as Record<string, unknown>)[key]
  return inherited || value === Object.getPrototypeOf(model) ? undefined : value
}

/**
 * The resource class a member's value is rendered through, if any: the thunk's, else (for the kinds
 * whose rules say `infersResource`) `design:type`'s. `design:type` exists only under legacy
 * decorators with `emitDecoratorMetadata` and reflect-metadata loaded, and names a resource class
 * only when the member's declared type is exactly that class (`author!: UserResource`, or optional
 * `author?: UserResource`): a list, a union or an interface is recorded as `Array`/`Object`, which
 * maps nothing. The types reject all of these without a thunk, so inference is a run-time fallback.
 */
function resourceClassOf(record: FieldRecord, owner: Function): Function | undefined {
  if (record.resource !== undefined) {
    const cls = record.resource()
    if (!isResolvableClass(cls)) throw ResourceError.badResourceThunk(owner, record.key, cls)
    return cls
  }
  const t = record.designType
  return t !== undefined && kindRules(record.kind).infersResource === true && isResolvableClass(t)
    ? t
    : undefined
}

/**
 * Could the member pass an object through as it is, with nothing saying one is meant (no thunk,
 * `raw` or `schema`)? Then its value is guarded (see `unmappedGuard` below).
 */
function guardsUnmapped(record: FieldRecord): boolean {
  if (record.isGetter || record.raw === true || record.schema !== undefined) return false
  const rules = kindRules(record.kind)
  return rules.output === 'key' && (rules.read === 'attribute' || rules.read === 'relation')
}

/**
 * Plans every member of a members. Runs on first use of the class, so thunks resolve to classes defined
 * after it.
 * @internal
 */
export function prepareMembers(
  members: ResolvedMembers,
  rendererFor: (cls: Function) => Renderer,
): PreparedMember[] {
  return members.fields.map((record) => {
    const cls = resourceClassOf(record, members.target)
    const arity = record.condition?.length ?? 0
    return {
      record,
      renderer:
        cls !== undefined
          ? rendererFor(cls)
          : guardsUnmapped(record)
            ? unmappedGuard(members.target, record)
            : undefined,
      // A condition declaring 1 or 2 parameters cannot see the resource: skip making one per item.
      conditionWantsResource: arity !== 1 && arity !== 2,
      ownSourceOnly: hasOwn.call(Object.prototype, record.source),
    }
  })
}

// A model never passes through a member unmapped: a member with no thunk (and no `raw: true` or
// `schema`) whose value turns out to be an object with keys of its own would write every key it
// has, columns the payload never meant to show included. The types reject such a member when its
// declared type says object or resource; this catches what the types could not see (code compiled
// without type checking, an untyped model, `any`, a member typed loosely), in every environment.

/**
 * An object that JSON writes with keys of its own: not a Date, a byte array, a list of scalars, nor
 * a value whose `toJSON()` gives a scalar (a decimal, a date-time or an id class).
 */
function isModelLike(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  if (Array.isArray(value)) return value.some(isModelLike)
  if (value instanceof Date || ArrayBuffer.isView(value) || value instanceof ArrayBuffer)
    return false
  const toJSON = (value as { toJSON?: unknown }).toJSON
  if (typeof toJSON === 'function') return isModelLike(toJSON.call(value))
  return Object.keys(value).length > 0
}

/**
 * A renderer that writes the member's value unchanged, and throws `ResourceError.unmappedModel` when it is
 * model-like. Marked `guard`: the compiler calls it only for object values. @internal
 */
export function unmappedGuard(owner: Function, record: FieldRecord): Renderer {
  const decorator = (record.decorator ?? '@Field').slice(1)
  return {
    guard: true,
    render(value) {
      if (isModelLike(value)) throw ResourceError.unmappedModel(owner, record.key, decorator)
      return value
    },
  }
}
