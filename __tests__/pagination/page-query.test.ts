import { ArgumentError } from '../../src'
import { cursorPaginateQuery } from '../../src/pagination/cursor-query'
import { paginatePageQuery, simplePaginatePageQuery } from '../../src/pagination/page-query'
import { countFrom } from '../../src/pagination/page-query'

const rows = Array.from({ length: 23 }, (_, i) => i + 1)

describe('paginatePageQuery / simplePaginatePageQuery (what adapters build on)', () => {
  it('counts, then fetches one window; skips the fetch when the page is empty', async () => {
    const calls: string[] = []
    const source = {
      count: async () => (calls.push('count'), rows.length),
      fetch: async (offset: number, limit: number) => (
        calls.push(`fetch ${offset} ${limit}`),
        rows.slice(offset, offset + limit)
      ),
    }
    const page = await paginatePageQuery(source, 10, 3)
    expect(page.items()).toEqual([21, 22, 23])
    expect(calls).toEqual(['count', 'fetch 20 10'])
    calls.length = 0
    const past = await paginatePageQuery(source, 10, 4)
    expect(past.items()).toEqual([])
    expect(calls).toEqual(['count'])
  })

  it('fetches perPage + 1 rows for a simple page', async () => {
    const calls: string[] = []
    const fetch = async (offset: number, limit: number) => (
      calls.push(`${offset} ${limit}`),
      rows.slice(offset, offset + limit)
    )
    const page = await simplePaginatePageQuery({ fetch }, 10, 2)
    expect(calls).toEqual(['10 11'])
    expect(page.items()).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
    expect(page.hasMorePages()).toBe(true)
  })

  it('builds page URLs on a given path, an absolute http(s) URL kept as given', async () => {
    const source = {
      count: async () => rows.length,
      fetch: async (offset: number, limit: number) => rows.slice(offset, offset + limit),
    }
    const page = await paginatePageQuery(source, 10, 1, {
      path: 'https://api.example.com/users/',
      total: 23,
    })
    expect(page.nextPageUrl()).toBe('https://api.example.com/users?page=2')
    const simple = await simplePaginatePageQuery(source, 10, 1, { path: '/feed/' })
    expect(simple.nextPageUrl()).toBe('/feed?page=2')
    const cursor = await cursorPaginateQuery(
      { fetch: async () => [{ id: 1 }, { id: 2 }, { id: 3 }] },
      [{ name: 'id', column: 'id', descending: false, nullsFirst: true }],
      2,
      null,
      { path: 'https://api.example.com/posts' },
    )
    expect(cursor.nextPageUrl()).toMatch(/^https:\/\/api\.example\.com\/posts\?cursor=/)
    await expect(paginatePageQuery(source, 10, 1, { path: 'javascript:alert(1)' })).rejects.toThrow(
      ArgumentError,
    )
  })

  it('reads a count from numbers, numeric strings, bigints and renamed keys', () => {
    expect(countFrom({ total: 5 })).toBe(5)
    expect(countFrom({ total: '12' })).toBe(12)
    expect(countFrom({ total: 7n })).toBe(7)
    expect(countFrom({ TOTAL: '3' })).toBe(3)
    expect(() => countFrom({ total: 'x' })).toThrow(TypeError)
    expect(() => countFrom(undefined)).toThrow(/not a row count/)
  })
})
