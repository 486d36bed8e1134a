// The page query of Knex and Kysely cursorPaginate(): the form an index serves (row values over
// NOT NULL columns of one direction, a leading bound before mixed directions), no IS NULL term for
// a column the catalog says cannot hold NULL, and the walks over such columns.
import fc from 'fast-check'
import type { Knex } from 'knex'
import type { Kysely, SelectQueryBuilder } from 'kysely'
import { Cursor, type CursorPaginator } from 'api-resources'
import { cursorPaginate as knexCursorPaginate } from 'api-resources/knex'
import { cursorPaginate as kyselyCursorPaginate } from 'api-resources/kysely'
import { DIALECTS, uniqueName } from '../support/db'
import { CURSOR_RUNS, CURSOR_TIMEOUT, walk } from './cursor-walk'

interface Row {
  id: number
  a: number
  b: number
  n: number | null
}

type Column = 'a' | 'b' | 'n' | 'id'
interface Order {
  column: Column
  descending: boolean
}

const cases = fc.record({
  rows: fc
    .array(
      fc.record({
        a: fc.integer({ min: 0, max: 3 }),
        b: fc.integer({ min: 0, max: 2 }),
        n: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null, freq: 3 }),
      }),
      { maxLength: 30 },
    )
    .map((rows) => rows.map((row, i) => ({ id: i + 1, ...row }))),
  order: fc
    .shuffledSubarray(['a', 'b', 'n'] as const, { minLength: 0, maxLength: 3 })
    .chain((columns) =>
      fc.tuple(
        ...[...columns, 'id' as const].map((column) =>
          fc.record({ column: fc.constant<Column>(column), descending: fc.boolean() }),
        ),
      ),
    ),
  perPage: fc.integer({ min: 1, max: 6 }),
})

function expected(dialect: string, rows: readonly Row[], order: readonly Order[]): number[] {
  const largest = dialect === 'postgres'
  const compare = (x: Row, y: Row): number => {
    for (const o of order) {
      const a = x[o.column]
      const b = y[o.column]
      if (a === b) continue
      const nullsFirst = o.descending ? largest : !largest
      if (a === null) return nullsFirst ? -1 : 1
      if (b === null) return nullsFirst ? 1 : -1
      return (a < b ? -1 : 1) * (o.descending ? -1 : 1)
    }
    return 0
  }
  return [...rows].sort(compare).map((r) => r.id)
}

const ids = (page: CursorPaginator<unknown>) =>
  page.items().map((row) => Number((row as { id: unknown }).id))

