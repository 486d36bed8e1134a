// Deep cursor pages reach their first row through the index: on PostgreSQL and MariaDB, a page
// 25,000 rows deep into a 30,000-row table, ordered by `id`, by `created_at desc, id desc` and by
// a mixed-direction order, is an index range scan that reads about one page of rows, with no sort
// and no filter discarding the rows before the page; through Knex, TypeORM, Sequelize and Drizzle
// (whose timestamps travel as exact text, cast back in the condition). Over a nullable column the
// page reads the non-NULL run and the NULL run as separate index ranges, each query a range.
import type { Knex } from 'knex'
import { asc, desc } from 'drizzle-orm'
import { drizzle as drizzleMysql } from 'drizzle-orm/mysql2'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import * as my from 'drizzle-orm/mysql-core'
import * as pg from 'drizzle-orm/pg-core'
import { cursorPaginate as drizzleCursorPaginate } from 'api-resources/drizzle'
import { DataSource, EntitySchema } from 'typeorm'
import { DataTypes, Sequelize } from 'sequelize'
import { Cursor, type CursorPaginator, type CursorValue } from 'api-resources'
import { cursorPaginate } from 'api-resources/knex'
import { cursorPaginate as typeOrmCursorPaginate } from 'api-resources/typeorm'
import { cursorPaginate as sequelizeCursorPaginate } from 'api-resources/sequelize'
import { DIALECTS, uniqueName, type DialectName } from '../support/db'
import { queryLogger } from './typeorm/typeorm-test-db'
import { expectOneIndexRange } from '../support/pg-plan'

const ROWS = 30_000
const DEEP = 25_000
const PER_PAGE = 20

type Order = ReadonlyArray<readonly [column: string, direction: 'asc' | 'desc']>

/** The SQL of a page query, with `?` (MySQL) or `$n` (PostgreSQL) placeholders, and its values. */
interface PageQuery {
  sql: string
  bindings: unknown[]
}

/** One adapter over the plan table: the page after the row of `values`, and its page query. */
interface Pager {
  page(order: Order, values: Record<string, CursorValue>): Promise<CursorPaginator<unknown>>
  /** The queries the adapter ran, in order. */
  readonly log: PageQuery[]
  close(): Promise<void>
}

function knexPager(db: Knex, table: string): Pager {
  const log: PageQuery[] = []
  db.on('query', (q: { sql: string; bindings?: unknown[] }) =>
    log.push({ sql: q.sql, bindings: q.bindings ?? [] }),
  )
  return {
    page: (order, values) => {
      const query = db(table)
      for (const [column, direction] of order) query.orderBy(column, direction)
      return cursorPaginate(query, PER_PAGE, new Cursor(values))
    },
    log,
    close: async () => undefined,
  }
}

async function typeOrmPager(name: DialectName, table: string): Promise<Pager> {
  const log: PageQuery[] = []
  const entity = new EntitySchema<Record<string, unknown>>({
    name: 'PlanRow',
    tableName: table,
    columns: {
      id: { type: 'integer', primary: true },
      created_at: { type: name === 'postgres' ? 'timestamptz' : 'datetime' },
      score: { type: 'integer' },
      maybe: { type: 'integer', nullable: true },
    },
  })
  const logger = queryLogger(
    (sql, parameters) =>
      void log.push({ sql, bindings: Array.isArray(parameters) ? parameters : [] }),
  )
  const ds = await new DataSource({
    type: name,
    url: name === 'postgres' ? process.env.PG_URL : process.env.MYSQL_URL,
    entities: [entity],
    logging: true,
    logger,
  } as never).initialize()
  return {
    page: (order, values) => {
      const query = ds.getRepository('PlanRow').createQueryBuilder('p')
      for (const [column, direction] of order)
        query.addOrderBy(`p.${column}`, direction === 'desc' ? 'DESC' : 'ASC')
      const cursor = Object.fromEntries(Object.entries(values).map(([k, v]) => [`p.${k}`, v]))
      return typeOrmCursorPaginate(query, PER_PAGE, new Cursor(cursor))
    },
    log,
    close: () => ds.destroy(),
  }
}

function sequelizePager(name: DialectName, table: string): Pager {
  const log: PageQuery[] = []
  const sequelize = new Sequelize(
    (name === 'postgres' ? process.env.PG_URL : process.env.MYSQL_URL)!,
    {
      dialect: name === 'postgres' ? 'postgres' : 'mysql',
      // the statement as the driver gets it, then its bind parameters (`; 1, "a"`)
      logQueryParameters: true,
      logging: (message: string) => void log.push(loggedQuery(message)),
    },
  )
  const Row = sequelize.define(
    'PlanRow',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true },
      created_at: { type: DataTypes.DATE, allowNull: false },
      score: { type: DataTypes.INTEGER, allowNull: false },
      maybe: { type: DataTypes.INTEGER, allowNull: true },
    },
    { tableName: table, timestamps: false },
  )
  return {
    page: (order, values) =>
      sequelizeCursorPaginate(
        { model: Row, order: order.map(([c, d]) => [c, d.toUpperCase()]) },
        PER_PAGE,
        new Cursor(values),
      ),
    log,
    close: () => sequelize.close(),
  }
}

