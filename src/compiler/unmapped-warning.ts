// The development warning for a model that passes through a member unmapped: a member with no
// thunk (and no `raw: true` or `schema`) whose value turns out to be an object with keys of its
// own writes every key it has, columns the payload never meant to show included. The types reject
// such a member when its declared type says object; this catches what the types could not see (an
// untyped model, `any`, a member typed loosely). Never used in production.
import { guideUrl } from '../errors/guide'
import type { FieldRecord } from '../metadata/types'
import type { Renderer } from './renderer'

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