describe.each(DIALECTS.map((d) => [d.name, d] as const))('cursor keyset on %s', (name, dialect) => {
  let knex: Knex
  let kysely: Kysely<any>
  const table = uniqueName('keyset_rows')
  const ktable = uniqueName('keyset_krows')
  const knexLog: string[] = []
  const kyselyLog: string[] = []

  beforeAll(async () => {
    knex = dialect.knex()
    knex.on('query', (q: { sql: string }) => knexLog.push(q.sql))
    kysely = dialect.kysely<any>({ onQuery: (sql) => kyselyLog.push(sql) })
    await knex.schema.createTable(table, (t) => {
      t.integer('id').primary()
      t.integer('a').notNullable()
      t.integer('b').notNullable()
      t.integer('n').nullable()
    })
    await kysely.schema
      .createTable(ktable)
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('a', 'integer', (c) => c.notNull())
      .addColumn('b', 'integer', (c) => c.notNull())
      .addColumn('n', 'integer')
      .execute()
  })

  afterAll(async () => {
    if (knex === undefined) return
    await knex.schema.dropTableIfExists(table)
    await kysely.schema.dropTable(ktable).ifExists().execute()
    await knex.destroy()
    await kysely.destroy()
  })

  async function load(rows: readonly Row[]): Promise<void> {
    await knex(table).del()
    await kysely.deleteFrom(ktable).execute()
    if (rows.length > 0) await knex(table).insert(rows)
    if (rows.length > 0) await kysely.insertInto(ktable).values(rows).execute()
  }

  const knexQuery = (order: readonly Order[]) => {
    let q = knex(table).select('id', 'a', 'b', 'n')
    for (const o of order) q = q.orderBy(o.column, o.descending ? 'desc' : 'asc')
    return q
  }
  const kyselyQuery = (order: readonly Order[]) => {
    let q: SelectQueryBuilder<any, any, any> = kysely
      .selectFrom(ktable)
      .select(['id', 'a', 'b', 'n'])
    for (const o of order) q = q.orderBy(o.column, o.descending ? 'desc' : 'asc')
    return q
  }

  it(
    'walks NOT NULL and nullable columns in any directions, forwards and back (Knex and Kysely)',
    async () => {
      await fc.assert(
        fc.asyncProperty(cases, async (c) => {
          await load(c.rows)
          const want = expected(name, c.rows, c.order)
          const own = (await knexQuery(c.order)) as Row[]
          expect(own.map((r) => Number(r.id))).toEqual(want)
          await walk(
            (cursor) => knexCursorPaginate(knexQuery(c.order), c.perPage, cursor),
            want,
            c.perPage,
          )
          await walk(
            (cursor) => kyselyCursorPaginate(kyselyQuery(c.order), c.perPage, cursor),
            want,
            c.perPage,
          )
        }),
        { numRuns: CURSOR_RUNS, endOnFailure: true },
      )
    },
    CURSOR_TIMEOUT,
  )

  describe('the page query', () => {
    const rows: Row[] = Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      a: i % 3,
      b: i % 2,
      n: i % 4 === 0 ? null : i % 3,
    }))
    beforeAll(() => load(rows))
    /** The three rows after row `id` in `order`. */
    const after = (order: readonly Order[], id: number) => {
      const all = expected(name, rows, order)
      return all.slice(all.indexOf(id) + 1, all.indexOf(id) + 4)
    }

    async function pageSql(
      run: 'knex' | 'kysely',
      order: readonly Order[],
      cursor: Cursor,
    ): Promise<{ sql: string; ids: number[] }> {
      const log = run === 'knex' ? knexLog : kyselyLog
      log.length = 0
      const page =
        run === 'knex'
          ? await knexCursorPaginate(knexQuery(order), 3, cursor)
          : await kyselyCursorPaginate(kyselyQuery(order), 3, cursor)
      return { sql: log[log.length - 1].toLowerCase(), ids: ids(page) }
    }

    it.each(['knex', 'kysely'] as const)(
      '%s: one row-value comparison for NOT NULL columns of one direction, no IS NULL',
      async (run) => {
        const order = [
          { column: 'a', descending: true },
          { column: 'id', descending: true },
        ] as const
        const { sql, ids: got } = await pageSql(run, order, new Cursor({ a: 1, id: 8 }))
        // MySQL/MariaDB's range optimizer skips row values: a bound on the first column there
        if (name === 'mysql') expect(sql).toMatch(/where \(*`a` <= \?/)
        else expect(sql).toMatch(/where \(?\(["`]?a["`]?, ["`]?id["`]?\) < \(/)
        expect(sql).not.toContain('is null')
        expect(got).toEqual(after(order, 8))
        const single = await pageSql(
          run,
          [{ column: 'id', descending: false }],
          new Cursor({ id: 4 }),
        )
        expect(single.sql).not.toContain('is null')
        expect(single.sql).not.toContain(' or ')
        expect(single.ids).toEqual([5, 6, 7])
      },
    )

    it.each(['knex', 'kysely'] as const)(
      '%s: a leading bound before mixed directions; IS NULL only for the nullable column',
      async (run) => {
        const mixed = [
          { column: 'a', descending: true },
          { column: 'id', descending: false },
        ] as const
        const { sql, ids: got } = await pageSql(run, mixed, new Cursor({ a: 1, id: 5 }))
        expect(sql).toMatch(/[`"]?a[`"]? <= /)
        expect(sql).not.toContain('is null')
        expect(got).toEqual(after(mixed, 5))
        // NULLs last (PostgreSQL: ascending; the others: descending), so "after" includes them
        const nullable = [
          { column: 'n', descending: name !== 'postgres' },
          { column: 'id', descending: false },
        ] as const
        const withNull = await pageSql(run, nullable, new Cursor({ n: 1, id: 1 + 1 }))
        expect(withNull.sql).toContain('is null')
        expect(withNull.ids).toEqual(after(nullable, 2))
      },
    )

    it('pages a UNION, restricting each SELECT, and the union read as a derived table', async () => {
      const union = knex(table)
        .select('id')
        .where('a', 0)
        .union((u) => u.select('id').from(table).where('a', 1))
      const kunion = kysely
        .selectFrom(ktable)
        .select('id')
        .where('a', '=', 0)
        .union(kysely.selectFrom(ktable).select('id').where('a', '=', 1))
      const wanted = rows.filter((r) => r.a !== 2).map((r) => r.id)
      await walk((cursor) => knexCursorPaginate(union.clone().orderBy('id'), 3, cursor), wanted, 3)
      await walk((cursor) => kyselyCursorPaginate(kunion.orderBy('id'), 3, cursor), wanted, 3)
      await walk(
        (cursor) =>
          knexCursorPaginate(
            knex.select('*').from(union.clone().as('t')).orderBy('t.id'),
            3,
            cursor,
          ),
        wanted,
        3,
      )
      await walk(
        (cursor) =>
          kyselyCursorPaginate(
            kysely.selectFrom(kunion.as('t')).selectAll().orderBy('t.id'),
            3,
            cursor,
          ),
        wanted,
        3,
      )
    })

    it.each(['knex', 'kysely'] as const)(
      '%s: a NULL cursor value for a NOT NULL column is an InvalidCursorError',
      async (run) => {
        const order = [
          { column: 'a', descending: false },
          { column: 'id', descending: false },
        ] as const
        await expect(pageSql(run, order, new Cursor({ a: null, id: 1 }))).rejects.toMatchObject({
          status: 400,
        })
      },
    )
  })
})
