// The cursor properties every ORM adapter must meet, on a table of its own in the ORM suite's
// database: walking `next` from the first page visits every row once in order, walking `prev` back
// gives the same pages, for random rows (repeats, NULLs) and random mixed-direction orders; plus the
// errors a bad order or a foreign cursor gives.
import fc from 'fast-check'
import knexFactory, { type Knex } from 'knex'
import {
  ArgumentError,
  Cursor,
  InvalidCursorError,
  type CursorPaginateOptions,
  type CursorPaginator,
} from 'api-resources'
import { prepareDatabase, uniqueName, type DialectName, type OrmDatabase } from '../support/db'
import {
  CURSOR_RUNS,
  CURSOR_TIMEOUT,
  expectedOrder,
  walk,
  walkCases,
  type WalkCase,
  type WalkRow,
} from './cursor-walk'

type Page = Promise<CursorPaginator<unknown>>

/** One ORM on one database: its cursor queries over the suite's table (columns id, a, b, c). */
export interface CursorTarget {
  /** cursorPaginate() of the table ordered as `c.order` says (with its `nulls` when given). */
  page(c: WalkCase, cursor: string | null, options?: CursorPaginateOptions): Page
  /** cursorPaginate() of the table without any order. */
  unordered(): Page
  /** cursorPaginate() ordered by something that is not a column (raw SQL, an expression). */
  expression(): Page
  close(): Promise<void>
  /** The SQL (or Prisma operations) the ORM ran, in order, when it can tell. */
  readonly log: string[]
}

export interface CursorSuiteOptions {
  /** A fixed table name (Prisma's models are generated ahead); the suite's database is its own. */
  readonly table?: string
  /**
   * Does the ORM state `nulls first/last` on this database? When not, the random orders leave it
   * out (MySQL/MariaDB have no NULLS FIRST, and ORMs that write it as such cannot use it there).
   */
  readonly statesNulls?: (dialect: DialectName) => boolean
}

/** The cursor suite of one ORM adapter on each of `dialects`. */
export function cursorSuite(
  orm: string,
  dialects: readonly DialectName[],
  open: (db: OrmDatabase, table: string) => Promise<CursorTarget>,
  options: CursorSuiteOptions = {},
): void {
  describe.each(dialects)(`${orm} cursorPaginate() on %s`, (dialect) => {
    let knex: Knex
    let target: CursorTarget
    const table = options.table ?? uniqueName(`cw_${orm}`)

    beforeAll(async () => {
      const db = await prepareDatabase(dialect, `cursor_${orm}`)
      knex = knexFactory(db.knexConfig)
      await knex.schema.dropTableIfExists(table)
      await knex.schema.createTable(table, (t) => {
        t.integer('id').primary()
        t.integer('a')
        t.integer('b')
        t.string('c', 5)
      })
      target = await open(db, table)
    })

    afterAll(async () => {
      await target?.close()
      await knex?.schema.dropTableIfExists(table)
      await knex?.destroy()
    })

    async function load(rows: readonly WalkRow[]): Promise<void> {
      await knex(table).delete()
      if (rows.length > 0) await knex(table).insert(rows)
    }

    it(
      'walks every row exactly once, forwards and back, with repeats and NULLs',
      async () => {
        const cases = walkCases(true).map((c) =>
          options.statesNulls?.(dialect) === false
            ? { ...c, order: c.order.map((o) => ({ ...o, nulls: undefined })) }
            : c,
        )
        await fc.assert(
          fc.asyncProperty(cases, async (c) => {
            await load(c.rows)
            const expected = expectedOrder(dialect, c)
            await walk((cursor) => target.page(c, cursor), expected, c.perPage)
          }),
          { numRuns: CURSOR_RUNS, endOnFailure: true },
        )
      },
      CURSOR_TIMEOUT,
    )

    it('refuses an order that cannot carry a cursor, and malformed or foreign cursors', async () => {
      await load([{ id: 1, a: 1, b: null, c: 'x' }])
      await expect(target.unordered()).rejects.toThrow(/no ORDER BY/)
      await expect(target.unordered()).rejects.toThrow(ArgumentError)
      await expect(target.expression()).rejects.toThrow(ArgumentError)
      const byId: WalkCase = {
        rows: [],
        order: [{ column: 'id', descending: false, nulls: undefined }],
        perPage: 1,
      }
      await expect(target.page(byId, new Cursor({ a: 1 }).encode())).rejects.toThrow(
        InvalidCursorError,
      )
      await expect(target.page(byId, 'not-a-cursor')).rejects.toThrow(InvalidCursorError)
    })

    it('runs one query of perPage + 1 rows, and no COUNT', async () => {
      await load([
        { id: 1, a: 1, b: null, c: 'x' },
        { id: 2, a: null, b: 2, c: null },
        { id: 3, a: 2, b: 2, c: 'y' },
      ])
      const byA: WalkCase = {
        rows: [],
        order: [
          { column: 'a', descending: true, nulls: undefined },
          { column: 'id', descending: false, nulls: undefined },
        ],
        perPage: 1,
      }
      const first = await target.page(byA, null)
      target.log.length = 0
      const second = await target.page(byA, first.toJSON().next_cursor)
      expect(second.items()).toHaveLength(1)
      expect(second.toJSON().next_cursor).not.toBeNull()
      expect(target.log).toHaveLength(1)
      expect(target.log[0]).not.toMatch(/count/i)
    })

    it('signs cursors with cursorSecret and refuses unsigned ones', async () => {
      await load([
        { id: 1, a: 1, b: null, c: 'x' },
        { id: 2, a: null, b: 2, c: null },
      ])
      const byId: WalkCase = {
        rows: [],
        order: [{ column: 'id', descending: false, nulls: undefined }],
        perPage: 1,
      }
      const signed = { cursorSecret: 'orm-secret' }
      const first = await target.page(byId, null, signed)
      const next = first.toJSON().next_cursor as string
      const second = await target.page(byId, next, signed)
      expect(second.items().map((r) => Number((r as WalkRow).id))).toEqual([2])
      const forged = new Cursor({ id: 1 }).encode()
      await expect(target.page(byId, forged, signed)).rejects.toThrow(InvalidCursorError)
    })
  })
}
