import { ApiResourcesError, fromCatalogue, namedConstructor } from './base'

/**
 * Errors of resources, decorators and the compiler. Each has a stable `code`; named constructors
 * build the message from the catalogue so that every place that throws one says the same thing.
 *
 * @example
 * throw ResourceError.wrapKeyCollision(UserResource, 'data')
 */
export class ResourceError extends ApiResourcesError {
  /** `additional()` was given the wrap key, which would overwrite the payload. */
  static readonly wrapKeyCollision = namedConstructor(ResourceError, 'wrapKeyCollision')

  /** An `additional()` key that is also a key of the unwrapped payload. */
  static readonly additionalKeyCollision = namedConstructor(ResourceError, 'additionalKeyCollision')

  /** `wrap = null` and `toArray()` gave something that cannot carry keys. */
  static readonly unwrappedNonObject = namedConstructor(ResourceError, 'unwrappedNonObject')

  /** `checkResponses`: a response body that its schema rejects (the first mismatch, as a JSON pointer). */
  static readonly responseMismatch = namedConstructor(ResourceError, 'responseMismatch')

  /** `bigint: 'number'`: a bigint outside ±(2^53 - 1), which no JSON number holds exactly. */
  static readonly unsafeBigint = namedConstructor(ResourceError, 'unsafeBigint')

  /** `checkResponses` is on but Ajv cannot be loaded. */
  static checkerMissing(cause: unknown): ResourceError {
    return fromCatalogue(ResourceError, 'checkerMissing', [cause], { cause })
  }

  /** Two decorated members that produce the same output key. */
  static readonly duplicateOutputKey = namedConstructor(ResourceError, 'duplicateOutputKey')

  /** A standard decorator got no `context.metadata` (the class was defined without `Symbol.metadata`). */
  static readonly decoratorMetadataMissing = namedConstructor(
    ResourceError,
    'decoratorMetadataMissing',
  )

  /** A decorator was put somewhere it cannot work. */
  static readonly badDecoratorTarget = namedConstructor(ResourceError, 'badDecoratorTarget')

  /** A resource thunk that did not give a resource class. */
  static readonly badResourceThunk = namedConstructor(ResourceError, 'badResourceThunk')

  /** `paginationInformation()` returned something other than a plain object. */
  static readonly badPaginationInformation = namedConstructor(
    ResourceError,
    'badPaginationInformation',
  )

  /** Generated code failed to compile; `source` is the code (also on the error). */
  static compileFailed(cls: Function, source: string, cause: unknown): ResourceError {
    const err = fromCatalogue(ResourceError, 'compileFailed', [cls, source, cause], { cause })
    err.source = source
    return err
  }

  /** The code generator was asked for something it must never emit (a bug of the package). */
  static readonly codegen = namedConstructor(ResourceError, 'codegen')

  /** The generated source, on compile failures. */
  source?: string
}
