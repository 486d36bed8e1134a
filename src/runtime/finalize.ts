import { hasOwn, isPlainObject, setKey } from '../util/objects'
import { MISSING, isMergeValue } from './missing'
import { RESOLVE, isResolvable } from './protocol'

/**
 * Finishes a value returned by `toArray()` or a getter: `MISSING` is removed from plain objects and
 * arrays at any depth (an array entry is removed), `mergeWhen()` values are spread in place, and
 * nested resources and collections are rendered without their wrap key. Class instances (a `Date`, a
 * model) are left alone. Copy-on-write: an unchanged value is returned as is, and input objects are
 * never mutated (a `toArray()` may return the model itself).
 * @internal
 */
export function finalizeValue(value: unknown, request: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  if (isResolvable(value)) return value[RESOLVE](request)
  if (Array.isArray(value)) return finalizeArray(value, request)
  return isPlainObject(value) ? finalizeObject(value, request) : value
}

function finalizeArray(list: readonly unknown[], request: unknown): unknown {
  let out: unknown[] | undefined
  for (let i = 0; i < list.length; i++) {
    const v = list[i]
    if (isMergeValue(v)) {
      const data = finalizeValue(v, request)
      if (isPlainObject(data) && Object.keys(data).length > 0) return keyedList(list, request)
      out ??= list.slice(0, i)
      if (Array.isArray(data)) for (const item of data) out.push(item)
      continue
    }
    const f = v === MISSING ? v : finalizeValue(v, request)
    if (out === undefined) {
      if (f === v && v !== MISSING) continue
      out = list.slice(0, i)
    }
    if (f !== MISSING) out.push(f)
  }
  return out ?? (list as unknown[])
}

/**
 * A list holding a merge value with keys (`[mergeWhen(cond, { a: 1 }), 'b']`) becomes an object, as
 * Laravel's arrays do: the items under their indices, the merged keys in place; a list again when
 * only indices remain.
 */
function keyedList(list: readonly unknown[], request: unknown): unknown {
  const keyed: Record<string, unknown> = {}
  for (let i = 0; i < list.length; i++) {
    // a merge value is spread wherever it stands, so its key only has to be unique
    setKey(keyed, isMergeValue(list[i]) ? `\u0000merge:${i}` : String(i), list[i])
  }
  const out = finalizeObject(keyed, request)
  const keys = Object.keys(out)
  return keys.every((key) => /^(0|[1-9]\d*)$/.test(key)) ? keys.map((key) => out[key]) : out
}

function finalizeObject(obj: Record<string, unknown>, request: unknown): Record<string, unknown> {
  let out: Record<string, unknown> | undefined
  const keys = Object.keys(obj)
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]
    const v = obj[k]
    if (isMergeValue(v)) {
      out ??= copyKeys(obj, keys, i)
      mergeInto(out, v, request)
      continue
    }
    const f = v === MISSING ? v : finalizeValue(v, request)
    if (out === undefined) {
      if (f === v && v !== MISSING) continue
      out = copyKeys(obj, keys, i)
    }
    if (f !== MISSING) setKey(out, k, f)
  }
  return out ?? obj
}

function copyKeys(
  obj: Record<string, unknown>,
  keys: string[],
  end: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (let i = 0; i < end; i++) setKey(out, keys[i], obj[keys[i]])
  return out
}

/**
 * Spreads the keys of `value` (finalized) into `out`; anything but a plain object adds nothing.
 * @internal
 */
export function mergeInto(out: Record<string, unknown>, value: unknown, request: unknown): void {
  const data = finalizeValue(value, request)
  if (!isPlainObject(data)) return
  for (const k of Object.keys(data)) if (hasOwn.call(data, k)) setKey(out, k, data[k])
}
