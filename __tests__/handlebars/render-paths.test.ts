// The package's paginators render the package's templates from their state (`state-renderer.ts`);
// everything else is Handlebars over `toViewData()`. These tests hold the first to the second: the
// reference is each template compiled by a plain Handlebars instance and rendered from
// `withSafeHrefs(paginator.toViewData())`.
import fc from 'fast-check'
import Handlebars from 'handlebars'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createRequestContext, runWithRequestContext } from '../../src/context/request-context'
import { ArgumentError } from '../../src/errors'
import { registerPaginationHelpers } from '../../src/integrations/handlebars'
import { BAR_STATE } from '../../src/pagination/bar/state-renderer'
import { renderPaginationLinks } from '../../src/pagination/bar/render'
import { isSafeHref, toSafeHref, withSafeHrefs } from '../../src/pagination/bar/safe-href'
import type { PaginationViewData } from '../../src/pagination/types'
import { pageUrlPrefix } from '../../src/pagination/page-url'
import { LengthAwarePaginator, Paginator } from '../../src'
import { decode, lengthAware, simple } from './html-inspect'

/** A path with a URL scheme in front (`a:`, `javascript:`): only http(s) URLs are paths then. */
const WITH_SCHEME = /^[ \p{Cc}]*[A-Za-z][A-Za-z0-9+.-]*:/u
const isHttpUrl = (path: string) => /^\s*https?:\/\/[^/?#\\]/i.test(path.replace(/[\t\n\r]/g, ''))

const views = join(__dirname, '../../views/pagination')
const hb = Handlebars.create()
const compileView = (name: string) =>
  hb.compile<PaginationViewData>(readFileSync(join(views, `${name}.hbs`), 'utf8'))
const reference = { default: compileView('default'), simple: compileView('simple') }
type Kind = keyof typeof reference
/** The other template sets: numbered and simple template names. */
const SETS = [
  ['bootstrap-5', 'simple-bootstrap-5'],
  ['bootstrap-4', 'simple-bootstrap-4'],
  ['plain', 'simple-plain'],
] as const
const expected = (p: { toViewData(): PaginationViewData }, kind: Kind) =>
  reference[kind](withSafeHrefs(p.toViewData()))

/** Query values and a fragment that need escaping, carried by every page URL. */
function carry<P extends { appends(q: Record<string, string>): P; fragment(f: string): P }>(
  p: P,
): P {
  return p.appends({ q: 'a b&<"x">', 'filter[s]': "it's" }).fragment('top=1')
}

/** `expect(a).toBe(b)` is slow over tens of thousands of renders; this names the state instead. */
function assertSame(actual: string, wanted: string, state: object): void {
  if (actual !== wanted) expect({ state, html: actual }).toEqual({ state, html: wanted })
}

describe('rendering from the paginator state equals Handlebars over toViewData()', () => {
  it('for every length-aware state: 1..60 pages, every page and past the end, onEachSide 0..4', async () => {
    let checked = 0
    for (let last = 1; last <= 60; last++) {
      const totals = last === 1 ? [0, 7] : [last * 10 - 3]
      for (const total of totals) {
        for (let page = 1; page <= last + 2; page++) {
          for (let onEachSide = 0; onEachSide <= 4; onEachSide++) {
            for (const carried of [false, true]) {
              // A page in range has rows, a page past the last has none; `empty` also takes the
              // rows away from a page in range (firstItem and lastItem null).
              for (const empty of [false, true]) {
                const rows = empty || page > last ? [] : [1]
                const p = new LengthAwarePaginator(rows, { total, perPage: 10, currentPage: page })
                p.onEachSide(onEachSide)
                if (carried) carry(p)
                const state = { last, total, page, onEachSide, carried, empty }
                const data = withSafeHrefs(p.toViewData())
                assertSame(await p.links(), reference.default(data), state)
                assertSame(await p.links('pagination::simple'), reference.simple(data), state)
                checked++
              }
            }
          }
        }
      }
    }
    expect(checked).toBe(39_060)
  }, 120_000)

  it('for every simple state: first, middle and last page, more pages or not, empty or not', async () => {
    for (const page of [1, 2, 7]) {
      for (const hasMore of [false, true]) {
        for (const carried of [false, true]) {
          for (const rows of [[], [1, 2]]) {
            const s = new Paginator(rows, { perPage: 2, currentPage: page, path: '/c', hasMore })
            if (carried) carry(s)
            const state = { page, hasMore, carried, rows }
            assertSame(await s.links(), expected(s, 'simple'), state)
            // a numbered template asked for a paginator without a page count: its simple one
            assertSame(await s.links('pagination::default'), expected(s, 'simple'), state)
          }
        }
      }
    }
  })

  it.each(SETS)(
    'for the %s and %s templates, over many length-aware and simple states',
    async (numbered, simpleName) => {
      const numberedRef = compileView(numbered)
      const simpleRef = compileView(simpleName)
      for (let last = 1; last <= 24; last++) {
        for (let page = 1; page <= last + 1; page++) {
          for (const onEachSide of [0, 1, 3]) {
            for (const empty of [false, true]) {
              const rows = empty || page > last ? [] : [1]
              const total = last === 1 && empty ? 0 : last * 10 - 3
              const p = carry(
                new LengthAwarePaginator(rows, { total, perPage: 10, currentPage: page }),
              )
              p.onEachSide(onEachSide)
              const data = withSafeHrefs(p.toViewData())
              const state = { numbered, last, page, onEachSide, empty }
              assertSame(await p.links(`pagination::${numbered}`), numberedRef(data), state)
              assertSame(await p.links(`pagination::${simpleName}`), simpleRef(data), state)
            }
          }
        }
      }
      for (const page of [1, 2, 7]) {
        for (const hasMore of [false, true]) {
          const s = carry(
            new Paginator([1], { perPage: 2, currentPage: page, path: '/c', hasMore }),
          )
          const data = withSafeHrefs(s.toViewData())
          assertSame(await s.links(`pagination::${numbered}`), simpleRef(data), { page, hasMore })
          assertSame(await s.links(`pagination::${simpleName}`), simpleRef(data), { page, hasMore })
        }
      }
    },
  )

  it('through the helper of any Handlebars instance too', () => {
    const mine = Handlebars.create()
    registerPaginationHelpers(mine)
    const view = mine.compile('{{paginationLinks p}}|{{paginationLinks p "pagination::simple"}}')
    for (let page = 1; page <= 22; page++) {
      const p = carry(lengthAware(page, 200))
      expect(view({ p })).toBe(`${expected(p, 'default')}|${expected(p, 'simple')}`)
    }
  })

  it('for arbitrary paths, query values, fragments and pages', async () => {
    const text = fc.string({
      unit: fc.constantFrom('a', '1', '=', '&', '<', '"', "'", '`', '/', '?', '#', ' ', 'é', ':'),
    })
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          path: text,
          key: text,
          value: text,
          fragment: fc.option(text),
          total: fc.integer({ min: 0, max: 400 }),
          page: fc.integer({ min: 1, max: 45 }),
          onEachSide: fc.integer({ min: 0, max: 4 }),
        }),
        async ({ path, key, value, fragment, total, page, onEachSide }) => {
          fc.pre(!WITH_SCHEME.test(path.replace(/[\t\n\r]/g, '')))
          const p = new LengthAwarePaginator([1], { total, perPage: 10, currentPage: page, path })
          p.onEachSide(onEachSide).append(key, value).fragment(fragment)
          expect(await p.links()).toBe(expected(p, 'default'))
          const s = new Paginator([1], {
            perPage: 1,
            currentPage: page,
            path,
            hasMore: total > 200,
          })
          s.append(key, value).fragment(fragment)
          expect(await s.links()).toBe(expected(s, 'simple'))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('after every change of appends, append, fragment, onEachSide and withQueryString', async () => {
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

  it('for several interleaved paginators, each with its own URLs', async () => {
    const a = lengthAware(3, 100, 10, '/a').append('k', '1')
    const b = lengthAware(3, 100, 10, '/b/"<x>').append('k', '2')
    const c = lengthAware(3, 100, 10, '/c?x=1')
    for (let i = 0; i < 3; i++) {
      for (const p of [a, b, c]) expect(await p.links()).toBe(expected(p, 'default'))
    }
  })
})

describe('what renders with Handlebars over toViewData()', () => {
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

  it('one decision per class: a subclass that only adds methods keeps the fast path', async () => {
    class Extended<T> extends LengthAwarePaginator<T> {
      describe(): string {
        return `page ${this.currentPage()}`
      }
    }
    class Overriding<T> extends LengthAwarePaginator<T> {
      override hasMorePages(): boolean {
        return false
      }
    }
    const options = { total: 30, perPage: 10, currentPage: 2, path: '/posts' }
    const extended = new Extended([1], options) as unknown as Record<symbol, () => unknown>
    const overriding = new Overriding([1], options) as unknown as Record<symbol, () => unknown>
    expect(extended[BAR_STATE]()).toBeDefined()
    expect(overriding[BAR_STATE]()).toBeUndefined()
    expect(await new Overriding([1], options).links()).not.toContain('rel="next"')
  })

  it('a paginator of another copy of the library, with whatever values it holds', async () => {
    const p = simple(2, true)
    expect(await renderPaginationLinks({ toViewData: () => p.toViewData() })).toBe(await p.links())
    const base = lengthAware(2, 30).toViewData()
    for (const odd of [{ hasMorePages: [] }, { onFirstPage: 'no' }, { total: { n: 1 } }]) {
      const foreign = { toViewData: () => ({ ...base, ...odd }) as never }
      expect(await renderPaginationLinks(foreign)).toBe(expected(foreign, 'default'))
    }
  })
})

describe('escaping and safe hrefs', () => {
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

  it('every href stays on the site, whatever the path', async () => {
    const unit = fc.constantFrom('j', 'a', ':', '/', '\\', ' ', '\t', '?', '#', 'x', '.')
    await fc.assert(
      fc.asyncProperty(fc.string({ unit }), async (path) => {
        if (WITH_SCHEME.test(path.replace(/[\t\n\r]/g, '')) && !isHttpUrl(path)) {
          // any scheme but http(s) is refused when the paginator is built
          expect(
            () => new LengthAwarePaginator([1], { total: 30, perPage: 10, currentPage: 2, path }),
          ).toThrow(ArgumentError)
          return
        }
        const p = new LengthAwarePaginator([1], { total: 30, perPage: 10, currentPage: 2, path })
        const s = new Paginator([1], { perPage: 1, currentPage: 2, path, hasMore: true })
        for (const html of [await p.links(), await s.links()]) {
          const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])
          expect(hrefs.length).toBeGreaterThan(0)
          for (const href of hrefs) expect(isSafeHref(decode(href))).toBe(true)
        }
      }),
      { numRuns: 300 },
    )
  })
})
