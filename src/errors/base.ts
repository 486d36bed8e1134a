import {
  catalogued,
  mustBe,
  type CATALOGUE,
  type CatalogueArgs,
  type CatalogueKey,
} from './catalogue'

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

/** An error of row `key`, its code and message from the catalogue. @internal */
export function fromCatalogue<T, K extends CatalogueKey>(
  Class: CodedClass<T>,
  key: K,
  args: CatalogueArgs<K>,
  options?: { cause?: unknown },
): T {
  const { code, message } = catalogued(key, args)
  return new Class(code, message, options)
}

/**
 * The named constructor of row `key` on `Class`: it takes the row's message arguments (their names
 * and types are the template's) and builds the error with the row's code and message. A class lists
 * its rows with it: `static readonly missingType = namedConstructor(JsonApiError, 'missingType')`.
 * @internal
 */
export function namedConstructor<T, K extends CatalogueKey>(
  Class: CodedClass<T>,
  key: K,
): (...args: CatalogueArgs<K>) => T {
  return (...args) => fromCatalogue(Class, key, args)
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

  static readonly perPage = argumentConstructor('perPage')
  /** `argument` names the page argument (`page`, `currentPage`). */
  static readonly page = argumentConstructor('page')
  /** A page or cursor parameter name (`pageName`, `cursorName`) that cannot name a parameter. */
  static readonly pageName = argumentConstructor('pageName')
  static readonly total = argumentConstructor('total')
  static readonly onEachSide = argumentConstructor('onEachSide')
  static readonly items = argumentConstructor('items')
  static readonly hasMore = argumentConstructor('hasMore')
  static readonly path = argumentConstructor('path')
  static readonly options = argumentConstructor('options')
  /** `static maxIncludeDepth` that is not an integer >= 0. */
  static readonly maxIncludeDepth = argumentConstructor('maxIncludeDepth')
  /** A decorator option (`@Field({ from })`, `@When(condition)`) of the wrong kind. */
  static readonly decoratorOption = argumentConstructor('decoratorOption')
  /** `openApiDocument()` was given a route it cannot describe (or the same route twice). */
  static readonly openApiRoute = argumentConstructor('openApiRoute')
  /** The page-link bar was given something that is not a paginator. */
  static readonly notAPaginator = argumentConstructor('notAPaginator')
  /** `registerPaginationHelpers()` was given something that is not Handlebars. */
  static readonly notHandlebars = argumentConstructor('notHandlebars')
  /** A resource collection of something that is neither a list nor a paginator. */
  static readonly collectionSource = argumentConstructor('collectionSource')
  /** A `baseUrl` (absolute links) that is not an http(s) origin. */
  static readonly baseUrl = argumentConstructor('baseUrl')
  /** A `bigint` option (how a bigint is written in JSON) that is not `'string'` or `'number'`. */
  static readonly bigintEncoding = argumentConstructor('bigintEncoding')
  /** A `strict` option (app-wide strict includes) that is not a boolean. */
  static readonly strictOption = argumentConstructor('strictOption')
  /** `toResource()` / `toResourceCollection()` given something that is not a resource class. */
  static readonly resourceClass = argumentConstructor('resourceClass')
  /** `ValidationError.fromZod()`/`fromExpressValidator()` given something else. */
  static readonly validationSource = argumentConstructor('validationSource')
  /** `new ValidationError(errors)` with errors that are not field -> messages. */
  static readonly validationErrors = argumentConstructor('validationErrors')
  /** The cursor column names of a `CursorPaginator` that are not a non-empty list of names. */
  static readonly cursorParameters = argumentConstructor('cursorParameters')
  /** A cursor signing secret that is not a non-empty string or Buffer. */
  static readonly cursorSecret = argumentConstructor('cursorSecret')
  /** A row whose value of cursor column `name` is missing or cannot be carried by a cursor. */
  static readonly cursorColumn = argumentConstructor('cursorColumn')
  /**
   * `fn()` got a query it cannot walk with a cursor (`problem` says why: no ORDER BY, a raw
   * ORDER BY, an expression).
   */
  static readonly cursorOrder = argumentConstructor('cursorOrder')
  /** A COUNT query that gave no usable row count. */
  static readonly countResult = argumentConstructor('countResult')
}

type ArgumentKey = {
  [K in CatalogueKey]: (typeof CATALOGUE)[K] extends { readonly class: 'ArgumentError' } ? K : never
}[CatalogueKey]

/**
 * The named constructor of `ArgumentError` row `key` (a function declaration: the class's static
 * fields call it before this point of the module is reached).
 */
function argumentConstructor<K extends ArgumentKey>(
  key: K,
): (...args: CatalogueArgs<K>) => ArgumentError {
  return (...args) => {
    const { code, argument, message } = catalogued(key, args)
    return new ArgumentError(code, argument, '', undefined, message)
  }
}
