/**
 * The error catalogue: every error the package throws on purpose, one row each, with its stable
 * `code` (what tests and applications switch on), the class it is an instance of, the HTTP status
 * `resourceErrors()` answers it with where it has one, and the template of its message. Messages
 * say what was expected, what was received and, where there is one, the fix.
 *
 * A row's key is also the name of its named constructor on its class
 * (`ResourceError.wrapKeyCollision(cls, key)`, `ArgumentError.perPage(got)`); `ValidationError`
 * and `NotFoundError` are built with `new`. Codes never change once published: add a row, never
 * rename one.
 */

/** The classes of the catalogue (every one of them is `instanceof ApiResourcesError`). */
export type ErrorClassName =
  | 'ArgumentError'
  | 'UnsupportedQueryError'
  | 'PaginationError'
  | 'ResourceError'
  | 'JsonApiError'
  | 'PaginationTemplateError'
  | 'ValidationError'
  | 'NotFoundError'
  | 'InvalidCursorError'
  | 'QueryParameterError'
  | 'NotAcceptableError'

/** One row of the catalogue. */
export interface CatalogueEntry {
  /** Stable, `ERR_` followed by upper-case words. */
  readonly code: `ERR_${string}`
  /** The class of the error. */
  readonly class: ErrorClassName
  /** The HTTP status and JSON:API `title` `resourceErrors()` answers with, if it answers it. */
  readonly status?: number
  readonly title?: string
  /** The query parameter a JSON:API error object names as its `source.parameter`. */
  readonly parameter?: string
  /** The argument an `ArgumentError` names: fixed, or from the named constructor's arguments. */
  readonly argument?: string | ((...args: never[]) => string)
  /** The message, from the named constructor's arguments. */
  readonly message: (...args: never[]) => string
}

/** A short, safe description of a value for error messages. */
function describeValue(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value)
  if (value === null) return 'null'
  if (value === undefined) return 'undefined'
  if (typeof value === 'function') return `function ${value.name || '(anonymous)'}`
  if (Array.isArray(value)) return `an array of ${value.length}`
  const ctor = (value as { constructor?: { name?: string } }).constructor
  return ctor?.name && ctor.name !== 'Object' ? `an instance of ${ctor.name}` : 'an object'
}

/** Like {@link describeValue}, and names a Promise handed over instead of its query. */
function describeQuery(value: unknown): string {
  if (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PromiseLike<unknown>).then === 'function'
  ) {
    const name = (value as { constructor?: { name?: string } }).constructor?.name
    if (name === 'Promise') return 'a Promise (pass the query builder, not its awaited result)'
  }
  return describeValue(value)
}

/** The name of a class for error messages. */
function nameOf(cls: Function | undefined): string {
  return cls?.name || '(anonymous class)'
}

/** `<argument> must be <expected>; got <value>`, then the fix: the message of a bad argument. */
export function mustBe(argument: string, expected: string, got: unknown, fix?: string): string {
  return `${argument} must be ${expected}; got ${describeValue(got)}` + (fix ? `. ${fix}` : '')
}

// The bad-argument rows (an `ArgumentError`, a `TypeError`), by the form of their named constructor.

/** `(got)`: the row names the argument and what it expects. */
function argumentRow<C extends `ERR_${string}`>(
  code: C,
  argument: string,
  expected: string,
  fix?: string,
) {
  const message = (got: unknown) => mustBe(argument, expected, got, fix)
  return { code, class: 'ArgumentError', argument, message } as const
}

/** `(got, argument?)`: the caller may rename the argument (`currentPage` for `page`). */
function renamableRow<C extends `ERR_${string}`>(code: C, argument: string, expected: string) {
  const name = (_got: unknown, name: string = argument) => name
  const message = (got: unknown, as?: string) => mustBe(name(got, as), expected, got)
  return { code, class: 'ArgumentError', argument: name, message } as const
}

/** `(argument, expected, got)`: the caller names the argument and what it expects. */
function describedRow<C extends `ERR_${string}`>(code: C, fix?: string) {
  const name = (argument: string) => argument
  const message = (argument: string, expected: string, got: unknown) =>
    mustBe(argument, expected, got, fix)
  return { code, class: 'ArgumentError', argument: name, message } as const
}

