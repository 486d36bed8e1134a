// Laravel's own tests of paginators (tests/Pagination/*), ported to this package's API: each test
// names the Laravel test it follows.
import { Cursor, CursorPaginator, JsonResource, LengthAwarePaginator, Paginator } from '../../src'

describe('item 7: a path given as an absolute URL stays absolute', () => {
  it('testPaginatorRemovesTrailingSlashes (PaginatorTest)', () => {
    const p = new Paginator(['item1', 'item2', 'item3'], {
      perPage: 2,
      currentPage: 2,
      hasMore: false,
      path: 'http://website.com/test/',
    })
    expect(p.previousPageUrl()).toBe('http://website.com/test?page=1')
  })

  it('testPaginatorGeneratesUrlsWithoutTrailingSlash (PaginatorTest)', () => {
    const p = new Paginator(['item1', 'item2'], {
      perPage: 2,
      currentPage: 2,
      hasMore: false,
      path: 'http://website.com/test',
    })
    expect(p.previousPageUrl()).toBe('http://website.com/test?page=1')
  })

  it('testPaginatorReturnsPath (PaginatorTest)', () => {
    const p = new Paginator(['item1'], {
      perPage: 2,
      currentPage: 2,
      hasMore: false,
      path: 'http://website.com/test',
    })
    expect(p.path()).toBe('http://website.com/test')
  })

  it('testLengthAwarePaginatorCanGiveMeRelevantPageInformation (LengthAwarePaginatorTest)', () => {
    const p = new LengthAwarePaginator(['item3', 'item4'], {
      total: 4,
      perPage: 2,
      currentPage: 2,
      path: 'http://website.com?key=value%20with%20spaces',
      pageName: 'foo',
    })
    expect(p.url(p.currentPage())).toBe('http://website.com?key=value%20with%20spaces&foo=2')
  })

  it('testReturnsRelevantContextInformation (CursorPaginatorTest): an absolute cursor path', () => {
    const p = new CursorPaginator([{ id: 1 }, { id: 2 }, { id: 3 }], {
      perPage: 2,
      path: 'https://website.com/test/',
      parameters: ['id'],
    })
    expect(p.nextPageUrl()).toMatch(/^https:\/\/website\.com\/test\?cursor=/)
  })

  it('the scheme and host are kept in a collection body; another scheme is refused', () => {
    const p = new LengthAwarePaginator([{ id: 1 }], {
      total: 3,
      perPage: 1,
      currentPage: 1,
      path: 'HTTPS://api.example.com:8443/users/',
    })
    const body = JsonResource.collection(p).toPayload()
    expect(body.links.next).toBe('https://api.example.com:8443/users?page=2')
    expect(
      () => new Paginator([], { perPage: 1, currentPage: 1, hasMore: false, path: 'ftp://x/y' }),
    ).toThrow(/absolute http: or https: URL/)
  })

  it("a path carrying the paginator's own parameter drops it, its bracketed forms too", () => {
    const third = (path: string) =>
      new LengthAwarePaginator([1], { total: 3, perPage: 1, currentPage: 2, path }).url(3)
    expect(third('https://api.example.com/users?page=7&sort=name')).toBe(
      'https://api.example.com/users?sort=name&page=3',
    )
    expect(third('/u?page=1')).toBe('/u?page=3')
    // page[]=9 would turn the link's page into an array
    expect(third('/posts?page[]=9&page%5Bx%5D=1&pages=2&tag=a')).toBe('/posts?pages=2&tag=a&page=3')
    const c = new CursorPaginator([{ id: 1 }, { id: 2 }, { id: 3 }], {
      perPage: 2,
      parameters: ['id'],
      path: '/feed?cursor[]=x&tag=a',
    })
    expect(c.path()).toBe('/feed?tag=a')
    expect(c.nextPageUrl()).toMatch(/^\/feed\?tag=a&cursor=[A-Za-z0-9_-]+$/)
  })
})

