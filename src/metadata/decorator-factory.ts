import { ArgumentError } from '../errors/base'
import { ResourceError } from '../errors/resource-errors'
import { appendRecord, designTypeOf, reflectApi } from './metadata-store'
import type { FieldKind, FieldRecord, ResourceThunk } from './types'

/**
 * What every api-resources decorator is: a legacy (`experimentalDecorators`) decorator for an
 * instance field or getter.
 */
export type MemberDecorator = (
  target: object,
  key: string | symbol,
  descriptor?: PropertyDescriptor,
) => void

/** The part of a record a decorator chooses; the factory fills in the rest. @internal */
export interface RecordSpec {
  readonly kind: FieldKind
  /** Where to read on the model; defaults to the member name. */
  readonly source?: string
  readonly condition?: FieldRecord['condition']
  readonly resource?: ResourceThunk
}

function describeTarget(target: unknown, key: unknown): string {
  if (typeof key === 'object' && key !== null)
    return 'a TC39 decorator context (enable "experimentalDecorators" in tsconfig.json)'
  if (typeof target === 'function') return `the static member ${String(key)}`
  return `the member ${String(key)}`
}

/**
 * Builds a decorator that appends one frozen record to the decorated class's own metadata.
 * @internal
 */
export function memberDecorator(decorator: string, spec: RecordSpec): MemberDecorator {
  return function recordMember(target, key, descriptor) {
    reflectApi() // fail at class definition, with the fix, when reflect-metadata is missing
    if (typeof target !== 'object' || target === null || typeof key !== 'string')
      throw ResourceError.badDecoratorTarget(decorator, describeTarget(target, key))
    if (descriptor !== undefined && descriptor.get === undefined)
      throw ResourceError.badDecoratorTarget(decorator, `the method or setter-only member ${key}`)
    const cls = (target as { constructor: Function }).constructor
    appendRecord(cls, {
      kind: spec.kind,
      key,
      source: spec.source ?? key,
      isGetter: descriptor?.get !== undefined,
      getter: descriptor?.get,
      condition: spec.condition,
      resource: spec.resource,
      designType: designTypeOf(target, key),
      declaredBy: cls,
      decorator: `@${decorator}`,
    })
  }
}

/** Checks an optional string option (`from`, `relation`, `accessor`). @internal */
export function optionalName(argument: string, value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value === '')
    throw ArgumentError.decoratorOption(argument, 'a non-empty string', value)
  return value
}

/** Checks a resource thunk argument. @internal */
export function optionalThunk(argument: string, value: unknown): ResourceThunk | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'function')
    throw ArgumentError.decoratorOption(argument, 'a function returning a resource class', value)
  return value as ResourceThunk
}

/** Checks a condition argument. @internal */
export function requiredCondition(argument: string, value: unknown): FieldRecord['condition'] {
  if (typeof value !== 'function')
    throw ArgumentError.decoratorOption(argument, 'a function', value)
  return value as FieldRecord['condition']
}
