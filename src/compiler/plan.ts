import { ResourceError } from '../errors/resource-errors'
import type { FieldKind, FieldRecord, ResolvedShape } from '../metadata/types'
import { isResolvableClass } from '../runtime/protocol'
import type { Renderer } from './renderer'

/** Kinds whose `design:type` may name the resource class to render through. */
const INFERS_RESOURCE: ReadonlySet<FieldKind> = new Set(['field', 'attribute', 'whenLoaded'])

/** One member, ready for the compiler and the interpreter alike. @internal */
export interface PlannedField {
  readonly record: FieldRecord
  /** Renders the value through a resource class (from the thunk, or inferred). */
  readonly renderer?: Renderer
  /** Does the condition take the resource instance (3rd parameter, or an unknown arity)? */
  readonly conditionWantsResource: boolean
}

/** The resource class a member's value is rendered through, if any. @internal */
export function resourceClassOf(record: FieldRecord, owner: Function): Function | undefined {
  if (record.resource !== undefined) {
    const cls = record.resource()
    if (!isResolvableClass(cls)) throw ResourceError.badResourceThunk(owner, record.key, cls)
    return cls
  }
  const t = record.designType
  return t !== undefined && INFERS_RESOURCE.has(record.kind) && isResolvableClass(t) ? t : undefined
}

/**
 * Plans every member of a shape. Runs on first use of the class, so thunks resolve to classes defined
 * after it.
 * @internal
 */
export function planShape(
  shape: ResolvedShape,
  rendererFor: (cls: Function) => Renderer,
): PlannedField[] {
  return shape.fields.map((record) => {
    const cls = resourceClassOf(record, shape.target)
    const arity = record.condition?.length ?? 0
    return {
      record,
      renderer: cls === undefined ? undefined : rendererFor(cls),
      // A condition declaring 1 or 2 parameters cannot see the resource: skip making one per item.
      conditionWantsResource: arity !== 1 && arity !== 2,
    }
  })
}
