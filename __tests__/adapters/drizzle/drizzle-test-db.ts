import Database from 'better-sqlite3'
import { createPool } from 'mysql2/promise'
import { drizzle as drizzleSqlite, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { drizzle as drizzleMysql } from 'drizzle-orm/mysql2'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { dialectNames, type OrmDatabase, type DialectName } from '../../support/db'
import * as sqliteSchema from './drizzle-schema'
import * as mysqlSchema from './drizzle-schema-mysql'
import * as pgSchema from './drizzle-schema-pg'

/**
 * A Drizzle database on the prepared database, with that dialect's schema. The tests are written
 * against the SQLite types; at run time the tables and the database are the dialect's own. On
 * MySQL/MariaDB (select builders only: see drizzleDialects) the schema has no relations.
 */

/**
 * SQLite and PostgreSQL. Not MariaDB: Drizzle's relational queries put correlated derived tables in
 * the SQL (`... from (select ... where posts_comments.post_id = posts.id) ...`), which MariaDB 10.11
 * rejects with "Unknown column 'posts.id' in 'WHERE'" (and its `default` mode needs LATERAL joins).
 */
export function drizzleDialects(): DialectName[] {
  return dialectNames().filter((dialect) => dialect !== 'mysql')
}
export interface DrizzleTestDb {
  db: BetterSQLite3Database<typeof sqliteSchema>
  schema: typeof sqliteSchema
  close(): Promise<void>
}

export function openDrizzle(prepared: OrmDatabase): DrizzleTestDb {
  if (prepared.dialect === 'postgres') {
    const db = drizzlePg({ connection: prepared.url, schema: pgSchema })
    return { db: db as never, schema: pgSchema as never, close: () => db.$client.end() }
  }
  if (prepared.dialect === 'mysql') {
    const pool = createPool({ uri: prepared.url, connectionLimit: 4 })
    const db = drizzleMysql(pool, { schema: mysqlSchema, mode: 'default' })
    return { db: db as never, schema: mysqlSchema as never, close: () => pool.end() }
  }
  const sqlite = new Database(prepared.file)
  const db = drizzleSqlite(sqlite, { schema: sqliteSchema })
  return { db, schema: sqliteSchema, close: async () => void sqlite.close() }
}
