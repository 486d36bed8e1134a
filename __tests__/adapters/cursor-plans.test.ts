// Deep cursor pages reach their first row through the index: on PostgreSQL and MariaDB, a page
// 25,000 rows deep into a 30,000-row table, ordered by `id`, by `created_at desc, id desc` and by
// a mixed-direction order, is an index range scan that reads about one page of rows, with no sort
// and no filter discarding the rows before the page; through Knex and through Drizzle (whose
// timestamps travel as exact text, cast back in the condition).
import type { Knex } from 'knex'
import { asc, desc } from 'drizzle-orm'
import { drizzle as drizzleMysql } from 'drizzle-orm/mysql2'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import * as my from 'drizzle-orm/mysql-core'
import * as pg from 'drizzle-orm/pg-core'
import { Cursor, type CursorPaginator } from 'api-resources'
import { cursorPaginate as drizzleCursorPaginate } from 'api-resources/drizzle'
import { cursorPaginate } from 'api-resources/knex'
import { DIALECTS, uniqueName } from '../support/db'

const ROWS = 30_000
const DEEP = 25_000
const PER_PAGE = 20

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] }

function pgNodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(pgNodes)]
}

const servers = DIALECTS.filter((d) => d.name !== 'sqlite')
const maybe = servers.length > 0 ? describe.each(servers.map((d) => [d.name, d] as const)) : null

