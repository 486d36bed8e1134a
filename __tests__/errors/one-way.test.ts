/**
 * One way to build an error: every error's code, message and (for an `ArgumentError`) argument come
 * from its catalogue row through `catalogued()`, whatever builds it (a named constructor or a public
 * constructor).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import {
  ArgumentError,
  InvalidCursorError,
  NotFoundError,
  QueryParameterError,
  UnsupportedQueryError,
  ValidationError,
} from '../../src'
import { CATALOGUE, catalogued } from '../../src/errors/catalogue'

describe('ArgumentError names its argument, whatever the form of its named constructor', () => {
  it.each([
    ['(got)', () => ArgumentError.perPage(0), 'perPage', 'perPage must be an integer >= 1; got 0'],
    [
      '(got), default name',
      () => ArgumentError.page(0),
      'page',
      'page must be an integer >= 1; got 0',
    ],
    [
      '(got, argument)',
      () => ArgumentError.page(0, 'currentPage'),
      'currentPage',
      'currentPage must be an integer >= 1; got 0',
    ],
    [
      '(argument, expected, got)',
      () => ArgumentError.decoratorOption('@Field() from', 'a non-empty string', ''),
      '@Field() from',
      '@Field() from must be a non-empty string; got ""',
    ],
    [
      '(argument, expected, got) with a fix',
      () => ArgumentError.openApiRoute('routes[0].method', 'an HTTP method', 'fetch'),
      'routes[0].method',
      'routes[0].method must be an HTTP method; got "fetch". Describe each method and path once',
    ],
    [
      '(name, got): a cursor column',
      () => ArgumentError.cursorColumn('id', undefined),
      'the cursor column "id"',
      'the cursor column "id" must be a string, number, boolean, bigint, Date or null; got ' +
        'undefined. Select every ORDER BY column',
    ],
    [
      '(fn, problem): a query',
      () => ArgumentError.cursorOrder('cursorPaginate', 'it has no ORDER BY'),
      'query',
      'cursorPaginate() needs a query ordered by plain columns',
    ],
    ['(got): a count', () => ArgumentError.countResult(-1), 'count', 'the count query returned -1'],
  ])('%s', (_form, build, argument, start) => {
    const error = build()
    expect(error.argument).toBe(argument)
    expect(error.message.startsWith(start)).toBe(true)
  })

  it('the public constructor still builds `<argument> must be <expected>; got <value>`', () => {
    const error = new ArgumentError('ERR_PAGE', 'currentPage', 'an integer >= 1', 'x')
    expect(error).toMatchObject({ code: 'ERR_PAGE', argument: 'currentPage' })
    expect(error.message).toBe('currentPage must be an integer >= 1; got "x"')
  })
})

describe('the public constructors read their row through catalogued()', () => {
  it.each([
    [
      'validation',
      new ValidationError({ a: ['A.', 'B.'] }),
      catalogued('validation', [{ a: ['A.', 'B.'] }]),
    ],
    [
      'notFound',
      new NotFoundError('Post 1 not found.'),
      catalogued('notFound', ['Post 1 not found.']),
    ],
    [
      'invalidCursor',
      new InvalidCursorError('it is not base64url'),
      catalogued('invalidCursor', ['it is not base64url']),
    ],
    [
      'invalidQueryParameter',
      new QueryParameterError({ sort: ['"x" is not sortable.'] }),
      catalogued('invalidQueryParameter', [{ sort: ['"x" is not sortable.'] }]),
    ],
    [
      'unsupportedQuery',
      new UnsupportedQueryError('paginate', 'a Knex query', 1),
      catalogued('unsupportedQuery', ['paginate', 'a Knex query', 1]),
    ],
  ] as const)('%s', (key, error, made) => {
    expect(error.code).toBe(CATALOGUE[key].code)
    expect(made.code).toBe(CATALOGUE[key].code)
    expect(error.message).toBe(made.message)
    expect(made.argument).toBe('')
  })

  it('gives the summary of several messages, and the guide pointer where the row has one', () => {
    expect(catalogued('validation', [{ a: ['A.', 'B.'] }]).message).toBe('A. (and 1 more error)')
    expect(catalogued('invalidCursor', ['bad']).message).toMatch(
      /^The cursor is invalid: bad\. See https:\/\/\S+\/guide\/cursor-pagination#bad-cursors$/,
    )
  })
})

describe('src/errors builds errors one way', () => {
  const ERRORS = resolve(__dirname, '../../src/errors')
  const sources = readdirSync(ERRORS)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => [name, readFileSync(join(ERRORS, name), 'utf8')] as const)

  it("reads a row's message only in catalogued(), and builds an ArgumentError with new once", () => {
    const rowMessage = sources.filter(([, text]) => /\.message\(\.\.\.args\)/.test(text))
    expect(rowMessage.map(([name]) => name)).toEqual(['catalogue.ts'])
    const newArgumentError = sources.flatMap(([name, text]) =>
      [...text.matchAll(/new ArgumentError\(/g)].map(() => name),
    )
    expect(newArgumentError).toEqual(['base.ts'])
    for (const [name, text] of sources) {
      expect(text).not.toMatch(/\bmessageOf\(/)
      if (name !== 'catalogue.ts') expect(text).not.toMatch(/\bexplained\(|\bmustBe\([^)]*\bfix\b/)
    }
  })
})
