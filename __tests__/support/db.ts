// The databases the database suites loop over, after Kysely's tests: SQLite (better-sqlite3)
// always; PostgreSQL when PG_URL is set; MariaDB/MySQL when MYSQL_URL is set. With
// REQUIRE_DATABASES=1 (.ci/run) a missing URL is a failing dialect, not a skipped one. A server
// that does not answer fails the suite when it first connects.
//
// Two ways to use a dialect: `knex()` / `kysely()` connect to a scratch database (in-memory SQLite,
// or the server's database) where a suite creates uniquely named tables (`paginationFixture`);
// `prepareDatabase()` gives an ORM suite a database of its own, created and seeded with users,
// posts, comments and tags (`f_<label>_<checkout>` on a server; a file for SQLite, so that each ORM
// can open its own connection).
import { createHash } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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

/** A database of its own for one ORM suite (prepareDatabase). */
export interface OrmDatabase {
  dialect: DialectName
  /** SQLite: the database file. */
  file: string
  /** PostgreSQL / MariaDB: the URL of this suite's database. */
  url: string
  knexConfig: Knex.Config
}

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
  /** A fresh, seeded database of its own for the ORM suite `label` (see prepareDatabase). */
  prepare(label: string): Promise<OrmDatabase>
}

const required = process.env.REQUIRE_DATABASES === '1'

function missing(name: DialectName, variable: string): Dialect {
  const fail = (): never => {
    throw new Error(`${name}: ${variable} is not set, and REQUIRE_DATABASES=1 requires it`)
  }
  return { name, knex: fail, kysely: fail, prepare: async () => fail() }
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
  prepare: async (label) => {
    const file = join(mkdtempSync(join(tmpdir(), `f_${label}-`)), 'db.sqlite')
    const knexConfig = {
      client: 'better-sqlite3',
      connection: { filename: file },
      useNullAsDefault: true,
    }
    return seeded({ dialect: 'sqlite', file, url: '', knexConfig })
  },
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
    prepare: (label) => serverDatabase('postgres', 'pg', url, label),
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
    prepare: (label) => serverDatabase('mysql', 'mysql2', url, label),
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

/** The names of DIALECTS, for `describe.each`. */
export function dialectNames(): DialectName[] {
  return DIALECTS.map((dialect) => dialect.name)
}

/** The dialect called `name` (one of DIALECTS). */
export function dialect(name: DialectName): Dialect {
  const found = DIALECTS.find((d) => d.name === name)
  if (!found) throw new Error(`${name} is not one of the dialects of this run (${dialectNames()})`)
  return found
}

let counter = 0
/** A table name no other suite, worker or run uses (tables are created and dropped per suite). */
/** A new Knex of `dialect` with `config` added (a row mapper, a `postProcessResponse`...). */
export async function knexWith(dialect: Dialect, config: Partial<Knex.Config>): Promise<Knex> {
  const base = dialect.knex()
  const knex = knexFactory({ ...(base.client as { config: Knex.Config }).config, ...config })
  await base.destroy()
  return knex
}

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

function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

async function recreateDatabase(client: 'pg' | 'mysql2', url: string, name: string): Promise<void> {
  const admin = knexFactory({ client, connection: url })
  try {
    if (client === 'pg') {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.raw(`CREATE DATABASE ${name}`)
    } else {
      await admin.raw(`DROP DATABASE IF EXISTS ${name}`)
      await admin.raw(`CREATE DATABASE ${name}`)
    }
  } finally {
    await admin.destroy()
  }
}

/**
 * A fresh, seeded database of its own for the ORM suite `label` on the dialect `name`: suites
 * running in parallel never share its tables.
 */
export function prepareDatabase(name: DialectName, label: string): Promise<OrmDatabase> {
  return dialect(name).prepare(label)
}

/**
 * Tells apart the checkouts (git worktrees) that share a database server, and the Node releases
 * that run one checkout's suites (scripts/node-matrix.mjs), so that two runs of the same ORM suite
 * at once do not drop each other's database. A run reuses its checkout's databases.
 */
const CHECKOUT = createHash('sha1')
  .update(`${__dirname} ${process.versions.node.split('.')[0]}`)
  .digest('hex')
  .slice(0, 6)

async function serverDatabase(
  name: 'postgres' | 'mysql',
  client: 'pg' | 'mysql2',
  base: string,
  label: string,
): Promise<OrmDatabase> {
  const database = `f_${label}_${CHECKOUT}`
  await recreateDatabase(client, base, database)
  const url = withDatabase(base, database)
  return seeded({ dialect: name, file: '', url, knexConfig: { client, connection: url } })
}

async function seeded(db: OrmDatabase): Promise<OrmDatabase> {
  const knex = knexFactory(db.knexConfig)
  try {
    await createSchema(knex)
    await seed(knex)
  } finally {
    await knex.destroy()
  }
  return db
}

async function createSchema(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary()
    t.string('name').notNullable()
    t.boolean('active').notNullable()
  })
  await knex.schema.createTable('posts', (t) => {
    t.increments('id').primary()
    t.integer('user_id').unsigned().notNullable().references('users.id')
    t.string('title').notNullable()
    t.boolean('published').notNullable()
  })
  await knex.schema.createTable('comments', (t) => {
    t.increments('id').primary()
    t.integer('post_id').unsigned().notNullable().references('posts.id')
    t.string('body').notNullable()
  })
  await knex.schema.createTable('tags', (t) => {
    t.increments('id').primary()
    t.string('name').notNullable()
  })
  await knex.schema.createTable('post_tag', (t) => {
    t.integer('post_id').unsigned().notNullable().references('posts.id')
    t.integer('tag_id').unsigned().notNullable().references('tags.id')
    t.string('role').notNullable()
    t.primary(['post_id', 'tag_id'])
  })
}

