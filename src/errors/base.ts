import { CATALOGUE, messageOf, mustBe, type CatalogueArgs, type CatalogueKey } from './catalogue'

/**
 * The mark every error of the package carries (a non-enumerable property, `true`). A registered
 * symbol, so that the errors of a second copy of the package (two versions in one `node_modules`)
 * are recognised too, while a foreign error that merely has the same `code` is not.
 */
export const ERROR_BRAND: unique symbol = Symbol.for('api-resources.error') as never

/** Marks `error` as one of the package's. @internal */
export function brand(error: object): void {
  Object.defineProperty(error, ERROR_BRAND, { value: true, enumerable: false })
}

/** Does `value` carry the package's mark (from this copy of the package or another)? */
export function isApiResourcesError(value: unknown): value is ApiResourcesError {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    (value as { [ERROR_BRAND]?: unknown })[ERROR_BRAND] === true
  )
}

/**
 * The root of the error catalogue. Every error the library throws on purpose carries a stable `code`
 * (`ERR_...`, listed in `ERROR_CODES`) that tests and applications can switch on; messages say what
 * was expected, what was received and the fix.
 *
 * `instanceof ApiResourcesError` holds for every error of the package, including `ArgumentError`
 * and `UnsupportedQueryError` (which are `TypeError`s) and errors thrown by another copy of the
 * package: it checks the package's mark, not the prototype chain.
 *
 * @example
 * try {
 *   new Paginator([], { perPage: 0 })
 * } catch (error) {
 *   if (error instanceof ApiResourcesError) console.log(error.code) // 'ERR_PER_PAGE'
 * }
 */
export class ApiResourcesError extends Error {
  readonly code: string

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = new.target.name
    this.code = code
    brand(this)
  }

  /** The root recognises the mark; subclasses keep the ordinary prototype check. */
  static override [Symbol.hasInstance](this: Function, value: unknown): boolean {
    if (this !== ApiResourcesError) return Function.prototype[Symbol.hasInstance].call(this, value)
    return isApiResourcesError(value)
  }
}

/** A class of the catalogue whose constructor is `(code, message, options)`. */
type CodedClass<T> = new (code: string, message: string, options?: { cause?: unknown }) => T

/** An error of row `key`, its message from the row's template. @internal */
export function fromCatalogue<T, K extends CatalogueKey>(
  Class: CodedClass<T>,
  key: K,
  args: CatalogueArgs<K>,
  options?: { cause?: unknown },
): T {
  return new Class(CATALOGUE[key].code, messageOf(key, ...args), options)
}

/**
 * A bad argument passed by the programmer (`perPage`, `page`, `onEachSide`, ...): a `TypeError`
 * naming the argument, `<argument> must be <expected>; got <value>`, that is also
 * `instanceof ApiResourcesError`. Built by its named constructors, one per row of the catalogue.
 *
 * @example
 * throw ArgumentError.perPage(0) // perPage must be an integer >= 1; got 0
 */
export class ArgumentError extends TypeError {
  readonly code: string
  /** The name of the argument. */
  readonly argument: string

  /** @param message replaces `<argument> must be <expected>; got <value>` @internal */
  constructor(code: string, argument: string, expected: string, got: unknown, message?: string) {
    super(message ?? mustBe(argument, expected, got))
    this.name = 'ArgumentError'
    this.code = code
    this.argument = argument
    brand(this)
  }

  static perPage(got: unknown): ArgumentError {
    return argumentError('perPage', got)
  }

  /** `argument` names the page argument (`page`, `currentPage`). */
  static page(got: unknown, argument = 'page'): ArgumentError {
    return argumentError('page', got, argument)
  }

  /** A page or cursor parameter name (`pageName`, `cursorName`) that cannot name a parameter. */
  static pageName(got: unknown, argument = 'pageName'): ArgumentError {
    return argumentError('pageName', got, argument)
  }

  static total(got: unknown): ArgumentError {
    return argumentError('total', got)
  }

  static onEachSide(got: unknown): ArgumentError {
    return argumentError('onEachSide', got)
  }

