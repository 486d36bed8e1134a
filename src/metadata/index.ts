export { Attribute, Field, type FieldOptions, type SchemaOptions } from './field.decorator'
export { MergeWhen, When, WhenNotNull, type FieldConditionFn } from './conditional.decorators'
export {
  Relationship,
  WhenCounted,
  WhenLoaded,
  WhenPivotLoaded,
  type PivotOptions,
  type RelationOptions,
  type RelationshipLink,
  type RelationshipOptions,
} from './relation.decorators'
export {
  WhenAggregated,
  WhenExistsLoaded,
  WhenHas,
  type AggregateFunction,
} from './laravel.decorators'
export type {
  DefaultOption,
  DecoratorReads,
  DecoratorSpec,
  IsResourceType,
  MemberDecorator,
  SpecOf,
} from './decorator-types'
export { resolveMembers } from './resolve'
export type {
  EnumValues,
  FieldKind,
  FieldRecord,
  JsonSchema,
  MemberType,
  ResolvedMembers,
  ResourceThunk,
  ScalarType,
} from './types'
