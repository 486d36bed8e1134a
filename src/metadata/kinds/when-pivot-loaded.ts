// `@WhenPivotLoaded()` and the helper `whenPivotLoaded()`: a many-to-many relation's pivot row.
import { MISSING, type Missing } from '../../runtime/missing'
import { loadedPivot } from '../../runtime/model-registry'
import { memberDecorator, optionalName, schemaOptions } from '../decorator-factory'
import type { MemberDecorator, SchemaOptions, SpecOf } from '../decorator-types'
import { conditionalKind, loadedOr, type HelperHost } from './kind'

/** Options of `@WhenPivotLoaded()`. */
export interface PivotOptions extends SchemaOptions {
  /** The model property holding the pivot row; default `'pivot'`. */
  readonly accessor?: string
}

/**
 * The pivot row of a many-to-many relation (the loaded object under `accessor`, default `pivot`).
 * The output key is the member's name.
 *
 * @example
 * @WhenPivotLoaded({ accessor: 'membership' }) membership?: unknown
 */
export function WhenPivotLoaded(
  options?: PivotOptions,
): MemberDecorator<SpecOf<'WhenPivotLoaded', false, 'pivot', never>> {
  return memberDecorator('WhenPivotLoaded', {
    kind: 'whenPivotLoaded',
    source: optionalName('@WhenPivotLoaded() accessor', options?.accessor) ?? 'pivot',
    ...schemaOptions('WhenPivotLoaded', options),
  })
}

/** The resource helpers of this kind (methods of `JsonResource`). */
const whenPivotLoadedHelpers = {
  /** The pivot object under `accessor` (or `cb` of it), else `MISSING`. */
  whenPivotLoaded<P = Record<string, unknown>, R = P>(
    this: HelperHost,
    cb?: (pivot: P) => R,
    accessor = 'pivot',
  ): R | Missing {
    // the pivot rule never gives `null`
    return loadedOr<P, R, Missing>(loadedPivot(this.resource, accessor), MISSING, cb, undefined) as
      R | Missing
  },
}

/** This kind (its decorator's name, what it reads, its rules, its helpers) and its line in the table. */
export const whenPivotLoaded = conditionalKind(
  'whenPivotLoaded',
  WhenPivotLoaded,
  'WhenPivotLoaded',
  'pivot',
  { read: 'pivot', absentWhen: 'missing', schema: { type: 'object' } },
  whenPivotLoadedHelpers,
)

declare module './kind' {
  interface KindTable {
    whenPivotLoaded: typeof whenPivotLoaded
  }
}
