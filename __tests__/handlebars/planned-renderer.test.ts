import fc from 'fast-check'
import Handlebars from 'handlebars'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { escapeHtml } from '../../src/pagination/bar/escape-html'
import { renderPaginationLinks } from '../../src/pagination/bar/render'
import { isSafeHref, withSafeHrefs } from '../../src/pagination/bar/safe-href'
import { LengthAwarePaginator, Paginator } from '../../src/pagination'
import { decode } from './html-inspect'

const views = join(__dirname, '../../views/pagination')
const plainHandlebars = Handlebars.create()
const plain = {
  default: plainHandlebars.compile(readFileSync(join(views, 'default.hbs'), 'utf8')),
  simple: plainHandlebars.compile(readFileSync(join(views, 'simple.hbs'), 'utf8')),
}

const text = fc.string({
  unit: fc.constantFrom('a', '1', '=', '&', '<', '"', "'", '`', '/', '?', '#', ' ', 'é', ':'),
})

describe('escapeHtml', () => {
  it("escapes exactly as Handlebars' escapeExpression does", () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(escapeHtml(s)).toBe(Handlebars.Utils.escapeExpression(s))
      }),
    )
    fc.assert(
      fc.property(text, (s) => expect(escapeHtml(s)).toBe(Handlebars.Utils.escapeExpression(s))),
    )
  })
})

describe('the planned renderer', () => {
  it('equals plain Handlebars for arbitrary paths, query values, fragments and pages', async () => {
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
          const p = new LengthAwarePaginator([1], { total, perPage: 10, currentPage: page, path })
          p.onEachSide(onEachSide).append(key, value).fragment(fragment)
          expect(await renderPaginationLinks(p)).toBe(plain.default(withSafeHrefs(p.toViewData())))
          const s = new Paginator([1], {
            perPage: 1,
            currentPage: page,
            path,
            hasMore: total > 200,
          })
          s.append(key, value).fragment(fragment)
          expect(await renderPaginationLinks(s)).toBe(plain.simple(withSafeHrefs(s.toViewData())))
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('hrefs', () => {
  it('are always safe, whatever the path', async () => {
    const unit = fc.constantFrom('j', 'a', ':', '/', '\\', ' ', '\t', '?', '#', 'x', '.')
    await fc.assert(
      fc.asyncProperty(fc.string({ unit }), async (path) => {
        const p = new LengthAwarePaginator([1], { total: 30, perPage: 10, currentPage: 2, path })
        const html = await renderPaginationLinks(p)
        const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])
        expect(hrefs.length).toBeGreaterThan(0)
        for (const href of hrefs) expect(isSafeHref(decode(href))).toBe(true)
      }),
      { numRuns: 300 },
    )
  })
})
