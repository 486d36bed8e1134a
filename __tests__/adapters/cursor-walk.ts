import fc from 'fast-check'
import type { CursorPaginator } from 'api-resources'
import type { DialectName } from '../support/db'

/**
 * Runs per property. Each run creates a table and walks it page by page on a real database, so these
 * properties take CURSOR_RUNS (CI sets it), else at most 200 of FUZZ_RUNS, else a quick 30.
 */
export const CURSOR_RUNS = Number(
  process.env.CURSOR_RUNS ?? Math.min(Number(process.env.FUZZ_RUNS ?? 30), 200),
)

/** Time for one cursor property test: a run takes up to about a tenth of a second per database. */
export const CURSOR_TIMEOUT = 60_000 + CURSOR_RUNS * 250

/** A row of the cursor property tables: `id` unique, the others repeat and hold NULLs. */
export interface WalkRow {
  id: number
  a: number | null
  b: number | null
  c: string | null
}

/**
 * A fixed five-row table for the examples beside the property walks: NULLs in every nullable
 * column, ties on `a` and on `b`, and a row whose three columns are all set.
 */
export const FIXED_ROWS: readonly WalkRow[] = [
  { id: 1, a: 2, b: null, c: 'x' },
  { id: 2, a: null, b: 1, c: 'y' },
  { id: 3, a: 1, b: 1, c: null },
  { id: 4, a: 2, b: 0, c: 'x' },
  { id: 5, a: null, b: null, c: 'z' },
]

export type NullsOption = 'first' | 'last' | undefined

/** One ORDER BY column of a generated query. */
export interface WalkOrder {
  column: 'a' | 'b' | 'c' | 'id'
  descending: boolean
  nulls: NullsOption
}

export interface WalkCase {
  rows: readonly WalkRow[]
  order: WalkOrder[]
  perPage: number
}

const maybeNull = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 3 })

/** Tables of 0..30 rows, 1..3 order columns from a, b, c in any order, always ending with id. */
export function walkCases(allowNulls: boolean): fc.Arbitrary<WalkCase> {
  const nulls = allowNulls
    ? fc.constantFrom<NullsOption>(undefined, undefined, 'first', 'last')
    : fc.constant<NullsOption>(undefined)
  const order = (column: WalkOrder['column']) =>
    fc.record({ column: fc.constant(column), descending: fc.boolean(), nulls })
  return fc.record({
    rows: fc
      .array(
        fc.record({
          a: maybeNull(fc.integer({ min: 0, max: 3 })),
          b: maybeNull(fc.integer({ min: 0, max: 2 })),
          c: maybeNull(fc.constantFrom('x', 'y', 'z')),
        }),
        { maxLength: 30 },
      )
      .map((rows) => rows.map((row, i) => ({ id: i + 1, ...row }))),
    order: fc
      .shuffledSubarray(['a', 'b', 'c'] as const, { minLength: 1, maxLength: 3 })
      .chain((columns) => fc.tuple(...columns.map(order), order('id'))),
    perPage: fc.integer({ min: 1, max: 6 }),
  })
}

/** PostgreSQL sorts NULL as the largest value; SQLite and MySQL/MariaDB as the smallest. */
function nullsFirst(dialect: DialectName, o: WalkOrder): boolean {
  if (o.nulls !== undefined) return o.nulls === 'first'
  const largest = dialect === 'postgres'
  return o.descending ? largest : !largest
}

/** The rows in the order the query asks for, as the dialect sorts NULLs. */
export function expectedOrder(dialect: DialectName, c: WalkCase): number[] {
  const compare = (x: WalkRow, y: WalkRow): number => {
    for (const o of c.order) {
      const a = x[o.column]
      const b = y[o.column]
      if (a === b) continue
      if (a === null) return nullsFirst(dialect, o) ? -1 : 1
      if (b === null) return nullsFirst(dialect, o) ? 1 : -1
      const sign = a < b ? -1 : 1
      return o.descending ? -sign : sign
    }
    return 0
  }
  return [...c.rows].sort(compare).map((row) => row.id)
}

type Page = CursorPaginator<unknown>
const ids = (page: Page) => page.items().map((row) => Number((row as { id: unknown }).id))

/**
 * Walks `next` from the first page to the last, then `prev` back: every row once, in order, and
 * the same pages both ways. `fetch(cursor)` runs the cursor query for an encoded cursor or null.
 */
export async function walk(
  fetch: (cursor: string | null) => Promise<Page>,
  expected: readonly number[],
  perPage: number,
): Promise<void> {
  const forward: number[][] = []
  let page = await fetch(null)
  expect(page.previousCursor()).toBeNull()
  for (;;) {
    forward.push(ids(page))
    const next = page.toJSON().next_cursor
    if (next === null) break
    if (forward.length > expected.length + 1) throw new Error('the walk does not end')
    page = await fetch(next)
  }
  expect(forward.flat()).toEqual(expected)
  for (const rows of forward.slice(0, -1)) expect(rows).toHaveLength(perPage)
  const backward: number[][] = [ids(page)]
  for (;;) {
    const prev = page.toJSON().prev_cursor
    if (prev === null) break
    if (backward.length > forward.length + 1) throw new Error('the walk back does not end')
    page = await fetch(prev)
    backward.unshift(ids(page))
  }
  expect(backward).toEqual(forward)
}

/** Each of `columns` ascending and descending: the cases of a walk by one column (`[c, descending]`). */
export function inBothDirections(columns: readonly string[]): Array<[string, boolean]> {
  return columns.flatMap((c): Array<[string, boolean]> => [
    [c, false],
    [c, true],
  ])
}
