// Builds the documentation site as `npm run docs:build` does (TypeDoc's API reference, then
// VitePress, which fails on a dead link to a page) and checks what VitePress does not: every
// `#anchor` a guide links to exists on its page, and the pages error messages and the README link
// to exist at their published URLs.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { GUIDE, guidePages } from '../support/guide-snippets'

const root = join(__dirname, '..', '..')
const site = join(root, 'docs', '.vitepress', 'dist')

/** URLs that other text (error messages, the README) links to: they must keep working. */
const STABLE = [
  '/guide/getting-started',
  '/guide/request-context#outside-a-request',
  '/guide/cursor-pagination#bad-cursors',
  '/guide/decorators#thunks',
  '/guide/errors',
  '/guide/jsonapi',
  '/guide/html-bar',
  '/api/',
]

/** The built HTML of a site URL (`/guide/x` or `/api/`), if the page exists. */
function page(url: string): string | undefined {
  const path = url.replace(/#.*$/, '')
  const file = path.endsWith('/') ? join(site, path, 'index.html') : join(site, `${path}.html`)
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined
}

function hasAnchor(html: string, anchor: string): boolean {
  return html.includes(`id="${anchor}"`)
}

describe('the documentation site', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [join(root, 'scripts', 'docs.mjs'), 'build'], {
      cwd: root,
      stdio: 'pipe',
    })
  }, 900_000)

  it.each(STABLE)('serves %s', (url) => {
    const html = page(url)
    expect([url, html !== undefined]).toEqual([url, true])
    const anchor = url.split('#')[1]
    if (anchor !== undefined) expect([url, hasAnchor(html!, anchor)]).toEqual([url, true])
  })

  it('has every anchor the guides link to', () => {
    const missing: string[] = []
    for (const file of guidePages()) {
      const text = readFileSync(join(GUIDE, file), 'utf8')
      for (const m of text.matchAll(/\]\(((?:\.{1,2}\/[\w./-]*|\/[\w./-]*)?)#([\w-]+)\)/g)) {
        const target = m[1] === '' ? `./${file}` : m[1]
        const url = target.startsWith('/')
          ? target
          : posix.join('/guide', target).replace(/\.md$/, '')
        const html = page(url)
        if (html === undefined || !hasAnchor(html, m[2])) missing.push(`${file}: ${m[1]}#${m[2]}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('builds the API reference of every exports subpath', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
    const subpaths = Object.keys(pkg.exports).filter((s) => s !== './package.json')
    for (const subpath of subpaths) {
      const url =
        subpath === '.' ? '/api/api-resources/' : `/api/api-resources/${subpath.slice(2)}/`
      expect([url, page(url) !== undefined]).toEqual([url, true])
    }
  })
})
