import { ResourceError } from '../errors/resource-errors'
import { finalizeValue, isPlainObject, setKey } from '../runtime/finalize'

const hasOwn = Object.prototype.hasOwnProperty

/** Adds `additional` keys to `target`; a key it already has is an error naming the class. */
function addKeys(
  cls: Function,
  target: Record<string, unknown>,
  additional: Readonly<Record<string, unknown>>,
  request: unknown,
): Record<string, unknown> {
  for (const key of Object.keys(additional)) {
    if (hasOwn.call(target, key)) throw ResourceError.additionalKeyCollision(cls, key)
    const value = finalizeValue(additional[key], request)
    setKey(target, key, value)
  }
  return target
}

/**
 * A single resource's payload (spec 2.1): `data` (already finalized; `null` for a resource over
 * nothing) under the wrap key, never double-wrapped, plus the `additional()` keys.
 * @internal
 */
export function assemblePayload(
  cls: Function,
  data: unknown,
  wrap: string | null,
  additional: Readonly<Record<string, unknown>> | undefined,
  request: unknown,
): unknown {
  const extra =
    additional !== undefined && Object.keys(additional).length > 0 ? additional : undefined
  if (wrap === null) {
    if (data === null)
      return extra === undefined ? null : addKeys(cls, { data: null }, extra, request)
    if (!isPlainObject(data)) throw ResourceError.unwrappedNonObject(cls, data)
    return extra === undefined ? data : addKeys(cls, copy(data), extra, request)
  }
  if (extra !== undefined && hasOwn.call(extra, wrap))
    throw ResourceError.wrapKeyCollision(cls, wrap)
  // Already has the wrap key at its top level: not wrapped again (spec 2.1 rule 3).
  const body = isPlainObject(data) && hasOwn.call(data, wrap) ? copy(data) : { [wrap]: data }
  return extra === undefined ? body : addKeys(cls, body, extra, request)
}

function copy(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(data)) setKey(out, key, data[key])
  return out
}

/**
 * The `additional()` keys so far with `mapping` merged in; a key equal to the wrap key `wrap` is an
 * error naming `owner` (spec 2.1 rule 4). @internal
 */
export function mergeAdditional(
  owner: Function,
  wrap: string | null,
  current: Readonly<Record<string, unknown>> | undefined,
  mapping: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  if (wrap !== null && Object.prototype.hasOwnProperty.call(mapping, wrap))
    throw ResourceError.wrapKeyCollision(owner, wrap)
  return { ...current, ...mapping }
}
