import Handlebars from 'handlebars'
import { createRequestContext, runWithRequestContext } from '../../src/context/request-context'
import { ArgumentError } from '../../src/errors'
import { registerPaginationHelpers } from '../../src/integrations/handlebars'
import { isSafeHref, toSafeHref } from '../../src/pagination/bar/safe-href'
import { LengthAwarePaginator, Paginator } from '../../src'
import { tagsOf } from './html-inspect'

const XSS = '"><script>alert(1)</script>'
const QUOTES = `'"\`=&<>`
const JS = 'javascript:alert(1)'

/** Every href of the bar, decoded. */
const hrefs = (html: string) => tagsOf(html).flatMap((t) => (t.attrs.href ? [t.attrs.href] : []))

function expectNoInjection(html: string, path: string): void {
  expect(html).not.toMatch(/<script|<img|onerror|onclick/i)
  const found = hrefs(html) // tagsOf throws on any tag or attribute the templates do not write
  expect(found.length).toBeGreaterThan(0)
  for (const href of found) {
    expect(href.startsWith(`${path}?page=`)).toBe(true)
    expect(isSafeHref(href)).toBe(true)
  }
}

function hostileRequest<T>(fn: () => T): T {
  const query = [
    `q=${encodeURIComponent(XSS)}`,
    `quotes=${encodeURIComponent(QUOTES)}`,
    `next=${encodeURIComponent(JS)}`,
    `${encodeURIComponent(XSS)}=1`,
    'page=2',
  ].join('&')
  return runWithRequestContext(createRequestContext(`/posts?${query}`), fn)
}

describe('escaping: nothing a user controls becomes markup', () => {
  it('escapes values carried by withQueryString()', async () => {
    const html = await hostileRequest(() =>
      new LengthAwarePaginator([1], { total: 100, perPage: 10 }).withQueryString().links(),
    )
    expectNoInjection(html, '/posts')
    const [href] = hrefs(html)
    expect(href).toContain(`q=${encodeURIComponent(XSS)}`)
    expect(href).toContain(`quotes=${encodeURIComponent(QUOTES)}`)
  })

  it('escapes values and keys given to appends() and append()', async () => {
    const p = new LengthAwarePaginator([1], { total: 100, perPage: 10, currentPage: 5, path: '/p' })
    p.appends({ [XSS]: XSS, quotes: QUOTES, url: JS }).append('x', `${XSS}${QUOTES}`)
    expectNoInjection(await p.links(), '/p')
  })

  it('escapes fragments', async () => {
    for (const fragment of [XSS, QUOTES, JS, `a" onmouseover="alert(1)`]) {
      const p = new Paginator([1], { perPage: 1, currentPage: 2, path: '/c', hasMore: true })
      const html = await p.fragment(fragment).links()
      expectNoInjection(html, '/c')
      for (const href of hrefs(html)) expect(href).not.toMatch(/["<>\s]/)
    }
  })

  it('escapes a hostile request path', async () => {
    const path = `/posts/${XSS}`
    const html = await runWithRequestContext(createRequestContext(`${path}?page=3`), () =>
      new LengthAwarePaginator([1], { total: 100, perPage: 10 }).links(),
    )
    expect(html).not.toMatch(/<script/i)
    // the characters a URL may not hold are percent-encoded in the link, the rest of the path kept
    const encoded = `/posts/${XSS.replace(/["<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`
    for (const href of hrefs(html)) expect(href.startsWith(`${encoded}?page=`)).toBe(true)
  })

  it('never renders an href that leaves the site or runs script', async () => {
    for (const path of [
      JS,
      ` ${JS}`,
      'java\tscript:alert(1)',
      '//evil.example/x',
      '/\\evil.example',
    ]) {
      const build = () =>
        new LengthAwarePaginator([1], { total: 30, perPage: 10, currentPage: 2, path })
      // a path with a scheme other than http(s) is refused when the paginator is built
      if (/^\s*java\s*script:/i.test(path)) {
        expect(build).toThrow(ArgumentError)
        continue
      }
      const html = await build().links()
      expect(hrefs(html).length).toBeGreaterThan(0)
      for (const href of hrefs(html)) {
        expect(isSafeHref(href)).toBe(true)
        expect(href).not.toMatch(/^\s*(javascript|java\s*script):/i)
        expect(href).not.toMatch(/^[/\\]{2}/)
      }
    }
  })

  it('escapes the same way through the helper', () => {
    const hb = Handlebars.create()
    registerPaginationHelpers(hb)
    const p = new LengthAwarePaginator([1], { total: 100, perPage: 10, currentPage: 5, path: '/h' })
    p.appends({ q: XSS }).fragment(QUOTES)
    expectNoInjection(hb.compile('{{paginationLinks p}}')({ p }), '/h')
  })
})

describe('safe hrefs', () => {
  it.each([
    ['/posts?page=2', '/posts?page=2'],
    ['?page=2', '?page=2'],
    ['https://api.example/posts?page=2', 'https://api.example/posts?page=2'],
    ['posts?page=2', 'posts?page=2'],
    ['javascript:alert(1)?page=2', './javascript:alert(1)?page=2'],
    ['//evil.example/x?page=2', '/evil.example/x?page=2'],
    ['/\\evil.example?page=2', '/evil.example?page=2'],
    [' \tjavascript:x', '/javascript:x'],
    ['data:text/html,x', './data:text/html,x'],
  ])('%s becomes %s', (url, safe) => {
    expect(toSafeHref(url)).toBe(safe)
    expect(isSafeHref(safe)).toBe(true)
  })
})