/** The argument a cursor column's value is: `the cursor column "id"`. */
const cursorColumn = (name: string) => `the cursor column ${JSON.stringify(name)}`

type Messages = Readonly<Record<string, readonly string[]>>

const INTEGER_1 = 'an integer >= 1'
const INTEGER_0 = 'an integer >= 0'

export const CATALOGUE = {
  // -- bad arguments (ArgumentError, a TypeError) -------------------------------------------------
  perPage: argumentRow('ERR_PER_PAGE', 'perPage', INTEGER_1),
  page: {
    code: 'ERR_PAGE',
    class: 'ArgumentError',
    argument: (_got: unknown, name: string = 'page') => name,
    // with `perPage`: an integer >= 1 whose first row's offset is past Number.MAX_SAFE_INTEGER
    message: (got: unknown, name: string = 'page', perPage?: number) =>
      perPage === undefined
        ? mustBe(name, INTEGER_1, got)
        : mustBe(
            name,
            `a page whose offset, (${name} - 1) * perPage with perPage ${perPage}, is a safe integer`,
            got,
          ),
  },
  total: argumentRow('ERR_TOTAL', 'total', INTEGER_0),
  pageName: renamableRow('ERR_PAGE_NAME', 'pageName', 'a non-empty string'),
  onEachSide: argumentRow('ERR_ON_EACH_SIDE', 'onEachSide', 'an integer from 0 to 1000'),
  items: argumentRow('ERR_PAGINATOR_ITEMS', 'items', 'an array or other iterable'),
  hasMore: argumentRow('ERR_HAS_MORE', 'hasMore', 'a boolean'),
  path: argumentRow(
    'ERR_PAGINATOR_PATH',
    'path',
    'a path, or an absolute http: or https: URL without credentials',
  ),
  options: argumentRow('ERR_PAGINATOR_OPTIONS', 'options', 'an object'),
  maxIncludeDepth: argumentRow(
    'ERR_JSONAPI_INCLUDE_DEPTH',
    'maxIncludeDepth',
    INTEGER_0,
    'Set static maxIncludeDepth on the JSON:API resource class to 0 or more',
  ),
  decoratorOption: describedRow('ERR_DECORATOR_OPTION'),
  badArgument: describedRow('ERR_ARGUMENT'),
  openApiRoute: describedRow(
    'ERR_OPENAPI_ROUTE',
    'Describe each method and path once, with responds: { resource: UserResource } or another body',
  ),
  notAPaginator: argumentRow(
    'ERR_NOT_A_PAGINATOR',
    'paginator',
    'a paginator (an object with toViewData())',
    'Pass the result of paginate() or simplePaginate(), or a LengthAwarePaginator or Paginator',
  ),
  notHandlebars: argumentRow(
    'ERR_NOT_HANDLEBARS',
    'handlebars',
    'a Handlebars instance',
    "Pass the default export of 'handlebars', or Handlebars.create()",
  ),
  baseUrl: argumentRow(
    'ERR_BASE_URL',
    'baseUrl',
    'an http: or https: origin, as in https://api.example.com',
    'Give the scheme, host and port the app owns, without a path, query or credentials',
  ),
  bigintEncoding: argumentRow(
    'ERR_BIGINT_OPTION',
    'bigint',
    "'string' (a bigint as its decimal string) or 'number' (a JSON number)",
  ),
  strictOption: argumentRow(
    'ERR_STRICT_OPTION',
    'strict',
    'a boolean (true: an include path a resource does not allow is a 400)',
  ),
  resourceClass: argumentRow(
    'ERR_RESOURCE_CLASS',
    'resourceClass',
    'a resource class (a JsonResource subclass)',
    'Pass the class itself, as in toResource(user, UserResource)',
  ),
  collectionSource: argumentRow(
    'ERR_COLLECTION_SOURCE',
    'items',
    'a list, a Map, a plain object or a paginator',
  ),
  queryValue: argumentRow(
    'ERR_QUERY_VALUE',
    'value',
    'a string, a number, a boolean, a list of them, null or undefined',
    "Give a nested key a name of its own, as in append('filter[status]', 'draft')",
  ),
  queryParams: argumentRow(
    'ERR_QUERY_PARAMS',
    'params',
    'a plain object of query parameters',
    "Pass the parameters as one object, as in appends({ sort: 'name' })",
  ),
  validationSource: describedRow('ERR_VALIDATION_SOURCE'),
  validationErrors: describedRow('ERR_VALIDATION_ERRORS'),
  countResult: {
    code: 'ERR_COUNT_RESULT',
    class: 'ArgumentError',
    argument: 'count',
    message: (got: unknown) =>
      `the count query returned ${describeValue(got)}, not a row count: expected an integer >= 0 ` +
      '(a number, a bigint or a string of digits), alone in its row or under "total". A silent 0 ' +
      'would give a wrong empty page; check the COUNT query and any row mapper (postProcessResponse)',
  },

  cursorOrder: {
    code: 'ERR_CURSOR_ORDER',
    class: 'ArgumentError',
    argument: 'query',
    message: (fn: string, problem: string) =>
      `${fn}() needs a query ordered by plain columns, the cursor's columns; ${problem}. Order ` +
      "by selected columns (orderBy('created_at', 'desc').orderBy('id', 'desc')), ending with a " +
      'unique one',
  },
  cursorParameters: argumentRow(
    'ERR_CURSOR_PARAMETERS',
    'parameters',
    'a non-empty list of column names',
  ),
  cursorColumn: {
    code: 'ERR_CURSOR_COLUMN',
    class: 'ArgumentError',
    argument: cursorColumn,
    message: (name: string, got: unknown) =>
      mustBe(
        cursorColumn(name),
        'a string, number, boolean, bigint, Date or null',
        got,
        got === undefined
          ? 'Select every ORDER BY column of a cursor-paginated query'
          : 'Order a cursor-paginated query by columns of such values (a binary column is not one)',
      ),
  },
  cursorSecret: argumentRow('ERR_CURSOR_SECRET', 'cursorSecret', 'a non-empty string or Buffer'),

  // -- query builders and their installation ------------------------------------------------------
  unsupportedQuery: {
    code: 'ERR_UNSUPPORTED_QUERY',
    class: 'UnsupportedQueryError',
    message: (fn: string, supported: string, got: unknown, description?: string) =>
      `${fn}() expects ${supported}; got ${description ?? describeQuery(got)}`,
  },
  alreadyInstalled: {
    code: 'ERR_PAGINATION_INSTALLED',
    class: 'PaginationError',
    message: (method: string) =>
      `Knex query builders already have a "${method}" method from another library (knex-paginate?); ` +
      'use paginate(query, perPage) from api-resources/knex instead of installKnexPagination()',
  },

  // -- resources, decorators and the compiler (ResourceError) -------------------------------------
  wrapKeyCollision: {
    code: 'ERR_WRAP_KEY_COLLISION',
    class: 'ResourceError',
    message: (cls: Function, key: string) =>
      `${nameOf(cls)}.additional() key ${JSON.stringify(key)} collides with the wrap key; ` +
      'use a different top-level name for extra metadata',
  },
  additionalKeyCollision: {
    code: 'ERR_ADDITIONAL_KEY_COLLISION',
    class: 'ResourceError',
    message: (cls: Function, key: string) =>
      `${nameOf(cls)}.additional() key ${JSON.stringify(key)} collides with a key of the payload; ` +
      'rename the extra key, or give it an object to merge into that section',
  },
  unwrappedNonObject: {
    code: 'ERR_UNWRAPPED_NON_OBJECT',
    class: 'ResourceError',
    message: (cls: Function, got: unknown) =>
      `${nameOf(cls)}.toArray() must return a plain object when wrap is null; got ${describeValue(got)}`,
  },
  tooDeep: {
    code: 'ERR_OUTPUT_TOO_DEEP',
    class: 'ResourceError',
    message: (cls: Function) =>
      `${nameOf(cls)}: its output nests deeper than the call stack allows: a model that refers ` +
      'back to itself (a cycle) through a loaded relation or a returned object, or a value nested ' +
      'thousands of levels deep; break the cycle before rendering (leave the relation unloaded, ' +
      'or render it as ids)',
  },
  duplicateOutputKey: {
    code: 'ERR_DUPLICATE_OUTPUT_KEY',
    class: 'ResourceError',
    message: (cls: Function, key: string, first: string, second: string) =>
      `${nameOf(cls)}: ${first} and ${second} both produce the output key ${JSON.stringify(key)}; ` +
      'rename one of them (or give it another output name)',
  },
  decoratorMetadataMissing: {
    code: 'ERR_DECORATOR_METADATA',
    class: 'ResourceError',
    message: (decorator: string) =>
      `@${decorator}() got no context.metadata: the compiler's standard decorators need ` +
      "Symbol.metadata, which api-resources defines when it is loaded; import 'api-resources' " +
      'before the module that defines the resource class, or use a compiler that supports ' +
      'decorator metadata (TypeScript 5.2+, esbuild 0.21+)',
  },
  badDecoratorTarget: {
    code: 'ERR_DECORATOR_TARGET',
    class: 'ResourceError',
    message: (decorator: string, where: string) =>
      `@${decorator}() must decorate an instance field or getter with a string name; got ${where}`,
  },
  badResourceThunk: {
    code: 'ERR_RESOURCE_THUNK',
    class: 'ResourceError',
    message: (cls: Function, key: string, got: unknown) =>
      `${nameOf(cls)}.${key}: the resource thunk must return a resource class; got ` +
      `${describeValue(got)}. Write it as () => SomeResource, with SomeResource defined by then`,
  },
  compileFailed: {
    code: 'ERR_RESOURCE_COMPILE',
    class: 'ResourceError',
    message: (cls: Function, source: string, cause: unknown) =>
      `could not compile ${nameOf(cls)}: ${cause instanceof Error ? cause.message : String(cause)}` +
      `\n--- generated source ---\n${source}`,
  },
  badPaginationInformation: {
    code: 'ERR_PAGINATION_INFORMATION',
    class: 'ResourceError',
    message: (cls: Function, got: unknown) =>
      `${nameOf(cls)}.paginationInformation() must return a plain object of the body's top-level ` +
      `keys (such as { links, meta }); got ${describeValue(got)}`,
  },
  responseMismatch: {
    code: 'ERR_RESPONSE_SCHEMA',
    class: 'ResourceError',
    message: (component: string, pointer: string, problem: string) =>
      `the response body does not match the schema ${component}: at ${pointer === '' ? '/ (the body)' : pointer} it ${problem}. ` +
      'Fix the resource (or its { schema } / { nullable: true } options), or turn checkResponses off',
  },
  unmappedModel: {
    code: 'ERR_UNMAPPED_MODEL',
    class: 'ResourceError',
    message: (cls: Function, key: string, decorator: string) =>
      `${nameOf(cls)}.${key} (@${decorator}) got an object with keys of its own and no resource ` +
      `to map it through: written as it is, a model would show every column it has. Map it ` +
      `through a resource with a thunk, as in @${decorator}(() => PostResource), or say the ` +
      `object is meant as it is with @${decorator}({ raw: true }) or a { schema }`,
  },
  unsafeBigint: {
    code: 'ERR_BIGINT_UNSAFE',
    class: 'ResourceError',
    message: (key: string, value: bigint) =>
      `the bigint ${value} of ${/^\d+$/.test(key) ? `item ${key} of a list` : `"${key}"`} cannot be ` +
      "written as a JSON number exactly (bigint: 'number' writes values within ±(2^53 - 1)): " +
      "keep bigint: 'string' for this app, or give the member a getter that returns a string",
  },
  checkerMissing: {
    code: 'ERR_RESPONSE_CHECKER',
    class: 'ResourceError',
    message: (cause: unknown) =>
      'checkResponses needs the package ajv (8 or later) to validate response bodies: ' +
      `npm install --save-dev ajv (${cause instanceof Error ? cause.message : String(cause)})`,
  },
  codegen: {
    code: 'ERR_CODEGEN',
    class: 'ResourceError',
    message: (problem: string, got: string) =>
      `CodeGen: ${problem}; got ${got}. This is a bug in api-resources: please report it ` +
      `with the resource class that triggered it at ${ISSUES_URL}`,
  },

  // -- JSON:API (JsonApiError) --------------------------------------------------------------------
  missingType: {
    code: 'ERR_JSONAPI_TYPE',
    class: 'JsonApiError',
    message: (className: string, got: unknown) =>
      `${className} must declare static resourceType as a non-empty string; got ${describeValue(got)}`,
  },
  missingId: {
    code: 'ERR_JSONAPI_ID',
    class: 'JsonApiError',
    message: (className: string, idKey: string, got: unknown) =>
      `${className} could not determine the id of a model: "${idKey}" must be a non-empty ` +
      `string, a finite number or a bigint; got ${describeValue(got)}`,
  },
  badRelationship: {
    code: 'ERR_JSONAPI_RELATIONSHIP',
    class: 'JsonApiError',
    message: (className: string, name: string, got: unknown) =>
      `${className}.relationships.${name} must be a thunk returning a JsonApiResource class; ` +
      `got ${describeValue(got)}`,
  },
  reservedMember: {
    code: 'ERR_JSONAPI_RESERVED_MEMBER',
    class: 'JsonApiError',
    message: (where: string, key: string) =>
      `${where} cannot use the member name "${key}": it is reserved by JSON:API; rename it`,
  },
  badMemberName: {
    code: 'ERR_JSONAPI_MEMBER_NAME',
    class: 'JsonApiError',
    message: (where: string, name: string) =>
      `${where} ${JSON.stringify(name)} is not a JSON:API member name: it must start and end ` +
      'with a letter, a digit or a character past U+007F, and hold only those, "-", "_" and spaces',
  },
  notJsonApiCollection: {
    code: 'ERR_JSONAPI_COLLECTS',
    class: 'JsonApiError',
    message: (className: string, got: unknown) =>
      `${className} must collect a JsonApiResource class (pass it, or set static collects = () => ` +
      `SomeResource); got ${describeValue(got)}`,
  },
  topLevelMember: {
    code: 'ERR_JSONAPI_TOP_LEVEL_MEMBER',
    class: 'JsonApiError',
    message: (where: string, key: string) =>
      `${where}.additional() key ${JSON.stringify(key)} is not a JSON:API top-level member; ` +
      'use meta, links or jsonapi',
  },
  badLink: {
    code: 'ERR_JSONAPI_LINK',
    class: 'JsonApiError',
    message: (where: string, got: unknown) =>
      `${where} must be a URL template string (such as '/posts/{id}/author') or a function of ` +
      `the model; only self and related links are declared per relationship; got ${describeValue(got)}`,
  },
  badRelationshipMeta: {
    code: 'ERR_JSONAPI_META',
    class: 'JsonApiError',
    message: (where: string, got: unknown) =>
      `${where} must be a function of the model returning the relationship's meta object; got ${describeValue(got)}`,
  },
  badJsonApiObject: {
    code: 'ERR_JSONAPI_OBJECT',
    class: 'JsonApiError',
    message: (option: string, got: unknown) =>
      `JsonApiResource.configure(): ${option} must be ${
        option === 'ext' || option === 'profile'
          ? 'a list of URIs (no spaces or quotes)'
          : option === 'meta' || option === 'options'
            ? 'a plain object'
            : 'a non-empty string'
      }; got ${describeValue(got)}`,
  },

  // -- the HTML page-link bar (PaginationTemplateError) -------------------------------------------
  unknownNamespace: {
    code: 'ERR_PAGINATION_NAMESPACE',
    class: 'PaginationTemplateError',
    message: (ref: string, namespace: string, known: readonly string[]) =>
      `Unknown pagination template namespace "${namespace}" in "${ref}"; registered namespaces: ` +
      `${known.join(', ')}. Register it with registerPaginationHelpers(handlebars, ` +
      `{ namespaces: { ${namespace}: '<folder>' } })`,
  },
  templateNotFound: {
    code: 'ERR_PAGINATION_TEMPLATE_NOT_FOUND',
    class: 'PaginationTemplateError',
    message: (ref: string, file: string) =>
      `Pagination template "${ref}" not found: expected the file ${file}`,
  },
  invalidName: {
    code: 'ERR_PAGINATION_TEMPLATE_NAME',
    class: 'PaginationTemplateError',
    message: (ref: unknown) =>
      `Invalid pagination template name ${JSON.stringify(ref)}: expected "<namespace>::<name>" ` +
      'such as "pagination::simple" (letters, digits, "-", "_" and "/" only)',
  },
  invalidNamespace: {
    code: 'ERR_PAGINATION_NAMESPACE_OPTION',
    class: 'PaginationTemplateError',
    message: (namespace: string, folder: unknown) =>
      `Pagination namespace ${JSON.stringify(namespace)} must be a name (letters, digits, "-", "_") ` +
      `mapped to a folder path; got ${JSON.stringify(folder)}`,
  },
  viewsNotFound: {
    code: 'ERR_PAGINATION_VIEWS_MISSING',
    class: 'PaginationTemplateError',
    message: (from: string) =>
      `api-resources: the built-in templates (views/pagination/default.hbs) were not found above ` +
      `${from}; the package was installed without its views/ folder: reinstall it, or copy ` +
      'views/ next to dist/ when bundling',
  },

  // -- errors a handler throws for resourceErrors() to answer -------------------------------------
  validation: {
    code: 'ERR_VALIDATION',
    class: 'ValidationError',
    status: 422,
    title: 'Invalid Attribute',
    message: (errors: Messages) => summarize(errors),
  },
  notFound: {
    code: 'ERR_NOT_FOUND',
    class: 'NotFoundError',
    status: 404,
    title: 'Not Found',
    message: (what?: string) => what ?? 'Not found.',
  },
  invalidCursor: {
    code: 'ERR_INVALID_CURSOR',
    class: 'InvalidCursorError',
    status: 400,
    title: 'Invalid Cursor',
    parameter: 'cursor',
    message: (reason: string) => `The cursor is invalid: ${reason}.`,
  },
  notAcceptable: {
    code: 'ERR_JSONAPI_NOT_ACCEPTABLE',
    class: 'NotAcceptableError',
    status: 406,
    title: 'Not Acceptable',
    message: (reason: string) =>
      `The Accept header allows no JSON:API document this API sends: ${reason}.`,
  },
  invalidQueryParameter: {
    code: 'ERR_INVALID_QUERY_PARAMETER',
    class: 'QueryParameterError',
    status: 400,
    title: 'Invalid Query Parameter',
    message: (errors: Messages) => summarize(errors),
  },
} as const satisfies Readonly<Record<string, CatalogueEntry>>

