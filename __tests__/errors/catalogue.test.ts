import {
  ApiResourcesError,
  ArgumentError,
  ERROR_CODES,
  JsonApiError,
  NotFoundError,
  PaginationError,
  PaginationTemplateError,
  ResourceError,
  UnsupportedQueryError,
  ValidationError,
  isApiResourcesError,
  InvalidCursorError,
  QueryParameterError,
} from '../../src'
import {
  ERROR_BRAND,
  HANDLEBARS_ERROR_CODES,
  JSONAPI_ERROR_CODES,
  NotAcceptableError,
  PAGINATION_ERROR_CODES,
} from '../../src/errors'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  CATALOGUE,
  GUIDE_PAGES,
  type CatalogueKey,
  GUIDE_URL,
  ISSUES_URL,
} from '../../src/errors/catalogue'

const CLASSES = {
  ArgumentError,
  UnsupportedQueryError,
  PaginationError,
  ResourceError,
  JsonApiError,
  PaginationTemplateError,
  ValidationError,
  NotFoundError,
  InvalidCursorError,
  QueryParameterError,
  NotAcceptableError,
} as const

class Widget {}

/** One way to build each row's error, through its named constructor (or `new`). */
const BUILD: { readonly [K in CatalogueKey]: () => Error } = {
  perPage: () => ArgumentError.perPage(0),
  page: () => ArgumentError.page(1.5),
  total: () => ArgumentError.total(-1),
  pageName: () => ArgumentError.pageName(''),
  onEachSide: () => ArgumentError.onEachSide('2'),
  items: () => ArgumentError.items(42),
  hasMore: () => ArgumentError.hasMore('yes'),
  path: () => ArgumentError.path(7),
  options: () => ArgumentError.options(null),
  maxIncludeDepth: () => ArgumentError.maxIncludeDepth(-1),
  decoratorOption: () => ArgumentError.decoratorOption('@Field() from', 'a non-empty string', ''),
  badArgument: () => ArgumentError.badArgument('fragment', 'a string or null', 5),
  notAPaginator: () => ArgumentError.notAPaginator({}),
  notHandlebars: () => ArgumentError.notHandlebars(undefined),
  collectionSource: () => ArgumentError.collectionSource(3),
  resourceClass: () => ArgumentError.resourceClass(Widget),
  baseUrl: () => ArgumentError.baseUrl('ftp://x'),
  bigintEncoding: () => ArgumentError.bigintEncoding('Number'),
  queryValue: () => ArgumentError.queryValue({ c: 'x' }),
  queryParams: () => ArgumentError.queryParams('sort=name'),
  strictOption: () => ArgumentError.strictOption('yes'),
  validationSource: () => ArgumentError.validationSource('zodError', 'a ZodError', null),
  validationErrors: () => ArgumentError.validationErrors('errors', 'an object', []),
  countResult: () => ArgumentError.countResult('x'),
  cursorOrder: () => ArgumentError.cursorOrder('cursorPaginate', 'it has no ORDER BY'),
  cursorSecret: () => ArgumentError.cursorSecret(''),
  cursorParameters: () => ArgumentError.cursorParameters([]),
  cursorColumn: () => ArgumentError.cursorColumn('id', undefined),
  invalidCursor: () => InvalidCursorError.invalidCursor('it is not base64url'),
  invalidQueryParameter: () =>
    QueryParameterError.invalidQueryParameter({ sort: ['"x" is not sortable; sortable: id.'] }),
  unsupportedQuery: () => UnsupportedQueryError.unsupportedQuery('paginate', 'a Knex query', 1),
  alreadyInstalled: () => PaginationError.alreadyInstalled('paginate'),
  wrapKeyCollision: () => ResourceError.wrapKeyCollision(Widget, 'data'),
  additionalKeyCollision: () => ResourceError.additionalKeyCollision(Widget, 'id'),
  unwrappedNonObject: () => ResourceError.unwrappedNonObject(Widget, [1]),
  tooDeep: () => ResourceError.tooDeep(Widget),
  unmappedModel: () => ResourceError.unmappedModel(Widget, 'posts', 'WhenLoaded'),
  unsafeBigint: () => ResourceError.unsafeBigint('id', 2n ** 53n),
  duplicateOutputKey: () =>
    ResourceError.duplicateOutputKey(Widget, 'a', '@Field() a', '@Field() b'),
  decoratorMetadataMissing: () => ResourceError.decoratorMetadataMissing('Field'),
  badDecoratorTarget: () => ResourceError.badDecoratorTarget('Field', 'a static member'),
  badResourceThunk: () => ResourceError.badResourceThunk(Widget, 'author', 1),
  badPaginationInformation: () => ResourceError.badPaginationInformation(Widget, null),
  badLink: () => JsonApiError.badLink('Widget.relationshipLinks.author.self', 42),
  badRelationshipMeta: () => JsonApiError.badRelationshipMeta('Widget.relationshipMeta.author', 1),
  badJsonApiObject: () => JsonApiError.badJsonApiObject('version', ''),
  compileFailed: () => ResourceError.compileFailed(Widget, 'return (', new SyntaxError('bad')),
  openApiRoute: () => ArgumentError.openApiRoute('routes[0].method', 'an HTTP method', 'fetch'),
  responseMismatch: () =>
    ResourceError.responseMismatch('UserResponse', '/data/id', 'must be number'),
  checkerMissing: () => ResourceError.checkerMissing(new Error('Cannot find module ajv')),
  codegen: () => ResourceError.codegen('name must be a valid identifier', '"a b"'),
  missingType: () => JsonApiError.missingType('Widget', undefined),
  missingId: () => JsonApiError.missingId('Widget', 'id', null),
  badRelationship: () => JsonApiError.badRelationship('Widget', 'owner', 1),
  reservedMember: () => JsonApiError.reservedMember('Widget', 'type'),
  notJsonApiCollection: () => JsonApiError.notJsonApiCollection('Widgets', Widget),
  topLevelMember: () => JsonApiError.topLevelMember('Widget', 'included'),
  badMemberName: () => JsonApiError.badMemberName('Widget.resourceType', 'bad type!'),
  notAcceptable: () =>
    NotAcceptableError.notAcceptable(
      'every application/vnd.api+json in it has a charset parameter',
    ),
  unknownNamespace: () => PaginationTemplateError.unknownNamespace('a::b', 'a', ['pagination']),
  templateNotFound: () => PaginationTemplateError.templateNotFound('a::b', '/x/b.hbs', null),
  invalidName: () => PaginationTemplateError.invalidName(42),
  invalidNamespace: () => PaginationTemplateError.invalidNamespace('a b', 1),
  viewsNotFound: () => PaginationTemplateError.viewsNotFound('/app/dist'),
  validation: () => new ValidationError({ email: ['Required.'] }),
  notFound: () => new NotFoundError(),
}

