// Drizzle query plans on MariaDB. Drizzle's relational queries load relations with
// `left join lateral` (default mode; MariaDB has no LATERAL) or with derived tables that refer to the
// outer row (`planetscale` mode, for every one() relation and every ordered or limited many(); MariaDB
// cannot see the outer row from a derived table). Both failures are asserted here as Drizzle's own, so
// this file says when a Drizzle or MariaDB release lifts them. The adapter refuses a plan with
// include on MariaDB at the first call, before the page query, naming the select builder; a plan
// without include still runs through a relational query or a select builder.
import knexFactory, { type Knex } from 'knex'
import mysql from 'mysql2/promise'
import { asc, relations } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/mysql2'
import * as my from 'drizzle-orm/mysql-core'
import { UnsupportedQueryError, queryPlan } from 'api-resources'
import { cursorPaginate, paginate, simplePaginate } from 'api-resources/drizzle'
import { dialectNames } from '../../support/db'
import {
  PostResource,
  dropPlanTables,
  inRequest,
  planTableStatements,
  planTables,
} from '../../support/plan-fixture'

const t = planTables('drizzle_maria')
const users = my.mysqlTable(t.users, {
  id: my.int('id').primaryKey(),
  name: my.varchar('name', { length: 50 }).notNull(),
})
const posts = my.mysqlTable(t.posts, {
  id: my.int('id').primaryKey(),
  user_id: my.int('user_id').notNull(),
  title: my.varchar('title', { length: 80 }).notNull(),
  score: my.int('score').notNull(),
  published_at: my.varchar('published_at', { length: 30 }),
})
const comments = my.mysqlTable(t.comments, {
  id: my.int('id').primaryKey(),
  post_id: my.int('post_id').notNull(),
  user_id: my.int('user_id').notNull(),
  body: my.varchar('body', { length: 50 }).notNull(),
})
const schema = {
  users,
  posts,
  comments,
  postsRelations: relations(posts, ({ one, many }) => ({
    writer: one(users, { fields: [posts.user_id], references: [users.id] }),
    comments: many(comments),
  })),
  commentsRelations: relations(comments, ({ one }) => ({
    post: one(posts, { fields: [comments.post_id], references: [posts.id] }),
    author: one(users, { fields: [comments.user_id], references: [users.id] }),
  })),
}

const url = process.env.MYSQL_URL
const onMariaDb = dialectNames().includes('mysql') && url !== undefined ? describe : describe.skip

