import { ResourceError } from '../errors/base'
import { kindRules } from './kinds'
import { ownLists } from './metadata-store'
import type { FieldRecord, ResolvedMembers } from './types'

const cache = new WeakMap<Function, ResolvedMembers>()

/** The classes from the root of `cls`'s chain down to `cls`. */
function classChain(cls: Function): Function[] {
  const chain: Function[] = []
  for (let c: unknown = cls; typeof c === 'function' && c !== Function.prototype;) {
    chain.unshift(c)
    c = Object.getPrototypeOf(c)
  }
  return chain
}

function describe(record: FieldRecord): string {
  return `${record.declaredBy.name}.${record.key} (${record.decorator ?? record.kind})`
}

/**
 * The records `cls` declared itself, in source order, each naming `cls` as its declarer. Standard
 * decorators are applied getters first, then fields: their order of evaluation is the source order.
 */
function ownRecords(cls: Function): FieldRecord[] {
  const out: FieldRecord[] = []
  for (const list of ownLists(cls)) {
    const records = list.standard
      ? [...list.records].sort((a, b) => a.order - b.order)
      : list.records
    for (const record of records) out.push(Object.freeze({ ...record, declaredBy: cls }))
  }
  return out
}

/**
 * Merges the chain's records: inherited ones first, in declaration order; a member re-declared by a
 * subclass replaces its parent's record at the parent's position. Two records for one member of the
 * same class (stacked decorators) would produce one output key twice: an error naming both.
 */
function mergeChain(cls: Function): FieldRecord[] {
  const merged: FieldRecord[] = []
  const index = new Map<string, number>()
  for (const c of classChain(cls)) {
    const seenHere = new Map<string, FieldRecord>()
    for (const record of ownRecords(c)) {
      const earlier = seenHere.get(record.key)
      if (earlier !== undefined)
        throw ResourceError.duplicateOutputKey(cls, record.key, describe(earlier), describe(record))
      seenHere.set(record.key, record)
      const at = index.get(record.key)
      if (at === undefined) {
        index.set(record.key, merged.length)
        merged.push(record)
      } else merged[at] = record
    }
  }
  return merged
}

/**
 * A class's decorated members after inheritance and validation, in output order. Resolved once per
 * class (on first use, so resource thunks may point at classes defined later) and cached.
 * (Not exported from the package entry; used by the compiler and JSON:API.)
 */
export function resolveMembers(cls: Function): ResolvedMembers {
  let members = cache.get(cls)
  if (members === undefined) {
    const records = mergeChain(cls)
    members = Object.freeze({
      target: cls,
      fields: Object.freeze(records.filter((r) => kindRules(r.kind).output !== 'none')),
      relationships: Object.freeze(records.filter((r) => kindRules(r.kind).output === 'none')),
    })
    cache.set(cls, members)
  }
  return members
}
