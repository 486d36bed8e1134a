import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import knex, { type Knex } from 'knex'

/** Where `createDb({ file: true })` keeps the database (git-ignored). */
export const DEMO_DB_FILE = join(__dirname, '..', 'data', 'demo.sqlite')

/** Options of {@link createDb}. */
export interface DemoDbOptions {
  /**
   * `true` for the file {@link DEMO_DB_FILE}, a path for another file.
   * @default false (an in-memory database)
   */
  readonly file?: boolean | string
}

/**
 * An embedded SQLite database (better-sqlite3 through Knex). One connection: an in-memory
 * database exists per connection, so the pool must never open a second one.
 */
export function createDb(options: DemoDbOptions = {}): Knex {
  const filename = options.file === true ? DEMO_DB_FILE : options.file ? options.file : ':memory:'
  if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true })
  return knex({
    client: 'better-sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    pool: { min: 1, max: 1 },
  })
}

/** Creates the demo tables (dropping old ones): users, posts, comments, tags and post_tag. */
export async function createSchema(db: Knex): Promise<void> {
  for (const table of ['post_tag', 'comments', 'posts', 'tags', 'users'])
    await db.schema.dropTableIfExists(table)
  await db.schema.createTable('users', (t) => {
    t.increments('id')
    t.string('name').notNullable()
    t.string('email').notNullable().unique()
    t.string('bio').nullable()
    t.string('created_at').notNullable()
  })
  await db.schema.createTable('posts', (t) => {
    t.increments('id')
    t.integer('user_id').notNullable().references('users.id').index()
    t.string('title').notNullable()
    t.text('body').notNullable()
    t.string('published_at').nullable()
    t.string('created_at').notNullable()
  })
  await db.schema.createTable('comments', (t) => {
    t.increments('id')
    t.integer('post_id').notNullable().references('posts.id').index()
    t.integer('user_id').notNullable().references('users.id').index()
    t.text('body').notNullable()
    t.string('created_at').notNullable()
  })
  await createTagTables(db)
}

async function createTagTables(db: Knex): Promise<void> {
  await db.schema.createTable('tags', (t) => {
    t.increments('id')
    t.string('name').notNullable()
    t.string('slug').notNullable().unique()
  })
  await db.schema.createTable('post_tag', (t) => {
    t.integer('post_id').notNullable().references('posts.id')
    t.integer('tag_id').notNullable().references('tags.id').index()
    t.integer('position').notNullable()
    t.string('added_at').notNullable()
    t.primary(['post_id', 'tag_id'])
  })
}
