// Every URL the library emits resolves, as a browser's URL parser reads it, to the page's own origin,
// whatever the request path or an explicit `path` holds.
import 'reflect-metadata'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import {
  JsonApiResource,
  JsonResource,
  LengthAwarePaginator,
  Paginator,
  createRequestContext,
  runWithRequestContext,
} from 'api-resources'
import { apiResources } from 'api-resources/express'
import { normalizePath } from '../../src/context/request-context'
import { isSafeHref, toSafeHref } from '../../src/pagination/bar/safe-href'

const BASE = 'https://site.test/x'

function expectSameOrigin(url: string | null): void {
  if (url === null) return
  expect({ url, origin: new URL(url, BASE).origin }).toEqual({ url, origin: 'https://site.test' })
}

/** Every URL of a paginator's JSON. */
function urlsOf(page: LengthAwarePaginator<unknown>): string[] {
  const json = page.toJSON()
  const urls = [json.first_page_url, json.last_page_url, json.next_page_url, json.prev_page_url]
  for (const link of json.links) urls.push(link.url)
  return urls.filter((u): u is string => u !== null)
}

function hrefsOf(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) =>
    m[1]
      .replace(/&amp;/g, '&')
      .replace(/&#x3D;/g, '=')
      .replace(/&#x27;/g, "'"),
  )
}

function inRequest<T>(url: string, fn: () => T): T {
  return runWithRequestContext(createRequestContext(url), fn)
}

const page = (path?: string) =>
  new LengthAwarePaginator([{ id: 1 }], { total: 50, perPage: 10, currentPage: 3, path })

class Post extends JsonResource<{ id: number }> {}
class PostDoc extends JsonApiResource<{ id: number }> {
  static override resourceType = 'posts'
}

describe('links never leave the site', () => {
  it('a tab, CR or LF in the request path cannot make a protocol-relative URL', async () => {
    for (const raw of [
      '/\t/evil.example',
      '/\r/evil.example',
      '/\n/evil.example',
      '/\t\\evil',
      '/..//evil.example',
      '/x/%2e%2e/..//evil.example',
    ]) {
      const p = inRequest(`${raw}?page=2`, () => page())
      for (const url of urlsOf(p)) expectSameOrigin(url)
      for (const href of hrefsOf(await p.links())) expectSameOrigin(href)
    }
  })

  it('an absolute-form request target gives page links on its path', () => {
    const p = inRequest(
      'http://evil.example/p?page=2',
      () => new LengthAwarePaginator([1], { total: 50, perPage: 10 }),
    )
    expect(p.path()).toBe('/p')
    expect(p.url(2)).toBe('/p?page=2')
    expect(inRequest('HTTPS://evil.example', () => page().path())).toBe('/')
  })

  it('explicit paths are normalised like request paths', async () => {
    // a scheme other than http(s) is refused; an absolute http(s) URL is the programmer's choice
    expect(() => page('javascript:alert(1)')).toThrow(/absolute http: or https: URL/)
    expect(() => page('java\tscript:alert(1)')).toThrow(/absolute http: or https: URL/)
    expect(page('//evil.example').url(1)).toBe('/evil.example?page=1')
    expect(page('\\\\evil.example').url(1)).toBe('/evil.example?page=1')
    expect(page('/..//evil.example').url(1)).toBe('/evil.example?page=1')
    expect(page('http://evil.example/x/').path()).toBe('http://evil.example/x')
    for (const path of [
      '//evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      ' //evil.example',
      '/..//evil.example',
      '/a/../..//evil.example',
      '/%2e%2e//evil.example',
      '/.%2E//evil.example',
    ]) {
      const p = page(path)
      for (const url of urlsOf(p)) expectSameOrigin(url)
      for (const href of hrefsOf(await p.links())) expectSameOrigin(href)
      const simple = new Paginator([1], { perPage: 1, currentPage: 2, path, hasMore: true })
      for (const href of hrefsOf(await simple.links())) expectSameOrigin(href)
      const links = JSON.parse(JSON.stringify(Post.collection(p))).links
      for (const url of Object.values(links)) expectSameOrigin(url as string | null)
      const doc = JSON.parse(JSON.stringify(inRequest('/', () => PostDoc.collection(p))))
      for (const url of Object.values(doc.links)) expectSameOrigin(url as string | null)
    }
  })

  it('backslashes, spaces and control characters are percent-encoded', () => {
    expect(normalizePath('/a\\b')).toBe('/a%5Cb')
    expect(normalizePath('/a b\u0000c\u007f')).toBe('/a%20b%00c%7F')
    expect(normalizePath('/\t/evil.example')).toBe('/%09/evil.example')
  })

  it('a bar href with a tab, CR or LF after the leading slash is made safe', () => {
    for (const url of ['/\t/evil.example?page=2', '/\r\n\\evil.example?page=2', '/\n/x']) {
      expect(isSafeHref(url)).toBe(false)
      expectSameOrigin(toSafeHref(url))
    }
    expect(isSafeHref('/\tok?page=2')).toBe(true)
  })

  it('normal paths give byte-identical URLs', () => {
    for (const path of ['/posts', '/api/v1/posts', '/', '/caf%C3%A9', '/a:b', '/search?q=cats']) {
      expect(page(path).url(2)).toBe(`${path}${path.includes('?') ? '&' : '?'}page=2`)
      expect(inRequest(`${path}`, () => page().path())).toBe(path.replace(/\?.*/, ''))
    }
    // a path past ASCII (from a runtime that hands it decoded) is percent-encoded as UTF-8
    expect(inRequest('/caf\u00e9', () => page().path())).toBe('/caf%C3%A9')
    expect(page('/caf\u00e9').url(2)).toBe('/caf%C3%A9?page=2')
  })
})

describe('an absolute-form request target through Express', () => {
  let server: http.Server
  let port: number

  beforeAll(async () => {
    const app = express()
    app.use(apiResources())
    app.get('/p', (_req, res) => {
      res.json(new LengthAwarePaginator([1], { total: 50, perPage: 10 }))
    })
    server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  it('keeps every page link on the site', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: 'GET', path: 'http://evil.example/p?page=2' },
        (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => (text += chunk))
          res.on('end', () => resolve(text))
        },
      )
      req.on('error', reject)
      req.end()
    })
    const json = JSON.parse(body)
    expect(json.current_page).toBe(2)
    expect(json.path).toBe('/p')
    expect(json.next_page_url).toBe('/p?page=3')
    for (const link of json.links as { url: string | null }[]) expectSameOrigin(link.url)
  })
})
