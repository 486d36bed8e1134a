/**
 * api-resources: Laravel-style API resources, JSON:API documents and paginators for TypeScript.
 *
 * This entry loads neither Express, Handlebars nor any database driver.
 * @module
 */

// values and protocols
export { MISSING, isMissing, isMergeValue, type Missing, type MergeValue } from './runtime/missing'
export {
  TO_RESPONSE,
  isRespondable,
  type Respondable,
  type ResponseSpec,
  type ResponseContentType,
} from './runtime/respondable'

// errors
export * from './errors'

// request context (the seam the Express middleware fills)
export * from './context'

// models: what counts as loaded
export * from './runtime/models'

// resources and decorators (issue: foundation)
export {
  JsonResource,
  ResourceCollection,
  type JsonResourceClass,
  type CollectionSource,
  type Lazy,
} from './resources'
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
  type FieldConditionFn,
  type FieldOptions,
  type MemberDecorator,
  type PivotOptions,
  type RelationOptions,
} from './metadata'
export { shapeSource as resourceShapeSource } from './compiler/compile-shape'

// JSON:API (issue: JSON:API)
export {
  JsonApiResource,
  JsonApiResourceCollection,
  JSONAPI_MEDIA_TYPE,
  DEFAULT_MAX_INCLUDE_DEPTH,
  type RelationshipThunk,
  type ResourceIdentifier,
  type ResourceObject,
  type RelationshipObject,
} from './jsonapi'

// pagination (issue: paginators)
export {
  AbstractPaginator,
  LengthAwarePaginator,
  Paginator,
  isPaginator,
  resolvePage,
  resolvePath,
  DEFAULT_ON_EACH_SIDE,
  type QueryValue,
  type PageLink,
  type PaginationResourceLinks,
  type PaginationMeta,
  type SimplePaginationMeta,
  type LengthAwarePaginationMeta,
  type SimplePageJson,
  type LengthAwarePageJson,
  type ViewPage,
  type ViewBand,
  type SimpleViewData,
  type LengthAwareViewData,
  type LengthAwarePaginatorOptions,
  type PaginatorOptions,
} from './pagination'
