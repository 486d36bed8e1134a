/**
 * api-resources: Laravel-style API resources, JSON:API documents and paginators for TypeScript.
 *
 * This entry loads neither Express, Handlebars nor any database driver. Every export is listed by
 * name: what is not here (compiler internals, metadata records, helpers) is not public.
 * @module
 */

// values the output may hold, and the protocol the HTTP integrations speak
export { MISSING, isMissing, isMergeValue, type Missing, type MergeValue } from './runtime/missing'
export {
  TO_RESPONSE,
  JSONAPI_MEDIA_TYPE,
  isRespondable,
  type Respondable,
  type ResponseSpec,
  type ResponseContentType,
} from './runtime/respondable'

// errors: one catalogue, every code listed in ERROR_CODES
export { ApiResourcesError, ArgumentError, ERROR_BRAND, isApiResourcesError } from './errors/base'
export { ERROR_CODES, type ErrorCode, type ErrorCodes } from './errors/catalogue'
export { ResourceError } from './errors/resource-errors'
export {
  UnsupportedQueryError,
  PaginationError,
  InvalidCursorError,
  PAGINATION_ERROR_CODES,
} from './errors/pagination-errors'
export {
  ValidationError,
  NotFoundError,
  type ValidationMessages,
  type ZodErrorLike,
  type ExpressValidatorResultLike,
} from './errors/http-errors'
export { PaginationTemplateError, HANDLEBARS_ERROR_CODES } from './errors/handlebars-errors'
export { JsonApiError, JSONAPI_ERROR_CODES } from './errors/jsonapi-errors'

// the request context: what integrations for other frameworks open per request
export {
  createRequestContext,
  runWithRequestContext,
  tryGetRequestContext,
  type RequestContext,
} from './context/request-context'
export type { QueryPair } from './context/parse-query'

// models: what counts as loaded (ORM adapters register rules per model class)
export { defaultModelRules, isLoadedValue, type ModelRules } from './runtime/model-rules'
export {
  loadedCount,
  loadedPivot,
  loadedRelation,
  modelAttribute,
  registerModelRules,
} from './runtime/model-registry'

// resources and decorators
export { AbstractResource } from './resources/abstract-resource'
export { JsonResource, type JsonResourceClass } from './resources/json-resource'
export {
  ResourceCollection,
  type CollectionSource,
  type PaginationInformation,
} from './resources/resource-collection'
export type { Lazy, ValueOf } from './resources/conditionals'
export type {
  BodyOf,
  CollectionBody,
  CollectionShape,
  CollectionSourceOf,
  CursorPaginatedBody,
  KeyedCollectionBody,
  ModelOfResource,
  Nested,
  NestedList,
  OtherPaginatedBody,
  PaginatedBody,
  PayloadOf,
  Related,
  RelatedList,
  ResourceBody,
  ResponseBody,
  ShapeOf,
  SimplePaginatedBody,
} from './resources/payload'
export type { Merged } from './runtime/payload'
export {
  Attribute,
  Field,
  MergeWhen,
  Relationship,
  When,
  WhenCounted,
  WhenLoaded,
  WhenNotNull,
  WhenPivotLoaded,
  WhenHas,
  WhenAggregated,
  WhenExistsLoaded,
  type AggregateFunction,
  type FieldConditionFn,
  type FieldOptions,
  type EnumValues,
  type JsonSchema,
  type MemberType,
  type ScalarType,
  type SchemaOptions,
  type MemberDecorator,
  type PivotOptions,
  type RelationOptions,
  type RelationshipLink,
  type RelationshipOptions,
} from './metadata'
export { toArraySource as resourceShapeSource } from './compiler/compile'

// JSON:API
export { JsonApiResource, type RelationshipThunk } from './jsonapi/jsonapi-resource'
export { JsonApiResourceCollection } from './jsonapi/jsonapi-collection'
export { DEFAULT_MAX_INCLUDE_DEPTH } from './jsonapi/include-tree'
export type {
  ResourceIdentifier,
  ResourceObject,
  RelationshipObject,
  JsonApiLink,
  JsonApiLinks,
  JsonApiMeta,
} from './jsonapi/types'
export type { LinkTemplate, RelationshipLinkTemplates } from './jsonapi/links'
export type { JsonApiObjectOptions } from './jsonapi/jsonapi-object'
export type {
  AttributesOf,
  IncludedOf,
  JsonApiCollectionDocument,
  JsonApiDocument,
  JsonApiObject,
  JsonApiResourceObject,
  RelationshipObjectOf,
} from './jsonapi/document-types'

// pagination
export { AbstractPaginator, isPaginator } from './pagination/abstract-paginator'
export { LengthAwarePaginator, DEFAULT_ON_EACH_SIDE } from './pagination/length-aware-paginator'
export { Paginator } from './pagination/paginator'
export { BasePaginator } from './pagination/base-paginator'
export { Cursor, type CursorValue, type CursorSecret } from './pagination/cursor'
export { CursorPaginator } from './pagination/cursor-paginator'
export { resolvePage, resolvePath } from './pagination/resolve'
export type { QueryValue } from './pagination/page-url'
export type {
  PageLink,
  PaginatorUrlOptions,
  PaginationResourceLinks,
  PaginationMeta,
  SimplePaginationMeta,
  LengthAwarePaginationMeta,
  SimplePageJson,
  LengthAwarePageJson,
  ViewPage,
  ViewBand,
  SimpleViewData,
  LengthAwareViewData,
  LengthAwarePaginatorOptions,
  PaginatorOptions,
  PageViewData,
  CursorPaginationLinks,
  CursorPaginationMeta,
  CursorPageJson,
  CursorPaginatorOptions,
} from './pagination/types'

// writing an adapter for another query builder or ORM: supply a PageQuery, get a paginator
export {
  paginatePageQuery,
  simplePaginatePageQuery,
  countFrom,
  type PageQuery,
  type PaginateOptions,
  type SimplePaginateOptions,
  type TotalStrategy,
} from './pagination/page-query'
export {
  cursorPaginateQuery,
  type CursorQuery,
  type CursorColumn,
  type KeysetCondition,
  type CursorPaginateOptions,
  nullsFirstByDefault,
} from './pagination/cursor-query'