;(maybe ?? describe.skip.each([['none', null]] as const))(
  'deep cursor page plans on %s',
  (name, dialect) => {
    let db: Knex
    let orm: any
    const table = uniqueName('plan_rows')
    const log: Array<{ sql: string; bindings: unknown[] }> = []
    /** The table as Drizzle declares it. */
    const rows: any =
      name === 'postgres'
        ? pg.pgTable(table, {
            id: pg.integer('id').primaryKey(),
            created_at: pg.timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
            score: pg.integer('score').notNull(),
          })
        : my.mysqlTable(table, {
            id: my.int('id').primaryKey(),
            created_at: my.datetime('created_at', { mode: 'date' }).notNull(),
            score: my.int('score').notNull(),
          })

    beforeAll(async () => {
      db = dialect!.knex()
      db.on('query', (q: { sql: string; bindings?: unknown[] }) =>
        log.push({ sql: q.sql, bindings: q.bindings ?? [] }),
      )
      const logger = {
        logQuery: (sql: string, params: unknown[]) => void log.push({ sql, bindings: params }),
      }
      orm =
        name === 'postgres'
          ? drizzlePg({ connection: process.env.PG_URL!, logger })
          : drizzleMysql({ connection: { uri: process.env.MYSQL_URL! }, logger })
      await db.schema.createTable(table, (t) => {
        t.integer('id').primary()
        t.datetime('created_at').notNullable()
        t.integer('score').notNullable()
      })
      if (name === 'postgres') {
        await db.raw(
          `insert into ?? select i, timestamp '2024-01-01' + (i / 2) * interval '1 second', i / 3 ` +
            `from generate_series(1, ${ROWS}) i`,
          [table],
        )
        await db.raw(`create index on ?? (created_at, id)`, [table])
        await db.raw(`create index on ?? (score desc, id)`, [table])
        await db.raw(`analyze ??`, [table])
      } else {
        await db.raw(
          `insert into ?? select seq, '2024-01-01' + interval (seq div 2) second, seq div 3 ` +
            `from seq_1_to_${ROWS}`,
          [table],
        )
        await db.raw(`create index ?? on ?? (created_at, id)`, [`${table}_c`, table])
        await db.raw(`create index ?? on ?? (score desc, id)`, [`${table}_s`, table])
        await db.raw(`analyze table ??`, [table])
      }
    }, 120_000)

    afterAll(async () => {
      if (db === undefined) return
      await orm?.$client.end()
      await db.schema.dropTableIfExists(table)
      await db.destroy()
    })

    /**
     * The page query of `query` after its DEEP-th row, and that row's cursor values; `paginate`
     * runs the page through another adapter than Knex.
     */
    async function deepPage(
      query: () => Knex.QueryBuilder,
      names: string[],
      paginate: (cursor: Cursor) => Promise<CursorPaginator<unknown>> = (cursor) =>
        cursorPaginate(query(), PER_PAGE, cursor),
    ) {
      const [row] = (await query().offset(DEEP).limit(1)) as Array<Record<string, unknown>>
      const values = Object.fromEntries(
        names.map((n) => [n, row[n] instanceof Date ? (row[n] as Date).toISOString() : row[n]]),
      )
      log.length = 0
      const page = await paginate(new Cursor(values as never))
      const pageQuery = log[log.length - 1]
      const expected = (await query()
        .offset(DEEP + 1)
        .limit(PER_PAGE)) as Array<{ id: number }>
      expect(page.items().map((r) => (r as { id: number }).id)).toEqual(expected.map((r) => r.id))
      return pageQuery
    }

    async function expectIndexRange(page: { sql: string; bindings: unknown[] }): Promise<void> {
      if (name === 'postgres') {
        const sql = page.sql.replace(/\$\d+/g, '?')
        const result = await db.raw(`explain (analyze, format json) ${sql}`, page.bindings as never)
        const plan = (result.rows[0]['QUERY PLAN'] as Array<{ Plan: PlanNode }>)[0].Plan
        const nodes = pgNodes(plan)
        const types = nodes.map((n) => n['Node Type'])
        expect(types).not.toContain('Seq Scan')
        expect(types).not.toContain('Sort')
        const scans = nodes.filter((n) => /Index/.test(String(n['Node Type'])))
        expect(scans).toHaveLength(1)
        expect(scans[0]['Index Cond']).toBeDefined()
        // rows read: about one page (a leading bound may read the ties of its first column)
        expect(Number(scans[0]['Rows Removed by Filter'] ?? 0)).toBeLessThan(10)
        expect(Number(scans[0]['Actual Rows'])).toBeLessThanOrEqual(PER_PAGE + 1)
      } else {
        const result = await db.raw(`analyze format=json ${page.sql}`, page.bindings as never)
        const json = JSON.parse(result[0][0].ANALYZE as string) as {
          query_block: {
            table?: Record<string, unknown>
            nested_loop?: Array<{ table: Record<string, unknown> }>
          }
        }
        const scan = json.query_block.table ?? json.query_block.nested_loop![0].table
        expect(scan.access_type).toBe('range')
        expect(JSON.stringify(json)).not.toContain('filesort')
        // rows the storage engine handed over for the page: about one page, not the rows before it
        expect(Number(scan.r_rows)).toBeLessThan(PER_PAGE + 10)
      }
    }

    it('orders by id: an index range from the cursor', async () => {
      const page = await deepPage(() => db(table).orderBy('id'), ['id'])
      expect(page.sql.toLowerCase()).not.toContain('is null')
      await expectIndexRange(page)
    })

    it('orders by created_at desc, id desc: a row-value range on the two-column index', async () => {
      const page = await deepPage(
        () => db(table).orderBy('created_at', 'desc').orderBy('id', 'desc'),
        ['created_at', 'id'],
      )
      await expectIndexRange(page)
    })

    it('orders by score desc, id asc: a leading bound on the mixed-direction index', async () => {
      const page = await deepPage(
        () => db(table).orderBy('score', 'desc').orderBy('id', 'asc'),
        ['score', 'id'],
      )
      await expectIndexRange(page)
    })

    describe('through Drizzle', () => {
      const drizzlePage = (order: unknown[]) => (cursor: Cursor) =>
        drizzleCursorPaginate(
          orm
            .select()
            .from(rows)
            .orderBy(...order),
          PER_PAGE,
          cursor,
        )

      it('orders by id: an index range from the cursor', async () => {
        const page = await deepPage(
          () => db(table).orderBy('id'),
          ['id'],
          drizzlePage([asc(rows.id)]),
        )
        expect(page.sql.toLowerCase()).not.toContain('is null')
        await expectIndexRange(page)
      })

      it('orders by created_at desc, id desc: the exact timestamp bound on the index', async () => {
        const page = await deepPage(
          () => db(table).orderBy('created_at', 'desc').orderBy('id', 'desc'),
          ['created_at', 'id'],
          drizzlePage([desc(rows.created_at), desc(rows.id)]),
        )
        expect(page.sql.toLowerCase()).not.toContain('is null')
        expect(page.sql.toLowerCase()).toContain('cast(')
        await expectIndexRange(page)
      })

      it('orders by score desc, id asc: a leading bound on the mixed-direction index', async () => {
        const page = await deepPage(
          () => db(table).orderBy('score', 'desc').orderBy('id', 'asc'),
          ['score', 'id'],
          drizzlePage([desc(rows.score), asc(rows.id)]),
        )
        expect(page.sql.toLowerCase()).not.toContain('is null')
        await expectIndexRange(page)
      })
    })
  },
)
