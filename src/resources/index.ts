export { JsonResource, type JsonResourceClass } from './json-resource'
export { ResourceCollection, type AbsentSource, type CollectionSource } from './resource-collection'
export type { Lazy } from '../metadata/kinds'
export { toResource, toResourceCollection } from './to-resource'
