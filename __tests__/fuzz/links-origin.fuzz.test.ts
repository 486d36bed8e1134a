// Property tests of one rule: every URL the library emits (a paginator's JSON, `url()`, the links and
// meta of resource collections and JSON:API collections, the hrefs of the HTML bar) resolves, as a
// browser's URL parser reads it, to the page's own origin, whatever the path holds (control
// characters, backslashes, `//`, schemes, unicode, lone surrogates) and whatever is appended. Nothing
// may throw either.
import 'reflect-metadata'
import fc from 'fast-check'
import {
  ArgumentError,
  JsonApiResource,
  JsonResource,
  LengthAwarePaginator,
  Paginator,
  createRequestContext,
  runWithRequestContext,
  type AbstractPaginator,
} from 'api-resources'
import { fuzzParams } from './runs'

const BASE = 'https://site.test/x'
const ORIGIN = 'https://site.test'

/** Pieces a hostile path is made of. */
const piece = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom('/', '//', '\\', '\\\\', '/\\', '.', '..', '?', '#', '&'),
  },
  { weight: 3, arbitrary: fc.constantFrom('\t', '\n', '\r', ' ', '\u0000', '\u001f', '\u007f') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'http://',
      'https:',
      'HTTPS://evil.example',
      'javascript:',
      'data:text/html,',
      'evil.example',
      '@evil.example',
      ':',
      '%2F',
      '%',
      '%E0%A4%A',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '\ud800',
      '\udc00',
      '\ud83d\ude00',
      '\uff0f',
      '\u2028',
      '\u00a0',
      '\ufeff',
      'é',
    ),
  },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 4 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
)

const hostilePath = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''))

const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('//evil.example', 'javascript:alert(1)', '\ud800', '#', '?', '\\'),
)

const extras = fc.record({
  appends: fc.array(fc.tuple(text, fc.oneof(text, fc.array(text, { maxLength: 2 }))), {
    maxLength: 3,
  }),
  fragment: fc.option(text),
  currentPage: fc.integer({ min: 1, max: 12 }),
  total: fc.integer({ min: 0, max: 120 }),
})

type Extras = typeof extras extends fc.Arbitrary<infer T> ? T : never

class Post extends JsonResource<number> {
  override toArray() {
    return { n: this.resource }
  }
}

class PostDoc extends JsonApiResource<{ id: number }> {
  static override resourceType = 'posts'
}

function onSite(url: unknown): boolean {
  if (url === null) return true
  if (typeof url !== 'string') return false
  try {
    return new URL(url, BASE).origin === ORIGIN
  } catch {
    return false
  }
}

function expectOnSite(urls: readonly unknown[]): void {
  const away = urls.filter((url) => !onSite(url))
  expect(away).toEqual([])
}

function decodeHtml(html: string): string {
  return html
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

function hrefsOf(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => decodeHtml(m[1]))
}

function withExtras<P extends AbstractPaginator<unknown>>(page: P, extra: Extras): P {
  for (const [key, value] of extra.appends) page.append(key, value)
  return page.fragment(extra.fragment)
}

function build(extra: Extras, path?: string) {
  const rows = [1, 2, 3]
  const lengthAware = withExtras(
    new LengthAwarePaginator(rows, {
      total: extra.total,
      perPage: 3,
      currentPage: extra.currentPage,
      path,
    }),
    extra,
  )
  const simple = withExtras(
    new Paginator([1, 2, 3, 4], { perPage: 3, currentPage: extra.currentPage, path }),
    extra,
  )
  return { lengthAware, simple }
}

/** Every URL of the JSON outputs (and the `path` members, which are URLs too). */
function jsonUrls(lengthAware: LengthAwarePaginator<number>, simple: Paginator<number>): unknown[] {
  const urls: unknown[] = []
  for (const page of [lengthAware, simple]) {
    const json = JSON.parse(JSON.stringify(page)) as Record<string, unknown>
    urls.push(json.first_page_url, json.last_page_url ?? null, json.next_page_url)
    urls.push(json.prev_page_url, json.path)
    for (const link of json.links as { url: unknown }[]) urls.push(link.url)
    urls.push(page.url(1), page.url(7), page.nextPageUrl(), page.previousPageUrl(), page.path())
    const collection = JSON.parse(JSON.stringify(Post.collection(page)))
    urls.push(...Object.values(collection.links), collection.meta.path)
    const doc = JSON.parse(
      JSON.stringify(PostDoc.collection(page.items().map((id) => ({ id })))),
    ) as { links?: Record<string, unknown> }
    urls.push(...Object.values(doc.links ?? {}))
    const pagedDoc = JSON.parse(
      JSON.stringify(
        PostDoc.collection(
          new LengthAwarePaginator([{ id: 1 }], {
            total: 9,
            perPage: 1,
            currentPage: 2,
            path: page.path(),
          }),
        ),
      ),
    ) as { links: Record<string, unknown>; meta: Record<string, unknown> }
    urls.push(...Object.values(pagedDoc.links), pagedDoc.meta.path)
  }
  for (const band of lengthAware.elements())
    if (typeof band !== 'string') urls.push(...Object.values(band))
  return urls
}

async function htmlUrls(
  lengthAware: LengthAwarePaginator<number>,
  simple: Paginator<number>,
): Promise<string[]> {
  return [
    ...hrefsOf(await lengthAware.links()),
    ...hrefsOf(await simple.links()),
    ...hrefsOf(await lengthAware.links('pagination::simple')),
  ]
}

describe('fuzz: every emitted URL stays on the site', () => {
  it('with any explicit path', async () => {
    await fc.assert(
      fc.asyncProperty(hostilePath, extras, async (path, extra) => {
        // a path with a scheme is an absolute http(s) URL the app chose, or an ArgumentError
        // eslint-disable-next-line no-control-regex
        const parsed = path.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '')
        if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(parsed)) {
          if (!/^https?:\/\//i.test(parsed)) expect(() => build(extra, path)).toThrow(ArgumentError)
          return
        }
        const { lengthAware, simple } = build(extra, path)
        expectOnSite(jsonUrls(lengthAware, simple))
        expectOnSite(await htmlUrls(lengthAware, simple))
      }),
      fuzzParams,
    )
  })

  it('with any request URL (createRequestContext)', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostilePath,
        fc.string({ unit: 'binary', maxLength: 16 }),
        extras,
        async (path, query, extra) => {
          const context = createRequestContext(`${path}?${query}`)
          await runWithRequestContext(context, async () => {
            const { lengthAware, simple } = build(extra)
            lengthAware.withQueryString()
            simple.withQueryString()
            expectOnSite([context.path])
            expectOnSite(jsonUrls(lengthAware, simple))
            expectOnSite(await htmlUrls(lengthAware, simple))
          })
        },
      ),
      fuzzParams,
    )
  })

  it('keeps an already normal path byte for byte', () => {
    // a dot segment (`.`, `..`, `%2e`) is resolved, so it is not normal; a `%` is a percent-escape
    // (an explicit path's stray `%` is written `%25`)
    const segment = fc
      .stringMatching(/^(?:[A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2}){1,8}$/)
      .filter((text) => !/^(?:\.|%2e){1,2}$/i.test(text))
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), (segments) => {
        const path = `/${segments.join('/')}`
        const page = new LengthAwarePaginator([1], { total: 9, perPage: 1, currentPage: 1, path })
        expect(page.path()).toBe(path)
        expect(page.url(2)).toBe(`${path}?page=2`)
        expect(createRequestContext(`${path}?page=2`).path).toBe(path)
      }),
      fuzzParams,
    )
  })
})
