// Every template set of the page-link bar in a real browser (Debian's Chromium, driven by
// playwright-core), in every state, at 360, 640, 768 and 1280 px, with the set's stylesheet (for
// Bootstrap 4, with the guide's darker primary) and with none: nothing is wider than the window, axe-core finds no violation, no icon is larger than 32 px, one bar is visible, Tab reaches
// the visible links in document order, and the bar is under 120 px high at 1280 px. Screenshots
// land in __tests__/browser/screenshots/sets/ (git-ignored). Without Chromium the suite is skipped
// with a message, unless REQUIRE_BROWSER=1 (CI), which fails.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import axe from 'axe-core'
import type { Browser, Page } from 'playwright-core'
import { describeWithChromium, launchChromium, screenshot } from '../support/chromium'
import { Cursor, CursorPaginator, LengthAwarePaginator, Paginator } from 'api-resources'

const ROOT = join(__dirname, '..', '..')
const SCREENSHOTS = join(__dirname, 'screenshots', 'sets')
// 640 px is a 1280 px window at 200% zoom
const WIDTHS = [360, 640, 768, 1280] as const

/** Each set: its numbered template and the stylesheet it is made for. */
const SETS = {
  tailwind: { template: 'pagination::default', css: () => tailwindCss() },
  'bootstrap-5': {
    template: 'pagination::bootstrap-5',
    css: () => read('node_modules/bootstrap/dist/css/bootstrap.min.css') + BOOTSTRAP_FOCUS,
  },
  // Bootstrap 4's stock primary (#007bff) is below WCAG AA contrast with white (3.97:1): the set is
  // checked with the darker primary the guide gives (below, the stock one is checked for that alone)
  'bootstrap-4': {
    template: 'pagination::bootstrap-4',
    css: () =>
      read('node_modules/bootstrap4/dist/css/bootstrap.min.css') +
      BOOTSTRAP_4_PRIMARY +
      BOOTSTRAP_FOCUS,
  },
  plain: { template: 'pagination::plain', css: () => read('views/pagination/plain.css') },
} as const

/** The guide's focus outline for the Bootstrap sets (their own ring is a 25% shadow, 1.4:1). */
const BOOTSTRAP_FOCUS = `
.pagination .page-link:focus-visible { outline: 2px solid #0a58ca; outline-offset: 2px; box-shadow: none; }
`

/** The guide's override of Bootstrap 4's primary for the bar: #0056b3, 7:1 against white. */
const BOOTSTRAP_4_PRIMARY = `
.pagination .page-link { color: #0056b3; }
.pagination .page-item.active .page-link { background-color: #0056b3; border-color: #0056b3; }
`

const rows = (n: number) => Array.from({ length: n }, (_, i) => i + 1)
const numbered = (page: number, total = 300) =>
  new LengthAwarePaginator(page <= Math.ceil(total / 15) ? rows(15) : [], {
    total,
    perPage: 15,
    currentPage: page,
    path: '/posts',
  }).appends({ q: 'demo' })

/** The states of a bar; `one page` renders nothing. */
const STATES = {
  first: () => numbered(1),
  middle: () => numbered(10),
  last: () => numbered(20),
  'past the last': () => numbered(999),
  'four-digit pages': () => numbered(1000, 30_000),
  'one page': () => numbered(1, 7),
  simple: () =>
    new Paginator(rows(15), { perPage: 15, currentPage: 2, path: '/comments', hasMore: true }),
  cursor: () =>
    new CursorPaginator(
      rows(16).map((id) => ({ id })),
      {
        perPage: 15,
        cursor: new Cursor({ id: 15 }),
        parameters: ['id'],
        path: '/feed',
      },
    ),
} as const

jest.setTimeout(300_000)

describeWithChromium(describeInBrowser)

function read(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8')
}

let tailwind: string | undefined
/** The Tailwind build of the demo, whose `content` holds the package's Tailwind templates. */
function tailwindCss(): string {
  if (tailwind === undefined) {
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-demo-css.mjs')], { stdio: 'pipe' })
    tailwind = read('demo-app/public/app.css')
  }
  return tailwind
}

