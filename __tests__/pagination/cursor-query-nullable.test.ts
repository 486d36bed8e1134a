// Cursor pages over a nullable first order column, one query each. A column whose NULLs come first
// and whose cursor value is not NULL joins the row-value bound (MySQL/MariaDB: the leading bound):
// those NULLs come before the cursor, and a row comparison with a NULL is not true. A cursor inside
// the NULL run that ends the order selects the rest of that run, and the fetch leaves the column
// out of ORDER BY. Elsewhere the NULL branch stays OR-ed in.
import { Cursor } from '../../src'
import {
  cursorPaginateQuery,
  type CursorColumn,
  type CursorQuery,
  type KeysetCondition,
} from '../../src/pagination/cursor-query'

interface Row {
  id: number
  maybe: number | null
}

const ID: CursorColumn = {
  name: 'id',
  column: 'id',
  descending: false,
  nullsFirst: false,
  nullable: false,
}

function maybeColumn(descending: boolean, nullsFirst: boolean): CursorColumn {
  return { name: 'maybe', column: 'maybe', descending, nullsFirst }
}

/** A query over `rows` that records each fetch and answers it with the next prepared list. */
function source(answers: Row[][], form: CursorQuery<Row>['indexForm'] | 'none' = 'row-values') {
  const seen: { order: readonly CursorColumn[]; condition?: KeysetCondition; limit: number }[] = []
  const query: CursorQuery<Row> = {
    ...(form === 'none' ? {} : { indexForm: form }),
    fetch: async (order, condition, limit) => {
      seen.push({ order, ...(condition === undefined ? {} : { condition }), limit })
      // the list itself when it fits: an adapter's exact values are recorded per list
      const answer = answers.shift() ?? []
      return answer.length <= limit ? answer : answer.slice(0, limit)
    },
  }
  return { query, seen }
}

const rows = (...ids: [number, number | null][]): Row[] => ids.map(([id, maybe]) => ({ id, maybe }))
const isNull = (negated: boolean): KeysetCondition => ({ kind: 'null', column: 'maybe', negated })

describe('cursor pages over a nullable first column', () => {
  it('NULLs last, a value: one nested condition, the NULL branch OR-ed in', async () => {
    const order = [maybeColumn(false, false), ID]
    const { query, seen } = source([rows([7, 5], [2, null], [3, null])])
    const page = await cursorPaginateQuery(query, order, 2, new Cursor({ maybe: 5, id: 6 }))
    expect(page.items().map((r) => r.id)).toEqual([7, 2])
    expect(seen).toHaveLength(1)
    expect(seen[0].order).toEqual(order)
    expect(seen[0].limit).toBe(3)
    expect(JSON.stringify(seen[0].condition)).toContain(JSON.stringify(isNull(false)))
  })

  it('MySQL/MariaDB, NULLs last, the cursor inside the NULL run: the rest of the run, the column out of ORDER BY', async () => {
    const order = [maybeColumn(true, false), { ...ID, descending: true }]
    const { query, seen } = source([rows([3, null])], 'leading-bound')
    await cursorPaginateQuery(query, order, 2, new Cursor({ maybe: null, id: 4 }))
    expect(seen).toEqual([
      {
        order: [{ ...order[0], allNull: true }, order[1]],
        condition: {
          kind: 'and',
          conditions: [isNull(false), { kind: 'compare', column: 'id', operator: '<', value: 4 }],
        },
        limit: 3,
      },
    ])
  })

  it('NULLs first, the cursor inside the NULL run: the rest of the run, then every non-NULL row', async () => {
    const order = [maybeColumn(true, true), { ...ID, descending: true }]
    const { query, seen } = source([rows([3, null], [9, 8])])
    await cursorPaginateQuery(query, order, 2, new Cursor({ maybe: null, id: 4 }))
    expect(seen[0].order).toEqual(order)
    expect(seen[0].condition).toEqual({
      kind: 'or',
      conditions: [
        isNull(true),
        {
          kind: 'and',
          conditions: [isNull(false), { kind: 'compare', column: 'id', operator: '<', value: 4 }],
        },
      ],
    })
  })

  it('NULLs first, a value: one row-value range (the NULLs come before and compare as not true)', async () => {
    const order = [maybeColumn(true, true), { ...ID, descending: true }]
    const { query, seen } = source([rows([9, 4])])
    await cursorPaginateQuery(query, order, 2, new Cursor({ maybe: 5, id: 6 }))
    expect(seen.map((s) => s.condition)).toEqual([
      { kind: 'rows', columns: ['maybe', 'id'], operator: '<', values: [5, 6] },
    ])
  })

  it('MySQL/MariaDB: a leading bound on the nullable column when its NULLs come first', async () => {
    const order = [maybeColumn(false, true), ID]
    const { query, seen } = source([rows([9, 6])], 'leading-bound')
    await cursorPaginateQuery(query, order, 2, new Cursor({ maybe: 5, id: 6 }))
    expect(seen[0].condition).toEqual({
      kind: 'and',
      conditions: [
        { kind: 'compare', column: 'maybe', operator: '>=', value: 5 },
        {
          kind: 'or',
          conditions: [
            { kind: 'compare', column: 'maybe', operator: '>', value: 5 },
            {
              kind: 'and',
              conditions: [
                { kind: 'equal', column: 'maybe', value: 5 },
                { kind: 'compare', column: 'id', operator: '>', value: 6 },
              ],
            },
          ],
        },
      ],
    })
  })

  it('PostgreSQL and SQLite, or no index form: the column kept in ORDER BY inside the NULL run', async () => {
    const order = [maybeColumn(false, false), ID]
    const rowValues = source([rows([9, null])])
    await cursorPaginateQuery(rowValues.query, order, 2, new Cursor({ maybe: null, id: 4 }))
    // PostgreSQL reads (maybe IS NULL AND id > ?) from the (maybe, id) index in that order
    expect(rowValues.seen[0].order).toEqual(order)
    const { query, seen } = source([rows([9, null])], 'none')
    await cursorPaginateQuery(query, order, 2, new Cursor({ maybe: null, id: 4 }))
    expect(seen[0].order).toEqual(order)
    await cursorPaginateQuery(query, order, 2, new Cursor({ maybe: 5, id: 6 }))
    expect(JSON.stringify(seen[1].condition)).toContain('"kind":"null"')
  })
})
