// The request half: what a client may ask of a resource, checked into a plan.
export {
  defineQuery,
  FILTER_OPERATORS,
  FILTER_TYPES,
  type ColumnFilter,
  type ColumnOf,
  type ComputedFilter,
  type FilterDeclaration,
  type FilterOperator,
  type FilterType,
  type FilterValue,
  type FiltersOf,
  type PerPageDeclaration,
  type QueryCondition,
  type QueryDeclaration,
  type QueryNarrowing,
  type SortableEntry,
} from './declaration'
export { queryPlan, type QueryPlan, type QueryPlanOptions } from './plan'
export {
  resolveQuery,
  type ResolvedCount,
  type ResolvedFilter,
  type ResolvedInclude,
  type ResolvedQuery,
  type SortEntry,
} from './resolve'
export {
  belongsTo,
  belongsToMany,
  defineRelations,
  hasMany,
  type RelationDefinition,
  type RelationMap,
} from './relations'
export { isQueryPlan, likePattern } from './apply'
