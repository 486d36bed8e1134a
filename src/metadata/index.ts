export * from './kinds/decorators'
export type { DecoratorReads } from './kinds'
export type {
  DefaultOption,
  DecoratorSpec,
  FieldOptions,
  IsResourceType,
  MemberDecorator,
  RelationOptions,
  RelationshipLink,
  RelationshipOptions,
  SchemaOptions,
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
