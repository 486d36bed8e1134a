// Text with no URL encoding (a lone UTF-16 surrogate, as JSON.parse can produce from "\ud800") never
// makes a paginator throw: the lone surrogate is dropped, as from a fragment.
import {
  LengthAwarePaginator,
  Paginator,
  createRequestContext,
  runWithRequestContext,
} from 'api-resources'

const page = (path = '/posts') =>
  new LengthAwarePaginator([1], { total: 30, perPage: 10, currentPage: 2, path })

async function everyOutput(p: LengthAwarePaginator<unknown>): Promise<string> {
  JSON.stringify(p.toJSON())
  JSON.stringify(p.toResourceLinks())
  p.toViewData()
  p.nextPageUrl()
  await p.links()
  return p.url(3)
}

describe('unencodable input', () => {
  it('a lone surrogate in an appended value is dropped', async () => {
    const p = page().append('q', '\ud800')
    expect(await everyOutput(p)).toBe('/posts?page=3&q=')
    expect(page().append('q', 'a\udc00b\ud83d\ude00').url(1)).toBe('/posts?page=1&q=ab%F0%9F%98%80')
    expect(
      page()
        .appends({ q: ['x\ud800', 'y'] })
        .url(1),
    ).toBe('/posts?page=1&q=x&q=y')
  })

  it('a lone surrogate in a key is dropped', async () => {
    const p = page().append('\udfffk', 'v')
    expect(await everyOutput(p)).toBe('/posts?page=3&k=v')
    // once dropped, a key reading `page` is still the paginator's own
    expect(page().append('pa\ud800ge', '9').url(1)).toBe('/posts?page=1')
  })

  it('a lone surrogate in a path or in the request URL is dropped', async () => {
    expect(await everyOutput(page('/a\ud800b'))).toBe('/ab?page=3')
    expect(page('/a?x=\ud800').url(1)).toBe('/a?x=&page=1')
    const p = runWithRequestContext(createRequestContext('/p\udc00?q=\ud800&page=2'), () =>
      new LengthAwarePaginator([1], { total: 30, perPage: 10 }).withQueryString(),
    )
    expect(await everyOutput(p)).toBe('/p?page=3&q=')
  })

  it('a fragment keeps its surrogate pairs and drops lone surrogates', () => {
    expect(page().fragment('\ud83d\ude00\ud800').url(1)).toBe('/posts?page=1#%F0%9F%98%80')
  })

  it('simple paginators too', async () => {
    const s = new Paginator([1, 2], { perPage: 1, currentPage: 2, path: '/s' }).append('\ud800', 1)
    expect(s.nextPageUrl()).toBe('/s?page=3&=1')
    await s.links()
    JSON.stringify(s)
  })
})
