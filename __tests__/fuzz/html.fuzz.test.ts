// Property tests over every value that reaches the HTML bar: appended query keys and values, query
// values carried by withQueryString(), fragments and the path. The rendered HTML must have exactly the
// markup it has for harmless values (same number of `<`, `>` and `"`), and every href must stay a
// relative URL on the paginator's path.
import fc from 'fast-check'
import Handlebars from 'handlebars'
import {
  LengthAwarePaginator,
  Paginator,
  createRequestContext,
  runWithRequestContext,
} from 'api-resources'
import { registerPaginationHelpers } from 'api-resources/handlebars'
import { fuzzParams } from './runs'

const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.constantFrom(
    '"><script>alert(1)</script>',
    "'",
    '"',
    'javascript:alert(1)',
    '<',
    '>',
    '&amp;',
    '{{x}}',
  ),
)

function count(html: string, ch: string): number {
  return html.split(ch).length - 1
}

function shape(html: string): string {
  return ['<', '>', '"'].map((ch) => count(html, ch)).join(',')
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  quot: '"',
  lt: '<',
  gt: '>',
  '#x27': "'",
  '#x3D': '=',
  '#x60': '`',
}

/** Every href attribute, with the HTML escapes Handlebars writes undone. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) =>
    m[1].replace(/&(amp|quot|lt|gt|#x27|#x3D|#x60);/g, (_, e: string) => ENTITIES[e]),
  )
}

const hbs = Handlebars.create()
registerPaginationHelpers(hbs)
const viaHelper = hbs.compile('{{paginationLinks p}}')

async function render(
  rawQuery: string,
  key: string,
  value: string,
  fragment: string,
  simple: boolean,
): Promise<string[]> {
  const ctx = createRequestContext(`/posts?page=3&${rawQuery}`)
  return runWithRequestContext(ctx, async () => {
    const p = simple
      ? new Paginator([1, 2], { perPage: 2, hasMore: true })
      : new LengthAwarePaginator([1, 2], { total: 40, perPage: 2 })
    p.withQueryString()
      .appends({ [key]: value })
      .fragment(fragment)
    return [await p.links(), String(viaHelper({ p }))]
  })
}

describe('fuzz: HTML bar escaping', () => {
  it('injects no markup and no unsafe href, whatever the values', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostile,
        hostile,
        hostile,
        hostile,
        fc.boolean(),
        async (q, key, value, frag, simple) => {
          const rawQuery = `q=${encodeURIComponent(q)}&${encodeURIComponent(key)}=x`
          const html = await render(rawQuery, key, value, frag, simple)
          const plain = await render('q=a&k=x', 'k', 'v', 'f', simple)
          for (let i = 0; i < html.length; i++) {
            expect(shape(html[i])).toBe(shape(plain[i]))
            expect(html[i]).not.toMatch(/<script/i)
            for (const href of hrefs(html[i])) {
              // A relative URL on the paginator's path: no scheme, so `javascript:` can only ever be
              // text inside the fragment (which keeps RFC 3986 fragment characters such as `:`).
              expect(href.startsWith('/posts?page=')).toBe(true)
              expect(href.split('#')[0]).not.toMatch(/javascript:/i)
            }
          }
        },
      ),
      fuzzParams,
    )
  })
})
