// Walks over every column type a keyset is built on, with ties and NULLs, through Knex, Kysely and
// the ORM adapters (Objection, MikroORM, TypeORM, Sequelize, Drizzle on each database; Prisma on
// SQLite and PostgreSQL): microsecond and millisecond timestamps (with and without a zone), dates,
// single and double floats, decimals, bigints past 2^53, uuids, booleans and text. The expected
// order is the database's own (the same query without a cursor). Where Prisma cannot carry a
// column's values exactly (a DateTime of a microsecond column, a Float of a `real` one), the first
// page is refused. Columns of less common types (SPECIAL_TYPES: PostgreSQL intervals, infinities,
// NaN, money; MariaDB FLOAT, time(6), ENUM and SET) are walked through Knex, Kysely and Sequelize.
// cursor-types.test.ts runs it in the process's time zone, and cursor-types-tz.test.ts runs that
// file again under TZ=America/New_York.
import type { Knex } from 'knex'
import type { Kysely, SelectQueryBuilder } from 'kysely'
import {
  ArgumentError,
  Cursor,
  InvalidCursorError,
  JsonResource,
  defineQuery,
  queryPlan,
} from 'api-resources'
import { cursorPaginate as knexCursorPaginate } from 'api-resources/knex'
import { cursorPaginate as kyselyCursorPaginate } from 'api-resources/kysely'
import { cursorPaginate as objectionCursorPaginate } from 'api-resources/objection'
import { cursorPaginate as mikroCursorPaginate } from 'api-resources/mikro-orm'
import { cursorPaginate as typeOrmCursorPaginate } from 'api-resources/typeorm'
import { cursorPaginate as sequelizeCursorPaginate } from 'api-resources/sequelize'
import { Model } from 'objection'
import { EntitySchema, type MikroORM, type Options } from '@mikro-orm/core'
import { DataSource, EntitySchema as TypeOrmEntitySchema } from 'typeorm'
import { DataTypes, Sequelize, type ModelStatic, type Model as SequelizeModel } from 'sequelize'
import { cursorPaginate as drizzleCursorPaginate } from 'api-resources/drizzle'
import { cursorPaginate as prismaCursorPaginate } from 'api-resources/prisma'
import BetterSqlite3 from 'better-sqlite3'
import { asc, desc } from 'drizzle-orm'
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3'
import { drizzle as drizzleMysql } from 'drizzle-orm/mysql2'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import * as my from 'drizzle-orm/mysql-core'
import * as pg from 'drizzle-orm/pg-core'
import * as lite from 'drizzle-orm/sqlite-core'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DIALECTS, uniqueName, type DialectName } from '../support/db'
import { initMikroOrm } from '../support/mikro-orm'
import { inBothDirections, walk } from './cursor-walk'
import { openPrisma, type PrismaTestClient } from './prisma/prisma-test-db'

export const TYPES: Record<DialectName, Record<string, string>> = {
  postgres: {
    ts: 'timestamptz',
    tn: 'timestamp',
    tms: 'timestamp(3)',
    d: 'date',
    f: 'real',
    dbl: 'double precision',
    num: 'numeric(14,4)',
    big: 'bigint',
    u: 'uuid',
    flag: 'boolean',
    txt: 'varchar(10)',
  },
  mysql: {
    ts: 'timestamp(6) null default null',
    tn: 'datetime(6)',
    tms: 'datetime(3)',
    d: 'date',
    f: 'float',
    dbl: 'double',
    num: 'decimal(14,4)',
    big: 'bigint',
    u: 'char(36)',
    flag: 'boolean',
    txt: 'varchar(10)',
  },
  sqlite: {
    ts: 'text',
    tn: 'datetime',
    tms: 'datetime',
    d: 'date',
    f: 'real',
    dbl: 'double',
    num: 'numeric',
    big: 'bigint',
    u: 'text',
    flag: 'boolean',
    txt: 'varchar(10)',
  },
}

const ROWS = 17

/** The InvalidCursorError of a cursor value that does not fit its column (checked, or the database's). */
const WRONG_KIND = /is not a value of its column|do not fit the order columns/

/** Expects `page` to fail with that error. */
async function refused(page: Promise<unknown>): Promise<void> {
  const error = await page.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(InvalidCursorError)
  expect((error as Error).message).toMatch(WRONG_KIND)
}

/** The MikroORM property types of the columns: as an application would map them. */
const MIKRO_TYPES: Record<string, string> = {
  ts: 'datetime',
  tn: 'datetime',
  tms: 'datetime',
  d: 'date',
  f: 'float',
  dbl: 'double',
  num: 'decimal',
  big: 'bigint',
  u: 'uuid',
  flag: 'boolean',
  txt: 'string',
}

/** A MikroORM instance with one entity over `table` (SQLite: its own in-memory database). */
async function openMikro(name: DialectName, table: string): Promise<MikroORM> {
  const entity = new EntitySchema<Record<string, unknown>>({
    name: 'TypeRow',
    tableName: table,
    properties: {
      id: { type: 'integer', primary: true },
      ...Object.fromEntries(
        Object.entries(MIKRO_TYPES).map(([c, type]) => [c, { type, nullable: true }]),
      ),
    } as never,
  })
  const common: Options = {
    entities: [entity],
    allowGlobalContext: true,
    discovery: { disableDynamicFileAccess: true },
  }
  return initMikroOrm(name, common)
}

