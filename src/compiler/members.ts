import { ResourceError } from '../errors/resource-errors'
import { kindRules } from '../metadata/kinds'
import type { FieldRecord, ResolvedMembers } from '../metadata/types'
import { defaultModelRules, type ModelRules } from '../runtime/model-rules'
import { isResolvableClass } from '../runtime/protocol'
import { isProductionEnv } from '../util/env'
import type { Renderer } from './renderer'
import { unmappedWatcher } from './unmapped-warning'
import { hasOwn } from '../util/objects'

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
 * Does the member pass a model value through as it is, with nothing saying an object is meant (no
 * thunk, `raw` or `schema`)? Then, outside production, it is watched (see `unmapped-warning.ts`).
 */
function watchesUnmapped(record: FieldRecord): boolean {
  if (record.isGetter || record.raw === true || record.schema !== undefined) return false
  const rules = kindRules(record.kind)
  if (rules.output !== 'key' || (rules.read !== 'attribute' && rules.read !== 'relation'))
    return false
  return !isProductionEnv()
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
          : watchesUnmapped(record)
            ? unmappedWatcher(members.target, record)
            : undefined,
      // A condition declaring 1 or 2 parameters cannot see the resource: skip making one per item.
      conditionWantsResource: arity !== 1 && arity !== 2,
      ownSourceOnly: hasOwn.call(Object.prototype, record.source),
    }
  })
}
