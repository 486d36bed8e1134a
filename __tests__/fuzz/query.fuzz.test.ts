// Property tests over what a client controls in a query string: `page`, `include`, `fields[...]`, and
// any raw query at all. Nothing may throw, pages are always integers >= 1, and what is parsed is a
// function of the decoded pairs alone.
import fc from 'fast-check'
import {
  LengthAwarePaginator,
  Paginator,
  createRequestContext,
  runWithRequestContext,
} from 'api-resources'
import { fuzzParams } from './runs'

const digits = /^[0-9]+$/

/** Any text, including lone surrogates, `%` sequences that do not decode, `&`, `=`, `#`, `+`. */
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.stringMatching(/^[0-9%&=+#[\]., a-z-]{0,30}$/),
  fc.constantFrom(
    '',
    '0',
    '-3',
    '2.5',
    '1e3',
    '99999999999999999999',
    '%',
    '%zz',
    '%E0%A4%A',
    '\u2028',
  ),
)

describe('fuzz: raw query strings', () => {
  it('never throw and always give a page >= 1', () => {
    fc.assert(
      fc.property(hostileText, hostileText, (rawQuery, path) => {
        const ctx = createRequestContext(`/${path.replace(/[?#]/g, '')}?${rawQuery}`)
        expect(Number.isSafeInteger(ctx.page) && ctx.page >= 1).toBe(true)
        expect(Array.isArray(ctx.include)).toBe(true)
        expect(ctx.fields instanceof Map).toBe(true)
        expect(ctx.path.startsWith('/')).toBe(true)
      }),
      fuzzParams,
    )
  })

  it('read ?page= as the number only when it is a string of digits >= 1', () => {
    fc.assert(
      fc.property(hostileText, (value) => {
        const ctx = createRequestContext(`/p?page=${encodeURIComponent(value)}`)
        const n = Number(value)
        const valid = digits.test(value) && Number.isSafeInteger(n) && n >= 1
        expect(ctx.page).toBe(valid ? n : 1)
      }),
      fuzzParams,
    )
  })

  it('page through paginators of any size without throwing', () => {
    fc.assert(
      fc.property(
        hostileText,
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 50 }),
        (value, total, perPage) => {
          const ctx = createRequestContext(`/items?page=${encodeURIComponent(value)}`)
          runWithRequestContext(ctx, () => {
            const start = (ctx.page - 1) * perPage
            const rows = Array.from(
              { length: Math.max(0, Math.min(perPage, total - start)) },
              (_, i) => i,
            )
            const aware = new LengthAwarePaginator(rows, { total, perPage })
            const json = aware.toJSON()
            expect(json.current_page).toBe(ctx.page)
            expect(json.last_page).toBe(Math.max(1, Math.ceil(total / perPage)))
            const simple = new Paginator(rows, { perPage, hasMore: start + perPage < total })
            expect(simple.toJSON().current_page).toBe(ctx.page)
          })
        },
      ),
      fuzzParams,
    )
  })
})