/**
 * The TypeORM column types of the columns, as an application would declare them on each database
 * (timestamps as `Date`s; on SQLite, where they are stored as text, too).
 */
const TYPEORM_TYPES: Record<DialectName, Record<string, string>> = {
  postgres: {
    ts: 'timestamptz',
    tn: 'timestamp',
    tms: 'timestamp',
    d: 'date',
    f: 'real',
    dbl: 'double precision',
    num: 'numeric',
    big: 'bigint',
    u: 'uuid',
    flag: 'boolean',
    txt: 'varchar',
  },
  mysql: {
    ts: 'timestamp',
    tn: 'datetime',
    tms: 'datetime',
    d: 'date',
    f: 'float',
    dbl: 'double',
    num: 'decimal',
    big: 'bigint',
    u: 'varchar',
    flag: 'boolean',
    txt: 'varchar',
  },
  sqlite: {
    ts: 'datetime',
    tn: 'datetime',
    tms: 'datetime',
    d: 'date',
    f: 'real',
    dbl: 'double',
    num: 'numeric',
    big: 'bigint',
    u: 'varchar',
    flag: 'boolean',
    txt: 'varchar',
  },
}

/** A TypeORM data source with one entity over `table` (SQLite: its own in-memory database). */
async function openTypeOrm(name: DialectName, table: string): Promise<DataSource> {
  const types = TYPEORM_TYPES[name]
  const entity = new TypeOrmEntitySchema<Record<string, unknown>>({
    name: 'TypeRow',
    tableName: table,
    columns: {
      id: { type: 'integer', primary: true },
      // `txt` is left NOT NULL, TypeORM's default, as an application that forgot `nullable: true`
      // declares it: the catalog, which says it holds NULL, decides the keyset's NULL terms
      ...Object.fromEntries(
        Object.keys(types).map((c) => [c, { type: types[c], nullable: c !== 'txt' }]),
      ),
    } as never,
  })
  const common = { entities: [entity], synchronize: false, logging: false }
  const options =
    name === 'sqlite'
      ? { type: 'better-sqlite3' as const, database: ':memory:', ...common }
      : {
          type: name,
          url: name === 'postgres' ? process.env.PG_URL : process.env.MYSQL_URL,
          ...common,
        }
  return new DataSource(options as never).initialize()
}

/** The Sequelize attribute types of the columns, as an application would declare them. */
const SEQUELIZE_TYPES = {
  ts: DataTypes.DATE(6),
  tn: DataTypes.DATE(6),
  tms: DataTypes.DATE(3),
  d: DataTypes.DATEONLY,
  f: DataTypes.FLOAT,
  dbl: DataTypes.DOUBLE,
  num: DataTypes.DECIMAL(14, 4),
  big: DataTypes.BIGINT,
  u: DataTypes.UUID,
  flag: DataTypes.BOOLEAN,
  txt: DataTypes.STRING(10),
}

/** A Sequelize instance with one model over `table` (SQLite: its own in-memory database). */
function openSequelize(name: DialectName, table: string): [Sequelize, ModelStatic<SequelizeModel>] {
  const sequelize =
    name === 'sqlite'
      ? new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false })
      : new Sequelize((name === 'postgres' ? process.env.PG_URL : process.env.MYSQL_URL)!, {
          dialect: name,
          logging: false,
        })
  const model = sequelize.define(
    'TypeRow',
    { id: { type: DataTypes.INTEGER, primaryKey: true }, ...SEQUELIZE_TYPES },
    { tableName: table, timestamps: false },
  )
  return [sequelize, model]
}

/**
 * The Drizzle table of the columns, as an application would declare them: timestamps in `date`
 * and `string` modes with their precision, bigints in `number` mode, SQLite booleans as integers.
 */
function drizzleTable(name: DialectName, table: string): object {
  if (name === 'postgres')
    return pg.pgTable(table, {
      id: pg.integer('id').primaryKey(),
      ts: pg.timestamp('ts', { precision: 6, withTimezone: true, mode: 'date' }),
      tn: pg.timestamp('tn', { precision: 6, mode: 'string' }),
      tms: pg.timestamp('tms', { precision: 3, mode: 'date' }),
      d: pg.date('d', { mode: 'date' }),
      f: pg.real('f'),
      dbl: pg.doublePrecision('dbl'),
      num: pg.numeric('num', { precision: 14, scale: 4 }),
      big: pg.bigint('big', { mode: 'number' }),
      u: pg.uuid('u'),
      flag: pg.boolean('flag'),
      txt: pg.varchar('txt', { length: 10 }),
    })
  if (name === 'mysql')
    return my.mysqlTable(table, {
      id: my.int('id').primaryKey(),
      ts: my.timestamp('ts', { fsp: 6, mode: 'date' }),
      tn: my.datetime('tn', { fsp: 6, mode: 'string' }),
      tms: my.datetime('tms', { fsp: 3, mode: 'date' }),
      d: my.date('d', { mode: 'date' }),
      f: my.float('f'),
      dbl: my.double('dbl'),
      num: my.decimal('num', { precision: 14, scale: 4 }),
      big: my.bigint('big', { mode: 'number' }),
      u: my.char('u', { length: 36 }),
      flag: my.boolean('flag'),
      txt: my.varchar('txt', { length: 10 }),
    })
  return lite.sqliteTable(table, {
    id: lite.integer('id').primaryKey(),
    ts: lite.text('ts'),
    tn: lite.text('tn'),
    tms: lite.text('tms'),
    d: lite.text('d'),
    f: lite.real('f'),
    dbl: lite.real('dbl'),
    num: lite.numeric('num'),
    big: lite.integer('big', { mode: 'number' }),
    u: lite.text('u'),
    flag: lite.integer('flag', { mode: 'boolean' }),
    txt: lite.text('txt'),
  })
}

