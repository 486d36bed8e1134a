import type { FieldRecord } from './types'
import { hasOwn } from '../util/objects'

// Where decorated members are recorded. Always on the class itself, never in a global registry:
// - legacy decorators (`experimentalDecorators`) see the prototype, so the list is an own,
//   non-enumerable property of the class;
// - standard decorators see no class while fields are decorated, only `context.metadata`, the object
//   the class later exposes as `Class[Symbol.metadata]` (it inherits from the parent's metadata
//   object), so the list is an own property of that object.
// Both lists are frozen and replaced on every append (copy-on-write), so a parent's list is never
// touched by a subclass.

/** The own-property key of a class's (or a metadata object's) list of records. @internal */
export const FIELDS: unique symbol = Symbol.for('api-resources.fields')

/** `Symbol.metadata`, defined where the runtime lacks it (Node 20), as TypeScript's emit expects. */
const symbolWithMetadata = Symbol as { metadata?: symbol }
symbolWithMetadata.metadata ??= Symbol.for('Symbol.metadata')
/** @internal */
export const METADATA: symbol = symbolWithMetadata.metadata

/** A record as a decorator writes it; the resolver adds the class that declared it. @internal */
export type RecordDraft = Omit<FieldRecord, 'declaredBy'>

/** One own list, tagged with the decorator mode that wrote it. */
interface OwnList {
  readonly records: readonly RecordDraft[]
  /** Standard decorators apply getters before fields: the resolver restores source order. */
  readonly standard: boolean
}

function ownList(holder: object): readonly RecordDraft[] {
  const list = hasOwn.call(holder, FIELDS) ? (holder as { [FIELDS]?: unknown })[FIELDS] : undefined
  return Array.isArray(list) ? (list as RecordDraft[]) : []
}

/**
 * Appends a record to `holder`'s own list: the class, for a legacy decorator; its
 * `context.metadata`, for a standard decorator. @internal
 */
export function appendRecord(holder: object, record: RecordDraft): void {
  const next = Object.freeze([...ownList(holder), Object.freeze(record)])
  Object.defineProperty(holder, FIELDS, { value: next, configurable: true, writable: true })
}

/** The lists `cls` declared itself (not inherited): the legacy one, then the standard one. @internal */
export function ownLists(cls: Function): OwnList[] {
  const lists: OwnList[] = [{ records: ownList(cls), standard: false }]
  for (const metadata of ownMetadataObjects(cls))
    lists.push({ records: ownList(metadata), standard: true })
  return lists.filter((l) => l.records.length > 0)
}

/**
 * The class's own metadata objects: under `Symbol.metadata` as it is now and as it was when this
 * module loaded, and under the registered `Symbol.for('Symbol.metadata')` that compilers fall back
 * on (a polyfill loaded later may have replaced one of them).
 */
function ownMetadataObjects(cls: Function): Set<object> {
  const keys = new Set([METADATA, symbolWithMetadata.metadata, Symbol.for('Symbol.metadata')])
  const found = new Set<object>()
  for (const key of keys) {
    if (key === undefined || !hasOwn.call(cls, key)) continue
    const metadata = (cls as unknown as Record<symbol, unknown>)[key]
    if (typeof metadata === 'object' && metadata !== null) found.add(metadata)
  }
  return found
}

interface ReflectGetMetadata {
  getMetadata?: (key: unknown, target: object, property?: string | symbol) => unknown
}

/**
 * The `design:type` that `emitDecoratorMetadata` recorded for a member, when reflect-metadata is
 * loaded (it is needed for nothing else). @internal
 */
export function designTypeOf(prototype: object, key: string): Function | undefined {
  const getMetadata = (Reflect as ReflectGetMetadata).getMetadata
  if (typeof getMetadata !== 'function') return undefined
  const t = getMetadata('design:type', prototype, key)
  return typeof t === 'function' ? t : undefined
}
