// Drizzle where the app's names are not the database's, or its values are the database's text:
// - `drizzle({ casing: 'snake_case' })` with columns declared without names: a count
//   (`include=comments_count`) named the key column by its property (`comments.postId`), an SQL
//   error (a 500); it is now the name Drizzle gives it (`post_id`);
// - a zone-less date-time column in `mode: 'string'` (PostgreSQL `timestamp`, MySQL `datetime`),
//   which reads as the database's text: a date-time filter was bound as a `Date`, which the driver
//   writes in the process's zone, so the value a page showed selected other rows in a process not
//   in UTC. drizzle-naming-tz.test.ts runs this file again under TZ=America/New_York.
import Database from 'better-sqlite3'
import { asc, relations } from 'drizzle-orm'
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3'
import { drizzle as drizzleMysql } from 'drizzle-orm/mysql2'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { datetime, int, mysqlTable } from 'drizzle-orm/mysql-core'
import { integer as pgInteger, pgTable, timestamp } from 'drizzle-orm/pg-core'
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { createPool } from 'mysql2/promise'
import { Field, JsonResource, WhenCounted, defineQuery, queryPlan } from 'api-resources'
import { paginate } from 'api-resources/drizzle'
import { DIALECTS, uniqueName } from '../../support/db'

describe("Drizzle with casing: 'snake_case', columns declared without names", () => {
  const posts = sqliteTable('posts', { id: integer().primaryKey(), title: text().notNull() })
  const comments = sqliteTable('comments', {
    id: integer().primaryKey(),
    postId: integer().notNull(),
  })
  const schema = {
    posts,
    comments,
    postsRelations: relations(posts, ({ many }) => ({ comments: many(comments) })),
    commentsRelations: relations(comments, ({ one }) => ({
      post: one(posts, { fields: [comments.postId], references: [posts.id] }),
    })),
  }
  class PostResource extends JsonResource<{ id: number; comments_count?: number }> {
    static query = defineQuery<{ id: number }>()({ sort: ['id'] })
    @Field() id!: number
    @WhenCounted() comments_count?: number
  }

  it('counts a many() relation', async () => {
    const client = new Database(':memory:')
    client.exec(
      'create table posts (id integer primary key, title text not null); ' +
        'create table comments (id integer primary key, post_id integer not null); ' +
        "insert into posts values (1, 'a'), (2, 'b'), (3, 'c'); " +
        'insert into comments values (1, 1), (2, 1), (3, 2)',
    )
    const db = drizzleSqlite({ client, schema, casing: 'snake_case' })
    const plan = queryPlan(PostResource, { query: 'include=comments_count&sort=id' })
    const page = await paginate(db.query.posts.findMany(), plan)
    expect(
      page.items().map((p) => [p.id, (p as { comments_count?: number }).comments_count]),
    ).toEqual([
      [1, 2],
      [2, 1],
      [3, 0],
    ])
    client.close()
  })
})

const servers = DIALECTS.filter((d) => d.name !== 'sqlite')
const run =
  servers.length > 0
    ? describe.each(servers.map((d) => [d.name, d] as const))
    : describe.skip.each([['none', null]])

run('Drizzle on %s: a date-time filter on a zone-less column in string mode', (name) => {
  const table = uniqueName('dstr_rows')
  class RowResource extends JsonResource<{ id: number; createdAt: string }> {
    static query = defineQuery<{ id: number; createdAt: string }>()({
      sort: ['id'],
      filters: { createdAt: { type: 'date-time', operators: ['gte', 'eq'] } },
    })
    @Field() id!: number
    @Field() createdAt!: string
  }

  function open() {
    const dialect = DIALECTS.find((d) => d.name === name)
    if (dialect === undefined) throw new Error(name)
    if (name === 'postgres') {
      const t = pgTable(table, {
        id: pgInteger('id').primaryKey(),
        createdAt: timestamp('created_at', { precision: 6, mode: 'string' }).notNull(),
      })
      const db = drizzlePg({ connection: process.env.PG_URL as string })
      return {
        query: () => db.select().from(t).orderBy(asc(t.id)),
        exec: (q: string) => db.$client.query(q),
        close: () => db.$client.end(),
      }
    }
    const t = mysqlTable(table, {
      id: int('id').primaryKey(),
      createdAt: datetime('created_at', { fsp: 6, mode: 'string' }).notNull(),
    })
    const pool = createPool({ uri: process.env.MYSQL_URL as string, connectionLimit: 2 })
    const db = drizzleMysql(pool)
    return {
      query: () => db.select().from(t).orderBy(asc(t.id)),
      exec: (q: string) => pool.query(q),
      close: () => pool.end(),
    }
  }

  it('selects the rows from the value a page shows', async () => {
    const { query, exec, close } = open()
    const type = name === 'postgres' ? 'timestamp(6)' : 'datetime(6)'
    await exec(`create table ${table} (id integer primary key, created_at ${type} not null)`)
    try {
      await exec(
        `insert into ${table} values (1, '2024-05-01 08:00:00'), (2, '2024-05-01 10:00:00'), ` +
          "(3, '2024-05-01 12:00:00')",
      )
      const all = await paginate(query() as never, queryPlan(RowResource, { query: 'sort=id' }))
      const shown = (all.items() as { createdAt: string }[])[1].createdAt
      const ids = async (filter: string) =>
        (
          await paginate(
            query() as never,
            queryPlan(RowResource, { query: `sort=id&${filter}=${encodeURIComponent(shown)}` }),
          )
        )
          .items()
          .map((r) => (r as { id: number }).id)
      expect(await ids('filter[createdAt][gte]')).toEqual([2, 3])
      expect(await ids('filter[createdAt][eq]')).toEqual([2])
    } finally {
      await exec(`drop table ${table}`)
      await close()
    }
  })
})
