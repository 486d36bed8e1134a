import fc from 'fast-check'
import Handlebars from 'handlebars'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createRequestContext, runWithRequestContext } from '../../src/context'
import { registerPaginationHelpers } from '../../src/integrations/handlebars'
import { renderPaginationLinks } from '../../src/pagination/bar/render'
import { toSafeHref, withSafeHrefs } from '../../src/pagination/bar/safe-href'
import { BAR_STATE, type BarState } from '../../src/pagination/bar/bar-state'
import { pageUrlPrefix } from '../../src/pagination/page-url'
import { LengthAwarePaginator, Paginator } from '../../src/pagination'
import type { PaginationViewData } from '../../src/pagination/bar/types'
import { lengthAware, simple } from './html-inspect'

// The built-in templates render the package's paginators from their state (no view data); these
// tests hold that path to plain Handlebars over `toViewData()`.
const views = join(__dirname, '../../views/pagination')
const hb = Handlebars.create()
const plain = {
  default: hb.compile<PaginationViewData>(readFileSync(join(views, 'default.hbs'), 'utf8')),
  simple: hb.compile<PaginationViewData>(readFileSync(join(views, 'simple.hbs'), 'utf8')),
}
const expected = (p: { toViewData(): PaginationViewData }, kind: 'default' | 'simple') =>
  plain[kind](withSafeHrefs(p.toViewData()))

describe('rendering from the paginator state', () => {
  it('equals plain Handlebars for both kinds and both templates, every page, empty pages', async () => {
    for (const total of [0, 1, 10, 11, 95, 200, 1000]) {
      for (let page = 1; page <= Math.ceil(total / 10) + 2; page++) {
        const p = lengthAware(page, total).fragment('f')
        expect(await p.links()).toBe(expected(p, 'default'))
        expect(await p.links('pagination::simple')).toBe(expected(p, 'simple'))
      }
    }
    for (const [page, more] of [
      [1, false],
      [1, true],
      [2, false],
      [7, true],
    ] as const) {
      const s = simple(page, more).append('q', '"x"')
      expect(await s.links()).toBe(expected(s, 'simple'))
      expect(await s.links('pagination::default')).toBe(expected(s, 'default'))
    }
    const empty = new LengthAwarePaginator([], { total: 40, perPage: 10, currentPage: 9 })
    expect(await empty.links()).toBe(expected(empty, 'default'))
  })

  it('sees every change of appends, append, fragment, onEachSide and withQueryString', async () => {
    const p = lengthAware(10, 300)
    const steps: (() => unknown)[] = [
      () => p.appends({ q: 'a&b', sort: '<x>' }),
      () => p.append('q', 'second'),
      () => p.append('sort', null),
      () => p.fragment('top'),
      () => p.fragment(null),
      () => p.onEachSide(1),
      () => p.onEachSide(0),
      () =>
        runWithRequestContext(createRequestContext('/posts?tag=a&tag=b&page=3'), () =>
          p.withQueryString(),
        ),
    ]
    let previous = await p.links()
    for (const step of steps) {
      step()
      const html = await p.links()
      expect(html).toBe(expected(p, 'default'))
      expect(html).not.toBe(previous)
      previous = html
    }
  })

  it('gives each of several interleaved paginators its own URLs', async () => {
    const a = lengthAware(3, 100, 10, '/a').append('k', '1')
    const b = lengthAware(3, 100, 10, 'javascript:alert(1)').append('k', '2')
    const c = lengthAware(3, 100, 10, '/c?x=1')
    for (let i = 0; i < 3; i++) {
      for (const p of [a, b, c]) expect(await p.links()).toBe(expected(p, 'default'))
    }
  })

  it('is what the helper renders on any Handlebars instance', () => {
    const mine = Handlebars.create()
    registerPaginationHelpers(mine)
    const p = lengthAware(4, 120).append('q', "it's")
    expect(mine.compile('{{paginationLinks p}}')({ p })).toBe(expected(p, 'default'))
  })
})

describe('what does not render from the state', () => {
  it("a subclass's own view data (it may override toViewData or url)", async () => {
    class Labelled<T> extends LengthAwarePaginator<T> {
      override url(page: number): string {
        return `/custom/${page}`
      }
      override toViewData() {
        const data = super.toViewData()
        return { ...data, previousPageUrl: this.url(data.currentPage - 1) }
      }
    }
    const p = new Labelled([1], { total: 30, perPage: 10, currentPage: 2, path: '/posts' })
    const html = await p.links()
    expect(html).toContain('href="/custom/1"')
    expect(html).toBe(expected(p, 'default'))
  })

  it('a shape whose state disagrees with the view data when first planned: view data wins', async () => {
    // The check runs when a shape is planned, so this shape (111 pages, 5 each side) is new here.
    const real = lengthAware(50, 777, 7, '/odd').onEachSide(5)
    const lying = {
      [BAR_STATE]: (): BarState => ({ ...real[BAR_STATE]()!, urlSuffix: '&lie=1' }),
      toViewData: () => real.toViewData(),
    }
    expect(await renderPaginationLinks(lying)).toBe(expected(real, 'default'))
    expect(await renderPaginationLinks(lying)).toBe(expected(real, 'default'))
  })

  it('a paginator of another copy of the library (no state symbol) uses toViewData()', async () => {
    const p = simple(2, true)
    const foreign = { toViewData: () => p.toViewData() }
    expect(await renderPaginationLinks(foreign)).toBe(await p.links())
  })
})

describe('safe hrefs from the URL prefix', () => {
  it('toSafeHref(prefix + rest) is toSafeHref(prefix) + rest for every page URL prefix', () => {
    const unit = fc.constantFrom('j', 'a', ':', '/', '\\', ' ', '\t', '?', '#', 'x', '.', '&', 'h')
    fc.assert(
      fc.property(fc.string({ unit }), fc.string({ unit }), fc.nat(), (path, suffix, page) => {
        const prefix = pageUrlPrefix(path)
        expect(toSafeHref(`${prefix}${page}${suffix}`)).toBe(
          `${toSafeHref(prefix)}${page}${suffix}`,
        )
      }),
      { numRuns: 2000 },
    )
    for (const path of ['http://', 'https:', '//evil', ' \\x', 'https://a']) {
      const prefix = pageUrlPrefix(path)
      expect(toSafeHref(`${prefix}2&a=b`)).toBe(`${toSafeHref(prefix)}2&a=b`)
    }
  })

  it('keeps simple paginators on the same site too', async () => {
    const s = new Paginator([1], {
      perPage: 1,
      currentPage: 2,
      path: '//evil.example',
      hasMore: true,
    })
    const html = await s.links()
    expect(html).toBe(expected(s, 'simple'))
    expect(html).not.toContain('href="//')
  })
})
