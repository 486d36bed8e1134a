/**
 * api-resources: Laravel-style API resources, JSON:API documents and paginators for TypeScript.
 *
 * This entry loads neither Express, Handlebars nor any database driver. Every export is listed by
 * name (the member kinds' decorators in their one list, `metadata/kinds/decorators.ts`): what is
 * not listed (compiler internals, metadata records, helpers) is not public.
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

// errors: one catalogue, every code listed in ERROR_CODES (the per-family tables, the brand and the
// catalogue's types are in api-resources/errors)
export { ApiResourcesError, ArgumentError, isApiResourcesError } from './errors/base'
export { ERROR_CODES, type ErrorCode } from './errors/catalogue'
export { ResourceError } from './errors/base'
export { UnsupportedQueryError, PaginationError, InvalidCursorError } from './errors/base'
export {
  ValidationError,
  NotFoundError,
  type ValidationMessages,
  type ZodErrorLike,
  type ExpressValidatorResultLike,
} from './errors/base'
export { PaginationTemplateError } from './errors/base'
export { JsonApiError, NotAcceptableError } from './errors/base'
export { QueryParameterError, type QueryParameterMessages } from './errors/base'

// the request context: what integrations for other frameworks open per request
export {
  createRequestContext,
  runWithRequestContext,
  tryGetRequestContext,
  type BigintEncoding,
  type RequestContext,
  type RequestContextOptions,
} from './context/request-context'
export type { QueryPair } from './context/parse-query'

// models: what counts as loaded, per model class (the readers are in api-resources/adapter)
export { defaultModelRules, type ModelRules } from './runtime/model-rules'
export { registerModelRules } from './runtime/model-registry'

// resources and decorators
export { AbstractResource } from './resources/abstract-resource'
export { JsonResource, type JsonResourceClass } from './resources/json-resource'
export {
  ResourceCollection,
  type AbsentSource,
  type CollectionSource,
  type PaginationInformation,
  type PaginationSectionsOf,
} from './resources/resource-collection'
export { toResource, toResourceCollection } from './resources/resource-collection'
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
export type { AbsentKind, JsonEncoding, MaybeAbsent, Merged } from './runtime/payload'
// the decorators of the member kinds and their options' types (the kinds' one list of public names)
export * from './metadata/kinds/decorators'
export type {
  FieldOptions,
  DefaultOption,
  SchemaOptions,
  MemberDecorator,
  RelationOptions,
  RelationshipLink,
  RelationshipOptions,
} from './metadata/decorator-types'
export type { EnumValues, JsonSchema, MemberType, ScalarType } from './metadata/types'
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
export type { JsonApiObjectOptions } from './jsonapi/jsonapi-resource'
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
export { AbstractPaginator } from './pagination/abstract-paginator'
export { LengthAwarePaginator, DEFAULT_ON_EACH_SIDE } from './pagination/length-aware-paginator'
export { Paginator } from './pagination/paginator'
export { BasePaginator, isPaginator } from './pagination/base-paginator'
export { Cursor, type CursorValue, type CursorSecret } from './pagination/cursor'
export { CursorPaginator } from './pagination/cursor-paginator'
export { resolvePage, resolvePath } from './pagination/resolve'
export type { QueryValue } from './pagination/page-url'
export type {
  PageLink,
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

// the options of the adapters' paginate() and cursorPaginate() (writing an adapter: api-resources/adapter)
export type { PaginateOptions, SimplePaginateOptions, TotalStrategy } from './pagination/page-query'
export type { CursorPaginateOptions } from './pagination/cursor-query'

// the request half: what a client may ask of a resource (include, sort, filter, per_page)
export {
  defineQuery,
  FILTER_OPERATORS,
  FILTER_TYPES,
  type QueryDeclaration,
  type QueryNarrowing,
  type QueryCondition,
  type ColumnFilter,
  type ComputedFilter,
  type FilterOperator,
  type FilterType,
  type FilterValue,
  type PerPageDeclaration,
  type SortableEntry,
} from './query/declaration'
export { queryPlan, type QueryPlan, type QueryPlanOptions } from './query/plan'
export { isQueryPlan } from './query/apply'
export type { SortEntry } from './query/resolve'
export {
  defineRelations,
  belongsTo,
  hasMany,
  belongsToMany,
  type RelationDefinition,
  type RelationMap,
} from './query/relations'
