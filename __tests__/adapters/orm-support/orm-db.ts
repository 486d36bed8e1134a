import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import knexFactory, { type Knex } from 'knex'

/**
 * The database the ORM adapter suites run on: SQLite (a file, so that each ORM can open its own
 * connection) always, PostgreSQL and MariaDB when PG_URL / MYSQL_URL are set. Each ORM suite gets a
 * database of its own on the servers (`f_<orm>`), so suites running in parallel never share tables.
 */
export type OrmDialect = 'sqlite' | 'postgres' | 'mysql'

export interface OrmDatabase {
  dialect: OrmDialect
  /** SQLite: the database file. */
  file: string
  /** PostgreSQL / MariaDB: the URL of this suite's database. */
  url: string
  knexConfig: Knex.Config
}

/** The dialects to run: SQLite always, the servers whose URL is set. */
export function ormDialects(): OrmDialect[] {
  const list: OrmDialect[] = ['sqlite']
  if (process.env.PG_URL) list.push('postgres')
  if (process.env.MYSQL_URL) list.push('mysql')
  return list
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

/** A fresh, seeded database for the suite `label` on `dialect`. */
export async function prepareDatabase(dialect: OrmDialect, label: string): Promise<OrmDatabase> {
  const name = `f_${label}`
  let db: OrmDatabase
  if (dialect === 'sqlite') {
    const file = join(mkdtempSync(join(tmpdir(), `${name}-`)), 'db.sqlite')
    const knexConfig = {
      client: 'better-sqlite3',
      connection: { filename: file },
      useNullAsDefault: true,
    }
    db = { dialect, file, url: '', knexConfig }
  } else {
    const client = dialect === 'postgres' ? 'pg' : 'mysql2'
    const base = dialect === 'postgres' ? process.env.PG_URL! : process.env.MYSQL_URL!
    await recreateDatabase(client, base, name)
    const url = withDatabase(base, name)
    db = { dialect, file: '', url, knexConfig: { client, connection: url } }
  }
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
 * Four users (carol inactive, dave without posts), 30 posts spread over the first three users (every
 * fourth unpublished), comments on posts 1 and 2, three tags; post 1 is tagged php (primary) and ts
 * (secondary), post 2 ts (primary).
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