/**
 * Four users (carol inactive, dave without posts), 30 posts spread over the first three users
 * (every fourth unpublished), comments on posts 1 and 2, three tags; post 1 is tagged php (primary)
 * and ts (secondary), post 2 ts (primary).
 */
async function seed(knex: Knex): Promise<void> {
  const users = ['alice', 'bob', 'carol', 'dave']
  await knex('users').insert(
    users.map((name, i) => ({ id: i + 1, name, active: name !== 'carol' })),
  )
  const posts = Array.from({ length: 30 }, (_, k) => ({
    id: k + 1,
    user_id: (k % 3) + 1,
    title: `Post ${k + 1}`,
    published: (k + 1) % 4 !== 0,
  }))
  await knex('posts').insert(posts)
  await knex('comments').insert([
    { id: 1, post_id: 1, body: 'first' },
    { id: 2, post_id: 1, body: 'second' },
    { id: 3, post_id: 1, body: 'third' },
    { id: 4, post_id: 2, body: 'only' },
  ])
  await knex('tags').insert([
    { id: 1, name: 'php' },
    { id: 2, name: 'ts' },
    { id: 3, name: 'sql' },
  ])
  await knex('post_tag').insert([
    { post_id: 1, tag_id: 1, role: 'primary' },
    { post_id: 1, tag_id: 2, role: 'secondary' },
    { post_id: 2, tag_id: 2, role: 'primary' },
  ])
}

/**
 * The true number of published posts by active users, counted with plain SQL: what every adapter's
 * `paginate()` total is checked against.
 */
export async function trueCount(db: OrmDatabase): Promise<number> {
  const knex = knexFactory(db.knexConfig)
  try {
    const [row] = await knex('posts as p')
      .join('users as u', 'u.id', 'p.user_id')
      .where('u.active', true)
      .andWhere('p.published', true)
      .count({ n: '*' })
    return Number(row.n)
  } finally {
    await knex.destroy()
  }
}
