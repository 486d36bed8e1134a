import Database from 'better-sqlite3'
import { asc, desc, sql, type SQL } from 'drizzle-orm'
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3'
import { drizzle as drizzleMysql } from 'drizzle-orm/mysql2'
import { int, mysqlTable, varchar } from 'drizzle-orm/mysql-core'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { integer as pgInteger, pgTable, varchar as pgVarchar } from 'drizzle-orm/pg-core'
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { cursorPaginate } from 'api-resources/drizzle'
import { dialectNames, type OrmDatabase } from '../../support/db'
import type { WalkOrder } from '../cursor-walk'
import { cursorSuite, type CursorTarget } from '../orm-cursor-suite'

/** The dialect's table and database, typed as SQLite's (the queries are the same at run time). */
function open(db: OrmDatabase, name: string, log: string[]) {
  const logger = { logQuery: (sql: string) => void log.push(sql) }
  if (db.dialect === 'postgres') {
    const table = pgTable(name, {
      id: pgInteger('id').primaryKey(),
      a: pgInteger('a'),
      b: pgInteger('b'),
      c: pgVarchar('c', { length: 5 }),
    })
    const orm = drizzlePg({ connection: db.url, logger })
    return { table, orm, close: () => orm.$client.end() }
  }
  if (db.dialect === 'mysql') {
    const table = mysqlTable(name, {
      id: int('id').primaryKey(),
      a: int('a'),
      b: int('b'),
      c: varchar('c', { length: 5 }),
    })
    const orm = drizzleMysql({ connection: { uri: db.url }, logger })
    return { table, orm, close: () => orm.$client.end() }
  }
  const table = sqliteTable(name, {
    id: integer('id').primaryKey(),
    a: integer('a'),
    b: integer('b'),
    c: text('c'),
  })
  const client = new Database(db.file)
  return { table, orm: drizzleSqlite(client, { logger }), close: async () => void client.close() }
}

cursorSuite(
  'drizzle',
  dialectNames(),
  async (db, name): Promise<CursorTarget> => {
    const log: string[] = []
    const { table, orm, close } = open(db, name, log) as unknown as {
      table: ReturnType<typeof sqliteTable<string, { id: never }>> &
        Record<WalkOrder['column'], never>
      orm: ReturnType<typeof drizzleSqlite>
      close: () => Promise<void>
    }
    const term = (o: WalkOrder): SQL => {
      const column = table[o.column]
      if (o.nulls === undefined) return o.descending ? desc(column) : asc(column)
      return sql`${column} ${sql.raw(`${o.descending ? 'desc' : 'asc'} nulls ${o.nulls}`)}`
    }
    const rows = () => orm.select().from(table as never)
    return {
      page: (c, cursor, options) =>
        cursorPaginate(
          rows()
            .where(sql`${table.id} > 0 or ${table.id} < 0`)
            .orderBy(...c.order.map(term)),
          c.perPage,
          cursor,
          options,
        ),
      unordered: () => cursorPaginate(rows(), 2),
      expression: () => cursorPaginate(rows().orderBy(sql`${table.a} + 1`), 2),
      close,
      log,
    }
  },
  { statesNulls: (dialect) => dialect !== 'mysql' },
)
