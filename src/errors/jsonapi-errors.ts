import { ApiResourcesError, fromCatalogue } from './base'
import { CATALOGUE } from './catalogue'

/** Stable codes of the JSON:API errors. */
export const JSONAPI_ERROR_CODES = {
  resourceType: CATALOGUE.missingType.code,
  resourceId: CATALOGUE.missingId.code,
  relationship: CATALOGUE.badRelationship.code,
  collects: CATALOGUE.notJsonApiCollection.code,
  reservedMember: CATALOGUE.reservedMember.code,
  topLevelMember: CATALOGUE.topLevelMember.code,
  maxIncludeDepth: CATALOGUE.maxIncludeDepth.code,
  link: CATALOGUE.badLink.code,
  jsonApiObject: CATALOGUE.badJsonApiObject.code,
} as const

/**
 * A JSON:API resource class or model that cannot be rendered as a resource object.
 *
 * @example
 * throw JsonApiError.missingType('PostResource', undefined)
 */
export class JsonApiError extends ApiResourcesError {
  /** `static resourceType` is missing or not a non-empty string. */
  static missingType(className: string, got: unknown): JsonApiError {
    return fromCatalogue(JsonApiError, 'missingType', [className, got])
  }

  /** The model has no usable id (`null`, `undefined`, an object...). */
  static missingId(className: string, idKey: string, got: unknown): JsonApiError {
    return fromCatalogue(JsonApiError, 'missingId', [className, idKey, got])
  }

  /** A relationship thunk that does not give a JSON:API resource class. */
  static badRelationship(className: string, name: string, got: unknown): JsonApiError {
    return fromCatalogue(JsonApiError, 'badRelationship', [className, name, got])
  }

  /** A relationship named `id` or `type`. */
  static reservedMember(where: string, key: string): JsonApiError {
    return fromCatalogue(JsonApiError, 'reservedMember', [where, key])
  }

  /** A JSON:API collection whose items class is not a JSON:API resource. */
  static notJsonApiCollection(className: string, got: unknown): JsonApiError {
    return fromCatalogue(JsonApiError, 'notJsonApiCollection', [className, got])
  }

  /** A relationship link or meta declaration that is not a URL template or a function. */
  static badLink(where: string, got: unknown): JsonApiError {
    return fromCatalogue(JsonApiError, 'badLink', [where, got])
  }

  /** A `jsonapi` member option that JSON:API does not allow. */
  static badJsonApiObject(option: string, got: unknown): JsonApiError {
    return fromCatalogue(JsonApiError, 'badJsonApiObject', [option, got])
  }

  /** `additional()` with a top-level member JSON:API does not allow. */
  static topLevelMember(where: string, key: string): JsonApiError {
    return fromCatalogue(JsonApiError, 'topLevelMember', [where, key])
  }
}
