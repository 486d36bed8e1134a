import fc from 'fast-check'
import type { Knex } from 'knex'
import {
  ArgumentError,
  Cursor,
  CursorPaginator,
  InvalidCursorError,
  createRequestContext,
  runWithRequestContext,
} from 'api-resources'
import { cursorPaginate, installKnexPagination } from 'api-resources/knex'
import { DIALECTS, recordKnexQueries, uniqueName } from '../../support/db'
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

describe.each(DIALECTS.map((d) => [d.name, d] as const))(
  'Knex cursorPaginate() on %s',
  (name, dialect) => {
    let db: Knex
    const table = uniqueName('cursor_rows')
    let log: string[]

    beforeAll(async () => {
      db = dialect.knex()
      await db.schema.createTable(table, (t) => {
        t.integer('id').primary()
        t.integer('a').nullable()
        t.integer('b').nullable()
        t.string('c', 5).nullable()
      })
      log = recordKnexQueries(db)
    })

    afterAll(async () => {
      if (db === undefined) return
      await db.schema.dropTableIfExists(table)
      await db.destroy()
    })

    async function load(rows: readonly WalkRow[]): Promise<void> {
      await db(table).del()
      if (rows.length > 0) await db(table).insert(rows)
    }

    function query(c: WalkCase): Knex.QueryBuilder {
      let q = db(table).select('id', 'a', 'b', 'c')
      for (const o of c.order)
        q =
          o.nulls === undefined
            ? q.orderBy(o.column, o.descending ? 'desc' : 'asc')
            : q.orderBy(o.column, o.descending ? 'desc' : 'asc', o.nulls)
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
              // the model of the dialect's NULL order agrees with the database itself
              const own = (await query(c)) as WalkRow[]
              expect(own.map((r) => Number(r.id))).toEqual(expected)
            }
            await walk((cursor) => cursorPaginate(query(c), c.perPage, cursor), expected, c.perPage)
          }),
          { numRuns: CURSOR_RUNS, endOnFailure: true },
        )
      },
      CURSOR_TIMEOUT,
    )

    it('walks a timestamp column with repeats and NULLs (Date values travel as ISO strings)', async () => {
      const events = uniqueName('cursor_events')
      await db.schema.createTable(events, (t) => {
        t.integer('id').primary()
        t.timestamp('at', { useTz: false }).nullable()
      })
      try {
        const base = Date.UTC(2024, 0, 1, 12, 0, 0)
        const rows = Array.from({ length: 13 }, (_, i) => ({
          id: i + 1,
          at: i % 5 === 0 ? null : new Date(base + (i % 4) * 3_600_000),
        }))
        await db(events).insert(rows)
        const q = () => db(events).select('id', 'at').orderBy('at', 'desc').orderBy('id')
        const expected = ((await q()) as Array<{ id: number }>).map((r) => Number(r.id))
        expect(expected).toHaveLength(13)
        await walk((cursor) => cursorPaginate(q(), 3, cursor), expected, 3)
      } finally {
        await db.schema.dropTableIfExists(events)
      }
    })

    describe('on a fixed table', () => {
      const rows = FIXED_ROWS
      beforeEach(async () => {
        await load(rows)
        log.length = 0
      })

      it('runs one query of perPage + 1 rows and no COUNT', async () => {
        const page = await cursorPaginate(db(table).orderBy('a').orderBy('id'), 2)
        expect(page).toBeInstanceOf(CursorPaginator)
        expect(log).toHaveLength(1)
        expect(log[0]).toMatch(/limit/i)
        expect(log[0]).not.toMatch(/count/i)
        expect(page.count()).toBe(2)
        expect(page.hasMorePages()).toBe(true)
      })

      it("ignores the query's own limit and offset, and leaves the query as it was", async () => {
        const ids = (p: { items(): unknown[] }) => p.items().map((r) => Number((r as WalkRow).id))
        const limited = db(table).orderBy('id').limit(1).offset(3)
        const first = await cursorPaginate(limited, 2)
        expect(ids(first)).toEqual([1, 2])
        expect(ids(await cursorPaginate(limited, 2, first.nextCursor()))).toEqual([3, 4])
        expect(((await limited) as WalkRow[]).map((r) => Number(r.id))).toEqual([4])
        const cleared = db(table).orderBy('id').limit(1).offset(3).clear('limit').clear('offset')
        expect(ids(await cursorPaginate(cleared, 2))).toEqual([1, 2])
      })

      it('is query.cursorPaginate(perPage, cursor?) after installKnexPagination', async () => {
        installKnexPagination(db)
        const first = await db(table).orderBy('id').cursorPaginate(2)
        const second = await db(table).orderBy('id').cursorPaginate(2, first.nextCursor())
        expect(second.items().map((r) => Number((r as WalkRow).id))).toEqual([3, 4])
      })

      it('reads the cursor from ?cursor= and builds URLs on the request path', async () => {
        const first = await cursorPaginate(db(table).orderBy('id'), 2, null)
        const next = first.toJSON().next_cursor as string
        const page = await runWithRequestContext(
          createRequestContext(`/rows?cursor=${next}&q=1`),
          () => cursorPaginate(db(table).orderBy('id'), 2).then((p) => p.withQueryString()),
        )
        expect(page.items().map((r) => Number((r as WalkRow).id))).toEqual([3, 4])
        expect(page.previousPageUrl()).toMatch(/^\/rows\?cursor=[A-Za-z0-9_-]+&q=1$/)
      })

      it('accepts a Cursor object, and aliased and qualified columns', async () => {
        const q = () =>
          db(table)
            .select(`${table}.id`, `${table}.a as score`)
            .orderBy('score', 'desc')
            .orderBy(`${table}.id`)
        const page = await cursorPaginate(q(), 2)
        const cursor = page.nextCursor() as Cursor
        expect(cursor.names()).toEqual(['score', `${table}.id`])
        const second = await cursorPaginate(q(), 2, cursor)
        const all = [...page.items(), ...second.items()].map((r) => Number((r as WalkRow).id))
        expect(all).toEqual(
          expectedOrder(name, {
            rows,
            perPage: 2,
            order: [
              { column: 'a', descending: true, nulls: undefined },
              { column: 'id', descending: false, nulls: undefined },
            ],
          }).slice(0, 4),
        )
      })

      it('refuses a query without ORDER BY, with orderByRaw or an expression', async () => {
        await expect(cursorPaginate(db(table), 2)).rejects.toThrow(ArgumentError)
        await expect(cursorPaginate(db(table), 2)).rejects.toThrow(/no ORDER BY/)
        await expect(cursorPaginate(db(table).orderByRaw('a desc'), 2)).rejects.toThrow(
          /orderByRaw\("a desc"\) is not a column/,
        )
        await expect(cursorPaginate(db(table).orderBy(db.raw('a + 1')), 2)).rejects.toThrow(
          ArgumentError,
        )
        const aliasOf = (q: Knex.QueryBuilder) => cursorPaginate(q.orderBy('s').orderBy('id'), 2)
        await expect(aliasOf(db(table).select('id', db.raw('a + 1 as s')))).rejects.toThrow(
          /"s" names an expression/,
        )
        await expect(aliasOf(db(table).select('id', db(table).count('*').as('s')))).rejects.toThrow(
          /"s" names an expression/,
        )
        const objectAlias = await aliasOf(db(table).select('id', { s: 'a' }))
        expect(objectAlias.nextCursor()?.names()).toEqual(['s', 'id'])
      })

      it('refuses an order by an aggregate, before the first page', async () => {
        // grouped by id: an aggregate's alias names no column to compare the rows with (`a`, a
        // column's name, would compare the rows before grouping: wrong pages, no error)
        const grouped = () => db(table).select('id').groupBy('id')
        for (const query of [
          grouped().max('a as a').orderBy('a', 'desc'),
          grouped().count('* as n').orderBy('n'),
          grouped().count({ n: '*' }).orderBy('n'),
          grouped()
            .sum(db.raw('?? as a', ['a']))
            .orderBy('a'),
        ])
          await expect(cursorPaginate(query.orderBy('id'), 2)).rejects.toThrow(
            /ORDER BY "(a|n)" names an expression, not a column/,
          )
      })

      it('refuses malformed, tampered and foreign cursors with InvalidCursorError', async () => {
        const q = () => db(table).orderBy('a').orderBy('id')
        const foreign = new Cursor({ id: 1 }).encode()
        for (const bad of [
          '%%%',
          'bm90IGpzb24',
          'WzFd',
          new Cursor({ a: 1, b: 2 }).encode(),
          foreign,
        ])
          await expect(cursorPaginate(q(), 2, bad)).rejects.toThrow(InvalidCursorError)
        await expect(
          runWithRequestContext(createRequestContext('/?cursor=a&cursor=b'), () =>
            cursorPaginate(q(), 2),
          ),
        ).rejects.toThrow(/more than once/)
        expect(log).toHaveLength(0)
      })

      it('answers a cursor value of the wrong kind with a 400 on every dialect', async () => {
        const q = () => db(table).orderBy('a').orderBy('id')
        for (const values of [
          { a: 'zzz', id: 'abc' },
          { a: true, id: 1 },
          { a: 1.5, id: '2' },
          { a: 1, id: '2x' },
        ]) {
          await expect(cursorPaginate(q(), 2, new Cursor(values).encode())).rejects.toBeInstanceOf(
            InvalidCursorError,
          )
        }
        // an integer as text is the same value
        const page = await cursorPaginate(q(), 2, new Cursor({ a: '1', id: '3' }).encode())
        expect(page).toBeInstanceOf(CursorPaginator)
      })

      it('signs cursors with cursorSecret and refuses unsigned or tampered ones', async () => {
        const q = () => db(table).orderBy('id')
        const options = { cursorSecret: 'k3y' }
        const page = await cursorPaginate(q(), 2, null, options)
        const next = page.toJSON().next_cursor as string
        expect(next).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/)
        const second = await cursorPaginate(q(), 2, next, options)
        expect(second.items().map((r) => Number((r as WalkRow).id))).toEqual([3, 4])
        const unsigned = next.slice(0, next.indexOf('.'))
        await expect(cursorPaginate(q(), 2, unsigned, options)).rejects.toThrow(/not signed/)
        const forged = new Cursor({ id: 4 }).encode() + next.slice(next.indexOf('.'))
        await expect(cursorPaginate(q(), 2, forged, options)).rejects.toThrow(/signature/)
      })
    })
  },
)
