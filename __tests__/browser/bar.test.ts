// The page-link bar in a real browser: Debian's Chromium (never a downloaded one) driven by
// playwright-core against the demo app. axe-core must report zero violations; the keyboard must
// reach every bar link in order; screenshots land in __tests__/browser/screenshots/ (git-ignored).
// Without Chromium the suite is skipped with a message, unless REQUIRE_BROWSER=1 (CI), which fails.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import axe from 'axe-core'
import type { Knex } from 'knex'
import type { Browser, Page } from 'playwright-core'
import { describeWithChromium, launchChromium, screenshot } from '../support/chromium'
import { createApp } from '../../demo-app/src/app'
import { createDb } from '../../demo-app/src/db'
import { seed } from '../../demo-app/src/seed'

const SCREENSHOTS = join(__dirname, 'screenshots')
const ROOT = join(__dirname, '..', '..')

const PAGES = {
  first: '/html/posts',
  middle: '/html/posts?page=10&q=demo',
  last: '/html/posts?page=20',
  'out of range': '/html/posts?page=999',
  simple: '/html/comments?page=2',
} as const

jest.setTimeout(120_000)

describeWithChromium(describeInBrowser)

function describeInBrowser(): void {
  let db: Knex
  let server: Server
  let browser: Browser
  let base: string

  beforeAll(async () => {
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-demo-css.mjs')], { stdio: 'pipe' })
    db = createDb()
    await seed(db, { counts: { posts: 300, comments: 100 } }) // 20 pages of posts, 5 of comments
    server = await new Promise<Server>((resolve) => {
      const s = createApp(db).listen(0, '127.0.0.1', () => resolve(s))
    })
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await new Promise((resolve) => server?.close(resolve))
    await db?.destroy()
  })

  async function open(path: string, width: number): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 900 } })
    const response = await page.goto(base + path)
    expect(response?.status()).toBe(200)
    return page
  }

  describe.each([1280, 320])('axe-core at %i px', (width) => {
    it.each(Object.entries(PAGES))('finds no violations on the %s page', async (_name, path) => {
      const page = await open(path, width)
      try {
        await page.addScriptTag({ content: axe.source })
        const violations = await page.evaluate(async () => {
          const page = globalThis as unknown as { axe: typeof axe; document: axe.ElementContext }
          const result = await page.axe.run(page.document)
          return result.violations.map((v) => ({
            id: v.id,
            help: v.help,
            nodes: v.nodes.map((n) => n.html),
          }))
        })
        expect(violations).toEqual([])
        expect(await page.locator('nav[aria-label="Pagination"]').count()).toBe(1)
      } finally {
        await page.close()
      }
    })
  })

  describe.each([1280, 768, 320])('keyboard at %i px', (width) => {
    it.each(Object.entries(PAGES))(
      'tabs through every bar link in order on the %s page',
      async (_n, path) => {
        const page = await open(path, width)
        try {
          const expected = await visibleBarLinks(page)
          expect(expected.length).toBeGreaterThan(0)
          expect(await tabThroughBar(page, expected.length)).toEqual(expected)
        } finally {
          await page.close()
        }
      },
    )
  })

  it('saves screenshots at 320, 768 and 1280 px', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true })
    for (const width of [320, 768, 1280]) {
      for (const [name, path] of [
        ['posts-middle', PAGES.middle],
        ['posts-first', PAGES.first],
        ['comments', PAGES.simple],
      ]) {
        const page = await open(path, width)
        await screenshot(page, { path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true })
        await screenshot(page.locator('nav[aria-label="Pagination"]'), {
          path: join(SCREENSHOTS, `${name}-bar-${width}.png`),
        })
        await page.close()
      }
      expect(existsSync(join(SCREENSHOTS, `posts-middle-bar-${width}.png`))).toBe(true)
    }
  })
}

/** The bar's links a user can see, in document order, as `href|name`. */
function visibleBarLinks(page: Page): Promise<string[]> {
  return page.$$eval('nav[aria-label="Pagination"] a', (links) =>
    links
      .filter((a) => (a as unknown as { offsetParent: unknown }).offsetParent !== null)
      .map(
        (a) => `${a.getAttribute('href')}|${a.getAttribute('aria-label') ?? a.textContent?.trim()}`,
      ),
  )
}

/** Presses Tab from the top of the page and records the bar links focused, in order. */
async function tabThroughBar(page: Page, count: number): Promise<string[]> {
  const seen: string[] = []
  for (let i = 0; i < 60 && seen.length < count; i++) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const el = (globalThis as unknown as { document: { activeElement: FocusedElement | null } })
        .document.activeElement
      if (!el || !el.closest('nav[aria-label="Pagination"]')) return null
      return `${el.getAttribute('href')}|${el.getAttribute('aria-label') ?? el.textContent?.trim()}`
    })
    if (focused !== null) seen.push(focused)
  }
  return seen
}

/** The DOM members read from the focused element (the tests compile without the DOM library). */
interface FocusedElement {
  getAttribute(name: string): string | null
  closest(selector: string): unknown
  readonly textContent: string | null
}
