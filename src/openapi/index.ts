/**
 * `api-resources/openapi`: JSON Schema (2020-12) of the bodies the library makes, and a small
 * OpenAPI 3.1 document builder over them.
 * @module
 */
export {
  openApiDocument,
  type OpenApiDocument,
  type OpenApiOptions,
  type OpenApiRoute,
  type ResourceClass,
  type RouteBody,
  type RouteError,
  type RouteParameter,
} from './document'
export { queryParameters, type RouteQuery } from './document'
export {
  bodySchema,
  componentName,
  sharedSchema,
  type BodyKind,
  type SchemaObject,
  type SharedComponent,
} from '../schema/resource-schemas'
export type { JsonSchema } from '../metadata/types'
export type { BigintEncoding } from '../context/request-context'