function document(bar: string, css: string | undefined): string {
  const style = css === undefined ? '' : `<style>${css}</style>`
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bar</title>${style}</head>
<body><main style="padding:0 16px"><h1>Posts</h1><p>Rows of the page.</p>${bar}</main></body></html>`
}

/** What the checks measure in the page. */
interface Measure {
  navs: number
  barHeight: number
  largestIcon: number
  /** Visible controls (links, current page, disabled previous/next), as keys: one bar shows each once. */
  controls: string[]
  /** Visible links in document order, as `href|name`. */
  links: string[]
  /** Visually hidden helpers rendered larger than 1 px (they would show as text). */
  bigHiddenLabels: number
  /** How far the page is wider than the window (a horizontal scroll), in px. */
  overflow: number
}

function describeInBrowser(): void {
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true })
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  })

  afterAll(async () => {
    await browser?.close()
  })

  const cases = Object.entries(SETS).flatMap(([set, { template, css }]) =>
    [true, false]
      .filter((styled) => !styled || css !== undefined)
      .map((styled) => [set, styled ? 'its stylesheet' : 'no stylesheet', template, css, styled]),
  ) as [string, string, string, (() => string) | undefined, boolean][]

  describe.each(cases)('%s, with %s', (set, _label, template, css, styled) => {
    it.each(Object.keys(STATES))('%s page', async (state) => {
      const html = await STATES[state as keyof typeof STATES]().links(template)
      if (state === 'one page') {
        expect(html).toBe('')
        return
      }
      const stylesheet = styled && css !== undefined ? css() : undefined
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 })
        await page.setContent(document(html, stylesheet))
        const where = `${set} ${styled ? 'styled' : 'unstyled'} ${state} at ${width}px`
        const m = await measure(page)
        expect({ where, navs: m.navs }).toEqual({ where, navs: 1 })
        expect({ where, icon: m.largestIcon <= 32 }).toEqual({ where, icon: true })
        expect({ where, hidden: m.bigHiddenLabels }).toEqual({ where, hidden: 0 })
        expect({ where, overflow: m.overflow }).toEqual({ where, overflow: 0 })
        expect({ where, controls: m.controls }).toEqual({
          where,
          controls: [...new Set(m.controls)],
        })
        if (width === 1280)
          expect({ where, high: m.barHeight < 120 }).toEqual({ where, high: true })
        // the narrow bar's "Page X of Y" and the full bar's number both mark the current page
        if (['first', 'middle', 'last', 'four-digit pages'].includes(state))
          expect({ where, current: m.controls.includes('current') }).toEqual({
            where,
            current: true,
          })
        expect(m.links.length).toBeGreaterThan(0)
        expect({ where, tab: await tabThrough(page, m.links.length) }).toEqual({
          where,
          tab: m.links,
        })
        expect({ where, violations: await axeViolations(page) }).toEqual({ where, violations: [] })
        const file = `${set}-${styled ? 'styled' : 'unstyled'}-${state.replace(/ /g, '-')}-${width}.png`
        await screenshot(page, { path: join(SCREENSHOTS, file) })
      }
    })
  })

  it.each(Object.keys(SETS))(
    '%s: a focused link shows an opaque indicator at least 2 px wide',
    async (set) => {
      const { template, css } = SETS[set as keyof typeof SETS]
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.setContent(document(await numbered(10).links(template), css()))
      await page.focus('nav[aria-label="Pagination"] a[aria-label="Go to page 11"]')
      await page.keyboard.press('Shift+Tab')
      await page.keyboard.press('Tab') // focus-visible comes from the keyboard
      await new Promise((done) => setTimeout(done, 500)) // Bootstrap's transitions
      const style = await page.evaluate(() => {
        type El = { readonly tagName: string }
        const g = globalThis as unknown as {
          document: { activeElement: El | null }
          getComputedStyle(el: El): Record<string, string>
        }
        const el = g.document.activeElement
        if (el === null) return null
        const s = g.getComputedStyle(el)
        return { outline: `${s.outlineStyle} ${s.outlineWidth}`, shadow: s.boxShadow }
      })
      expect(style).not.toBeNull()
      const outline = /^(?!none)\w+ (\d+(?:\.\d+)?)px$/.exec(style!.outline)
      // an opaque ring: an rgb() shadow (no alpha) spreading 2 px or more
      const ring = /rgb\(\d+, \d+, \d+\) 0px 0px 0px ([2-9]|\d\d)(?:\.\d+)?px/.test(style!.shadow)
      expect({
        set,
        style,
        visible: (outline !== null && Number(outline[1]) >= 2) || ring,
      }).toEqual({ set, style, visible: true })
    },
  )

  it("with Bootstrap 4's stock CSS, finds only the colour contrast of its primary", async () => {
    await page.setViewportSize({ width: 1280, height: 800 })
    const css = read('node_modules/bootstrap4/dist/css/bootstrap.min.css')
    await page.setContent(document(await numbered(10).links('pagination::bootstrap-4'), css))
    const violations = (await axeViolations(page)) as { id: string }[]
    expect(violations.map((v) => v.id)).toEqual(['color-contrast'])
  })

  it('sizes the Tailwind icons from their attributes without a stylesheet (20 px, not the page width)', async () => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.setContent(document(await numbered(10).links(), undefined))
    expect((await measure(page)).largestIcon).toBe(20)
  })
}

async function measure(page: Page): Promise<Measure> {
  return page.evaluate(() => {
    type El = {
      getBoundingClientRect(): { width: number; height: number }
      getAttribute(name: string): string | null
      checkVisibility(options?: object): boolean
      querySelectorAll(selector: string): ArrayLike<El>
      querySelector(selector: string): El | null
      readonly textContent: string | null
      readonly tagName: string
    }
    const doc = (
      globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<El> } }
    ).document
    const root = (
      globalThis as unknown as {
        document: { documentElement: { scrollWidth: number; clientWidth: number } }
      }
    ).document.documentElement
    const navs = Array.from(doc.querySelectorAll('nav[aria-label="Pagination"]'))
    const nav = navs[0]
    const visible = (el: El) => {
      const r = el.getBoundingClientRect()
      return el.checkVisibility({ visibilityProperty: true }) && r.width > 1 && r.height > 1
    }
    const all = (selector: string) => Array.from(nav.querySelectorAll(selector)).filter(visible)
    const name = (el: El) => {
      const img = el.querySelector('[role="img"]')
      return (
        el.getAttribute('aria-label') ??
        img?.getAttribute('aria-label') ??
        el.textContent?.replace(/\s+/g, ' ').trim() ??
        ''
      )
    }
    const controls = all('a, [aria-current="page"], [aria-disabled="true"]').map((el) =>
      el.tagName === 'A'
        ? `${el.getAttribute('rel') ?? 'page'} ${el.getAttribute('href')}`
        : el.getAttribute('aria-current') !== null
          ? 'current'
          : `disabled ${name(el).replace(/[^A-Za-z]/g, '')}`,
    )
    const icons = Array.from(nav.querySelectorAll('svg')).map((svg) => {
      const r = svg.getBoundingClientRect()
      return Math.max(r.width, r.height)
    })
    return {
      navs: navs.length,
      barHeight: nav.getBoundingClientRect().height,
      largestIcon: Math.max(0, ...icons),
      controls,
      links: all('a').map((a) => `${a.getAttribute('href')}|${name(a)}`),
      bigHiddenLabels: all('.sr-only, .visually-hidden').length,
      overflow: Math.max(0, root.scrollWidth - root.clientWidth),
    }
  }) as Promise<Measure>
}

/** Presses Tab from the top of the page and records the bar links focused, in order. */
async function tabThrough(page: Page, count: number): Promise<string[]> {
  const seen: string[] = []
  for (let i = 0; i < 40 && seen.length < count; i++) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      type El = {
        getAttribute(name: string): string | null
        closest(selector: string): unknown
        querySelector(selector: string): El | null
        readonly textContent: string | null
      }
      const el = (globalThis as unknown as { document: { activeElement: El | null } }).document
        .activeElement
      if (!el || !el.closest('nav[aria-label="Pagination"]')) return null
      const img = el.querySelector('[role="img"]')
      const name =
        el.getAttribute('aria-label') ??
        img?.getAttribute('aria-label') ??
        el.textContent?.replace(/\s+/g, ' ').trim() ??
        ''
      return `${el.getAttribute('href')}|${name}`
    })
    if (focused !== null) seen.push(focused)
  }
  return seen
}

async function axeViolations(page: Page): Promise<unknown[]> {
  await page.addScriptTag({ content: axe.source })
  return page.evaluate(async () => {
    const g = globalThis as unknown as { axe: typeof axe; document: axe.ElementContext }
    const result = await g.axe.run(g.document)
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => n.html),
    }))
  })
}
