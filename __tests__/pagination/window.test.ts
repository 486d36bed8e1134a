import fc from 'fast-check'
import { GAP, window, windowBounds, type WindowBand } from '../../src/pagination/window'

// An independent expectation: the set of pages API.md says are shown, grouped into runs of
// consecutive pages afterwards (the implementation builds bands directly).
function expectedPages(c: number, last: number, n: number): number[] {
  const all = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i)
  if (last < 2 * n + 8) return all(1, last)
  if (c <= n + 4) return [...all(1, 2 * n + 4), last - 1, last]
  if (c > last - n - 4) return [1, 2, ...all(last - 2 * n - 3, last)]
  return [1, 2, ...all(c - n, c + n), last - 1, last]
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
  it('matches the examples of API.md (n = 3, 20 pages)', () => {
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

  it('equals the independent expectation for every page of 1..60 pages, n = 0..4', () => {
    const mismatches: unknown[] = []
    let checked = 0
    for (let n = 0; n <= 4; n++) {
      for (let last = 1; last <= 60; last++) {
        for (let c = 1; c <= last; c++) {
          const got = JSON.stringify(window(c, last, n))
          const want = JSON.stringify(toBands(expectedPages(c, last, n)))
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