const ROWS = Object.entries(CATALOGUE) as [CatalogueKey, (typeof CATALOGUE)[CatalogueKey]][]

describe('the error catalogue', () => {
  it('lists every code once, each ERR_ and upper-case words', () => {
    const codes = ROWS.map(([, row]) => row.code)
    expect(new Set(codes).size).toBe(codes.length)
    for (const code of codes) expect(code).toMatch(/^ERR_[A-Z0-9]+(_[A-Z0-9]+)*$/)
  })

  it('ERROR_CODES lists every code by the name of its row', () => {
    expect(Object.keys(ERROR_CODES).sort()).toEqual(ROWS.map(([key]) => key).sort())
    for (const [key, row] of ROWS) expect(ERROR_CODES[key]).toBe(row.code)
    expect(Object.isFrozen(ERROR_CODES)).toBe(true)
  })

  it('keeps the published codes, and the per-area code objects point into it', () => {
    const all = new Set(Object.values(ERROR_CODES) as string[])
    const areas = [PAGINATION_ERROR_CODES, JSONAPI_ERROR_CODES, HANDLEBARS_ERROR_CODES]
    for (const codes of areas) for (const code of Object.values(codes)) expect(all).toContain(code)
    expect(PAGINATION_ERROR_CODES.perPage).toBe('ERR_PER_PAGE')
    expect(PAGINATION_ERROR_CODES.unsupportedQuery).toBe('ERR_UNSUPPORTED_QUERY')
    expect(JSONAPI_ERROR_CODES.maxIncludeDepth).toBe('ERR_JSONAPI_INCLUDE_DEPTH')
    expect(HANDLEBARS_ERROR_CODES.invalidTemplateName).toBe('ERR_PAGINATION_TEMPLATE_NAME')
    expect(ERROR_CODES.validation).toBe('ERR_VALIDATION')
    expect(ERROR_CODES.notFound).toBe('ERR_NOT_FOUND')
  })

  it.each(ROWS)('%s: builds an ApiResourcesError of its class, code and message', (key, row) => {
    const error = BUILD[key]() as Error & { code: string }
    expect(error).toBeInstanceOf(ApiResourcesError)
    expect(error).toBeInstanceOf(CLASSES[row.class])
    expect(error.constructor).toBe(CLASSES[row.class])
    expect(error.name).toBe(row.class)
    expect(error.code).toBe(row.code)
    expect(isApiResourcesError(error)).toBe(true)
    expect(typeof error.message).toBe('string')
    expect(error.message.length).toBeGreaterThan(5)
    if ('status' in row) expect((error as unknown as { status: number }).status).toBe(row.status)
  })

  it('has a named constructor on its class for every row (bar the two built with new)', () => {
    const rowsByClass = new Map<Function, string[]>()
    for (const [key, row] of ROWS) {
      const cls = CLASSES[row.class]
      rowsByClass.set(cls, [...(rowsByClass.get(cls) ?? []), key])
    }
    for (const [cls, keys] of rowsByClass) {
      const statics = Object.getOwnPropertyNames(cls).filter(
        (name) => typeof (cls as unknown as Record<string, unknown>)[name] === 'function',
      )
      const named = keys.filter((key) => key !== 'validation' && key !== 'notFound')
      expect(
        statics.filter((s) => !['fromZod', 'fromExpressValidator'].includes(s)).sort(),
      ).toEqual(named.sort())
    }
  })

  it('keeps ArgumentError and UnsupportedQueryError TypeErrors', () => {
    expect(() => {
      throw ArgumentError.perPage(0)
    }).toThrow(TypeError)
    expect(() => {
      throw UnsupportedQueryError.unsupportedQuery('paginate', 'a query', 1)
    }).toThrow(TypeError)
    expect(new UnsupportedQueryError('paginate', 'a query', 1)).toBeInstanceOf(ApiResourcesError)
    expect(new ArgumentError('ERR_PER_PAGE', 'perPage', 'an integer >= 1', 0).message).toBe(
      'perPage must be an integer >= 1; got 0',
    )
  })

  it('keeps the ordinary prototype check for the subclasses', () => {
    const error = ResourceError.decoratorMetadataMissing('Field')
    expect(error).toBeInstanceOf(ResourceError)
    expect(error).not.toBeInstanceOf(JsonApiError)
    expect(ArgumentError.perPage(0)).not.toBeInstanceOf(ResourceError)
    expect(new Error('x')).not.toBeInstanceOf(ApiResourcesError)
  })

  it('recognises the mark, not the code: a foreign error with our code is not ours', () => {
    const foreign = Object.assign(new Error('m'), { code: 'ERR_VALIDATION', errors: {} })
    expect(foreign).not.toBeInstanceOf(ApiResourcesError)
    expect(isApiResourcesError({ code: 'ERR_NOT_FOUND', message: 'x' })).toBe(false)
    expect(isApiResourcesError(null)).toBe(false)
    expect(isApiResourcesError('ERR_VALIDATION')).toBe(false)
    expect(ERROR_BRAND).toBe(Symbol.for('api-resources.error'))
    // the mark is not enumerable: it stays out of JSON and object spreads
    expect(Object.keys(new NotFoundError())).not.toContain(ERROR_BRAND)
    expect(JSON.stringify(ArgumentError.perPage(0))).not.toContain('api-resources')
  })

  it('recognises the errors of a second copy of the package', () => {
    let other: typeof import('../../src/errors') | undefined
    jest.isolateModules(() => {
      other = require('../../src/errors') as typeof import('../../src/errors')
    })
    expect(other!.ApiResourcesError).not.toBe(ApiResourcesError)
    const theirs = new other!.ValidationError({ a: ['x'] })
    expect(theirs).not.toBeInstanceOf(ValidationError)
    expect(theirs).toBeInstanceOf(ApiResourcesError)
    expect(other!.ArgumentError.perPage(0)).toBeInstanceOf(ApiResourcesError)
    expect(ArgumentError.perPage(0)).toBeInstanceOf(other!.ApiResourcesError)
  })
})

