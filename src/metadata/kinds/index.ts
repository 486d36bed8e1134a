// The one table of member kinds. The compiler's emitter, the interpreter, the schema, the decorator
// types and `JsonResource`'s helper methods all read it. A kind is its module, its import and its
// line here, and its public names' line in `decorators.ts`. The two lists stay apart: the root entry
// re-exports `decorators.ts` whole, so a kind's rules listed there would become public names, and
// deriving this table from the listed decorators would have each decorator's public type carry its
// rules.
import type { KindRules } from './kind'
import { attribute, field } from './field'
import { mergeWhen } from './merge-when'
import { relationship } from './relationship'
import { when } from './when'
import { whenAggregated } from './when-aggregated'
import { whenAppended } from './when-appended'
import { whenCounted } from './when-counted'
import { whenExistsLoaded } from './when-exists-loaded'
import { whenHas } from './when-has'
import { whenLoaded } from './when-loaded'
import { whenNotNull } from './when-not-null'
import { whenPivotLoaded } from './when-pivot-loaded'

/** Every member kind, by the name its records carry. */
export const KINDS = {
  field,
  attribute,
  when,
  whenNotNull,
  whenLoaded,
  whenCounted,
  whenPivotLoaded,
  mergeWhen,
  relationship,
  whenHas,
  whenAggregated,
  whenExistsLoaded,
  whenAppended,
} as const

type Kinds = typeof KINDS

/** The rules of a kind, as the compiler, the interpreter and the schema read them. @internal */
export function kindRules(kind: FieldKind): KindRules {
  return KINDS[kind].rules
}

/** Every kind of decorated member. */
export type FieldKind = keyof Kinds

/** What a decorator reads on the model: the static checks differ per kind. */
export type DecoratorReads = Kinds[FieldKind]['reads']

/** The decorators that may leave their key out of the payload. */
export type ConditionalName = {
  [K in FieldKind]: Kinds[K]['rules'] extends { optional: true } ? Kinds[K]['decorator'] : never
}[FieldKind]

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never

/** The helper methods every kind adds to `JsonResource` (`when`, `whenLoaded`, `mergeWhen`, ...). */
export type KindHelpers = Intersection<Kinds[FieldKind]['helpers']>

/** The helpers of every kind, as one object of methods. @internal */
export const HELPERS: KindHelpers = Object.assign(
  {},
  ...Object.values(KINDS).map((k) => k.helpers),
) as KindHelpers

export type { KindRules } from './kind'
