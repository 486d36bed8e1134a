// CursorQuery.withSchema: what an adapter learns of the order columns (NOT NULL, the values of a
// type) is asked once per page, before the keyset condition is built, and the fetch gets it.
import { Cursor, InvalidCursorError } from '../../src'
import {
  cursorPaginateQuery,
  type CursorColumn,
  type CursorQuery,
  type KeysetCondition,
} from '../../src/pagination/cursor-query'

// NULLs last (PostgreSQL's ascending order): a nullable column's NULLs follow every value
const ORDER: CursorColumn[] = [{ name: 'id', column: 'id', descending: false, nullsFirst: false }]

function source(learned?: Partial<CursorColumn>) {
  const seen: { columns: readonly CursorColumn[]; condition: KeysetCondition | undefined }[] = []
  let asked = 0
  const query: CursorQuery<{ id: number }> = {
    fetch: async (columns, condition) => {
      seen.push({ columns, condition })
      return [{ id: 5 }]
    },
    ...(learned === undefined
      ? {}
      : {
          withSchema: async (columns: readonly CursorColumn[]) => {
            asked += 1
            return columns.map((c) => ({ ...c, ...learned }))
          },
        }),
  }
  return { query, seen, asked: () => asked }
}

describe('CursorQuery.withSchema', () => {
  it('builds the condition from the columns it returns: no IS NULL term for a NOT NULL column', async () => {
    const plain = source()
    await cursorPaginateQuery(plain.query, ORDER, 2, new Cursor({ id: 4 }))
    expect(plain.seen[0].condition).toEqual({
      kind: 'or',
      conditions: [
        { kind: 'compare', column: 'id', operator: '>', value: 4 },
        { kind: 'null', column: 'id', negated: false },
      ],
    })
    const known = source({ nullable: false })
    await cursorPaginateQuery(known.query, ORDER, 2, new Cursor({ id: 4 }))
    expect(known.asked()).toBe(1)
    expect(known.seen[0].condition).toEqual({
      kind: 'compare',
      column: 'id',
      operator: '>',
      value: 4,
    })
    expect(known.seen[0].columns[0].nullable).toBe(false)
  })

  it('refuses a cursor value its fits() refuses with an InvalidCursorError, before any fetch', async () => {
    const typed = source({ fits: (v) => typeof v === 'number' })
    await expect(
      cursorPaginateQuery(typed.query, ORDER, 2, new Cursor({ id: 'abc' })),
    ).rejects.toBeInstanceOf(InvalidCursorError)
    expect(typed.seen).toHaveLength(0)
  })

  it('is asked on the first page too, and the fetch gets its columns', async () => {
    const known = source({ nullable: false })
    await cursorPaginateQuery(known.query, ORDER, 2, null)
    expect(known.asked()).toBe(1)
    expect(known.seen[0]).toEqual({
      columns: [{ ...ORDER[0], nullable: false }],
      condition: undefined,
    })
  })
})