describe('messages say what was expected, what was received and the fix', () => {
  it.each([
    [() => ArgumentError.perPage(0), 'perPage must be an integer >= 1; got 0'],
    [() => ArgumentError.page('2', 'currentPage'), 'currentPage must be an integer >= 1; got "2"'],
    [
      () => ArgumentError.notHandlebars({}),
      'handlebars must be a Handlebars instance; got an object. Pass the default export of ' +
        "'handlebars', or Handlebars.create(). " +
        'See https://api-resources.github.io/api-resources/guide/errors#err_not_handlebars',
    ],
    [
      () => UnsupportedQueryError.unsupportedQuery('paginate', 'a Knex query', Promise.resolve()),
      'paginate() expects a Knex query; got a Promise (pass the query builder, not its awaited ' +
        'result). See https://api-resources.github.io/api-resources/guide/errors#err_unsupported_query',
    ],
    [
      () => ResourceError.codegen('name must be a valid identifier', '"a b"'),
      /^CodeGen: name must be a valid identifier; got "a b"\. This is a bug in api-resources/,
    ],
    [
      () => PaginationTemplateError.viewsNotFound('/app/dist'),
      /views\/pagination\/default\.hbs\) were not found above \/app\/dist; .*reinstall it/,
    ],
  ])('%#', (build, expected) => {
    const { message } = build()
    if (typeof expected === 'string') expect(message).toBe(expected)
    else expect(message).toMatch(expected)
  })

  it('the count error names the value, what was expected and why a 0 is not used', () => {
    const error = ArgumentError.countResult('x')
    expect(error).toMatchObject({ code: 'ERR_COUNT_RESULT', argument: 'count' })
    expect(error.message).toMatch(
      /^the count query returned "x", not a row count: expected an integer >= 0/,
    )
    expect(error.message).toMatch(/wrong empty page/)
  })

  it('names a Knex query builder that already has the method, and the alternative', () => {
    expect(PaginationError.alreadyInstalled('paginate').message).toMatch(
      /already have a "paginate" method .* use paginate\(query, perPage\) from api-resources\/knex/,
    )
  })
})

