import { ApiResourcesError, describeValue } from './base'

/** The name of a class for error messages. @internal */
function nameOf(cls: Function | undefined): string {
  return cls?.name || '(anonymous class)'
}

/**
 * Errors of resources, decorators and the compiler. Each has a stable `code`; named constructors
 * build the message so that every place that throws one says the same thing.
 */
export class ResourceError extends ApiResourcesError {
  /** `additional()` was given the wrap key, which would overwrite the payload. */
  static wrapKeyCollision(cls: Function, key: string): ResourceError {
    return new ResourceError(
      'ERR_WRAP_KEY_COLLISION',
      `${nameOf(cls)}.additional() key ${JSON.stringify(key)} collides with the wrap key; ` +
        'use a different top-level name for extra metadata',
    )
  }

  /** An `additional()` key that is also a key of the unwrapped payload. */
  static additionalKeyCollision(cls: Function, key: string): ResourceError {
    return new ResourceError(
      'ERR_ADDITIONAL_KEY_COLLISION',
      `${nameOf(cls)}.additional() key ${JSON.stringify(key)} collides with a key of the payload`,
    )
  }

  /** `wrap = null` and `toArray()` gave something that cannot carry keys. */
  static unwrappedNonObject(cls: Function, got: unknown): ResourceError {
    return new ResourceError(
      'ERR_UNWRAPPED_NON_OBJECT',
      `${nameOf(cls)}.toArray() must return a plain object when wrap is null; got ${describeValue(got)}`,
    )
  }

  /** Two decorated members that produce the same output key. */
  static duplicateOutputKey(
    cls: Function,
    key: string,
    first: string,
    second: string,
  ): ResourceError {
    return new ResourceError(
      'ERR_DUPLICATE_OUTPUT_KEY',
      `${nameOf(cls)}: ${first} and ${second} both produce the output key ${JSON.stringify(key)}`,
    )
  }

  /** reflect-metadata is not loaded, so decorators cannot record anything. */
  static reflectMetadataMissing(): ResourceError {
    return new ResourceError(
      'ERR_REFLECT_METADATA_MISSING',
      "api-resources decorators need reflect-metadata: add `import 'reflect-metadata'` once at " +
        'start-up, before any resource class is defined (npm install reflect-metadata)',
    )
  }

  /** A standard decorator got no `context.metadata` (the class was defined without `Symbol.metadata`). */
  static decoratorMetadataMissing(decorator: string): ResourceError {
    return new ResourceError(
      'ERR_DECORATOR_METADATA',
      `@${decorator}() got no context.metadata: the compiler's standard decorators need ` +
        "Symbol.metadata, which api-resources defines when it is loaded; import 'api-resources' " +
        'before the module that defines the resource class, or use a compiler that supports ' +
        'decorator metadata (TypeScript 5.2+, esbuild 0.21+)',
    )
  }

  /** A decorator was put somewhere it cannot work. */
  static badDecoratorTarget(decorator: string, where: string): ResourceError {
    return new ResourceError(
      'ERR_DECORATOR_TARGET',
      `@${decorator}() must decorate an instance field or getter with a string name; got ${where}`,
    )
  }

  /** A resource thunk that did not give a resource class. */
  static badResourceThunk(cls: Function, key: string, got: unknown): ResourceError {
    return new ResourceError(
      'ERR_RESOURCE_THUNK',
      `${nameOf(cls)}.${key}: the resource thunk must return a resource class; got ${describeValue(got)}`,
    )
  }

  /** Generated code failed to compile; `source` is the code (also on the error). */
  static compileFailed(cls: Function, source: string, cause: unknown): ResourceError {
    const err = new ResourceError(
      'ERR_RESOURCE_COMPILE',
      `could not compile ${nameOf(cls)}: ${cause instanceof Error ? cause.message : String(cause)}` +
        `\n--- generated source ---\n${source}`,
      { cause },
    )
    err.source = source
    return err
  }

  /** The generated source, on compile failures. */
  source?: string
}
