// The database dialects the database suites loop over (STYLE practice 14, after Kysely's tests):
// SQLite (better-sqlite3, in memory) always; PostgreSQL when PG_URL is set; MariaDB/MySQL when
// MYSQL_URL is set. With REQUIRE_DATABASES=1 (.ci/run) a missing URL is a failing dialect, not a
// skipped one, and an unreachable server fails the suite when it first connects.
import BetterSqlite3 from 'better-sqlite3'
import knexFactory, { type Knex } from 'knex'
import {
  Kysely,
  MysqlDialect,
  PostgresDialect,
  SqliteDialect,
  type LogEvent,
  type PostgresPool,
} from 'kysely'

export type DialectName = 'sqlite' | 'postgres' | 'mysql'

export interface KyselyOptions {
  /** Called with the SQL of every query Kysely runs (to count queries). */
  readonly onQuery?: (sql: string) => void
}

export interface Dialect {
  readonly name: DialectName
  /** A new Knex instance (destroy it in afterAll). */
  knex(): Knex
  /** A new Kysely instance (destroy it in afterAll). */
  kysely<DB>(options?: KyselyOptions): Kysely<DB>
}

const required = process.env.REQUIRE_DATABASES === '1'

function missing(name: DialectName, variable: string): Dialect {
  const fail = (): never => {
    throw new Error(`${name}: ${variable} is not set, and REQUIRE_DATABASES=1 requires it`)
  }
  return { name, knex: fail, kysely: fail }
}

function logger(options?: KyselyOptions) {
  return (event: LogEvent) => {
    if (event.level === 'query') options?.onQuery?.(event.query.sql)
  }
}

const sqlite: Dialect = {
  name: 'sqlite',
  knex: () =>
    knexFactory({
      client: 'better-sqlite3',
      connection: { filename: ':memory:' },
      useNullAsDefault: true,
    }),
  kysely: <DB>(options?: KyselyOptions) =>
    new Kysely<DB>({
      dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }),
      log: logger(options),
    }),
}

function postgres(url: string): Dialect {
  return {
    name: 'postgres',
    knex: () =>
      knexFactory({
        client: 'pg',
        connection: url,
        pool: { min: 0, max: 4 },
        acquireConnectionTimeout: 10000,
      }),
    kysely: <DB>(options?: KyselyOptions) => {
      const { Pool } = require('pg') as { Pool: new (config: object) => PostgresPool }
      return new Kysely<DB>({
        dialect: new PostgresDialect({ pool: new Pool({ connectionString: url, max: 4 }) }),
        log: logger(options),
      })
    },
  }
}

function mysql(url: string): Dialect {
  return {
    name: 'mysql',
    knex: () =>
      knexFactory({
        client: 'mysql2',
        connection: url,
        pool: { min: 0, max: 4 },
        acquireConnectionTimeout: 10000,
      }),
    kysely: <DB>(options?: KyselyOptions) => {
      const { createPool } = require('mysql2') as typeof import('mysql2')
      return new Kysely<DB>({
        dialect: new MysqlDialect({ pool: createPool({ uri: url, connectionLimit: 4 }) }),
        log: logger(options),
      })
    },
  }
}

function fromEnv(name: DialectName, variable: string, make: (url: string) => Dialect): Dialect[] {
  const url = process.env[variable]
  if (url) return [make(url)]
  return required ? [missing(name, variable)] : []
}

/** Every dialect to run database tests on. */
export const DIALECTS: readonly Dialect[] = [
  sqlite,
  ...fromEnv('postgres', 'PG_URL', postgres),
  ...fromEnv('mysql', 'MYSQL_URL', mysql),
]

let counter = 0
/** A table name no other suite, worker or run uses (tables are created and dropped per suite). */
export function uniqueName(prefix: string): string {
  counter += 1
  const stamp = `${process.pid.toString(36)}${Date.now().toString(36).slice(-5)}${counter}`
  return `${prefix}_${stamp}`.toLowerCase()
}

/** Collects the SQL of every query a Knex instance runs. */
export function recordKnexQueries(knex: Knex): string[] {
  const log: string[] = []
  knex.on('query', (q: { sql: string }) => log.push(q.sql))
  return log
}

/** Tables and rows of the pagination suites, as portable SQL (SQLite, PostgreSQL, MariaDB). */
export interface PaginationFixture {
  readonly users: string
  readonly posts: string
  readonly create: readonly string[]
  readonly drop: readonly string[]
}

/** Users 1..7 (teams red/blue/green) and posts 1..53 (user (i % 7) + 1, status, score i % 10). */
export function paginationFixture(prefix: string): PaginationFixture {
  const users = uniqueName(`${prefix}_users`)
  const posts = uniqueName(`${prefix}_posts`)
  const teams = ['red', 'blue', 'green']
  const userRows = [1, 2, 3, 4, 5, 6, 7].map((i) => `(${i}, 'User ${i}', '${teams[i % 3]}')`)
  const postRows = Array.from({ length: 53 }, (_, k) => {
    const i = k + 1
    const status = i % 4 === 0 ? 'draft' : 'published'
    return `(${i}, ${(i % 7) + 1}, 'Post ${i}', '${status}', ${i % 10})`
  })
  return {
    users,
    posts,
    create: [
      `create table ${users} (id integer primary key, name varchar(50) not null, team varchar(10) not null)`,
      `create table ${posts} (id integer primary key, user_id integer not null, title varchar(50) not null, status varchar(10) not null, score integer not null)`,
      `insert into ${users} (id, name, team) values ${userRows.join(', ')}`,
      `insert into ${posts} (id, user_id, title, status, score) values ${postRows.join(', ')}`,
    ],
    drop: [`drop table if exists ${posts}`, `drop table if exists ${users}`],
  }
}
