import { parse as parseQs } from 'qs'
import { parse as parseSimple } from 'node:querystring'
import {
  ArgumentError,
  LengthAwarePaginator,
  Paginator,
  createRequestContext,
  runWithRequestContext,
} from 'api-resources'

const la = (path = '/posts', currentPage = 1) =>
  new LengthAwarePaginator([], { total: 100, perPage: 10, currentPage, path })

describe('page URLs', () => {
  it('are <path>?page=<n>[&<key>=<value>...][#<fragment>]', () => {
    const p = la().append('sort', 'title').fragment('list')
    expect(p.url(3)).toBe('/posts?page=3&sort=title#list')
  })

  it('keep parameters in first-appended order; appending again replaces in place', () => {
    const p = la().append('a', '1').append('b', '2').append('a', '3')
    expect(p.url(2)).toBe('/posts?page=2&a=3&b=2')
  })

  it('ignore appending page, and remove a key set to null or undefined', () => {
    const p = la().append('page', '9').appends({ x: '1', y: '2' }).append('x', null)
    expect(p.url(2)).toBe('/posts?page=2&y=2')
    p.appends({ y: undefined, page: 4 })
    expect(p.url(2)).toBe('/posts?page=2')
  })

  it('encode keys and values as encodeURIComponent does (a space is %20)', () => {
    const p = la().appends({ 'filter[q]': 'a b&c=d', ü: 'é/?#' })
    expect(p.url(1)).toBe('/posts?page=1&filter%5Bq%5D=a%20b%26c%3Dd&%C3%BC=%C3%A9%2F%3F%23')
  })

  it('write numbers and booleans as strings, and an array as the key repeated', () => {
    expect(
      la()
        .appends({ n: 5, t: true, tags: ['a', 'b'] })
        .url(1),
    ).toBe('/posts?page=1&n=5&t=true&tags=a&tags=b')
  })

  it('refuse an object, or a list holding one, naming the fix (never "[object Object]")', () => {
    const p = la().append('sort', 'title')
    for (const bad of [{ c: 'x' }, ['a', { c: 'x' }], [['a']], Symbol('s')]) {
      const error = (() => {
        try {
          p.appends({ b: bad as never })
        } catch (caught) {
          return caught as ArgumentError
        }
      })()
      expect(error).toBeInstanceOf(ArgumentError)
      expect(error?.code).toBe('ERR_QUERY_VALUE')
      expect(error?.message).toMatch(/append\('filter\[status\]', 'draft'\)/)
      expect(() => p.append('b', bad as never)).toThrow(ArgumentError)
    }
    expect(p.url(1)).toBe('/posts?page=1&sort=title')
  })

  it('appends() refuses anything but a plain object of parameters, naming the fix', () => {
    const p = la().append('sort', 'title')
    for (const bad of ['sort=name', ['a', 'b'], new Map([['sort', 'name']]), null, undefined, 5]) {
      expect(() => p.appends(bad as never)).toThrow(
        expect.objectContaining({
          name: 'ArgumentError',
          code: 'ERR_QUERY_PARAMS',
          argument: 'params',
          message: expect.stringMatching(
            /^params must be a plain object of query parameters; got .*appends\(\{ sort: 'name' \}\)$/,
          ),
        }),
      )
    }
    // a prototype-less object is a plain object
    const bare = Object.assign(Object.create(null) as Record<string, string>, { q: 'x' })
    expect(p.appends(bare).url(1)).toBe('/posts?page=1&sort=title&q=x')
  })

  it('continue a path that already has a query with &', () => {
    expect(la('/search?q=cats').url(2)).toBe('/search?q=cats&page=2')
  })

  it('normalise an explicit path like a request path', () => {
    expect(la('/posts/').path()).toBe('/posts')
    expect(la('/posts///').url(1)).toBe('/posts?page=1')
    expect(la('/').url(1)).toBe('/?page=1')
    expect(la('').url(1)).toBe('/?page=1')
    expect(la('/a/#frag').path()).toBe('/a')
  })

  it('write a % of an explicit path that starts no percent-escape as %25, keeping escapes', () => {
    expect(la('/50%off').url(2)).toBe('/50%25off?page=2')
    expect(la('/a%zz/%').url(2)).toBe('/a%25zz/%25?page=2')
    expect(la('https://x.example/%').url(2)).toBe('https://x.example/%25?page=2')
    expect(la('/a%20b%2F').url(2)).toBe('/a%20b%2F?page=2')
    expect(la('/search?q=50%off&r=%41').url(2)).toBe('/search?q=50%25off&r=%41&page=2')
    for (const path of ['/50%off', '/a%zz/%', '/search?q=50%off'])
      expect(() => decodeURI(la(path).url(2))).not.toThrow()
  })

  it('percent-encode the characters past ASCII of an explicit path and its query as UTF-8, as a URL parser does', () => {
    expect(la('/café').url(2)).toBe('/caf%C3%A9?page=2')
    expect(la('/a\u00a0b').url(2)).toBe('/a%C2%A0b?page=2')
    expect(la('/日本/😀').url(2)).toBe('/%E6%97%A5%E6%9C%AC/%F0%9F%98%80?page=2')
    expect(la('/search?q=ä').url(2)).toBe('/search?q=%C3%A4&page=2')
    expect(la('https://api.example.com/café/').url(2)).toBe(
      'https://api.example.com/caf%C3%A9?page=2',
    )
    // a host name past ASCII in its ASCII (punycode) form; one no URL parser reads is refused
    expect(la('https://bücher.example:8080/x').url(2)).toBe(
      'https://xn--bcher-kva.example:8080/x?page=2',
    )
    expect(() => la('https://bü cher.example/x')).toThrow(ArgumentError)
    for (const path of ['/café', '/日本/😀', 'https://api.example.com/café']) {
      const url = la(path).url(2)
      const base = path.startsWith('http') ? undefined : 'http://x'
      expect(new URL(url, base).href.endsWith(url.replace(/^https:\/\/[^/]+/, ''))).toBe(true)
    }
  })

  it('give url(1) for n < 1', () => {
    expect(la().url(0)).toBe('/posts?page=1')
    expect(la().url(-5)).toBe('/posts?page=1')
  })

  it('carry a fragment, encoded so that it cannot break out of the URL', () => {
    expect(la().fragment('comments').url(2)).toBe('/posts?page=2#comments')
    expect(la().fragment('a b"<').url(2)).toBe('/posts?page=2#a%20b%22%3C')
    // a percent-escape is kept as it is (not encoded twice); a lone % is encoded
    expect(la().fragment('a%20b').url(2)).toBe('/posts?page=2#a%20b')
    expect(la().fragment('100%').url(2)).toBe('/posts?page=2#100%25')
    expect(la().fragment('%zz%4').url(2)).toBe('/posts?page=2#%25zz%254')
    expect(la().fragment('x').fragment()).toBe('x')
    expect(la().fragment('x').fragment(null).url(1)).toBe('/posts?page=1')
  })

  it('apply to every URL a paginator gives', () => {
    const p = la('/posts', 5).append('q', 'x')
    const json = p.toJSON()
    const urls = [json.first_page_url, json.last_page_url, json.next_page_url, json.prev_page_url]
    for (const link of json.links) if (link.url !== null) urls.push(link.url)
    for (const url of urls) expect(url).toMatch(/^\/posts\?page=\d+&q=x$/)
  })
})