describe('messages point at the guide page that explains them', () => {
  const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
    homepage: string
    bugs: { url: string }
  }

  it("the guide's address is the package's homepage followed by guide/", () => {
    expect(GUIDE_URL).toBe(`${pkg.homepage}guide/`)
    expect(ISSUES_URL).toBe(pkg.bugs.url)
  })

  it.each(ROWS)('%s: its message ends with its guide page, or has none', (key) => {
    const { message } = BUILD[key]()
    const page = GUIDE_PAGES[key]
    if (page === undefined) expect(message).not.toContain(GUIDE_URL)
    else expect(message.endsWith(` See ${GUIDE_URL}${page}`)).toBe(true)
  })

  it('cursor errors link the cursor pagination guide, thunk errors the thunks section', () => {
    expect(InvalidCursorError.invalidCursor('it is not base64url').message).toBe(
      'The cursor is invalid: it is not base64url. ' +
        'See https://api-resources.github.io/api-resources/guide/cursor-pagination#bad-cursors',
    )
    expect(ArgumentError.cursorOrder('cursorPaginate', 'it has no ORDER BY').message).toMatch(
      /ending with a unique one\. See https:\/\/\S+\/guide\/cursor-pagination$/,
    )
    expect(ArgumentError.cursorSecret('').message).toMatch(/guide\/cursor-pagination#signing$/)
    expect(ResourceError.badResourceThunk(Widget, 'author', 1).message).toMatch(
      /with SomeResource defined by then\. See https:\/\/\S+\/guide\/decorators#thunks$/,
    )
    expect(JsonApiError.badRelationship('Widget', 'owner', 1).message).toMatch(
      /guide\/decorators#thunks$/,
    )
  })

  it('other errors link their entry on the errors page: errors#<code in lower case>', () => {
    expect(ResourceError.decoratorMetadataMissing('Field').message).toMatch(
      /\(TypeScript 5\.2\+, esbuild 0\.21\+\)\. See https:\/\/\S+\/guide\/errors#err_decorator_metadata$/,
    )
    expect(ArgumentError.countResult('x').message).toMatch(/guide\/errors#err_count_result$/)
    expect(PaginationTemplateError.viewsNotFound('/app').message).toMatch(
      /guide\/errors#err_pagination_views_missing$/,
    )
    for (const page of Object.values(GUIDE_PAGES))
      expect(page).toMatch(
        /^(cursor-pagination(#bad-cursors|#signing)?|decorators#thunks|errors#err_[a-z0-9_]+)$/,
      )
  })

  it('a plain bad argument says everything itself and gets no link', () => {
    expect(ArgumentError.perPage(0).message).toBe('perPage must be an integer >= 1; got 0')
  })

  it('the code generator bug asks for a report where bugs are reported', () => {
    expect(ResourceError.codegen('x', 'y').message).toContain(
      'https://github.com/api-resources/api-resources/issues',
    )
  })
})
