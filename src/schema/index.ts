export {
  bodySchema,
  classSchemas,
  componentName,
  sharedSchema,
  ComponentSet,
  DEFS_PREFIX,
  SHARED_COMPONENTS,
  type BodyKind,
  type ClassSchemas,
  type SchemaObject,
  type SharedComponent,
} from './resource-schemas'
export { checkResponseBody } from './check'