/** The name of a row of the catalogue. */
export type CatalogueKey = keyof typeof CATALOGUE

/** The arguments of a row's message template (and of its named constructor). */
export type CatalogueArgs<K extends CatalogueKey> = Parameters<(typeof CATALOGUE)[K]['message']>

/** Every stable code, by the name of its row: `ERROR_CODES.perPage === 'ERR_PER_PAGE'`. */
export type ErrorCodes = { readonly [K in CatalogueKey]: (typeof CATALOGUE)[K]['code'] }

/** One of the stable codes. */
export type ErrorCode = ErrorCodes[CatalogueKey]

/**
 * Every stable code of the package, by the name of the error: switch on `error.code` against these
 * rather than on message text.
 *
 * @example
 * try {
 *   new Paginator(items, { perPage: 0 })
 * } catch (error) {
 *   if (error instanceof ApiResourcesError && error.code === ERROR_CODES.perPage) showDefaultPage()
 * }
 */
export const ERROR_CODES: ErrorCodes = Object.freeze(
  Object.fromEntries(Object.entries(CATALOGUE).map(([key, row]) => [key, row.code])),
) as ErrorCodes

/** Rows whose error has its own entry on the guide's errors page (`errors#<code in lower case>`). */
const ON_THE_ERRORS_PAGE = [
  'notAPaginator',
  'notHandlebars',
  'countResult',
  'unsupportedQuery',
  'alreadyInstalled',
  'wrapKeyCollision',
  'additionalKeyCollision',
  'unwrappedNonObject',
  'tooDeep',
  'duplicateOutputKey',
  'decoratorMetadataMissing',
  'badDecoratorTarget',
  'badPaginationInformation',
  'missingType',
  'missingId',
  'reservedMember',
  'notJsonApiCollection',
  'topLevelMember',
  'badLink',
  'badRelationshipMeta',
  'badJsonApiObject',
  'badMemberName',
  'unknownNamespace',
  'templateNotFound',
  'invalidName',
  'invalidNamespace',
  'viewsNotFound',
] as const satisfies readonly CatalogueKey[]

