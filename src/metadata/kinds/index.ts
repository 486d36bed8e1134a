// The one table of member kinds, as the compiler's emitter, the interpreter, the schema, the
// decorator types and `JsonResource`'s helper methods read it. Each kind's module enters itself: its
// decorator carries the kind (`kind()`) and its `KindTable` line gives the kind's type. The table
// finds the kinds on the decorators `decorators.ts` lists (the kinds' public names), so a kind is
// its module and its line there. (Found through the list's values, not loaded for a side effect: a
// bundler keeps what is read.)
import * as publicNames from './decorators'
import { carriedKind, type KindModule, type KindRules, type KindTable } from './kind'

function tableOf(values: readonly unknown[]): KindTable {
  const table: Record<string, KindModule> = {}
  for (const value of values) {
    const carried = carriedKind(value)
    if (carried !== undefined) table[carried.name] = carried.kind
  }
  return table as unknown as KindTable
}

/** Every member kind, by the name its records carry. */
export const KINDS: KindTable = tableOf(Object.values(publicNames))

/** The rules of a kind, as the compiler, the interpreter and the schema read them. @internal */
export function kindRules(kind: FieldKind): KindRules {
  return KINDS[kind].rules
}

/** Every kind of decorated member. */
export type FieldKind = keyof KindTable

/** What a decorator reads on the model: the static checks differ per kind. */
export type DecoratorReads = KindTable[FieldKind]['reads']

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never

/** The helper methods every kind adds to `JsonResource` (`when`, `whenLoaded`, `mergeWhen`, ...). */
export type KindHelpers = Intersection<KindTable[FieldKind]['helpers']>

/** The helpers of every kind, as one object of methods. @internal */
export const HELPERS: KindHelpers = Object.assign(
  {},
  ...Object.values(KINDS).map((k) => k.helpers),
) as KindHelpers

export type { KindRules } from './kind'
