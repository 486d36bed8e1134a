import fc from 'fast-check'
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely'
import { ArgumentError, Cursor, CursorPaginator, InvalidCursorError } from 'api-resources'
import { cursorPaginate } from 'api-resources/kysely'
import { DIALECTS, uniqueName } from '../../support/db'
import {
  CURSOR_RUNS,
  CURSOR_TIMEOUT,
  expectedOrder,
  FIXED_ROWS,
  walk,
  walkCases,
  type WalkCase,
  type WalkRow,
} from '../cursor-walk'

type Query = SelectQueryBuilder<any, any, any>

describe.each(DIALECTS.map((d) => [d.name, d] as const))(
  'Kysely cursorPaginate() on %s',
  (name, dialect) => {
    let db: Kysely<any>
    const table = uniqueName('kcursor_rows')
    const log: string[] = []

    beforeAll(async () => {
      db = dialect.kysely<any>({ onQuery: (q) => log.push(q) })
      await db.schema
        .createTable(table)
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('a', 'integer')
        .addColumn('b', 'integer')
        .addColumn('c', 'varchar(5)')
        .execute()
    })

    afterAll(async () => {
      if (db === undefined) return
      await db.schema.dropTable(table).ifExists().execute()
      await db.destroy()
    })

    async function load(rows: readonly WalkRow[]): Promise<void> {
      await db.deleteFrom(table).execute()
      if (rows.length > 0) await db.insertInto(table).values(rows).execute()
    }

    function query(c: WalkCase): Query {
      let q: Query = db.selectFrom(table).select(['id', 'a', 'b', 'c'])
      for (const o of c.order) {
        const dir = o.descending ? 'desc' : 'asc'
        q =
          o.nulls === undefined
            ? q.orderBy(o.column, dir)
            : q.orderBy(o.column, (ob) =>
                o.nulls === 'first' ? ob[dir]().nullsFirst() : ob[dir]().nullsLast(),
              )
      }
      return q
    }

    it(
      'walks every row exactly once, forwards and back, with repeats and NULLs',
      async () => {
        await fc.assert(
          fc.asyncProperty(walkCases(true), async (c) => {
            await load(c.rows)
            const expected = expectedOrder(name, c)
            if (c.order.every((o) => o.nulls === undefined)) {
              const own = (await query(c).execute()) as WalkRow[]
              expect(own.map((r) => Number(r.id))).toEqual(expected)
            }
            await walk((cursor) => cursorPaginate(query(c), c.perPage, cursor), expected, c.perPage)
          }),
          { numRuns: CURSOR_RUNS, endOnFailure: true },
        )
      },
      CURSOR_TIMEOUT,
    )

    describe('on a fixed table', () => {
      const rows = FIXED_ROWS
      beforeEach(async () => {
        await load(rows)
        log.length = 0
      })

      it('runs one query of perPage + 1 rows and no COUNT', async () => {
        const page = await cursorPaginate(db.selectFrom(table).selectAll().orderBy('id'), 2)
        expect(page).toBeInstanceOf(CursorPaginator)
        expect(log).toHaveLength(1)
        expect(log[0]).not.toMatch(/count/i)
        expect(page.hasMorePages()).toBe(true)
      })

      it('keeps the query where clause and works with aliased and qualified columns', async () => {
        const q = () =>
          db
            .selectFrom(table)
            .select([`${table}.id`, `${table}.a as score`])
            .where('id', '<', 5)
            .orderBy('score', 'desc')
            .orderBy(`${table}.id`)
        const first = await cursorPaginate(q(), 2)
        expect(first.nextCursor()?.names()).toEqual(['score', `${table}.id`])
        const second = await cursorPaginate(q(), 2, first.nextCursor())
        const all = [...first.items(), ...second.items()].map((r) => Number(r.id))
        const order = [
          { column: 'a' as const, descending: true, nulls: undefined },
          { column: 'id' as const, descending: false, nulls: undefined },
        ]
        expect(all).toEqual(
          expectedOrder(name, { rows: rows.filter((r) => r.id < 5), order, perPage: 2 }),
        )
      })

      it('refuses a query without ORDER BY or with a raw one, and foreign cursors', async () => {
        await expect(cursorPaginate(db.selectFrom(table).selectAll(), 2)).rejects.toThrow(
          /no ORDER BY/,
        )
        await expect(
          cursorPaginate(
            db
              .selectFrom(table)
              .selectAll()
              .orderBy(sql`a + 1`),
            2,
          ),
        ).rejects.toThrow(ArgumentError)
        await expect(
          cursorPaginate(
            db
              .selectFrom(table)
              .select(['id', sql<number>`a + 1`.as('s')])
              .orderBy('s')
              .orderBy('id'),
            2,
          ),
        ).rejects.toThrow(/"s" names an expression/)
        const q = db.selectFrom(table).selectAll().orderBy('id')
        await expect(cursorPaginate(q, 2, new Cursor({ a: 1 }).encode())).rejects.toThrow(
          InvalidCursorError,
        )
        await expect(cursorPaginate(q, 2, 'not-a-cursor')).rejects.toThrow(InvalidCursorError)
      })
    })
  },
)