/**
 * The guide page (with its anchor) that explains a row's error, where one helps: the message ends
 * with ` See <its address>`. A bad argument whose message already says everything (`perPage must be
 * an integer >= 1; got 0`) has none.
 */
export const GUIDE_PAGES: { readonly [K in CatalogueKey]?: string } = Object.freeze({
  cursorOrder: 'cursor-pagination',
  cursorParameters: 'cursor-pagination',
  cursorColumn: 'cursor-pagination',
  cursorSecret: 'cursor-pagination#signing',
  invalidCursor: 'cursor-pagination#bad-cursors',
  badResourceThunk: 'decorators#thunks',
  unmappedModel: 'decorators#thunks',
  badRelationship: 'decorators#thunks',
  ...Object.fromEntries(
    ON_THE_ERRORS_PAGE.map((key) => [key, `errors#${CATALOGUE[key].code.toLowerCase()}`]),
  ),
})

/** `message`, the text of row `key`, with the pointer to its guide page if it has one. */
function explained(key: CatalogueKey, message: string): string {
  const page = GUIDE_PAGES[key]
  return page === undefined ? message : withGuideLink(message, page)
}

/** What an error of row `key` is made of, for `args`. */
interface Catalogued<K extends CatalogueKey = CatalogueKey> {
  readonly code: ErrorCodes[K]
  /** The row's message, with the pointer to its guide page if it has one. */
  readonly message: string
  /** The argument an `ArgumentError` names (`''` for the other classes). */
  readonly argument: string
}

