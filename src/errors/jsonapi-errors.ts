import { ApiResourcesError, ArgumentError, describeValue } from './base'

/** Stable codes of the JSON:API errors. */
export const JSONAPI_ERROR_CODES = {
  resourceType: 'ERR_JSONAPI_TYPE',
  resourceId: 'ERR_JSONAPI_ID',
  relationship: 'ERR_JSONAPI_RELATIONSHIP',
  collects: 'ERR_JSONAPI_COLLECTS',
  reservedMember: 'ERR_JSONAPI_RESERVED_MEMBER',
  topLevelMember: 'ERR_JSONAPI_TOP_LEVEL_MEMBER',
  maxIncludeDepth: 'ERR_JSONAPI_INCLUDE_DEPTH',
} as const

/** A JSON:API resource class or model that cannot be rendered as a resource object. */
export class JsonApiError extends ApiResourcesError {
  /** `static resourceType` is missing or not a non-empty string. */
  static missingType(className: string, got: unknown): JsonApiError {
    return new JsonApiError(
      JSONAPI_ERROR_CODES.resourceType,
      `${className} must declare static resourceType as a non-empty string; got ${describeValue(got)}`,
    )
  }

  /** The model has no usable id (`null`, `undefined`, `''`, `NaN`, `Infinity`, an object...). */
  static missingId(className: string, idKey: string, got: unknown): JsonApiError {
    return new JsonApiError(
      JSONAPI_ERROR_CODES.resourceId,
      `${className} could not determine the id of a model: "${idKey}" must be a non-empty string, a finite number or a bigint; got ${describeValue(got)}`,
    )
  }

  /** A relationship thunk that does not give a JSON:API resource class. */
  static badRelationship(className: string, name: string, got: unknown): JsonApiError {
    return new JsonApiError(
      JSONAPI_ERROR_CODES.relationship,
      `${className}.relationships.${name} must be a thunk returning a JsonApiResource class; got ${describeValue(got)}`,
    )
  }

  /** A relationship named `id` or `type`. */
  static reservedMember(where: string, key: string): JsonApiError {
    return new JsonApiError(
      JSONAPI_ERROR_CODES.reservedMember,
      `${where} cannot use the member name "${key}": it is reserved by JSON:API`,
    )
  }

  /** A JSON:API collection whose items class is not a JSON:API resource. */
  static notJsonApiCollection(className: string, got: unknown): JsonApiError {
    return new JsonApiError(
      JSONAPI_ERROR_CODES.collects,
      `${className} must collect a JsonApiResource class (pass it, or set static collects = () => SomeResource); got ${describeValue(got)}`,
    )
  }

  /** `additional()` with a top-level member JSON:API does not allow. */
  static topLevelMember(where: string, key: string): JsonApiError {
    return new JsonApiError(
      JSONAPI_ERROR_CODES.topLevelMember,
      `${where}.additional() key ${JSON.stringify(key)} is not a JSON:API top-level member; ` +
        'use meta, links or jsonapi',
    )
  }
}

/** `static maxIncludeDepth` that is not an integer >= 0. */
export function badMaxIncludeDepth(got: unknown): ArgumentError {
  return new ArgumentError(
    JSONAPI_ERROR_CODES.maxIncludeDepth,
    'maxIncludeDepth',
    'an integer >= 0',
    got,
  )
}
