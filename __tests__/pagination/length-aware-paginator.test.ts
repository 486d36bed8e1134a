import { LengthAwarePaginator, Paginator, TO_RESPONSE, isPaginator } from 'api-resources'
import { LENGTH_AWARE_PAGE_KEYS, PAGINATED_META_KEYS } from './page-keys'

const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: from + i }))

describe('LengthAwarePaginator', () => {
  const page2 = () =>
    new LengthAwarePaginator(rows(11, 10), {
      total: 95,
      perPage: 10,
      currentPage: 2,
      path: '/posts',
    })

  it('has every accessor of spec 2.5', () => {
    const p = page2()
    expect(p.total()).toBe(95)
    expect(p.currentPage()).toBe(2)
    expect(p.lastPage()).toBe(10)
    expect(p.perPage()).toBe(10)
    expect(p.count()).toBe(10)
    expect(p.firstItem()).toBe(11)
    expect(p.lastItem()).toBe(20)
    expect(p.hasMorePages()).toBe(true)
    expect(p.hasPages()).toBe(true)
    expect(p.onFirstPage()).toBe(false)
    expect(p.nextPageUrl()).toBe('/posts?page=3')
    expect(p.previousPageUrl()).toBe('/posts?page=1')
    expect(p.url(7)).toBe('/posts?page=7')
    expect(p.path()).toBe('/posts')
  })

  it('is iterable, and items() is a plain array copy', () => {
    const p = page2()
    expect([...p].map((r) => r.id)).toEqual(rows(11, 10).map((r) => r.id))
    const items = p.items()
    expect(Array.isArray(items)).toBe(true)
    items.pop()
    expect(p.count()).toBe(10)
    expect(Array.isArray(p)).toBe(false)
  })

  it('serializes to the pinned page JSON, key order included', () => {
    const p = new LengthAwarePaginator(rows(4, 3), {
      total: 7,
      perPage: 3,
      currentPage: 2,
      path: '/users',
    })
    const json = p.toJSON()
    expect(Object.keys(json)).toEqual(LENGTH_AWARE_PAGE_KEYS)
    expect(json).toEqual({
      current_page: 2,
      data: [{ id: 4 }, { id: 5 }, { id: 6 }],
      first_page_url: '/users?page=1',
      from: 4,
      last_page: 3,
      last_page_url: '/users?page=3',
      links: [
        { url: '/users?page=1', label: '« Previous', active: false },
        { url: '/users?page=1', label: '1', active: false },
        { url: '/users?page=2', label: '2', active: true },
        { url: '/users?page=3', label: '3', active: false },
        { url: '/users?page=3', label: 'Next »', active: false },
      ],
      next_page_url: '/users?page=3',
      path: '/users',
      per_page: 3,
      prev_page_url: '/users?page=1',
      to: 6,
      total: 7,
    })
    for (const link of json.links) expect(Object.keys(link)).toEqual(['url', 'label', 'active'])
    expect(JSON.parse(JSON.stringify(p))).toEqual(json)
  })

  it('puts "..." gaps in links as { url: null, label: "...", active: false }', () => {
    const p = new LengthAwarePaginator([], { total: 200, perPage: 10, currentPage: 10, path: '/' })
    const labels = p.toJSON().links.map((l) => l.label)
    expect(labels).toEqual([
      '« Previous',
      '1',
      '2',
      '...',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      '13',
      '...',
      '19',
      '20',
      'Next »',
    ])
    expect(p.toJSON().links[3]).toEqual({ url: null, label: '...', active: false })
  })

  it('gives page 1 on the first page with prev null, and next null on the last', () => {
    const first = new LengthAwarePaginator(rows(1, 3), { total: 7, perPage: 3, currentPage: 1 })
    expect(first.toJSON().prev_page_url).toBeNull()
    expect(first.toJSON().links[0]).toEqual({ url: null, label: '« Previous', active: false })
    expect(first.onFirstPage()).toBe(true)
    const last = new LengthAwarePaginator(rows(7, 1), { total: 7, perPage: 3, currentPage: 3 })
    expect(last.nextPageUrl()).toBeNull()
    expect(last.hasMorePages()).toBe(false)
    expect(last.onLastPage()).toBe(true)
    expect(last.toJSON().links.at(-1)).toEqual({ url: null, label: 'Next »', active: false })
    expect(last.lastItem()).toBe(7)
  })

  it('has one empty page for an empty result: last_page 1, from/to null', () => {
    const p = new LengthAwarePaginator([], { total: 0, perPage: 15 })
    expect(p.lastPage()).toBe(1)
    expect(p.toJSON()).toMatchObject({
      current_page: 1,
      data: [],
      from: null,
      to: null,
      last_page: 1,
      total: 0,
    })
    expect(p.toJSON().links.map((l) => l.label)).toEqual(['« Previous', '1', 'Next »'])
    expect(p.hasPages()).toBe(false)
    expect(p.isEmpty()).toBe(true)
  })

  it('does not clamp a page past the last: empty data, next null, prev the page before, none active', () => {
    const p = new LengthAwarePaginator([], { total: 25, perPage: 10, currentPage: 9, path: '/x' })
    const json = p.toJSON()
    expect(json).toMatchObject({
      current_page: 9,
      data: [],
      from: null,
      to: null,
      next_page_url: null,
    })
    expect(json.prev_page_url).toBe('/x?page=8')
    expect(json.links.filter((l) => l.active)).toEqual([])
    expect(p.hasPages()).toBe(true)
  })

  it('elements() gives { page: url } bands separated by "..."', () => {
    const p = new LengthAwarePaginator([], { total: 200, perPage: 10, currentPage: 1, path: '/p' })
    const elements = p.elements()
    expect(elements).toHaveLength(3)
    expect(elements[1]).toBe('...')
    expect(elements[0]).toEqual(
      Object.fromEntries([...Array(10)].map((_, i) => [i + 1, `/p?page=${i + 1}`])),
    )
    expect(elements[2]).toEqual({ 19: '/p?page=19', 20: '/p?page=20' })
  })

  it('onEachSide(n) changes the window and is chainable', () => {
    const p = new LengthAwarePaginator([], { total: 200, perPage: 10, currentPage: 10 })
    expect(p.onEachSide(1)).toBe(p)
    expect(
      p
        .toJSON()
        .links.map((l) => l.label)
        .slice(1, -1),
    ).toEqual(['1', '2', '...', '9', '10', '11', '...', '19', '20'])
    p.onEachSide(0)
    expect(p.elements()).toEqual([
      { 1: '/?page=1', 2: '/?page=2' },
      '...',
      { 10: '/?page=10' },
      '...',
      { 19: '/?page=19', 20: '/?page=20' },
    ])
  })

  it('toResourceLinks() and toResourceMeta() give the paginated-collection shapes', () => {
    const p = page2()
    expect(p.toResourceLinks()).toEqual({
      first: '/posts?page=1',
      last: '/posts?page=10',
      prev: '/posts?page=1',
      next: '/posts?page=3',
    })
    const meta = p.toResourceMeta()
    expect(Object.keys(meta)).toEqual(PAGINATED_META_KEYS)
    expect(meta).toEqual({
      current_page: 2,
      from: 11,
      last_page: 10,
      path: '/posts',
      per_page: 10,
      to: 20,
      total: 95,
    })
  })

  it('toViewData() gives templates plain data', () => {
    const p = new LengthAwarePaginator(rows(1, 2), {
      total: 30,
      perPage: 2,
      currentPage: 1,
      path: '/v',
    })
    const data = p.toViewData()
    expect(data.paginator).toBe(p)
    expect(data).toMatchObject({
      previousPageUrl: null,
      nextPageUrl: '/v?page=2',
      currentPage: 1,
      hasPages: true,
      onFirstPage: true,
      hasMorePages: true,
      firstItem: 1,
      lastItem: 2,
      total: 30,
      lastPage: 15,
    })
    expect(data.elements[0]).toEqual(
      [...Array(10)].map((_, i) => ({ page: i + 1, url: `/v?page=${i + 1}`, active: i === 0 })),
    )
    expect(data.elements[1]).toBe('...')
    expect(data.elements[2]).toEqual([
      { page: 14, url: '/v?page=14', active: false },
      { page: 15, url: '/v?page=15', active: false },
    ])
  })

  it('responds with 200 application/json and its JSON', () => {
    const p = page2()
    expect(p[TO_RESPONSE]()).toEqual({
      status: 200,
      contentType: 'application/json',
      body: p.toJSON(),
    })
  })

  it('is recognised by isPaginator(), arrays and look-alikes are not', () => {
    expect(isPaginator(page2())).toBe(true)
    expect(isPaginator(new Paginator([], { perPage: 1 }))).toBe(true)
    expect(isPaginator([])).toBe(false)
    expect(isPaginator({ total: () => 1, items: () => [] })).toBe(false)
    expect(isPaginator(null)).toBe(false)
  })

  it('accepts any iterable of items', () => {
    const p = new LengthAwarePaginator(new Set(['a', 'b']), { total: 2, perPage: 2 })
    expect(p.items()).toEqual(['a', 'b'])
  })

  it('renders its link bar with links() (Handlebars loaded lazily)', async () => {
    const html = await page2().links()
    expect(html).toMatch(/^<nav/)
    expect(html.replace(/&#x3D;/g, '=')).toContain('/posts?page=3')
    expect(await new LengthAwarePaginator([], { total: 3, perPage: 5 }).links()).toBe('')
  })
})
