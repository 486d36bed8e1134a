import fc from 'fast-check'
import { GAP, window, windowBounds, type WindowBand } from '../../src/pagination/bar/state-renderer'

// The expectation is built independently of window(): page by page, from what the bar is (rather
// than from the cases the implementation branches on), then grouped into runs.
//
// With L >= 2n + 8 the bar has 2n + 7 slots: pages 1 and 2, then a view of 2n + 3 consecutive pages
// of 3..L-2 centred on the current page, slid as little as needed to stay inside 3..L-2, then pages
// L-1 and L. An end slot of the view that does not touch pages 1 2 (or L-1 L) shows a gap instead
// of its page: the gap stands for that page and every page between it and the edge pages.
function shownPages(current: number, last: number, n: number): number[] {
  const lastPage = Math.max(1, last)
  const size = 2 * n + 3
  const from = Math.min(Math.max(current - (n + 1), 3), lastPage - 2 - (size - 1))
  const to = from + size - 1
  const shown = (page: number): boolean => {
    if (lastPage < 2 * n + 8) return true
    if (page <= 2 || page >= lastPage - 1) return true
    if (page < from || page > to) return false
    if (page === from) return from === 3
    if (page === to) return to === lastPage - 2
    return true
  }
  const pages: number[] = []
  for (let page = 1; page <= lastPage; page++) if (shown(page)) pages.push(page)
  return pages
}

/** A hand-written bar: `1..10 ... 19 20` (ranges, single pages, gaps). */
function bar(text: string): WindowBand[] {
  return text.split(' ... ').flatMap((part, i) => {
    const pages = part.split(' ').flatMap((token) => {
      const [from, to = from] = token.split('..').map(Number)
      return Array.from({ length: to - from + 1 }, (_, k) => from + k)
    })
    pages.forEach((page, k) => {
      if (k > 0 && page !== pages[k - 1] + 1) throw new Error(`not one band: ${part}`)
    })
    return i === 0 ? [pages] : [GAP, pages]
  })
}

function toBands(pages: number[]): WindowBand[] {
  const bands: WindowBand[] = []
  let run: number[] = []
  for (const page of pages) {
    if (run.length > 0 && page !== run[run.length - 1] + 1) {
      bands.push(run, GAP)
      run = []
    }
    run.push(page)
  }
  bands.push(run)
  return bands
}

const flat = (bands: WindowBand[]) => bands.flatMap((b) => (b === GAP ? [] : [...b]))
const slots = (bands: WindowBand[]) => bands.reduce((s, b) => s + (b === GAP ? 1 : b.length), 0)

