export { JsonResource, type JsonResourceClass } from './json-resource'
export { ResourceCollection, type CollectionSource } from './resource-collection'
export type { Lazy } from './conditionals'
