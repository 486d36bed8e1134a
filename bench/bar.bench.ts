// The HTML page-link bar: the numbered bar of a 20-page paginator (page 10, three carried query
// values, a fragment), rendered by the `{{paginationLinks}}` helper and by `paginator.links()`,
// against the same bar built by hand with string concatenation. Every case renders from the same
// paginator, so each pays for reading it (`toViewData()`, or for the package's own templates the
// paginator's state: page URLs as prefix + n + suffix); the setup checks all cases agree. A
// paginator that is not one of the package's own (a subclass, another copy of the library, any
// object with `toViewData()`) and every custom template take the plain Handlebars case's path.
// Targets: the helper within 2x of hand-built and at least 200,000 renders/s (both printed MET/MISSED).
import Handlebars from 'handlebars'
import { registerPaginationHelpers } from '../src/integrations/handlebars'
import { LengthAwarePaginator } from '../src/pagination/length-aware-paginator'
import type { PaginationViewData } from '../src/pagination/types'
import type { BenchOp, Scenario } from './harness'

function makePaginator(): LengthAwarePaginator<number> {
  const rows = Array.from({ length: 15 }, (_, i) => 136 + i)
  return new LengthAwarePaginator(rows, {
    total: 300,
    perPage: 15,
    currentPage: 10,
    path: '/posts',
  })
    .appends({ q: 'rust & go', sort: '-created_at', 'filter[status]': 'published' })
    .fragment('results')
}

const esc = (s: string): string => Handlebars.Utils.escapeExpression(s)
const LINK = 'border-gray-300 bg-white'
const FOCUS = 'focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600'
const ICON_PREV =
  '<svg aria-hidden="true" focusable="false" class="h-5 w-5" viewBox="0 0 20 20" fill="currentColor"><path fill-rule="evenodd" d="M12.79 5.23a.75.75 0 0 1-.02 1.06L8.83 10l3.94 3.71a.75.75 0 1 1-1.04 1.08l-4.5-4.25a.75.75 0 0 1 0-1.08l4.5-4.25a.75.75 0 0 1 1.06.02Z" clip-rule="evenodd"/></svg>'
const ICON_NEXT =
  '<svg aria-hidden="true" focusable="false" class="h-5 w-5" viewBox="0 0 20 20" fill="currentColor"><path fill-rule="evenodd" d="M7.21 14.77a.75.75 0 0 1 .02-1.06L11.17 10 7.23 6.29a.75.75 0 1 1 1.04-1.08l4.5 4.25a.75.75 0 0 1 0 1.08l-4.5 4.25a.75.75 0 0 1-1.06-.02Z" clip-rule="evenodd"/></svg>'
const MOBILE = `inline-flex items-center rounded-md border ${LINK} px-4 py-2 text-sm font-medium`

/** The bar of views/pagination/default.hbs for a middle page, written by hand. */
function handBuilt(d: PaginationViewData): string {
  const prev = esc(d.previousPageUrl!)
  const next = esc(d.nextPageUrl!)
  let html =
    '<nav aria-label="Pagination" class="flex items-center justify-between py-3">' +
    '<div class="flex flex-1 items-center justify-between gap-2 sm:hidden">' +
    `<a href="${prev}" rel="prev" class="${MOBILE} text-gray-800 hover:bg-gray-50 ${FOCUS}">Previous</a>` +
    `<p class="text-sm text-gray-800">Page <span class="font-semibold">${d.currentPage}</span> of <span class="font-semibold">${d.lastPage}</span></p>` +
    `<a href="${next}" rel="next" class="${MOBILE} text-gray-800 hover:bg-gray-50 ${FOCUS}">Next</a>` +
    '</div><div class="hidden sm:flex sm:flex-1 sm:flex-wrap sm:items-center sm:justify-between sm:gap-4">' +
    `<p class="text-sm text-gray-800">Showing <span class="font-semibold">${d.firstItem}</span> to <span class="font-semibold">${d.lastItem}</span> of <span class="font-semibold">${d.total}</span> results</p>` +
    '<ul role="list" class="inline-flex -space-x-px rounded-md shadow-sm">' +
    `<li><a href="${prev}" rel="prev" class="inline-flex items-center rounded-l-md border ${LINK} px-2 py-2 text-gray-700 hover:bg-gray-50 focus:z-20 ${FOCUS}">${ICON_PREV}<span class="sr-only">Previous</span></a></li>`
  for (const band of d.elements) {
    if (band === '...') {
      html += `<li><span class="inline-flex cursor-default items-center border ${LINK} px-4 py-2 text-sm font-medium text-gray-700">...</span></li>`
      continue
    }
    for (const { page, url, active } of band) {
      html += active
        ? `<li><span aria-current="page" class="relative z-10 inline-flex items-center border border-indigo-600 bg-indigo-600 px-4 py-2 text-sm font-semibold text-white">${page}</span></li>`
        : `<li><a href="${esc(url)}" aria-label="Go to page ${page}" class="inline-flex items-center border ${LINK} px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 focus:z-20 ${FOCUS}">${page}</a></li>`
    }
  }
  return (
    html +
    `<li><a href="${next}" rel="next" class="inline-flex items-center rounded-r-md border ${LINK} px-2 py-2 text-gray-700 hover:bg-gray-50 focus:z-20 ${FOCUS}">${ICON_NEXT}<span class="sr-only">Next</span></a></li>` +
    '</ul></div></nav>'
  )
}

/** Whitespace next to tags is the only difference allowed between the cases. */
const squash = (html: string): string => html.replace(/>\s+/g, '>').replace(/\s+</g, '<').trim()

function checked(render: () => string): BenchOp {
  const expected = squash(handBuilt(makePaginator().toViewData()))
  if (squash(render()) !== expected)
    throw new Error('bar.bench: outputs differ from the hand-built bar')
  return render
}

const scenario: Scenario = {
  name: 'HTML page-link bar (20 pages, page 10, 3 carried query values)',
  baseline: 'hand-built',
  subject: 'paginationLinks helper',
  maxRatio: 2,
  minOpsPerSec: 200_000,
  cases: [
    {
      name: 'hand-built',
      setup: () => {
        const p = makePaginator()
        return checked(() => handBuilt(p.toViewData()))
      },
    },
    {
      name: 'paginationLinks helper',
      setup: () => {
        const hb = Handlebars.create()
        registerPaginationHelpers(hb)
        const view = hb.compile<{ posts: unknown }>('{{paginationLinks posts}}')
        const p = makePaginator()
        return checked(() => view({ posts: p }))
      },
    },
    {
      name: 'paginator.links()',
      setup: async () => {
        const p = makePaginator()
        const expected = squash(handBuilt(p.toViewData()))
        if (squash(await p.links()) !== expected) throw new Error('bar.bench: links() differs')
        return () => p.links()
      },
    },
    {
      // Isolates the rendering from the paginator's own work (toViewData()).
      name: 'hand-built, view data reused',
      setup: () => {
        const data = makePaginator().toViewData()
        return checked(() => handBuilt(data))
      },
    },
    {
      name: 'plain Handlebars',
      setup: () => {
        const hb = Handlebars.create()
        const { readFileSync } = require('node:fs') as typeof import('node:fs')
        const source = readFileSync(`${__dirname}/../views/pagination/default.hbs`, 'utf8')
        const template = hb.compile(source)
        const p = makePaginator()
        return checked(() => template(p.toViewData()))
      },
    },
  ],
}

export default scenario