describe('withQueryString()', () => {
  const inRequest = <T>(url: string, fn: () => T) =>
    runWithRequestContext(createRequestContext(url), fn)
  const queryOf = (url: string) => url.slice(url.indexOf('?') + 1)
  const withoutPage = (query: string) =>
    query
      .split('&')
      .filter((part) => !part.startsWith('page='))
      .join('&')

  it("carries the request's other parameters, dropping page", () => {
    const url = inRequest('/posts?page=2&sort=-date&q=a+b', () =>
      la('/posts', 2).withQueryString().url(3),
    )
    expect(url).toBe('/posts?page=3&sort=-date&q=a%20b')
  })

  it.each([
    'a[]=1&a[]=2&filter[status]=x',
    'filter%5Bstatus%5D=open&filter%5Bauthor%5D=7&tags[]=x%20y&tags[]=z',
    'q=%E2%9C%93&empty=&flag&x=1&x=2',
    'nested[a][b]=c&list[0]=p&list[1]=q',
    'plus=a%2Bb&amp=%26&eq=%3D',
  ])('reproduces %s so that qs and querystring read back the same values', (query) => {
    const url = inRequest(`/p?page=4&${query}`, () => la('/p', 4).withQueryString().url(5))
    const carried = withoutPage(queryOf(url))
    expect(parseQs(carried)).toEqual(parseQs(query))
    expect({ ...parseSimple(carried) }).toEqual({ ...parseSimple(query) })
  })

  it('drops page and page[...] from the carried parameters', () => {
    const url = inRequest('/p?page[]=7&page=2&page[x]=1&pages=4', () =>
      la('/p').withQueryString().url(3),
    )
    expect(url).toBe('/p?page=3&pages=4')
  })

  it('lets later append() calls replace carried values in place', () => {
    const url = inRequest('/p?a=1&b=2', () => la('/p').withQueryString().append('a', '9').url(1))
    expect(url).toBe('/p?page=1&a=9&b=2')
  })

  it('does nothing outside a request', () => {
    expect(new Paginator([], { perPage: 1 }).withQueryString().url(2)).toBe('/?page=2')
  })
})
