import {
  catalogued,
  mustBe,
  CATALOGUE,
  type CatalogueArgs,
  type CatalogueKey,
  type ErrorCodes,
} from './catalogue'

/**
 * The mark every error of the package carries (a non-enumerable property, `true`). A registered
 * symbol, so that the errors of a second copy of the package (two versions in one `node_modules`)
 * are recognised too, while a foreign error that merely has the same `code` is not.
 */
export const ERROR_BRAND: unique symbol = Symbol.for('api-resources.error') as never

/** Marks `error` as one of the package's. */
function brand(error: object): void {
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

/** An error of row `key`, its code and message from the catalogue. */
function fromCatalogue<T, K extends CatalogueKey>(
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
 */
function namedConstructor<T, K extends CatalogueKey>(
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
  /** A function of the package was given an argument of the wrong type (`fragment(5)`). */
  static readonly badArgument = argumentConstructor('badArgument')
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
  /** An `append()`/`appends()` value that is not a scalar, a list of scalars or null/undefined. */
  static readonly queryValue = argumentConstructor('queryValue')
  /** `appends()` given something that is not a plain object of parameters. */
  static readonly queryParams = argumentConstructor('queryParams')
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

  /** The output nests deeper than the call stack allows (a cyclic model, as a rule). */
  static readonly tooDeep = namedConstructor(ResourceError, 'tooDeep')

  /** `checkResponses`: a response body that its schema rejects (the first mismatch, as a JSON pointer). */
  static readonly responseMismatch = namedConstructor(ResourceError, 'responseMismatch')

  /** A member without a thunk (nor `raw` or `schema`) got a model: it is never written unmapped. */
  static readonly unmappedModel = namedConstructor(ResourceError, 'unmappedModel')

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

/** Stable codes of the pagination errors (paginators and query-builder adapters). */
export const PAGINATION_ERROR_CODES = {
  perPage: CATALOGUE.perPage.code,
  page: CATALOGUE.page.code,
  total: CATALOGUE.total.code,
  onEachSide: CATALOGUE.onEachSide.code,
  items: CATALOGUE.items.code,
  hasMore: CATALOGUE.hasMore.code,
  path: CATALOGUE.path.code,
  options: CATALOGUE.options.code,
  unsupportedQuery: CATALOGUE.unsupportedQuery.code,
  alreadyInstalled: CATALOGUE.alreadyInstalled.code,
  countResult: CATALOGUE.countResult.code,
  cursorOrder: CATALOGUE.cursorOrder.code,
  cursorSecret: CATALOGUE.cursorSecret.code,
  cursorParameters: CATALOGUE.cursorParameters.code,
  cursorColumn: CATALOGUE.cursorColumn.code,
  invalidCursor: CATALOGUE.invalidCursor.code,
} as const

/**
 * A value handed to `paginate()`/`simplePaginate()` that is not a query builder the adapter knows.
 * A `TypeError`, like the other programmer errors, and `instanceof ApiResourcesError`; the message
 * names what was received and the supported kinds.
 *
 * @example
 * throw UnsupportedQueryError.unsupportedQuery('paginate', 'a Knex select query', query)
 */
export class UnsupportedQueryError extends TypeError {
  readonly code: ErrorCodes['unsupportedQuery']

  /** `description` replaces the generic description of `got` when the adapter knows better. */
  constructor(fn: string, supported: string, got: unknown, description?: string) {
    const { code, message } = catalogued('unsupportedQuery', [fn, supported, got, description])
    super(message)
    this.code = code
    this.name = 'UnsupportedQueryError'
    brand(this)
  }

  /** `fn()` was given `got`, which is not one of `supported`. */
  static unsupportedQuery(
    fn: string,
    supported: string,
    got: unknown,
    description?: string,
  ): UnsupportedQueryError {
    return new UnsupportedQueryError(fn, supported, got, description)
  }
}

/**
 * Setting pagination up went wrong (not a bad argument): for example a Knex query builder that
 * already has a `paginate` method from another library.
 *
 * @example
 * throw PaginationError.alreadyInstalled('paginate')
 */
export class PaginationError extends ApiResourcesError {
  /** Knex query builders already have `method`, from another library. */
  static readonly alreadyInstalled = namedConstructor(PaginationError, 'alreadyInstalled')
}

// the query parameter a cursor comes in unless a paginator names another
const CURSOR_PARAMETER = CATALOGUE.invalidCursor.parameter

/**
 * A `?cursor=` (or a cursor string handed to `Cursor.fromEncoded()`/`cursorPaginate()`) that is not
 * one this application produced: not base64url, not a JSON object, without a boolean
 * `_pointsToNextItems`, with parameters that do not match the query's order columns or values of
 * the wrong kind, or with a missing or wrong signature. A client error: `resourceErrors()` answers
 * it with 400 naming its query parameter (`cursor` or the paginator's `cursorName`: `errors.cursor`,
 * JSON:API `source.parameter`), never with the first page.
 *
 * @example
 * throw InvalidCursorError.invalidCursor('it is not base64url')
 */
export class InvalidCursorError extends ApiResourcesError {
  /** The HTTP status `resourceErrors()` answers with. */
  readonly status = CATALOGUE.invalidCursor.status
  /** Why the cursor is refused, e.g. `it is not base64url`. */
  readonly reason: string
  /**
   * The query parameter the cursor came in: `cursor`, or the paginator's `cursorName`. The 400
   * names it (`errors.<parameter>`, JSON:API `source.parameter`).
   */
  readonly parameter: string

  /**
   * @param reason why the cursor is refused, e.g. `it is not base64url`
   * @param cause the database error a cursor value caused, if any
   * @param parameter the query parameter the cursor came in
   */
  constructor(reason: string, cause?: unknown, parameter: string = CURSOR_PARAMETER) {
    const { code, message } = catalogued('invalidCursor', [reason])
    super(code, message, cause === undefined ? undefined : { cause })
    this.reason = reason
    this.parameter = parameter
  }

  /** The cursor is refused because of `reason` (`cause`: the database error, if any). */
  static invalidCursor(reason: string, cause?: unknown): InvalidCursorError {
    return new InvalidCursorError(reason, cause)
  }

  /** The same refusal, about the query parameter `name` (a paginator's `cursorName`). */
  inParameter(name: string): InvalidCursorError {
    return name === this.parameter ? this : new InvalidCursorError(this.reason, this.cause, name)
  }
}

/**
 * Errors an HTTP handler throws on purpose so that `resourceErrors()` (api-resources/express) can
 * answer them: `ValidationError` (422) and `NotFoundError` (404). They live in core so that code
 * outside Express can throw them too; core never imports zod or express-validator, it only reads
 * the shape of their results.
 */

/** Field name -> every message about that field, in the order they were reported. */
export type ValidationMessages = Readonly<Record<string, readonly string[]>>

/** The part of a zod `ZodError` that `ValidationError.fromZod()` reads (zod 3 and 4 alike). */
export interface ZodErrorLike {
  readonly issues: ReadonlyArray<{
    readonly path: ReadonlyArray<PropertyKey>
    readonly message: string
  }>
}

/** The part of an express-validator `Result` (`validationResult(req)`) that is read. */
export interface ExpressValidatorResultLike {
  array(): ReadonlyArray<unknown>
}

/**
 * Request validation failed: a map of field -> messages. Nested fields use dotted names
 * (`address.city`, `items.0.sku`); `''` holds errors about the input as a whole.
 *
 * @example
 * throw new ValidationError({ email: ['The email field is required.'] })
 * throw ValidationError.fromZod(schema.safeParse(req.body).error)
 */
export class ValidationError extends ApiResourcesError {
  /** The HTTP status `resourceErrors()` answers with. */
  readonly status = CATALOGUE.validation.status
  /** Field -> messages (frozen copies). */
  readonly errors: ValidationMessages

  /**
   * @param errors field -> message or messages
   * @param message the top-level message; by default the first message, with `(and N more
   *   errors)` when there are more (Laravel's summary)
   */
  constructor(errors: Readonly<Record<string, string | readonly string[]>>, message?: string) {
    const copied = copyMessages(errors)
    const made = catalogued('validation', [copied])
    super(made.code, message ?? made.message)
    this.errors = copied
  }

  /** From a zod error: each issue's path joined with `.` is the field, `''` for the root. */
  static fromZod(error: ZodErrorLike, message?: string): ValidationError {
    if (!isObject(error) || !Array.isArray(error.issues))
      throw ArgumentError.validationSource('zodError', 'a ZodError', error)
    const errors: Record<string, string[]> = {}
    for (const issue of error.issues) {
      const field = issue.path.map(segmentName).join('.')
      push(errors, field, String(issue.message))
    }
    return new ValidationError(errors, message)
  }

  /**
   * From express-validator's `validationResult(req)` (or the array its `.array()` returns). Field
   * errors use their `path`; alternatives contribute their nested errors; `unknown_fields` errors
   * give each unknown field the message.
   */
  static fromExpressValidator(
    result: ExpressValidatorResultLike | ReadonlyArray<unknown>,
    message?: string,
  ): ValidationError {
    const list = isList(result) ? result : arrayOf(result)
    const errors: Record<string, string[]> = {}
    for (const item of list) collectExpressValidatorError(errors, item)
    return new ValidationError(errors, message)
  }
}

/**
 * A record was not found (404).
 *
 * @example
 * const post = await db('posts').where('id', id).first()
 * if (post === undefined) throw new NotFoundError(`Post ${id} not found.`)
 */
export class NotFoundError extends ApiResourcesError {
  /** The HTTP status `resourceErrors()` answers with. */
  readonly status = CATALOGUE.notFound.status

  /** @param message what was not found; default `Not found.` */
  constructor(message?: string) {
    const { code, message: text } = catalogued('notFound', [message])
    super(code, text)
  }
}

function copyMessages(
  errors: Readonly<Record<string, string | readonly string[]>>,
): ValidationMessages {
  if (!isObject(errors) || Array.isArray(errors))
    throw ArgumentError.validationErrors('errors', 'an object of field -> messages', errors)
  const copy: Record<string, readonly string[]> = {}
  for (const [field, messages] of Object.entries(errors)) {
    const list = typeof messages === 'string' ? [messages] : messages
    if (!Array.isArray(list) || !list.every((m) => typeof m === 'string'))
      throw ArgumentError.validationErrors(`errors.${field}`, 'a string or strings', messages)
    copy[field] = Object.freeze([...list])
  }
  return Object.freeze(copy)
}

function arrayOf(result: ExpressValidatorResultLike): ReadonlyArray<unknown> {
  if (!isObject(result) || typeof result.array !== 'function')
    throw ArgumentError.validationSource(
      'result',
      'an express-validator Result or an array of its errors',
      result,
    )
  return result.array()
}

function collectExpressValidatorError(errors: Record<string, string[]>, item: unknown): void {
  if (!isObject(item)) return
  const error = item as Record<string, unknown>
  const message = String(error.msg ?? 'Invalid value')
  if (Array.isArray(error.nestedErrors)) {
    // alternatives: a flat list (`oneOf`) or a list of groups (`oneOf` with arrays of chains)
    for (const nested of error.nestedErrors.flat()) collectExpressValidatorError(errors, nested)
    return
  }
  if (error.type === 'unknown_fields' && Array.isArray(error.fields)) {
    for (const field of error.fields)
      collectExpressValidatorError(errors, { ...field, msg: message })
    return
  }
  // v7 names the field `path`, v6 named it `param`
  const field = typeof error.path === 'string' ? error.path : error.param
  push(errors, typeof field === 'string' ? field : '', message)
}

function push(errors: Record<string, string[]>, field: string, message: string): void {
  ;(errors[field] ??= []).push(message)
}

function segmentName(segment: PropertyKey): string {
  return typeof segment === 'symbol' ? (segment.description ?? '') : String(segment)
}

function isList(value: unknown): value is ReadonlyArray<unknown> {
  return Array.isArray(value)
}

function isObject(value: unknown): value is Record<string, unknown> & object {
  return typeof value === 'object' && value !== null
}

/** Stable codes of the HTML page-link bar's errors. */
export const HANDLEBARS_ERROR_CODES = {
  unknownNamespace: CATALOGUE.unknownNamespace.code,
  templateNotFound: CATALOGUE.templateNotFound.code,
  invalidTemplateName: CATALOGUE.invalidName.code,
  invalidNamespace: CATALOGUE.invalidNamespace.code,
  viewsNotFound: CATALOGUE.viewsNotFound.code,
} as const

/**
 * A pagination template reference (`"admin::pager"`) that cannot be resolved or loaded.
 *
 * @example
 * throw PaginationTemplateError.invalidName('no-namespace')
 */
export class PaginationTemplateError extends ApiResourcesError {
  /** `links("admin::pager")` before `admin` was registered. */
  static readonly unknownNamespace = namedConstructor(PaginationTemplateError, 'unknownNamespace')

  /** The namespace is known but its folder has no `<name>.hbs`. */
  static templateNotFound(ref: string, file: string, cause: unknown): PaginationTemplateError {
    return fromCatalogue(PaginationTemplateError, 'templateNotFound', [ref, file], { cause })
  }

  /** A reference that is not `<namespace>::<name>` or would leave the namespace's folder. */
  static readonly invalidName = namedConstructor(PaginationTemplateError, 'invalidName')

  /** A namespace option that is not a name mapped to a folder. */
  static readonly invalidNamespace = namedConstructor(PaginationTemplateError, 'invalidNamespace')

  /** The package's own `views/pagination/` folder is missing (a broken install or bundle). */
  static readonly viewsNotFound = namedConstructor(PaginationTemplateError, 'viewsNotFound')
}

/** Stable codes of the JSON:API errors. */
export const JSONAPI_ERROR_CODES = {
  resourceType: CATALOGUE.missingType.code,
  resourceId: CATALOGUE.missingId.code,
  relationship: CATALOGUE.badRelationship.code,
  collects: CATALOGUE.notJsonApiCollection.code,
  reservedMember: CATALOGUE.reservedMember.code,
  memberName: CATALOGUE.badMemberName.code,
  topLevelMember: CATALOGUE.topLevelMember.code,
  maxIncludeDepth: CATALOGUE.maxIncludeDepth.code,
  link: CATALOGUE.badLink.code,
  relationshipMeta: CATALOGUE.badRelationshipMeta.code,
  jsonApiObject: CATALOGUE.badJsonApiObject.code,
  notAcceptable: CATALOGUE.notAcceptable.code,
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

  /** A resource type, relationship or attribute name that JSON:API does not allow as a member name. */
  static readonly badMemberName = namedConstructor(JsonApiError, 'badMemberName')

  /** A JSON:API collection whose items class is not a JSON:API resource. */
  static readonly notJsonApiCollection = namedConstructor(JsonApiError, 'notJsonApiCollection')

  /** A relationship link or meta declaration that is not a URL template or a function. */
  static readonly badLink = namedConstructor(JsonApiError, 'badLink')
  static readonly badRelationshipMeta = namedConstructor(JsonApiError, 'badRelationshipMeta')

  /** A `jsonapi` member option that JSON:API does not allow. */
  static readonly badJsonApiObject = namedConstructor(JsonApiError, 'badJsonApiObject')

  /** `additional()` with a top-level member JSON:API does not allow. */
  static readonly topLevelMember = namedConstructor(JsonApiError, 'topLevelMember')
}

/**
 * 406: the request's Accept header names the JSON:API media type only with parameters other than
 * `ext` and `profile`, or only with extensions the document does not use (JSON:API's content
 * negotiation). The integrations answer it with 406 and a JSON:API error document.
 */
export class NotAcceptableError extends ApiResourcesError {
  /** The HTTP status the integrations answer with. */
  readonly status = CATALOGUE.notAcceptable.status

  /** No JSON:API document this API sends is acceptable, because of `reason`. */
  static readonly notAcceptable = namedConstructor(NotAcceptableError, 'notAcceptable')
}

/** Query parameter (`sort`, `filter[author]`, `include`, ...) -> every message about it. */
export type QueryParameterMessages = Readonly<Record<string, readonly string[]>>

/**
 * A client asked for something the resource does not allow: a `sort` entry that is not sortable,
 * an unknown `filter[...]` or operator, a filter value that does not convert to its type, an
 * unknown `include` path on a strict resource. A client error: the HTTP integrations answer it
 * with 400, `{ message, errors: { <parameter>: [<message>] } }` in plain JSON, and one JSON:API
 * error object per message with `source: { parameter }`. Each message says what was wrong and
 * what is allowed.
 *
 * @example
 * throw new QueryParameterError({ sort: ['"secret" is not sortable; sortable: title, id.'] })
 */
export class QueryParameterError extends ApiResourcesError {
  /** The HTTP status the integrations answer with. */
  readonly status = CATALOGUE.invalidQueryParameter.status
  /** Parameter -> messages (frozen copies). */
  readonly errors: QueryParameterMessages

  /** @param options.cause what the parameters caused (a database's error), for the logs. */
  constructor(errors: QueryParameterMessages, options?: { cause?: unknown }) {
    const copied: Record<string, readonly string[]> = {}
    for (const [parameter, messages] of Object.entries(errors))
      copied[parameter] = Object.freeze([...messages])
    Object.freeze(copied)
    const { code, message } = catalogued('invalidQueryParameter', [copied])
    super(code, message, options)
    this.errors = copied
  }

  /** The error of `errors` (parameter -> messages). */
  static invalidQueryParameter(errors: QueryParameterMessages): QueryParameterError {
    return new QueryParameterError(errors)
  }
}