/** A statement Sequelize logged with `logQueryParameters`: its SQL and its bind parameters. */
function loggedQuery(message: string): PageQuery {
  const sql = message.replace(/^Executing \([^)]*\): /, '')
  const end = sql.lastIndexOf(';')
  if (end === -1) return { sql, bindings: [] }
  const parameters = sql.slice(end + 1).trim()
  return {
    sql: sql.slice(0, end),
    bindings: parameters === '' ? [] : (JSON.parse(`[${parameters}]`) as unknown[]),
  }
}

/** Drizzle's select builder over the plan table, its statements logged. */
function drizzlePager(name: DialectName, table: string): Pager {
  const log: PageQuery[] = []
  const logger = {
    logQuery: (sql: string, params: unknown[]) => void log.push({ sql, bindings: params }),
  }
  const rows =
    name === 'postgres'
      ? pg.pgTable(table, {
          id: pg.integer('id').primaryKey(),
          created_at: pg.timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
          score: pg.integer('score').notNull(),
          maybe: pg.integer('maybe'),
        })
      : my.mysqlTable(table, {
          id: my.int('id').primaryKey(),
          created_at: my.datetime('created_at', { mode: 'date' }).notNull(),
          score: my.int('score').notNull(),
          maybe: my.int('maybe'),
        })
  const orm =
    name === 'postgres'
      ? drizzlePg({ connection: process.env.PG_URL!, logger })
      : drizzleMysql({ connection: { uri: process.env.MYSQL_URL! }, logger })
  const columns = rows as unknown as Record<string, never>
  return {
    page: (order, values) => {
      const terms = order.map(([c, d]) => (d === 'desc' ? desc(columns[c]) : asc(columns[c])))
      const query = (orm as any)
        .select()
        .from(rows)
        .orderBy(...terms)
      return drizzleCursorPaginate(query, PER_PAGE, new Cursor(values))
    },
    log,
    close: async () => {
      await (orm as unknown as { $client: { end(): Promise<void> } }).$client.end()
    },
  }
}

const servers = DIALECTS.filter((d) => d.name !== 'sqlite')
const maybe = servers.length > 0 ? describe.each(servers.map((d) => [d.name, d] as const)) : null