/**
 * The code, message and argument of an error of row `key`: every error of the package is made from
 * this, by its named constructor or its public constructor. @internal
 */
export function catalogued<K extends CatalogueKey>(key: K, args: CatalogueArgs<K>): Catalogued<K> {
  type Text = (...a: CatalogueArgs<K>) => string
  const row = CATALOGUE[key] as unknown as {
    code: ErrorCodes[K]
    argument?: string | Text
    message: Text
  }
  const argument = typeof row.argument === 'function' ? row.argument(...args) : (row.argument ?? '')
  return { code: row.code, message: explained(key, row.message(...args)), argument }
}

const KEY_BY_CODE: ReadonlyMap<unknown, CatalogueKey> = new Map(
  (Object.keys(CATALOGUE) as CatalogueKey[]).map((key) => [CATALOGUE[key].code, key]),
)

/** The guide page of the row of `code`, if it has one. @internal */
export function guidePageOfCode(code: string): string | undefined {
  const key = KEY_BY_CODE.get(code)
  return key === undefined ? undefined : GUIDE_PAGES[key]
}

/** The row of a code, if the code is one of the catalogue's. @internal */
export function entryOfCode(code: unknown): CatalogueEntry | undefined {
  const key = KEY_BY_CODE.get(code)
  return key === undefined ? undefined : CATALOGUE[key]
}

