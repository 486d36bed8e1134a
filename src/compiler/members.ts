import { ResourceError } from '../errors/base'
import { kindRules } from '../metadata/kinds/index'
import type { FieldRecord, ResolvedMembers } from '../metadata/types'
import { defaultModelRules, type ModelRules } from '../runtime/model-rules'
import { isResolvableClass } from '../runtime/protocol'
import { isProductionEnv, hasOwn } from '../util/objects'
import type { Renderer } from './renderer'
import { guideUrl } from '../errors/catalogue'

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
 * thunk, `raw` or `schema`)? Then, outside production, it is watched (see `unmappedWatcher` below).
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

// The development warning for a model that passes through a member unmapped: a member with no
// thunk (and no `raw: true` or `schema`) whose value turns out to be an object with keys of its
// own writes every key it has, columns the payload never meant to show included. The types reject
// such a member when its declared type says object; this catches what the types could not see (an
// untyped model, `any`, a member typed loosely). Never used in production.

/** The `code` of the process warning. */
const UNMAPPED_MODEL_WARNING = 'API_RESOURCES_UNMAPPED_MODEL'

/** An object written as it is with keys of its own: not a Date, a byte array, nor a list of scalars. */
function isModelLike(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  if (Array.isArray(value)) return value.some(isModelLike)
  if (value instanceof Date || ArrayBuffer.isView(value) || value instanceof ArrayBuffer)
    return false
  return Object.keys(value).length > 0
}

/** The text of the warning for member `key` of class `owner`. */
function unmappedText(owner: Function, record: FieldRecord): string {
  const d = (record.decorator ?? '@Field').slice(1)
  return (
    `api-resources: ${owner.name}.${record.key} (@${d}) passed an object through as ` +
    `it is, with every key it has (a model would leak its columns). Map it through a resource ` +
    `with a thunk, as in @${d}(() => PostResource), or say it is meant with @${d}({ raw: true }) ` +
    `or a { schema }. Shown once per member, never in production. See ${guideUrl('decorators#thunks')}`
  )
}

/**
 * A renderer that writes the value unchanged, and warns once (for this member) when it is
 * model-like. @internal
 */
export function unmappedWatcher(owner: Function, record: FieldRecord): Renderer {
  let warned = false
  return {
    render(value) {
      if (!warned && isModelLike(value)) {
        warned = true
        if (typeof process !== 'undefined' && typeof process.emitWarning === 'function')
          process.emitWarning(unmappedText(owner, record), {
            type: 'ApiResourcesWarning',
            code: UNMAPPED_MODEL_WARNING,
          })
      }
      return value
    },
  }
}
