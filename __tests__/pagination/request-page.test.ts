import {
  LengthAwarePaginator,
  Paginator,
  createRequestContext,
  runWithRequestContext,
} from 'api-resources'

const inRequest = <T>(url: string, fn: () => T) =>
  runWithRequestContext(createRequestContext(url), fn)

describe('page and path from the request context', () => {
  it('outside a request: page 1 and path /', () => {
    const p = new LengthAwarePaginator([], { total: 50, perPage: 10 })
    expect(p.currentPage()).toBe(1)
    expect(p.path()).toBe('/')
    expect(p.nextPageUrl()).toBe('/?page=2')
  })

  it('inside a request: ?page= and the path as the client sent it (no trailing slash)', () => {
    const p = inRequest(
      '/api/v1/posts/?page=3&x=1',
      () => new LengthAwarePaginator([], { total: 50, perPage: 10 }),
    )
    expect(p.currentPage()).toBe(3)
    expect(p.path()).toBe('/api/v1/posts')
    expect(p.nextPageUrl()).toBe('/api/v1/posts?page=4')
  })

  it('an explicit currentPage and path win over the request', () => {
    const p = inRequest(
      '/a?page=3',
      () => new Paginator([], { perPage: 10, currentPage: 7, path: '/b' }),
    )
    expect(p.currentPage()).toBe(7)
    expect(p.path()).toBe('/b')
  })

  it.each([
    ['abc', 1],
    ['0', 1],
    ['-3', 1],
    ['2.5', 1],
    ['1e3', 1],
    ['', 1],
    ['99999999999999999999', 1],
    ['0012', 12],
  ])('?page=%s is page %d', (value, expected) => {
    const p = inRequest(
      `/x?page=${value}`,
      () => new LengthAwarePaginator([], { total: 1000, perPage: 10 }),
    )
    expect(p.currentPage()).toBe(expected)
  })

  it('a repeated ?page= (an array) is page 1', () => {
    expect(
      inRequest('/x?page=2&page=3', () => new Paginator([], { perPage: 5 })).currentPage(),
    ).toBe(1)
    expect(inRequest('/x?page[]=2', () => new Paginator([], { perPage: 5 })).currentPage()).toBe(1)
  })

  it('a page whose offset is not a safe integer is page 1', () => {
    const page = 2 ** 50 // a safe integer, but (page - 1) * 100 is not
    const p = inRequest(
      `/x?page=${page}`,
      () => new LengthAwarePaginator([], { total: 5, perPage: 100 }),
    )
    expect(p.currentPage()).toBe(1)
    expect(
      inRequest(`/x?page=${page}`, () => new Paginator([], { perPage: 1 })).currentPage(),
    ).toBe(page)
  })

  it('a page past the last is an empty page, not an error', () => {
    const p = inRequest(
      '/x?page=40',
      () => new LengthAwarePaginator([], { total: 30, perPage: 10 }),
    )
    expect(p.currentPage()).toBe(40)
    expect(p.toJSON()).toMatchObject({ data: [], next_page_url: null, prev_page_url: '/x?page=39' })
  })
})

