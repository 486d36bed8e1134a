import { ApiResourcesError, fromCatalogue } from './base'

/**
 * Errors of resources, decorators and the compiler. Each has a stable `code`; named constructors
 * build the message from the catalogue so that every place that throws one says the same thing.
 *
 * @example
 * throw ResourceError.wrapKeyCollision(UserResource, 'data')
 */
export class ResourceError extends ApiResourcesError {
  /** `additional()` was given the wrap key, which would overwrite the payload. */
  static wrapKeyCollision(cls: Function, key: string): ResourceError {
    return fromCatalogue(ResourceError, 'wrapKeyCollision', [cls, key])
  }

  /** An `additional()` key that is also a key of the unwrapped payload. */
  static additionalKeyCollision(cls: Function, key: string): ResourceError {
    return fromCatalogue(ResourceError, 'additionalKeyCollision', [cls, key])
  }

  /** `wrap = null` and `toArray()` gave something that cannot carry keys. */
  static unwrappedNonObject(cls: Function, got: unknown): ResourceError {
    return fromCatalogue(ResourceError, 'unwrappedNonObject', [cls, got])
  }

  /** `checkResponses`: a response body that its schema rejects (the first mismatch, as a JSON pointer). */
  static responseMismatch(component: string, pointer: string, problem: string): ResourceError {
    return fromCatalogue(ResourceError, 'responseMismatch', [component, pointer, problem])
  }

  /** `checkResponses` is on but Ajv cannot be loaded. */
  static checkerMissing(cause: unknown): ResourceError {
    return fromCatalogue(ResourceError, 'checkerMissing', [cause], { cause })
  }

  /** Two decorated members that produce the same output key. */
  static duplicateOutputKey(
    cls: Function,
    key: string,
    first: string,
    second: string,
  ): ResourceError {
    return fromCatalogue(ResourceError, 'duplicateOutputKey', [cls, key, first, second])
  }

  /** A standard decorator got no `context.metadata` (the class was defined without `Symbol.metadata`). */
  static decoratorMetadataMissing(decorator: string): ResourceError {
    return fromCatalogue(ResourceError, 'decoratorMetadataMissing', [decorator])
  }

  /** A decorator was put somewhere it cannot work. */
  static badDecoratorTarget(decorator: string, where: string): ResourceError {
    return fromCatalogue(ResourceError, 'badDecoratorTarget', [decorator, where])
  }

  /** A resource thunk that did not give a resource class. */
  static badResourceThunk(cls: Function, key: string, got: unknown): ResourceError {
    return fromCatalogue(ResourceError, 'badResourceThunk', [cls, key, got])
  }

  /** `paginationInformation()` returned something without plain-object `links` and `meta`. */
  static badPaginationInformation(cls: Function, got: unknown): ResourceError {
    return fromCatalogue(ResourceError, 'badPaginationInformation', [cls, got])
  }

  /** Generated code failed to compile; `source` is the code (also on the error). */
  static compileFailed(cls: Function, source: string, cause: unknown): ResourceError {
    const err = fromCatalogue(ResourceError, 'compileFailed', [cls, source, cause], { cause })
    err.source = source
    return err
  }

  /** The code generator was asked for something it must never emit (a bug of the package). */
  static codegen(problem: string, got: string): ResourceError {
    return fromCatalogue(ResourceError, 'codegen', [problem, got])
  }

  /** The generated source, on compile failures. */
  source?: string
}