/** Laravel's summary: the first message, with `(and N more errors)` when there are more. */
function summarize(errors: Messages): string {
  const all = Object.values(errors).flat()
  if (all.length === 0) return 'The given data was invalid.'
  const more = all.length - 1
  if (more === 0) return all[0]
  return `${all[0]} (and ${more} more error${more === 1 ? '' : 's'})`
}
/**
 * Where the messages of the package point for an explanation: the guide of the documentation site
 * (package.json `homepage` followed by `guide/`). One page per topic; an error's message ends with
 * ` See <GUIDE_URL><page>` when a guide page explains it.
 */

/** The guide of the documentation site, ending with a slash. */
export const GUIDE_URL = 'https://api-resources.github.io/api-resources/guide/'

/** Where bugs are reported. */
export const ISSUES_URL = 'https://github.com/api-resources/api-resources/issues'

/** The address of a guide page: `guideUrl('cursor-pagination')`, `guideUrl('decorators#thunks')`. */
export function guideUrl(page: string): string {
  return GUIDE_URL + page
}

/** What a message with a guide page ends with. */
function guideSuffix(page: string): string {
  return ` See ${guideUrl(page)}`
}

/** `message` ending with a pointer to the guide page that explains it. */
export function withGuideLink(message: string, page: string): string {
  return (message.endsWith('.') ? message : `${message}.`) + guideSuffix(page)
}

/**
 * `message` without the pointer `withGuideLink` added, for the text an HTTP client is sent: the
 * people calling an API built with the package are not the ones the package's guide is for.
 */
export function withoutGuideLink(message: string, page: string): string {
  const suffix = guideSuffix(page)
  return message.endsWith(suffix) ? message.slice(0, -suffix.length) : message
}