describe('bad arguments from the programmer', () => {
  const expectArgError = (fn: () => unknown, argument: string, code: string, message: RegExp) => {
    let error: unknown
    try {
      fn()
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(TypeError)
    expect(error).toMatchObject({ name: 'ArgumentError', argument, code })
    expect((error as Error).message).toMatch(message)
  }

  it.each([0, -1, 2.5, NaN, Infinity, '10', null, undefined])(
    'perPage %p is a TypeError naming perPage',
    (perPage) => {
      expectArgError(
        () => new LengthAwarePaginator([], { total: 1, perPage: perPage as number }),
        'perPage',
        'ERR_PER_PAGE',
        /^perPage must be an integer >= 1; got /,
      )
      expectArgError(
        () => new Paginator([], { perPage: perPage as number }),
        'perPage',
        'ERR_PER_PAGE',
        /^perPage/,
      )
    },
  )

  it('names the value received', () => {
    expectArgError(() => new Paginator([], { perPage: 0 }), 'perPage', 'ERR_PER_PAGE', /got 0$/)
    expectArgError(
      () => new Paginator([], { perPage: '5' as never }),
      'perPage',
      'ERR_PER_PAGE',
      /got "5"$/,
    )
  })

  it.each([0, -2, 1.5, NaN, '2'])(
    'currentPage %p is a TypeError naming currentPage',
    (currentPage) => {
      expectArgError(
        () =>
          new LengthAwarePaginator([], {
            total: 1,
            perPage: 1,
            currentPage: currentPage as number,
          }),
        'currentPage',
        'ERR_PAGE',
        /^currentPage must be an integer >= 1/,
      )
    },
  )

  // a page the programmer asked for is never silently page 1 (a client's ?page= would be)
  it.each([
    [Number.MAX_SAFE_INTEGER, 2],
    [2 ** 50, 15],
  ])('currentPage %p with an unsafe offset is a TypeError naming currentPage', (page, perPage) => {
    for (const make of [
      () => new LengthAwarePaginator([], { total: 1, perPage, currentPage: page }),
      () => new Paginator([], { perPage, currentPage: page }),
    ])
      expectArgError(
        make,
        'currentPage',
        'ERR_PAGE',
        new RegExp(
          `^currentPage must be a page whose offset, \\(currentPage - 1\\) \\* perPage with perPage ${perPage}, is a safe integer; got ${page}`,
        ),
      )
    // the largest page whose offset is safe is taken as it is
    const last = Math.floor(Number.MAX_SAFE_INTEGER / perPage) + 1
    expect(new Paginator([], { perPage, currentPage: last }).currentPage()).toBe(last)
  })

  it.each([-1, 1.5, NaN, '3', undefined])('total %p is a TypeError naming total', (total) => {
    expectArgError(
      () => new LengthAwarePaginator([], { total: total as number, perPage: 1 }),
      'total',
      'ERR_TOTAL',
      /^total must be an integer >= 0/,
    )
  })

  it.each([-1, 1.5, NaN, '2', 1001])('onEachSide(%p) is a TypeError naming onEachSide', (n) => {
    const p = new LengthAwarePaginator([], { total: 1, perPage: 1 })
    expectArgError(
      () => p.onEachSide(n as number),
      'onEachSide',
      'ERR_ON_EACH_SIDE',
      /^onEachSide must be an integer from 0 to 1000/,
    )
  })

  it('items that are not iterable, options that are not an object, a bad path or hasMore', () => {
    expectArgError(
      () => new Paginator(5 as never, { perPage: 1 }),
      'items',
      'ERR_PAGINATOR_ITEMS',
      /got 5/,
    )
    expectArgError(
      () => new Paginator('abc' as never, { perPage: 1 }),
      'items',
      'ERR_PAGINATOR_ITEMS',
      /got "abc"/,
    )
    expectArgError(
      () => new Paginator([], undefined as never),
      'options',
      'ERR_PAGINATOR_OPTIONS',
      /got undefined/,
    )
    expectArgError(
      () => new Paginator([], { perPage: 1, path: 3 as never }),
      'path',
      'ERR_PAGINATOR_PATH',
      /got 3/,
    )
    // credentials in an absolute path would be printed in every link
    for (const path of ['https://user:secret@api.example.com/users', 'http://token@example.com'])
      expectArgError(
        () => new Paginator([], { perPage: 1, path }),
        'path',
        'ERR_PAGINATOR_PATH',
        /^path must be a path, or an absolute http: or https: URL without credentials; got "/,
      )
    // an @ in the path itself is not an authority's
    expect(new Paginator([], { perPage: 1, path: 'https://api.example.com/@me' }).url(2)).toBe(
      'https://api.example.com/@me?page=2',
    )
    expectArgError(
      () => new Paginator([], { perPage: 1, hasMore: 'yes' as never }),
      'hasMore',
      'ERR_HAS_MORE',
      /got "yes"/,
    )
  })

  it('url() of a non-integer is a TypeError naming page', () => {
    const p = new Paginator([], { perPage: 1 })
    expectArgError(() => p.url(1.5), 'page', 'ERR_PAGE', /^page must be an integer/)
    expectArgError(() => p.url(NaN), 'page', 'ERR_PAGE', /got NaN/)
  })
})