onMariaDb('Drizzle query plans on MariaDB', () => {
  let knex: Knex
  let connection: mysql.Connection
  const log: string[] = []
  const logger = { logQuery: (query: string) => void log.push(query) }
  const open = (mode: 'default' | 'planetscale') => drizzle(connection, { schema, mode, logger })
  const plan = (query: string) => queryPlan(PostResource, { query })

  beforeAll(async () => {
    knex = knexFactory({ client: 'mysql2', connection: url })
    await dropPlanTables(knex, t)
    for (const statement of planTableStatements(knex, t)) await knex.raw(statement.toString())
    connection = await mysql.createConnection(url!)
    const [rows] = await connection.query('select version() as v')
    // this file is about MariaDB: on MySQL 8, Drizzle's relational SQL runs
    expect(String((rows as { v: string }[])[0].v)).toMatch(/mariadb/i)
  })

  afterAll(async () => {
    await connection?.end()
    if (knex !== undefined) {
      await dropPlanTables(knex, t)
      await knex.destroy()
    }
  })

  it.each(['default', 'planetscale'] as const)(
    "Drizzle's own relational SQL with a relation fails on MariaDB (%s mode)",
    async (mode) => {
      const db = open(mode)
      const causes: string[] = []
      const one = db.query.posts.findMany({ with: { writer: true }, limit: 5 })
      const many = db.query.posts.findMany({
        with: { comments: { orderBy: [asc(comments.id)] } },
        limit: 5,
      })
      for (const query of [one, many] as PromiseLike<unknown>[]) {
        const error = (await query.then(
          () => undefined,
          (e: unknown) => e,
        )) as { cause?: { message?: string } } | undefined
        causes.push(String(error?.cause?.message))
      }
      const why = mode === 'default' ? /SQL syntax.*near '\(select/ : /Unknown column 'posts\./
      for (const cause of causes) expect(cause).toMatch(why)
    },
  )

  it.each(['default', 'planetscale'] as const)(
    'refuses include on a relational query at the first call, naming the select builder (%s mode)',
    async (mode) => {
      const db = open(mode)
      for (const call of [
        () => paginate(db.query.posts.findMany(), plan('include=author&sort=title')),
        () => simplePaginate(db.query.posts.findMany(), plan('include=comments.author')),
      ]) {
        log.length = 0
        const error = await call().catch((e: unknown) => e)
        expect(error).toBeInstanceOf(UnsupportedQueryError)
        expect((error as Error).message).toMatch(/MariaDB/)
        expect((error as Error).message).toMatch(/db\.select\(\)\.from\(table\)/)
        // no page query ran (at most the one version question, once per connection)
        expect(log.every((q) => /version\(\)/.test(q))).toBe(true)
        expect(log.length).toBeLessThanOrEqual(1)
      }
    },
  )

  it('asks the server version once per session', async () => {
    const db = open('default')
    log.length = 0
    await paginate(db.query.posts.findMany(), plan('include=author')).catch(() => undefined)
    await paginate(db.query.posts.findMany(), plan('include=author')).catch(() => undefined)
    expect(log.filter((q) => /version\(\)/.test(q))).toHaveLength(1)
    expect(log).toHaveLength(1)
  })

  it('runs a plan without include through a relational query and a select builder', async () => {
    const db = open('default')
    const query = 'sort=-score,title&filter[score][gte]=3&filter[title][contains]=50%25_&per_page=7'
    const want = (
      await knex(t.posts)
        .where('score', '>=', 3)
        .andWhereRaw("title like ? escape '!'", ['%50!%!_%'])
        .orderBy([
          { column: 'score', order: 'desc' },
          { column: 'title' },
          { column: 'id', order: 'desc' },
        ])
        .limit(7)
    ).map((r: { id: number }) => r.id)
    expect(want.length).toBeGreaterThan(0)
    log.length = 0
    const page = await inRequest(`/posts?${query}`, () =>
      paginate(db.query.posts.findMany(), plan(query)),
    )
    expect(page.items().map((r) => (r as { id: number }).id)).toEqual(want)
    // the version is asked only where an include needs it
    expect(log.some((q) => /version\(\)/.test(q))).toBe(false)
    const cursorPage = await inRequest(`/posts?${query}`, () =>
      cursorPaginate(db.select().from(posts), plan(query)),
    )
    expect(cursorPage.items().map((r) => (r as { id: number }).id)).toEqual(want)
  })

  it('loads counts on MariaDB (correlated subqueries in the select list run there)', async () => {
    const db = open('default')
    log.length = 0
    const page = await inRequest('/posts?include=comments_count&sort=id', () =>
      paginate(db.query.posts.findMany(), plan('include=comments_count&sort=id&per_page=50')),
    )
    const want = (await knex(t.comments)
      .select('post_id')
      .count({ n: '*' })
      .whereIn(
        'post_id',
        page.items().map((r) => (r as { id: number }).id),
      )
      .groupBy('post_id')) as { post_id: number; n: number | string }[]
    const byPost = new Map(want.map((r) => [Number(r.post_id), Number(r.n)]))
    const counted = page.items() as unknown as { id: number; comments_count: unknown }[]
    expect(counted).toHaveLength(50)
    for (const row of counted) expect(row.comments_count).toBe(byPost.get(row.id) ?? 0)
    expect(log).toHaveLength(2)
  })
})