describe('window(current, last, onEachSide)', () => {
  it('matches the documented examples (n = 3, 20 pages)', () => {
    expect(window(1, 20, 3)).toEqual([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], '...', [19, 20]])
    expect(window(10, 20, 3)).toEqual([[1, 2], '...', [7, 8, 9, 10, 11, 12, 13], '...', [19, 20]])
    expect(window(20, 20, 3)).toEqual([[1, 2], '...', [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]])
    for (let c = 1; c <= 13; c++)
      expect(window(c, 13, 3)).toEqual([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]])
  })

  it('gives the first and last page of each band as windowBounds()', () => {
    expect(windowBounds(10, 20, 3)).toEqual([1, 2, 7, 13, 19, 20])
    expect(windowBounds(1, 20, 3)).toEqual([1, 10, 19, 20])
    expect(windowBounds(20, 20, 3)).toEqual([1, 2, 11, 20])
    expect(windowBounds(1, 0, 3)).toEqual([1, 1])
    for (let c = 1; c <= 40; c++) {
      const bands = window(c, 40, 2).filter((b) => b !== GAP)
      expect(windowBounds(c, 40, 2)).toEqual(bands.flatMap((b) => [b[0], b[b.length - 1]]))
    }
  })

  it('has one band [1] for a single (or empty) result', () => {
    expect(window(1, 1, 3)).toEqual([[1]])
    expect(window(1, 0, 3)).toEqual([[1]])
  })

  it('follows the boundaries of the sliding cases exactly (n = 3, 20 pages)', () => {
    expect(window(7, 20, 3)[0]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) // c = n + 4: still the start
    expect(window(8, 20, 3)[2]).toEqual([5, 6, 7, 8, 9, 10, 11]) // c = n + 5: the middle
    expect(window(13, 20, 3)[2]).toEqual([10, 11, 12, 13, 14, 15, 16]) // c = L - n - 4: middle
    expect(window(14, 20, 3)[2]).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]) // the end
  })

  it.each([
    // the documented examples: n = 3, 20 pages; 13 pages or fewer are all shown
    [1, 20, 3, '1..10 ... 19 20'],
    [10, 20, 3, '1 2 ... 7..13 ... 19 20'],
    [20, 20, 3, '1 2 ... 11..20'],
    [1, 13, 3, '1..13'],
    [7, 13, 3, '1..13'],
    [13, 13, 3, '1..13'],
    // n = 3, 20 pages: the last page of the start, the first and last of the middle, the end
    [7, 20, 3, '1..10 ... 19 20'],
    [8, 20, 3, '1 2 ... 5..11 ... 19 20'],
    [13, 20, 3, '1 2 ... 10..16 ... 19 20'],
    [14, 20, 3, '1 2 ... 11..20'],
    [25, 20, 3, '1 2 ... 11..20'],
    // the smallest bar that slides (2n + 8 pages) has no middle
    [1, 14, 3, '1..10 ... 13 14'],
    [7, 14, 3, '1..10 ... 13 14'],
    [8, 14, 3, '1 2 ... 5..14'],
    [50, 100, 3, '1 2 ... 47..53 ... 99 100'],
    // n = 1 (onEachSide(1))
    [1, 9, 1, '1..9'],
    [1, 10, 1, '1..6 ... 9 10'],
    [5, 20, 1, '1..6 ... 19 20'],
    [6, 20, 1, '1 2 ... 5..7 ... 19 20'],
    [15, 20, 1, '1 2 ... 14..16 ... 19 20'],
    [16, 20, 1, '1 2 ... 15..20'],
    // n = 0
    [1, 7, 0, '1..7'],
    [4, 8, 0, '1..4 ... 7 8'],
    [5, 8, 0, '1 2 ... 5..8'],
    [10, 20, 0, '1 2 ... 10 ... 19 20'],
    // one page, or none
    [1, 1, 3, '1'],
    [1, 0, 3, '1'],
  ] as const)('page %i of %i, n = %i: %s', (current, last, n, expected) => {
    expect(window(current, last, n)).toEqual(bar(expected))
    expect(toBands(shownPages(current, last, n))).toEqual(bar(expected))
  })

  it('equals the page-by-page definition for every page of 1..60 pages, n = 0..4', () => {
    const mismatches: unknown[] = []
    let checked = 0
    for (let n = 0; n <= 4; n++) {
      for (let last = 1; last <= 60; last++) {
        for (let c = 1; c <= last; c++) {
          const got = JSON.stringify(window(c, last, n))
          const want = JSON.stringify(toBands(shownPages(c, last, n)))
          if (got !== want) mismatches.push({ c, last, n, got, want })
          checked++
        }
      }
    }
    expect(mismatches).toEqual([])
    expect(checked).toBe(5 * 1830)
  })

  it('puts a page past the last in the "near the end" case (no page is invented)', () => {
    expect(window(25, 20, 3)).toEqual(window(20, 20, 3))
    expect(window(9, 5, 3)).toEqual([[1, 2, 3, 4, 5]])
  })

  describe('properties', () => {
    const arb = fc
      .record({ last: fc.integer({ min: 1, max: 2000 }), n: fc.integer({ min: 0, max: 10 }) })
      .chain(({ last, n }) =>
        fc.record({
          last: fc.constant(last),
          n: fc.constant(n),
          c: fc.integer({ min: 1, max: last }),
        }),
      )

    it('always shows the current page, sorted, without duplicates, within 1..last', () => {
      fc.assert(
        fc.property(arb, ({ c, last, n }) => {
          const pages = flat(window(c, last, n))
          expect(pages).toContain(c)
          expect(pages).toEqual([...pages].sort((a, b) => a - b))
          expect(new Set(pages).size).toBe(pages.length)
          expect(pages.every((p) => p >= 1 && p <= last)).toBe(true)
          expect(pages[0]).toBe(1)
          expect(pages[pages.length - 1]).toBe(last)
        }),
        { numRuns: 2000 },
      )
    })

    it('has 2n + 7 slots once it slides, and every gap hides at least one page', () => {
      fc.assert(
        fc.property(arb, ({ c, last, n }) => {
          const bands = window(c, last, n)
          if (last >= 2 * n + 8) expect(slots(bands)).toBe(2 * n + 7)
          else expect(bands).toHaveLength(1)
          bands.forEach((band, i) => {
            if (band !== GAP) return
            const before = bands[i - 1] as number[]
            const after = bands[i + 1] as number[]
            expect(after[0] - before[before.length - 1]).toBeGreaterThan(1)
          })
          // bands alternate: pages, gap, pages, ...
          bands.forEach((band, i) => expect(band === GAP).toBe(i % 2 === 1))
        }),
        { numRuns: 2000 },
      )
    })
  })
})
