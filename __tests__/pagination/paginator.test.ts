import { LengthAwarePaginator, Paginator, TO_RESPONSE } from 'api-resources'
import { SIMPLE_PAGE_KEYS } from './page-keys'

const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: from + i }))

// Type tests (checked by `tsc`, which covers __tests__): a simple paginator has no total(),
// lastPage() or onEachSide(). Never called at run time.
export function typeTests(p: Paginator<{ id: number }>, l: LengthAwarePaginator<{ id: number }>) {
  // @ts-expect-error -- no total() on a simple paginator
  p.total()
  // @ts-expect-error -- no lastPage() on a simple paginator
  p.lastPage()
  // @ts-expect-error -- no onEachSide() on a simple paginator
  p.onEachSide(2)
  // @ts-expect-error -- no elements() on a simple paginator
  p.elements()
  // @ts-expect-error -- the simple JSON has no total
  void p.toJSON().total
  // @ts-expect-error -- the simple meta has no last_page
  void p.toResourceMeta().last_page
  const total: number = l.total()
  const last: number = l.lastPage()
  const chained: LengthAwarePaginator<{ id: number }> = l.onEachSide(1).append('a', 'b')
  const id: number = p.items()[0].id
  return [total, last, chained, id]
}

describe('Paginator (simple)', () => {
  it('has no total(), lastPage() or onEachSide() on the object', () => {
    const p = new Paginator(rows(1, 3), { perPage: 3 })
    expect('total' in p).toBe(false)
    expect('lastPage' in p).toBe(false)
    expect('onEachSide' in p).toBe(false)
    expect('elements' in p).toBe(false)
    expect((p as unknown as Record<string, unknown>).total).toBeUndefined()
  })

  it('has the shared accessors', () => {
    const p = new Paginator(rows(21, 10), {
      perPage: 10,
      currentPage: 3,
      path: '/feed',
      hasMore: true,
    })
    expect(p.currentPage()).toBe(3)
    expect(p.perPage()).toBe(10)
    expect(p.count()).toBe(10)
    expect(p.firstItem()).toBe(21)
    expect(p.lastItem()).toBe(30)
    expect(p.hasMorePages()).toBe(true)
    expect(p.nextPageUrl()).toBe('/feed?page=4')
    expect(p.previousPageUrl()).toBe('/feed?page=2')
    expect(p.url(0)).toBe('/feed?page=1')
    expect([...p]).toHaveLength(10)
  })

  it('learns hasMore from one extra row when hasMore is not given, and drops that row', () => {
    const more = new Paginator(rows(1, 4), { perPage: 3 })
    expect(more.hasMorePages()).toBe(true)
    expect(more.items()).toEqual(rows(1, 3))
    const done = new Paginator(rows(1, 3), { perPage: 3 })
    expect(done.hasMorePages()).toBe(false)
    expect(done.nextPageUrl()).toBeNull()
  })

  it('serializes to the length-aware shape minus total, last_page, last_page_url, numbered links', () => {
    const p = new Paginator(rows(4, 3), {
      perPage: 3,
      currentPage: 2,
      path: '/feed',
      hasMore: true,
    })
    const json = p.toJSON()
    expect(Object.keys(json)).toEqual(SIMPLE_PAGE_KEYS)
    expect(json).toEqual({
      current_page: 2,
      data: rows(4, 3),
      first_page_url: '/feed?page=1',
      from: 4,
      links: [
        { url: '/feed?page=1', label: '« Previous', active: false },
        { url: '/feed?page=3', label: 'Next »', active: false },
      ],
      next_page_url: '/feed?page=3',
      path: '/feed',
      per_page: 3,
      prev_page_url: '/feed?page=1',
      to: 6,
    })
    expect(JSON.parse(JSON.stringify(p))).toEqual(json)
  })

  it('has null from/to on an empty page', () => {
    const p = new Paginator([], { perPage: 5, currentPage: 4 })
    expect(p.toJSON()).toMatchObject({
      from: null,
      to: null,
      data: [],
      next_page_url: null,
      prev_page_url: '/?page=3',
    })
  })

  it('gives collection links with last null and meta without last_page/total', () => {
    const p = new Paginator(rows(1, 2), { perPage: 2, hasMore: true, path: '/s' })
    expect(p.toResourceLinks()).toEqual({
      first: '/s?page=1',
      last: null,
      prev: null,
      next: '/s?page=2',
    })
    const meta = p.toResourceMeta()
    expect(Object.keys(meta)).toEqual(['current_page', 'from', 'path', 'per_page', 'to'])
    expect(meta).toEqual({ current_page: 1, from: 1, path: '/s', per_page: 2, to: 2 })
  })

  it('gives view data without page numbers or totals', () => {
    const p = new Paginator(rows(1, 2), { perPage: 2, hasMore: true })
    const data = p.toViewData()
    expect(data).toEqual({
      paginator: p,
      elements: [],
      previousPageUrl: null,
      nextPageUrl: '/?page=2',
      currentPage: 1,
      hasPages: true,
      onFirstPage: true,
      hasMorePages: true,
    })
    expect('total' in data).toBe(false)
  })

  it('hasPages() is false only on page 1 without a next page', () => {
    expect(new Paginator([], { perPage: 2 }).hasPages()).toBe(false)
    expect(new Paginator([], { perPage: 2, currentPage: 2 }).hasPages()).toBe(true)
  })

  it('responds with its JSON and renders a previous/next bar', async () => {
    const p = new Paginator(rows(1, 2), { perPage: 2, hasMore: true, path: '/s' })
    expect(p[TO_RESPONSE]()).toEqual({
      status: 200,
      contentType: 'application/json',
      body: p.toJSON(),
    })
    const html = await p.links()
    expect(html).toMatch(/^<nav/)
    expect(await new Paginator([], { perPage: 2 }).links()).toBe('')
  })
})