;(maybe ?? describe.skip.each([['none', null]] as const))(
  'deep cursor page plans on %s',
  (name, dialect) => {
    let db: Knex
    const table = uniqueName('plan_rows')
    const pagers: Record<string, Pager> = {}

    beforeAll(async () => {
      db = dialect!.knex()
      await db.schema.createTable(table, (t) => {
        t.integer('id').primary()
        t.datetime('created_at').notNullable()
        t.integer('score').notNullable()
        // NULL in every fifth row, else at most four rows a value
        t.integer('maybe').nullable()
      })
      if (name === 'postgres') {
        await db.raw(
          `insert into ?? select i, timestamp '2024-01-01' + (i / 2) * interval '1 second', i / 3, ` +
            `case when i % 5 = 0 then null else i / 4 end from generate_series(1, ${ROWS}) i`,
          [table],
        )
        await db.raw(`create index on ?? (created_at, id)`, [table])
        await db.raw(`create index on ?? (score desc, id)`, [table])
        await db.raw(`create index on ?? (maybe, id)`, [table])
        await db.raw(`analyze ??`, [table])
      } else {
        await db.raw(
          `insert into ?? select seq, '2024-01-01' + interval (seq div 2) second, seq div 3, ` +
            `if(seq % 5 = 0, null, seq div 4) from seq_1_to_${ROWS}`,
          [table],
        )
        await db.raw(`create index ?? on ?? (created_at, id)`, [`${table}_c`, table])
        await db.raw(`create index ?? on ?? (score desc, id)`, [`${table}_s`, table])
        await db.raw(`create index ?? on ?? (maybe, id)`, [`${table}_m`, table])
        await db.raw(`analyze table ??`, [table])
      }
      pagers.knex = knexPager(db, table)
      pagers.typeorm = await typeOrmPager(name as DialectName, table)
      pagers.sequelize = sequelizePager(name as DialectName, table)
      pagers.drizzle = drizzlePager(name as DialectName, table)
    }, 120_000)

    afterAll(async () => {
      for (const pager of Object.values(pagers)) await pager.close()
      if (db === undefined) return
      await db.schema.dropTableIfExists(table)
      await db.destroy()
    })

    /** The page queries of `pager` after the `at`-th row of `order` (checked against plain SQL). */
    async function deepPage(pager: string, order: Order, at = DEEP): Promise<PageQuery[]> {
      const query = () => {
        const q = db(table)
        for (const [column, direction] of order) q.orderBy(column, direction)
        return q
      }
      const [row] = (await query().offset(at).limit(1)) as Array<Record<string, unknown>>
      // a date-time as the column's text: MySQL/MariaDB's holds no zone (mysql2 reads it locally)
      const text = (d: Date) =>
        name === 'mysql'
          ? new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, -1)
          : d.toISOString()
      const values = Object.fromEntries(
        order.map(([n]) => [n, row[n] instanceof Date ? text(row[n] as Date) : row[n]]),
      ) as Record<string, CursorValue>
      const { log } = pagers[pager]
      // a first page reads the catalog once
      await pagers[pager].page(order, values)
      log.length = 0
      const page = await pagers[pager].page(order, values)
      const queries = [...log]
      const expected = (await query()
        .offset(at + 1)
        .limit(PER_PAGE)) as Array<{ id: number }>
      expect(page.items().map((r) => Number((r as { id: number }).id))).toEqual(
        expected.map((r) => r.id),
      )
      return queries
    }

    /**
     * `nullRun`: the page lies inside a NULL run. MariaDB may then look the NULL key up (`ref`) and
     * read the run from its end back to the cursor, with no sort: fewer rows than the run's 6,000.
     */
    async function expectIndexRange(
      page: { sql: string; bindings: unknown[] },
      nullRun = false,
    ): Promise<void> {
      if (name === 'postgres') {
        const sql = page.sql.replace(/\$\d+/g, '?')
        const result = await db.raw(`explain (analyze, format json) ${sql}`, page.bindings as never)
        // rows read: about one page (a leading bound may read the ties of its first column)
        const scan = expectOneIndexRange(result.rows, 9)
        expect(Number(scan['Actual Rows'])).toBeLessThanOrEqual(PER_PAGE + 1)
      } else {
        const result = await db.raw(`analyze format=json ${page.sql}`, page.bindings as never)
        const json = JSON.parse(result[0][0].ANALYZE as string) as {
          query_block: {
            table?: Record<string, unknown>
            nested_loop?: Array<{ table: Record<string, unknown> }>
          }
        }
        const scan = json.query_block.table ?? json.query_block.nested_loop![0].table
        expect(JSON.stringify(json)).not.toContain('filesort')
        if (nullRun && scan.access_type === 'ref') {
          expect(Number(scan.r_rows)).toBeLessThan(6_000)
          return
        }
        expect(scan.access_type).toBe('range')
        // rows the storage engine handed over for the page: about one page, not the rows before it
        expect(Number(scan.r_rows)).toBeLessThan(PER_PAGE + 10)
      }
    }

    const adapters = ['knex', 'typeorm', 'sequelize', 'drizzle']

    it.each(adapters)('%s orders by id: an index range from the cursor', async (pager) => {
      const [page, ...more] = await deepPage(pager, [['id', 'asc']])
      expect(more).toEqual([])
      expect(page.sql.toLowerCase()).not.toContain('is null')
      await expectIndexRange(page)
    })

    it.each(adapters)(
      '%s orders by created_at desc, id desc: a row-value range on the two-column index',
      async (pager) => {
        const [page, ...more] = await deepPage(pager, [
          ['created_at', 'desc'],
          ['id', 'desc'],
        ])
        expect(more).toEqual([])
        expect(page.sql.toLowerCase()).not.toContain('is null')
        await expectIndexRange(page)
      },
    )

    it.each(adapters)(
      '%s orders by score desc, id asc: a leading bound on the mixed-direction index',
      async (pager) => {
        const [page, ...more] = await deepPage(pager, [
          ['score', 'desc'],
          ['id', 'asc'],
        ])
        expect(more).toEqual([])
        expect(page.sql.toLowerCase()).not.toContain('is null')
        await expectIndexRange(page)
      },
    )
    // `maybe` holds 6,000 NULLs: PostgreSQL puts them last in ascending order and first in
    // descending, MariaDB the other way. A page after a value whose NULLs come first, or inside the
    // NULL run that ends the order, is an index range; after a value whose NULLs follow, or inside
    // a leading NULL run, the one query ORs a NULL branch in, and only its rows are checked.
    const nullableOrders: ReadonlyArray<readonly [string, Order]> = [
      [
        'maybe asc, id asc',
        [
          ['maybe', 'asc'],
          ['id', 'asc'],
        ],
      ],
      [
        'maybe desc, id desc',
        [
          ['maybe', 'desc'],
          ['id', 'desc'],
        ],
      ],
    ]
    const cases = adapters.flatMap((pager) =>
      nullableOrders.flatMap(([label, order]) =>
        [3_000, 10_000, 25_000].map((at) => [pager, label, at, order] as const),
      ),
    )

    it.each(cases)(
      '%s orders by %s, a nullable column (cursor at row %d): one query, an index range where NULLs cannot follow',
      async (pager, _label, at, order) => {
        const [query, ...more] = await deepPage(pager, order, at)
        expect(more).toEqual([])
        const nullsLast = (name === 'postgres') === (order[0][1] === 'asc')
        const q = db(table).orderBy(order[0][0], order[0][1]).orderBy(order[1][0], order[1][1])
        const [row] = (await q.offset(at).limit(1)) as Array<{ maybe: number | null }>
        if (nullsLast === (row.maybe === null)) await expectIndexRange(query, row.maybe === null)
      },
    )
  },
)