  static items(got: unknown): ArgumentError {
    return argumentError('items', got)
  }

  static hasMore(got: unknown): ArgumentError {
    return argumentError('hasMore', got)
  }

  static path(got: unknown): ArgumentError {
    return argumentError('path', got)
  }

  static options(got: unknown): ArgumentError {
    return argumentError('options', got)
  }

  /** `static maxIncludeDepth` that is not an integer >= 0. */
  static maxIncludeDepth(got: unknown): ArgumentError {
    return argumentError('maxIncludeDepth', got)
  }

  /** A decorator option (`@Field({ from })`, `@When(condition)`) of the wrong kind. */
  static decoratorOption(argument: string, expected: string, got: unknown): ArgumentError {
    return argumentError('decoratorOption', got, argument, expected)
  }

  /** `openApiDocument()` was given a route it cannot describe (or the same route twice). */
  static openApiRoute(argument: string, expected: string, got: unknown): ArgumentError {
    return argumentError('openApiRoute', got, argument, expected)
  }

  /** The page-link bar was given something that is not a paginator. */
  static notAPaginator(got: unknown): ArgumentError {
    return argumentError('notAPaginator', got)
  }

  /** `registerPaginationHelpers()` was given something that is not Handlebars. */
  static notHandlebars(got: unknown): ArgumentError {
    return argumentError('notHandlebars', got)
  }

  /** A resource collection of something that is neither a list nor a paginator. */
  static collectionSource(got: unknown): ArgumentError {
    return argumentError('collectionSource', got)
  }

  /** `ValidationError.fromZod()`/`fromExpressValidator()` given something else. */
  static validationSource(argument: string, expected: string, got: unknown): ArgumentError {
    return argumentError('validationSource', got, argument, expected)
  }

  /** `new ValidationError(errors)` with errors that are not field -> messages. */
  static validationErrors(argument: string, expected: string, got: unknown): ArgumentError {
    return argumentError('validationErrors', got, argument, expected)
  }

  /** The cursor column names of a `CursorPaginator` that are not a non-empty list of names. */
  static cursorParameters(got: unknown): ArgumentError {
    return argumentError('cursorParameters', got)
  }

  /** A row whose value of cursor column `name` is missing or cannot be carried by a cursor. */
  static cursorColumn(name: string, got: unknown): ArgumentError {
    return argumentError('cursorColumn', got, `the cursor column ${JSON.stringify(name)}`)
  }

  /** A cursor signing secret that is not a non-empty string or Buffer. */
  static cursorSecret(got: unknown): ArgumentError {
    return argumentError('cursorSecret', got)
  }

  /**
   * `fn()` got a query it cannot walk with a cursor (`problem` says why: no ORDER BY, a raw
   * ORDER BY, an expression).
   */
  static cursorOrder(fn: string, problem: string): ArgumentError {
    return cursorOrderError(fn, problem)
  }

  /** A COUNT query that gave no usable row count. */
  static countResult(got: unknown): ArgumentError {
    const row = CATALOGUE.countResult
    return new ArgumentError(row.code, row.argument, INTEGER_COUNT, got, row.message(got))
  }
}

const INTEGER_COUNT = 'an integer >= 0'

/** A query `cursorPaginate()` cannot walk with a cursor. @internal */
export function cursorOrderError(fn: string, problem: string): ArgumentError {
  const row = CATALOGUE.cursorOrder
  return new ArgumentError(row.code, row.argument, '', fn, row.message(fn, problem))
}

type ArgumentKey = {
  [K in CatalogueKey]: (typeof CATALOGUE)[K] extends { readonly class: 'ArgumentError' } ? K : never
}[CatalogueKey]

function argumentError(
  key: Exclude<ArgumentKey, 'countResult' | 'cursorOrder'>,
  got: unknown,
  argument?: string,
  expected?: string,
): ArgumentError {
  const row = CATALOGUE[key]
  const name = argument ?? row.argument
  const message = row.message(got, name, expected)
  return new ArgumentError(row.code, name, expected ?? '', got, message)
}