/** The columns Prisma reads as a JS Date (`DateTime` fields). */
const PRISMA_DATES = new Set(['ts', 'tn', 'tms', 'd'])

/**
 * The columns whose values the Prisma model cannot carry exactly on PostgreSQL, so that the first
 * page is refused: DateTimes of microsecond columns (`@db.Timestamptz(6)`, `@db.Timestamp(6)`), a
 * Float of a `real` column (`@db.Real`).
 */
const PRISMA_REFUSED = new Set(['ts', 'tn', 'f'])

/**
 * A SQLite date-time literal as Prisma writes it (`2024-03-10T06:59:59.123+00:00`, milliseconds):
 * Prisma compares a DateTime with the text of its own format.
 */
function prismaSqliteLiteral(text: string): string {
  if (text === 'null') return text
  const value = text.slice(1, -1)
  const iso = `${value.includes(' ') ? value.replace(' ', 'T') : `${value}T00:00:00`}Z`
  return `'${new Date(iso).toISOString().replace('Z', '+00:00')}'`
}

/** The SQL literal of column `column` in row `i` (NULL every fifth row; values repeat). */
export function literal(dialect: DialectName, column: string, i: number): string {
  if (i % 5 === 3) return 'null'
  const k = i % 6 // ties: six distinct values
  switch (column) {
    case 'ts':
    case 'tn':
      // one millisecond, six microseconds
      return `'2024-03-10 06:59:59.12340${k}'`
    case 'tms':
      return `'2024-03-10 06:59:59.12${k}'`
    case 'd':
      return `'2024-0${1 + (k % 3)}-1${k}'`
    case 'f':
    case 'dbl':
      return `${k / 10 + 0.1}`
    case 'num':
      return `${k * 1.0001 + 1234567890.1}`
    case 'big':
      return dialect === 'sqlite' ? `${9_000_000_000_000 + k}` : `900719925474099${3 + k}`
    case 'u':
      return `'0000000${k}-0000-4000-8000-00000000000${k}'`
    case 'flag':
      return dialect === 'postgres' ? (k % 2 === 0 ? 'true' : 'false') : `${k % 2}`
    default:
      return `'t${k}'`
  }
}

/**
 * Columns of less common types, each with the SQL literals of its values, repeated in turn over
 * the rows (ties, NULLs): values a cursor carries as the database's text or compares in a way of
 * their own. PostgreSQL: intervals (`36 hours` equals `1 day 12:00:00`), infinite dates and
 * timestamps, NaN and infinite `numeric` and floats, `money` (its text is `$2.20`). MariaDB: single
 * floats past six digits and past 2^24, fractional `time(n)`, and ENUM and SET, which sort by
 * their members' positions (`'b'` before `'a'`). SQLite: none beyond the table above.
 */
export const SPECIAL_TYPES: Record<DialectName, Record<string, [string, ...string[]]>> = {
  postgres: {
    iv: [
      'interval',
      "'1 day'",
      "'2 days'",
      'null',
      "'1 day 00:00:00.5'",
      "'-1 hour'",
      "'36 hours'",
    ],
    tsi: ['timestamp(6)', "'infinity'", "'-infinity'", "'2024-01-01 00:00:00.000001'", 'null'],
    tzi: ['timestamptz', "'infinity'", "'2024-01-01 00:00:00.5+00'", 'null', "'-infinity'"],
    di: ['date', "'infinity'", "'2024-01-01'", "'-infinity'", 'null', "'2023-12-31'"],
    ni: ['numeric', "'NaN'", '1.5', "'Infinity'", 'null', "'-Infinity'", '-2'],
    dbl: ['double precision', "'Infinity'", "'-Infinity'", "'NaN'", '1.5', 'null', '0.1'],
    re: ['real', "'NaN'", "'Infinity'", '0.3', 'null', "'-Infinity'"],
    m: ['money', "'1.10'", "'2.20'", "'-3.00'", 'null', "'1000000.01'"],
  },
  mysql: {
    f: ['float', '123456.7', '123456.8', '123457.2', '16777216', 'null', '16777218', '0.1', '-0.3'],
    t6: ['time(6)', "'12:00:00.5'", "'12:00:00.25'", "'-01:00:00.75'", 'null', "'838:59:59'"],
    t0: ['time', "'12:00:00'", "'-01:00:00'", 'null', "'00:00:01'"],
    e: ["enum('b','a','c')", "'a'", "'b'", "'c'", 'null', "'a'"],
    st: ["set('b','a','c')", "'a'", "'b'", "'b,a'", "'c'", 'null', "''"],
  },
  sqlite: {},
}

