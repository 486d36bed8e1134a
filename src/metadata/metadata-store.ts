import { ResourceError } from '../errors/resource-errors'
import type { FieldRecord } from './types'

/** The reflect-metadata key under which a class keeps its own decorated members. @internal */
export const FIELDS_KEY = 'api-resources:fields'

interface ReflectMetadataApi {
  getOwnMetadata(key: unknown, target: object, property?: string | symbol): unknown
  defineMetadata(key: unknown, value: unknown, target: object, property?: string | symbol): void
  getMetadata(key: unknown, target: object, property?: string | symbol): unknown
}

/** The reflect-metadata API, or an error saying how to load it. @internal */
export function reflectApi(): ReflectMetadataApi {
  const api = Reflect as unknown as Partial<ReflectMetadataApi>
  if (
    typeof api.getOwnMetadata !== 'function' ||
    typeof api.defineMetadata !== 'function' ||
    typeof api.getMetadata !== 'function'
  ) {
    throw ResourceError.reflectMetadataMissing()
  }
  return api as ReflectMetadataApi
}

/** The records `cls` declared itself (not inherited), in declaration order. @internal */
export function ownRecords(cls: Function): readonly FieldRecord[] {
  // Without reflect-metadata no decorator can have recorded anything (each one throws), and a
  // resource that only overrides toArray() must work without the optional peer dependency.
  const api = Reflect as unknown as Partial<ReflectMetadataApi>
  if (typeof api.getOwnMetadata !== 'function') return []
  const list = api.getOwnMetadata(FIELDS_KEY, cls)
  return Array.isArray(list) ? (list as FieldRecord[]) : []
}

/**
 * Appends a frozen record to `cls`'s own list. Copy-on-write: the stored array is replaced, never
 * pushed onto, so a parent's list (which `getMetadata` would return) is never touched.
 * @internal
 */
export function appendRecord(cls: Function, record: FieldRecord): void {
  const api = reflectApi()
  const next = Object.freeze([...ownRecords(cls), Object.freeze(record)])
  api.defineMetadata(FIELDS_KEY, next, cls)
}

/** The `design:type` emitDecoratorMetadata recorded for a member, if any. @internal */
export function designTypeOf(prototype: object, key: string): Function | undefined {
  const t = reflectApi().getMetadata('design:type', prototype, key)
  return typeof t === 'function' ? t : undefined
}
