// Laravel's paginator options: a custom page parameter (pageName) and cursor parameter (cursorName),
// honoured in URLs and when the page is read from the request; through(fn).
import knexFactory from 'knex'
import {
  ArgumentError,
  Cursor,
  CursorPaginator,
  InvalidCursorError,
  LengthAwarePaginator,
  Paginator,
  createRequestContext,
  runWithRequestContext,
} from '../../src'
import { cursorPaginate, paginate, simplePaginate } from '../../src/adapters/knex'
import { errorToHttpResponse } from '../../src/http'

const inRequest = <T>(url: string, fn: () => T): T =>
  runWithRequestContext(createRequestContext(url), fn)

describe('pageName', () => {
  it('names the page in URLs, the JSON links and the resource links', () => {
    const page = new LengthAwarePaginator([1, 2], {
      total: 6,
      perPage: 2,
      currentPage: 2,
      path: '/users',
      pageName: 'users_page',
    }).append('q', 'x')
    expect(page.url(3)).toBe('/users?users_page=3&q=x')
    expect(page.toJSON()).toMatchObject({
      first_page_url: '/users?users_page=1&q=x',
      next_page_url: '/users?users_page=3&q=x',
      prev_page_url: '/users?users_page=1&q=x',
    })
    // the page parameter itself is never appended
    expect(page.append('users_page', 9).url(1)).toBe('/users?users_page=1&q=x')
    // `page` is an ordinary parameter now
    expect(page.append('page', 4).url(1)).toBe('/users?users_page=1&q=x&page=4')
  })

  it('reads the page from the request by that name (and ignores ?page=)', () => {
    const page = inRequest(
      '/users?page=3&users_page=2',
      () => new Paginator([1, 2, 3], { perPage: 2, pageName: 'users_page' }),
    )
    expect(page.currentPage()).toBe(2)
    expect(page.nextPageUrl()).toBe('/users?users_page=3')
  })

  it('a bracketed name (page[number]) is percent-encoded in URLs and read back from the request', () => {
    const page = inRequest(
      '/posts?page%5Bnumber%5D=2',
      () => new LengthAwarePaginator([1], { total: 5, perPage: 1, pageName: 'page[number]' }),
    )
    expect(page.currentPage()).toBe(2)
    expect(page.nextPageUrl()).toBe('/posts?page%5Bnumber%5D=3')
  })

  it('is a clear error when it cannot name a parameter', () => {
    const bad = (pageName: unknown) => () =>
      new Paginator([], { perPage: 1, pageName: pageName as string })
    expect(bad('')).toThrow(ArgumentError)
    expect(bad(3)).toThrow(/pageName must be a non-empty string/)
    expect(bad('\ud800')).toThrow(ArgumentError)
  })
})

describe('through Knex', () => {
  const db = knexFactory({
    client: 'better-sqlite3',
    connection: { filename: ':memory:' },
    useNullAsDefault: true,
  })
  beforeAll(async () => {
    await db.schema.createTable('items', (t) => t.integer('id').primary())
    await db('items').insert(Array.from({ length: 7 }, (_, i) => ({ id: i + 1 })))
  })
  afterAll(() => db.destroy())

  it('paginate and simplePaginate read ?<pageName>= and link with it', async () => {
    const page = await inRequest('/items?p=2', () =>
      paginate(db('items').orderBy('id'), 3, undefined, { pageName: 'p' }),
    )
    expect(page.items().map((r: { id: number }) => r.id)).toEqual([4, 5, 6])
    expect(page.nextPageUrl()).toBe('/items?p=3')
    const simple = await inRequest('/items?p=3', () =>
      simplePaginate(db('items').orderBy('id'), 3, undefined, { pageName: 'p' }),
    )
    expect(simple.items().map((r: { id: number }) => r.id)).toEqual([7])
    expect(simple.previousPageUrl()).toBe('/items?p=2')
  })

  it('cursorPaginate reads ?<cursorName>= and links with it', async () => {
    const first = await inRequest('/items', () =>
      cursorPaginate(db('items').orderBy('id'), 3, undefined, { cursorName: 'after' }),
    )
    const next = first.nextPageUrl()!
    expect(next).toMatch(/^\/items\?after=/)
    const second = await inRequest(next, () =>
      cursorPaginate(db('items').orderBy('id'), 3, undefined, { cursorName: 'after' }),
    )
    expect(second.items().map((r: { id: number }) => r.id)).toEqual([4, 5, 6])
  })

  it('a refused cursor names ?<cursorName>= in its 400, whichever check refuses it', async () => {
    const after = (url: string, query = db('items').orderBy('id')) =>
      inRequest(url, () => cursorPaginate(query, 3, undefined, { cursorName: 'after' }))
    const refusal = async (url: string, query?: ReturnType<typeof db>) => {
      const error = await after(url, query).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(InvalidCursorError)
      const plain = errorToHttpResponse(error, { url }, { jsonApi: false })!
      const doc = errorToHttpResponse(error, { url }, { jsonApi: true })!
      return {
        parameter: (error as InvalidCursorError).parameter,
        plain: Object.keys(JSON.parse(plain.body).errors),
        source: JSON.parse(doc.body).errors[0].source,
      }
    }
    const named = { parameter: 'after', plain: ['after'], source: { parameter: 'after' } }
    // not a cursor at all; given twice; another query's columns; a value the column cannot hold
    expect(await refusal('/items?after=%25%25')).toEqual(named)
    expect(await refusal('/items?after=a&after=b')).toEqual(named)
    expect(await refusal(`/items?after=${new Cursor({ name: 1 }).encode()}`)).toEqual(named)
    expect(await refusal(`/items?after=${new Cursor({ id: null }).encode()}`)).toEqual(named)
    // the default name is unchanged
    const plain = await inRequest('/items?cursor=%25%25', () =>
      cursorPaginate(db('items').orderBy('id'), 3),
    ).catch((e: InvalidCursorError) => e)
    expect((plain as InvalidCursorError).parameter).toBe('cursor')
    // a paginator built from rows reads the same name
    expect(() =>
      inRequest(
        '/items?after=%25%25',
        () => new CursorPaginator([], { perPage: 3, parameters: ['id'], cursorName: 'after' }),
      ),
    ).toThrow(expect.objectContaining({ parameter: 'after' }))
  })
})

describe('through()', () => {
  it('through() maps the rows in place and keeps the page', () => {
    const page = new LengthAwarePaginator([{ n: 1 }, { n: 2 }], {
      total: 10,
      perPage: 2,
      currentPage: 2,
      path: '/n',
    })
    const mapped = page.through((row, i) => ({ doubled: row.n * 2, i }))
    expect(mapped).toBe(page)
    expect(mapped.items()).toEqual([
      { doubled: 2, i: 0 },
      { doubled: 4, i: 1 },
    ])
    expect([...mapped]).toEqual(mapped.items())
    expect(mapped.toJSON()).toMatchObject({ current_page: 2, total: 10, from: 3, to: 4 })
    expect(mapped.lastPage()).toBe(5)
  })
})