/** The rows of the SPECIAL_TYPES tables: enough for every value to repeat. */
const SPECIAL_ROWS = 14

export function describeCursorTypes(label: string): void {
  describe.each(DIALECTS.map((d) => [d.name, d] as const))(
    `cursorPaginate() over every column type on %s (${label})`,
    (name, dialect) => {
      let knex: Knex
      let kysely: Kysely<any>
      let mikro: MikroORM
      let typeorm: DataSource
      let sequelize: Sequelize
      let SequelizeRow: ModelStatic<SequelizeModel>
      let orm: any
      let closeDrizzle: () => unknown
      let prisma: PrismaTestClient | undefined
      let dropPrisma: () => unknown = () => undefined
      const table = uniqueName('cursor_types')
      const columns = Object.keys(TYPES[name])
      const drizzleRows = drizzleTable(name, table) as Record<string, any>

      /** The statements creating `into` with the suite's rows (`value` rewrites a literal). */
      const statements = (into: string, value = (_column: string, text: string) => text) => [
        `create table ${into} (id integer primary key, ${columns
          .map((c) => `${c} ${TYPES[name][c]}`)
          .join(', ')})`,
        ...Array.from(
          { length: ROWS },
          (_, i) =>
            `insert into ${into} (id, ${columns.join(', ')}) values (${i + 1}, ${columns
              .map((c) => value(c, literal(name, c, i)))
              .join(', ')})`,
        ),
      ]

      beforeAll(async () => {
        knex = dialect.knex()
        kysely = dialect.kysely<any>()
        mikro = await openMikro(name, table)
        typeorm = await openTypeOrm(name, table)
        ;[sequelize, SequelizeRow] = openSequelize(name, table)
        const created = statements(table)
        // SQLite in memory: Knex, Kysely and each ORM have their own database
        const runners: Array<(sql: string) => Promise<unknown>> = [(sql) => knex.raw(sql)]
        if (name === 'sqlite') {
          const client = new BetterSqlite3(':memory:')
          orm = drizzleSqlite(client)
          closeDrizzle = () => client.close()
          runners.push(
            (sql) =>
              kysely.executeQuery({ sql, parameters: [], query: { kind: 'RawNode' } } as never),
            (sql) => mikro.em.getConnection().execute(sql),
            (sql) => typeorm.query(sql),
            (sql) => sequelize.query(sql),
            async (sql) => client.exec(sql),
          )
        } else if (name === 'postgres') {
          orm = drizzlePg({ connection: process.env.PG_URL! })
          closeDrizzle = () => orm.$client.end()
        } else {
          orm = drizzleMysql({ connection: { uri: process.env.MYSQL_URL! } })
          closeDrizzle = () => orm.$client.end()
        }
        for (const run of runners) for (const sql of created) await run(sql)
        prisma = await openPrismaRows()
      })

      /**
       * Prisma's client on the rows, in a database of their own (its table name is fixed): a
       * schema of this run on PostgreSQL, a file on SQLite (holding date-times as Prisma writes
       * them). None on MariaDB.
       */
      async function openPrismaRows(): Promise<PrismaTestClient | undefined> {
        if (name === 'postgres') {
          const schema = uniqueName('cursor_types')
          await knex.raw(`create schema ${schema}`)
          dropPrisma = () => knex.raw(`drop schema ${schema} cascade`)
          for (const sql of statements(`${schema}.cursor_type_rows`)) await knex.raw(sql)
          return openPrisma({ dialect: name, file: '', url: process.env.PG_URL!, schema })
        }
        if (name !== 'sqlite') return undefined
        const folder = mkdtempSync(join(tmpdir(), 'cursor-types-'))
        dropPrisma = () => rmSync(folder, { recursive: true, force: true })
        const file = join(folder, 'rows.sqlite')
        const client = new BetterSqlite3(file)
        const rows = statements('cursor_type_rows', (c, text) =>
          PRISMA_DATES.has(c) ? prismaSqliteLiteral(text) : text,
        )
        for (const sql of rows) client.exec(sql)
        client.close()
        return openPrisma({ dialect: name, file, url: '' })
      }

      afterAll(async () => {
        if (knex === undefined) return
        await prisma?.$disconnect()
        await dropPrisma()
        await closeDrizzle?.()
        await knex.schema.dropTableIfExists(table)
        await knex.destroy()
        await kysely.destroy()
        await mikro.close()
        await typeorm.destroy()
        await sequelize.close()
      })

      class Row extends Model {
        static override tableName = table
      }
      const objectionQuery = (column: string, descending: boolean) =>
        Row.query(knex)
          .orderBy(column, descending ? 'desc' : 'asc')
          .orderBy('id', descending ? 'desc' : 'asc')

      const mikroQuery = (column: string, descending: boolean) =>
        (
          mikro.em.fork() as unknown as {
            createQueryBuilder(entity: string, alias: string): any
          }
        )
          .createQueryBuilder('TypeRow', 'r')
          .orderBy([{ [column]: descending ? 'desc' : 'asc' }, { id: descending ? 'desc' : 'asc' }])

      const typeOrmQuery = (column: string, descending: boolean) =>
        typeorm
          .getRepository('TypeRow')
          .createQueryBuilder('r')
          .orderBy(`r.${column}`, descending ? 'DESC' : 'ASC')
          .addOrderBy('r.id', descending ? 'DESC' : 'ASC')

      /** The cursor of `encoded` under the names TypeORM's cursor carries (`r.<column>`). */
      const typeOrmCursor = (encoded: string) => {
        const cursor = Cursor.fromEncoded(encoded)
        const values = cursor.names().map((name) => [`r.${name}`, cursor.parameter(name)])
        return new Cursor(Object.fromEntries(values)).encode()
      }

      const sequelizeQuery = (column: string, descending: boolean) => ({
        model: SequelizeRow,
        order: [
          [column, descending ? 'DESC' : 'ASC'],
          ['id', descending ? 'DESC' : 'ASC'],
        ],
      })

      const knexQuery = (column: string, descending: boolean) =>
        knex(table)
          .select('*')
          .orderBy(column, descending ? 'desc' : 'asc')
          .orderBy('id', descending ? 'desc' : 'asc')
      const kyselyQuery = (
        column: string,
        descending: boolean,
      ): SelectQueryBuilder<any, any, any> =>
        kysely
          .selectFrom(table)
          .selectAll()
          .orderBy(column, descending ? 'desc' : 'asc')
          .orderBy('id', descending ? 'desc' : 'asc')

      const drizzleQuery = (column: string, descending: boolean) => {
        const order = descending ? desc : asc
        return orm
          .select()
          .from(drizzleRows)
          .orderBy(order(drizzleRows[column]), order(drizzleRows.id))
      }
      const prismaArgs = (column: string, descending: boolean) => {
        const sort = descending ? 'desc' : 'asc'
        return { orderBy: [{ [column]: sort }, { id: sort }] }
      }

      const cases = inBothDirections(columns)

      it.each(cases)('walks %s (descending: %s) forwards and back', async (column, descending) => {
        const own = (await knexQuery(column, descending)) as Array<{ id: unknown }>
        const expected = own.map((r) => Number(r.id))
        expect(expected).toHaveLength(ROWS)
        for (const perPage of [2, 3])
          await walk(
            (cursor) => knexCursorPaginate(knexQuery(column, descending), perPage, cursor),
            expected,
            perPage,
          )
        // each adapter walks the same rows, three to a page
        const pagers = [
          (cursor: string | null) =>
            kyselyCursorPaginate(kyselyQuery(column, descending), 3, cursor),
          (cursor: string | null) =>
            objectionCursorPaginate(objectionQuery(column, descending), 3, cursor),
          (cursor: string | null) => mikroCursorPaginate(mikroQuery(column, descending), 3, cursor),
          (cursor: string | null) =>
            typeOrmCursorPaginate(typeOrmQuery(column, descending), 3, cursor),
          (cursor: string | null) =>
            sequelizeCursorPaginate(sequelizeQuery(column, descending), 3, cursor),
        ]
        for (const pager of pagers) await walk(pager, expected, 3)
      })

      it('walks a TypeORM builder whose join repeats the rows (whole entities with take)', async () => {
        // each row meets every row with the same flag: TypeORM pages its entities with a DISTINCT
        // query and makes one entity of the raw rows that share a key
        const joined = (descending: boolean) =>
          typeOrmQuery('ts', descending).leftJoin('TypeRow', 'o', 'o.flag = r.flag')
        for (const descending of [false, true]) {
          const own = (await knexQuery('ts', descending)) as Array<{ id: unknown }>
          await walk(
            (cursor) => typeOrmCursorPaginate(joined(descending), 3, cursor),
            own.map((r) => Number(r.id)),
            3,
          )
        }
      })

      it.each(["t2' or '1'='1", "t1\\' or 1=1 -- ", 't3"; drop table x'])(
        'compares a hostile text cursor value (%p) as a value, as Knex binds it',
        async (value) => {
          const cursor = new Cursor({ txt: value, id: 1 }).encode()
          const ids = (page: { items(): unknown[] }) =>
            page.items().map((r) => Number((r as { id: unknown }).id))
          const bound = ids(await knexCursorPaginate(knexQuery('txt', false), 20, cursor))
          expect(bound.length).toBeGreaterThan(0)
          expect(
            ids(await typeOrmCursorPaginate(typeOrmQuery('txt', false), 20, typeOrmCursor(cursor))),
          ).toEqual(bound)
          expect(
            ids(await sequelizeCursorPaginate(sequelizeQuery('txt', false), 20, cursor)),
          ).toEqual(bound)
        },
      )

      it.each(cases)(
        'walks %s (descending: %s) through Drizzle and Prisma forwards and back',
        async (column, descending) => {
          const own = (await drizzleQuery(column, descending)) as Array<{ id: unknown }>
          const expected = own.map((r) => Number(r.id))
          expect(expected).toHaveLength(ROWS)
          for (const perPage of [2, 3])
            await walk(
              (cursor) => drizzleCursorPaginate(drizzleQuery(column, descending), perPage, cursor),
              expected,
              perPage,
            )
          if (prisma === undefined) return
          const rows = prisma.cursorTypeRow
          const args = prismaArgs(column, descending)
          if (name === 'postgres' && PRISMA_REFUSED.has(column)) {
            const first = prismaCursorPaginate(rows, args, 3)
            await expect(first).rejects.toThrow(ArgumentError)
            await expect(first).rejects.toThrow(new RegExp(`"${column}" is a \\w+ of a @db\\.`))
            return
          }
          const found = (await rows.findMany(args)) as Array<{ id: number }>
          const prismaExpected = found.map((r) => r.id)
          // PostgreSQL: the same rows as the other adapters'; SQLite: a file of Prisma's own
          if (name === 'postgres') expect(prismaExpected).toEqual(expected)
          await walk((cursor) => prismaCursorPaginate(rows, args, 3, cursor), prismaExpected, 3)
        },
      )

      // A date-time filter binds a Date, which each driver or ORM writes as it writes its own
      // dates: on a zone-less column in local time where it reads that column as local time. So
      // a value read from a page filters that page: at or after it, every row (they differ in
      // microseconds only); before it, none. Off by the zone's hours, one of the two fails.
      // SQLite compares text (the guide's rule); Sequelize's DATE is a zoned type.
      it.each(['ts', 'tn', 'tms'])(
        'filters %s at a value read from it, through each adapter',
        async (column) => {
          if (name === 'sqlite') return
          class FilteredRow extends JsonResource<Record<string, unknown>> {
            static query = defineQuery<Record<string, unknown>>()({
              sort: ['id'],
              filters: { [column]: { type: 'date-time', operators: ['gte', 'lt'] } },
              perPage: { default: ROWS, max: ROWS },
            })
          }
          const plan = (filter = '') => queryPlan(FilteredRow, { query: `sort=id${filter}` })
          const filled = Array.from({ length: ROWS }, (_, i) => i)
            .filter((i) => literal(name, column, i) !== 'null')
            .map((i) => i + 1)
          const adapters: Array<
            [string, (p: ReturnType<typeof plan>) => Promise<{ items(): unknown[] }>]
          > = [
            ['Knex', (p) => knexCursorPaginate(knex(table).select('*'), p)],
            ['Kysely', (p) => kyselyCursorPaginate(kysely.selectFrom(table).selectAll(), p)],
            ['Objection', (p) => objectionCursorPaginate(Row.query(knex), p)],
            ['MikroORM', (p) => mikroCursorPaginate(mikroQuery('id', false).orderBy([]), p)],
            [
              'TypeORM',
              (p) =>
                typeOrmCursorPaginate(typeorm.getRepository('TypeRow').createQueryBuilder('r'), p),
            ],
            ['Drizzle', (p) => drizzleCursorPaginate(orm.select().from(drizzleRows), p)],
          ]
          const ids = (page: { items(): unknown[] }) =>
            (page.items() as Array<{ id: unknown }>).map((r) => Number(r.id))
          for (const [adapter, page] of adapters) {
            const rows = (await page(plan())).items() as Array<Record<string, unknown>>
            const read = rows.find((r) => r[column] !== null)?.[column]
            // Drizzle's columns of this table read some zone-less timestamps as their text
            if (adapter === 'Drizzle' && typeof read === 'string') continue
            expect([adapter, read]).toEqual([adapter, expect.any(Date)])
            const at = encodeURIComponent((read as Date).toISOString())
            const after = await page(plan(`&filter[${column}][gte]=${at}`))
            const before = await page(plan(`&filter[${column}][lt]=${at}`))
            expect([adapter, ids(after)]).toEqual([adapter, filled])
            expect([adapter, ids(before)]).toEqual([adapter, []])
          }
        },
      )

      it('runs in the time zone the run asks for', () => {
        if (process.env.TZ === 'America/New_York')
          expect(new Date(2024, 0, 1).getTimezoneOffset()).toBe(300)
      })

      it('never lets the internal text columns reach the rows', async () => {
        const page = await knexCursorPaginate(knexQuery('ts', false), 3)
        for (const row of page.items())
          expect(Object.keys(row as object).sort()).toEqual(['id', ...columns].sort())
        const models = await objectionCursorPaginate(objectionQuery('ts', false), 3)
        for (const row of models.items()) {
          expect(row).toBeInstanceOf(Row)
          expect(Object.keys(row).sort()).toEqual(['id', ...columns].sort())
        }
        const entities = await mikroCursorPaginate(mikroQuery('ts', false), 3)
        expect(entities.items()).toHaveLength(3)
        for (const entity of entities.items())
          expect(
            Object.keys(entity as object).filter((k) => k.startsWith('api_resources')),
          ).toEqual([])
        // a page after a cursor too, where the keyset compares the exact texts
        const first = await typeOrmCursorPaginate(typeOrmQuery('ts', false), 3)
        const typeOrmPages = [
          first,
          await typeOrmCursorPaginate(typeOrmQuery('ts', false), 3, first.nextCursor()),
        ]
        for (const page of typeOrmPages) {
          expect(page.items()).toHaveLength(3)
          for (const entity of page.items())
            expect(Object.keys(entity as object).sort()).toEqual(['id', ...columns].sort())
        }
        const start = await sequelizeCursorPaginate(sequelizeQuery('ts', false), 3)
        const sequelizePages = [
          start,
          await sequelizeCursorPaginate(sequelizeQuery('ts', false), 3, start.nextCursor()),
        ]
        const chosen = await sequelizeCursorPaginate(
          { ...sequelizeQuery('ts', false), attributes: ['id', 'ts'] },
          3,
          start.nextCursor(),
        )
        for (const instance of chosen.items())
          expect(Object.keys(instance.get({ plain: true })).sort()).toEqual(['id', 'ts'])
        expect(chosen.items().map((r) => Number(r.get('id')))).toEqual(
          sequelizePages[1].items().map((r) => Number(r.get('id'))),
        )
        for (const page of sequelizePages) {
          expect(page.items()).toHaveLength(3)
          for (const instance of page.items()) {
            expect(instance).toBeInstanceOf(SequelizeRow)
            const expected = ['id', ...columns].sort()
            expect(Object.keys(instance.get({ plain: true })).sort()).toEqual(expected)
            expect(Object.keys(instance.toJSON()).sort()).toEqual(expected)
            expect(Object.keys(instance.dataValues).sort()).toEqual(expected)
            expect(instance.changed()).toBe(false)
          }
        }
        const drizzlePage = await drizzleCursorPaginate(drizzleQuery('ts', false), 3)
        for (const row of drizzlePage.items())
          expect(Object.keys(row as object).sort()).toEqual(['id', ...columns].sort())
      })

      /** Expects the page after `cursor` ordered by `column` to be refused by each adapter. */
      async function refusedByEach(column: string, cursor: string): Promise<void> {
        await refused(knexCursorPaginate(knexQuery(column, false), 3, cursor))
        await refused(kyselyCursorPaginate(kyselyQuery(column, false), 3, cursor))
        await refused(objectionCursorPaginate(objectionQuery(column, false), 3, cursor))
        await refused(mikroCursorPaginate(mikroQuery(column, false), 3, cursor))
        await refused(typeOrmCursorPaginate(typeOrmQuery(column, false), 3, typeOrmCursor(cursor)))
        await refused(sequelizeCursorPaginate(sequelizeQuery(column, false), 3, cursor))
        await refused(drizzleCursorPaginate(drizzleQuery(column, false), 3, cursor))
      }

      it.each([
        ['big', 'not a number'],
        ['num', 'x1'],
        ['f', true],
        ['id', 'abc'],
      ] as const)(
        'answers a %s cursor value of the wrong kind (%p) with a 400',
        async (wrong, value) => {
          // a wrong id goes with an order by txt (every query ends with id): the cursor carries a
          // right txt and the wrong id; a wrong other column goes with id 1
          const column = wrong === 'id' ? 'txt' : wrong
          const cursor = new Cursor({ [column]: 't1', id: 1, [wrong]: value }).encode()
          await refusedByEach(column, cursor)
          // (a Float of a real column is refused before any cursor is read)
          if (prisma !== undefined && !(name === 'postgres' && PRISMA_REFUSED.has(column)))
            await expect(
              prismaCursorPaginate(prisma.cursorTypeRow, prismaArgs(column, false), 3, cursor),
            ).rejects.toBeInstanceOf(InvalidCursorError)
        },
      )

      // PostgreSQL raises an error for some of these only where the value is a typed parameter,
      // MariaDB compares any of them without one: each would answer a page, not a 400
      if (name !== 'sqlite')
        it.each([
          ['id', 3000000000],
          ['id', '-2147483649'],
          ['id', 1e30],
          ['big', '9223372036854775808'],
          ['big', '-9223372036854775809'],
        ] as const)(
          "answers an integer cursor value out of its column's range (%s: %p) with a 400",
          async (wrong, value) => {
            const column = wrong === 'id' ? 'txt' : wrong
            const cursor = new Cursor({ [column]: 't1', id: 1, [wrong]: value }).encode()
            await refusedByEach(column, cursor)
          },
        )

      it.each([
        ['tms', 'yesterday-ish'],
        ['tms', 12],
        ['flag', 'yes'],
        ['big', '99999999999999999999'],
        ['id', 2 ** 40],
        ['id', '5'],
      ] as const)(
        'answers a Prisma cursor value %s that its field does not take (%p) with a 400',
        async (column, value) => {
          if (prisma === undefined) return
          // ordered by the column alone when it is the key itself
          const byId = column === 'id'
          const cursor = new Cursor(byId ? { id: value } : { [column]: value, id: 1 }).encode()
          const args = byId ? { orderBy: [{ id: 'asc' }] } : prismaArgs(column, false)
          await expect(
            prismaCursorPaginate(prisma.cursorTypeRow, args, 3, cursor),
          ).rejects.toBeInstanceOf(InvalidCursorError)
        },
      )

      // values that pass the field's type but not PostgreSQL's conversion (SQLSTATE 22003, 22008,
      // 22021), which Prisma reports inside its own error
      if (name === 'postgres')
        it.each([
          ['num', '1e999999'],
          ['num', '-1e999999'],
          ['tms', '0000-01-01T00:00:00.000Z'],
          ['txt', 'a\u0000b'],
        ] as const)(
          'answers a Prisma cursor value %s that PostgreSQL cannot convert (%p) with a 400',
          async (column, value) => {
            if (prisma === undefined) return
            const cursor = new Cursor({ [column]: value, id: 1 }).encode()
            await expect(
              prismaCursorPaginate(prisma.cursorTypeRow, prismaArgs(column, false), 3, cursor),
            ).rejects.toBeInstanceOf(InvalidCursorError)
          },
        )

      if (name !== 'sqlite')
        it('answers a date-time cursor value that is not one with a 400', async () => {
          const cursor = new Cursor({ tn: 'yesterday-ish', id: 1 }).encode()
          await refused(knexCursorPaginate(knexQuery('tn', false), 3, cursor))
          await refused(typeOrmCursorPaginate(typeOrmQuery('tn', false), 3, typeOrmCursor(cursor)))
          await refused(sequelizeCursorPaginate(sequelizeQuery('tn', false), 3, cursor))
          await refused(drizzleCursorPaginate(drizzleQuery('tn', false), 3, cursor))
        })

      if (name === 'sqlite')
        it('refuses on the first page an integer past 2^53 the driver reads as a number', async () => {
          const big = uniqueName('cursor_big')
          await knex.raw(`create table ${big} (id integer primary key, n bigint not null)`)
          await knex.raw(`insert into ${big} values (1, 9007199254740993), (2, 9007199254740995)`)
          await expect(knexCursorPaginate(knex(big).orderBy('n').orderBy('id'), 1)).rejects.toThrow(
            ArgumentError,
          )
          await expect(knexCursorPaginate(knex(big).orderBy('n').orderBy('id'), 1)).rejects.toThrow(
            /"n" holds .* past 2\^53/,
          )
        })

      const special = Object.keys(SPECIAL_TYPES[name])
      if (special.length > 0)
        describe('columns of less common types', () => {
          const specialTable = uniqueName('cursor_special')
          beforeAll(async () => {
            const types = SPECIAL_TYPES[name]
            const list = special.map((c) => `${c} ${types[c][0]}`).join(', ')
            await knex.raw(`create table ${specialTable} (id integer primary key, ${list})`)
            for (let i = 0; i < SPECIAL_ROWS; i++) {
              const values = special.map((c) => {
                const literals = types[c].slice(1)
                return literals[i % literals.length]
              })
              await knex.raw(
                `insert into ${specialTable} (id, ${special.join(', ')}) values (${i + 1}, ${values.join(', ')})`,
              )
            }
          })
          afterAll(() => knex?.schema.dropTableIfExists(specialTable))
          // Sequelize, through the same catalog: its attributes' types only read the values
          const sequelizeModel = () =>
            sequelize.models.SpecialRow ??
            sequelize.define(
              'SpecialRow',
              {
                id: { type: DataTypes.INTEGER, primaryKey: true },
                ...Object.fromEntries(special.map((c) => [c, DataTypes.STRING])),
              },
              { tableName: specialTable, timestamps: false },
            )

          const specialCases = inBothDirections(special)

          it.each(specialCases)(
            'walks %s (descending: %s) through Knex, Kysely and Sequelize',
            async (column, descending) => {
              const direction = descending ? 'desc' : 'asc'
              const query = () =>
                knex(specialTable).select('*').orderBy(column, direction).orderBy('id', direction)
              const own = (await query()) as Array<{ id: unknown }>
              const expected = own.map((r) => Number(r.id))
              expect(expected).toHaveLength(SPECIAL_ROWS)
              for (const perPage of [1, 3])
                await walk(
                  (cursor) => knexCursorPaginate(query(), perPage, cursor),
                  expected,
                  perPage,
                )
              const kyselyQuery = () =>
                kysely
                  .selectFrom(specialTable)
                  .selectAll()
                  .orderBy(column, direction)
                  .orderBy('id', direction)
              await walk((cursor) => kyselyCursorPaginate(kyselyQuery(), 2, cursor), expected, 2)
              const sequelizeArgs = {
                model: sequelizeModel(),
                order: [
                  [column, direction.toUpperCase()],
                  ['id', direction.toUpperCase()],
                ] as Array<[string, string]>,
              }
              await walk((cursor) => sequelizeCursorPaginate(sequelizeArgs, 2, cursor), expected, 2)
            },
          )

          if (name === 'mysql')
            it.each(['e', 'st'])(
              'answers a %s cursor value that is not a position with a 400',
              async (column) => {
                const cursor = new Cursor({ [column]: 'a', id: 1 }).encode()
                await refused(
                  knexCursorPaginate(knex(specialTable).orderBy(column).orderBy('id'), 3, cursor),
                )
              },
            )
        })

      if (name === 'sqlite')
        it('refuses on the first page an infinite number, which a cursor cannot carry', async () => {
          const inf = uniqueName('cursor_inf')
          await knex.raw(`create table ${inf} (id integer primary key, r real not null)`)
          await knex.raw(`insert into ${inf} values (1, 1.5), (2, -9e999), (3, 9e999)`)
          for (const direction of ['asc', 'desc'] as const) {
            const page = knexCursorPaginate(knex(inf).orderBy('r', direction).orderBy('id'), 1)
            await expect(page).rejects.toThrow(ArgumentError)
            await expect(page).rejects.toThrow(/"r" holds -?Infinity/)
          }
          await knex.schema.dropTable(inf)
        })
    },
  )
}
