export { JsonApiResource, type RelationshipThunk } from './jsonapi-resource'
export { JsonApiResourceCollection } from './jsonapi-collection'
export { DEFAULT_MAX_INCLUDE_DEPTH } from './include-tree'
export type { ResourceIdentifier, ResourceObject, RelationshipObject } from './types'