describe('link paths: dot segments resolved, characters a URL may not hold encoded', () => {
  const page = (path: string) =>
    new LengthAwarePaginator([1], { total: 3, perPage: 1, currentPage: 2, path })

  it('a path like /..//evil.example never gives a link whose path is //evil.example', async () => {
    for (const path of [
      '/..//evil.example',
      '/a/b/../../..//evil.example',
      '/%2E%2e//evil.example',
    ]) {
      const p = page(path)
      expect(p.url(1)).toBe('/evil.example?page=1')
      expect(new URL(p.url(1), 'https://site.test/').host).toBe('site.test')
      for (const [, href] of (await p.links()).matchAll(/href="([^"]*)"/g))
        expect(new URL(href.replace(/&amp;/g, '&'), 'https://site.test/').host).toBe('site.test')
    }
    expect(page('/a/./b/../c').path()).toBe('/a/c')
  })

  it('" < > { } | ^ and backtick are percent-encoded, in JSON as in HTML', async () => {
    const p = page('/a"<b>{c}|^`d')
    const encoded = '/a%22%3Cb%3E%7Bc%7D%7C%5E%60d'
    expect(p.path()).toBe(encoded)
    expect(JSON.stringify(JsonResource.collection(p).toPayload())).not.toMatch(/[<>{}|^`]d|%7Bc\}/)
    expect((JsonResource.collection(p).toPayload() as { links: { next: string } }).links.next).toBe(
      `${encoded}?page=3`,
    )
    expect(await p.links()).toContain(`href="${encoded}?page&#x3D;3"`)
    const q = page('/x?q=<a>')
    expect(q.url(1)).toBe('/x?q=%3Ca%3E&page=1')
  })
})

describe('item 11: a cursor paginator without parameters', () => {
  it('testCursorPaginatorOnFirstAndLastPage (CursorPaginatorTest): names read from the items', () => {
    const p = new CursorPaginator([{ id: 1 }, { id: 2 }, { id: 3 }], { perPage: 2, path: '/t' })
    expect(p.parameterNames()).toEqual(['id'])
    expect(p.nextCursor()?.toArray()).toEqual({ id: 2, _pointsToNextItems: true })
  })

  it('testReturnsRelevantContextInformation (CursorPaginatorTest): names read from the cursor', () => {
    const cursor = new Cursor({ id: 2 })
    const p = new CursorPaginator([{ id: 3, name: 'c' }], { perPage: 2, cursor, path: '/t' })
    expect(p.parameterNames()).toEqual(['id'])
    expect(p.previousCursor()?.toArray()).toEqual({ id: 3, _pointsToNextItems: false })
  })
})

describe('item 9: getPageName() and toResourceCollection()', () => {
  it('testLengthAwarePaginatorGetAndSetPageName (LengthAwarePaginatorTest)', () => {
    const p = new LengthAwarePaginator([1], { total: 4, perPage: 2, currentPage: 2 })
    expect(p.getPageName()).toBe('page')
    const q = new LengthAwarePaginator([1], { total: 4, perPage: 2, currentPage: 2, pageName: 'p' })
    expect(q.getPageName()).toBe('p')
    expect(new CursorPaginator([], { perPage: 2, parameters: ['id'] }).getPageName()).toBe('cursor')
  })

  it('toResourceCollection (PaginatorResourceTest): the page as a collection of the resource', () => {
    class ItemResource extends JsonResource<{ id: number }> {
      override toArray() {
        return { id: this.resource.id, mapped: true }
      }
    }
    const page = new LengthAwarePaginator([{ id: 1 }], {
      total: 1,
      perPage: 1,
      currentPage: 1,
      path: '/items',
    })
    const collection = page.toResourceCollection(ItemResource)
    const body = collection.toPayload() as { data: unknown; meta: { total: number } }
    expect(body.meta.total).toBe(1)
    expect(body.data).toEqual([{ id: 1, mapped: true }])
  })
})

describe('item 11: getOptions() returns the options the paginator was constructed with', () => {
  it('testItRetrievesThePaginatorOptions (PaginatorTest)', () => {
    const options = { perPage: 2, currentPage: 2, path: 'http://website.com/test' }
    const p = new Paginator(['item1', 'item2', 'item3'], options)
    expect(p.getOptions()).toEqual(options)
    expect(Object.isFrozen(p.getOptions())).toBe(true)
  })

  it('testItRetrievesThePaginatorOptions (LengthAwarePaginatorTest)', () => {
    const options = { total: 4, perPage: 2, currentPage: 2, pageName: 'pg' }
    const p = new LengthAwarePaginator(['item1', 'item2', 'item3', 'item4'], options)
    expect(p.getOptions()).toEqual(options)
    expect(p.getOptions().total).toBe(4) // typed as the class's options
  })

  it('testItRetrievesThePaginatorOptions (CursorPaginatorTest)', () => {
    const options = { perPage: 2, path: 'http://website.com/test', parameters: ['id'] }
    const p = new CursorPaginator([{ id: 4 }, { id: 5 }, { id: 6 }], options)
    expect(p.getOptions()).toEqual(options)
    expect(p.getOptions().parameters).toEqual(['id'])
  })

  it('a cursor signing key is not handed out again', () => {
    const p = new CursorPaginator([{ id: 4 }], {
      perPage: 2,
      parameters: ['id'],
      cursorSecret: 'k'.repeat(32),
    })
    expect(p.getOptions()).toEqual({ perPage: 2, parameters: ['id'] })
  })
})
