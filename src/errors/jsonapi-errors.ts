import { ApiResourcesError, namedConstructor } from './base'
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
  static readonly missingType = namedConstructor(JsonApiError, 'missingType')

  /** The model has no usable id (`null`, `undefined`, `''`, `NaN`, `Infinity`, an object...). */
  static readonly missingId = namedConstructor(JsonApiError, 'missingId')

  /** A relationship thunk that does not give a JSON:API resource class. */
  static readonly badRelationship = namedConstructor(JsonApiError, 'badRelationship')

  /** A relationship named `id` or `type`. */
  static readonly reservedMember = namedConstructor(JsonApiError, 'reservedMember')

  /** A JSON:API collection whose items class is not a JSON:API resource. */
  static readonly notJsonApiCollection = namedConstructor(JsonApiError, 'notJsonApiCollection')

  /** A relationship link or meta declaration that is not a URL template or a function. */
  static readonly badLink = namedConstructor(JsonApiError, 'badLink')

  /** A `jsonapi` member option that JSON:API does not allow. */
  static readonly badJsonApiObject = namedConstructor(JsonApiError, 'badJsonApiObject')

  /** `additional()` with a top-level member JSON:API does not allow. */
  static readonly topLevelMember = namedConstructor(JsonApiError, 'topLevelMember')
}
