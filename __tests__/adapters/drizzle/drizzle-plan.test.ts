/**
 * Query plans through Drizzle on SQLite and PostgreSQL (on MariaDB, which rejects the SQL of
 * Drizzle's relational queries with relations, the includes load in batches: see
 * drizzle-mariadb-plan.test.ts): a relational query's `with`, `where`, `orderBy` and
 * `extras` (the page and its includes in one statement, counted from Drizzle's logger), the same
 * JSON and JSON:API bodies as the Knex adapter, the property test against plain SQL (offset pages
 * through a relational query, cursor pages through a select builder), nothing loaded that was not
 * asked for, and the errors that name the alternative.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import knexFactory, { type Knex } from 'knex'
import { relations } from 'drizzle-orm'
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import * as pg from 'drizzle-orm/pg-core'
import * as lite from 'drizzle-orm/sqlite-core'
import { InvalidCursorError, queryPlan, type QueryPlan } from 'api-resources'
import { cursorPaginate, paginate, simplePaginate } from 'api-resources/drizzle'
import { DIALECTS } from '../../support/db'
import {
  PlanPostResource,
  PlanRenamedPostResource,
  createPlanTables,
  cursorOf,
  dropPlanTables,
  hostileFiltersMatch,
  inRequest,
  knexReference,
  planBodies,
  planTables,
  walkEqualsPlainSql,
  type PlannedAdapter,
} from '../../support/orm-plan-fixture'

function sqliteSchema(t: ReturnType<typeof planTables>) {
  const users = lite.sqliteTable(t.users, {
    id: lite.integer('id').primaryKey(),
    name: lite.text('name').notNull(),
  })
  const posts = lite.sqliteTable(t.posts, {
    id: lite.integer('id').primaryKey(),
    user_id: lite.integer('user_id').notNull(),
    title: lite.text('title').notNull(),
    score: lite.integer('score').notNull(),
    rating: lite.real('rating'),
    published_at: lite.text('published_at'),
  })
  const comments = lite.sqliteTable(t.comments, {
    id: lite.integer('id').primaryKey(),
    post_id: lite.integer('post_id').notNull(),
    user_id: lite.integer('user_id').notNull(),
    body: lite.text('body').notNull(),
  })
  return { users, posts, comments }
}

function pgSchema(t: ReturnType<typeof planTables>) {
  const users = pg.pgTable(t.users, {
    id: pg.integer('id').primaryKey(),
    name: pg.text('name').notNull(),
  })
  const posts = pg.pgTable(t.posts, {
    id: pg.integer('id').primaryKey(),
    user_id: pg.integer('user_id').notNull(),
    title: pg.text('title').notNull(),
    score: pg.integer('score').notNull(),
    rating: pg.numeric('rating', { precision: 6, scale: 2 }),
    published_at: pg.timestamp('published_at', { precision: 6 }),
  })
  const comments = pg.pgTable(t.comments, {
    id: pg.integer('id').primaryKey(),
    post_id: pg.integer('post_id').notNull(),
    user_id: pg.integer('user_id').notNull(),
    body: pg.text('body').notNull(),
  })
  return { users, posts, comments }
}

type Tables = ReturnType<typeof sqliteSchema>

function relationsOf({ users, posts, comments }: Tables) {
  return {
    postsRelations: relations(posts, ({ one, many }) => ({
      author: one(users, { fields: [posts.user_id], references: [users.id] }),
      comments: many(comments),
    })),
    commentsRelations: relations(comments, ({ one }) => ({
      post: one(posts, { fields: [comments.post_id], references: [posts.id] }),
      author: one(users, { fields: [comments.user_id], references: [users.id] }),
    })),
  }
}

const dialects = DIALECTS.filter((d) => d.name !== 'mysql')

describe.each(dialects.map((d) => [d.name, d] as const))(
  'Drizzle query plans on %s',
  (_n, dialect) => {
    const t = planTables('drz_plan')
    let knex: Knex
    const log: string[] = []
    const logger = { logQuery: (query: string) => void log.push(query) }
    const tables = (dialect.name === 'sqlite' ? sqliteSchema(t) : pgSchema(t)) as Tables
    const schema = { ...tables, ...relationsOf(tables) }
    // typed against SQLite; at run time the dialect's own
    let db: ReturnType<typeof drizzleSqlite<typeof schema>>
    let close: () => Promise<void>

    const adapter: PlannedAdapter = {
      page: (p) => paginate(db.query.posts.findMany(), p),
      simple: (p) => simplePaginate(db.query.posts.findMany(), p),
      cursor: (p) => cursorPaginate(db.select().from(tables.posts), p),
    }
    const plan = (query: string): QueryPlan => queryPlan(PlanPostResource, { query })
    const tablesOf = (sql: string): string[] =>
      Object.values(t).filter((table) => new RegExp(`\\b${table}\\b`).test(sql))

    beforeAll(async () => {
      if (dialect.name === 'sqlite') {
        const file = join(mkdtempSync(join(tmpdir(), 'drz-plan-')), 'db.sqlite')
        knex = knexFactory({
          client: 'better-sqlite3',
          connection: { filename: file },
          useNullAsDefault: true,
        })
        await createPlanTables(knex, t, dialect.name)
        const sqlite = new Database(file)
        db = drizzleSqlite(sqlite, { schema, logger })
        close = async () => void sqlite.close()
      } else {
        knex = dialect.knex()
        await createPlanTables(knex, t, dialect.name)
        const pgDb = drizzlePg({ connection: process.env.PG_URL!, schema, logger })
        db = pgDb as never
        close = () => pgDb.$client.end()
      }
    })
    afterAll(async () => {
      if (knex === undefined) return
      await close?.()
      await dropPlanTables(knex, t)
      await knex.destroy()
    })

    it('loads a 100-row page with include=author,comments.author, a sort and a filter in 2 queries, whatever the page size', async () => {
      const query =
        'include=author,comments.author&sort=-score,title&filter[published]=true&per_page=100'
      log.length = 0
      const page = await paginate(db.query.posts.findMany(), plan(query))
      const rows = page.items() as unknown as {
        id: number
        user_id: number
        author: { id: number }
        comments: { post_id: number; user_id: number; author: { id: number } }[]
      }[]
      expect(rows).toHaveLength(100)
      // the COUNT, and the page with its authors, comments and their authors in one statement
      expect(log).toHaveLength(2)
      expect(tablesOf(log[0])).toEqual([t.posts])
      for (const row of rows) {
        expect(row.author.id).toBe(row.user_id)
        expect(row.comments.length).toBeGreaterThan(0)
        for (const comment of row.comments) {
          expect(comment.post_id).toBe(row.id)
          expect(comment.author.id).toBe(comment.user_id)
        }
      }
      log.length = 0
      await paginate(db.query.posts.findMany(), plan(query.replace('per_page=100', 'per_page=7')))
      expect(log).toHaveLength(2)
    })

    it('loads nothing the request did not ask for', async () => {
      log.length = 0
      const page = await paginate(db.query.posts.findMany(), plan('include=author&per_page=20'))
      expect(log).toHaveLength(2)
      expect(log.flatMap(tablesOf)).not.toContain(t.comments)
      expect(page.items()[0]).toHaveProperty('author')
      expect(page.items()[0]).not.toHaveProperty('comments')
      log.length = 0
      await simplePaginate(db.query.posts.findMany(), plan('per_page=20'))
      expect(log).toHaveLength(1)
      expect(tablesOf(log[0])).toEqual([t.posts])
    })

    it('renders the same JSON and JSON:API bodies as the Knex adapter', async () => {
      const reference = knexReference(knex, t)
      for (const query of [
        'include=author,comments.author&sort=-score,title&filter[published]=true&per_page=100',
        'include=comments,comments_count&sort=published_at&filter[title][contains]=a&per_page=15&page=2',
        'sort=-rating&filter[author]=2,3&filter[title][starts_with]=50%25_&per_page=5',
      ]) {
        const [ours, theirs] = [
          await planBodies(adapter, query),
          await planBodies(reference, query),
        ]
        expect(ours.json).toEqual(theirs.json)
        expect(ours.jsonApi).toEqual(theirs.jsonApi)
      }
    })

    it('counts through extras subqueries in the page statement, as numbers', async () => {
      log.length = 0
      const page = await paginate(
        db.query.posts.findMany(),
        plan('include=comments_count&sort=id&per_page=10'),
      )
      expect(log).toHaveLength(2)
      expect(tablesOf(log[0])).toEqual([t.posts])
      const rows = page.items() as unknown as { id: number; comments_count: number }[]
      const [{ n }] = await knex(t.comments).where('post_id', rows[3].id).count('* as n')
      expect(rows[3].comments_count).toBe(Number(n))
    })

    it('maps a renamed resource member to the relation it reads', async () => {
      const page = await paginate(
        db.query.posts.findMany(),
        queryPlan(PlanRenamedPostResource, { query: 'include=writer&per_page=3&sort=id' }),
      )
      const json = JSON.parse(JSON.stringify(PlanRenamedPostResource.collection(page as never)))
      expect(json.data[0]).toEqual({ id: 1, writer: { id: 1, name: 'User 1' } })
    })

    it('walks the same rows as plain SQL with the same ORDER BY and WHERE (offset and cursor)', async () => {
      await walkEqualsPlainSql(knex, t, dialect.name, adapter)
    }, 180_000)

    it('finds what the Knex adapter finds for hostile filter values', async () => {
      await hostileFiltersMatch(adapter, knexReference(knex, t))
    })

    it('binds the cursor to the plan order (select builder)', async () => {
      const first = await cursorPaginate(
        db.select().from(tables.posts),
        plan('sort=title&per_page=5'),
      )
      const cursor = cursorOf(first.nextPageUrl())!
      const same = await inRequest(`/p?sort=title&cursor=${cursor}`, () =>
        cursorPaginate(db.select().from(tables.posts), plan(`sort=title&per_page=5`)),
      )
      expect(same.items()).toHaveLength(5)
      const error = await inRequest(`/p?sort=-title&cursor=${cursor}`, () =>
        cursorPaginate(db.select().from(tables.posts), plan('sort=-title')),
      ).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InvalidCursorError)
    })

    it('refuses a cursor on a relational query at the first call, naming the select builder', async () => {
      log.length = 0
      await expect(cursorPaginate(db.query.posts.findMany(), plan('per_page=5'))).rejects.toThrow(
        /select builder.*cannot carry a cursor/s,
      )
      expect(log).toHaveLength(0)
    })

    it('refuses an include on a select builder, naming the relational query', async () => {
      await expect(
        paginate(db.select().from(tables.posts), plan('include=author')),
      ).rejects.toMatchObject({
        code: 'ERR_UNSUPPORTED_QUERY',
        message: expect.stringMatching(/relational query/),
      })
    })

    it('refuses a cursor page with include, naming paginate() rather than the relational query', async () => {
      const error = await cursorPaginate(db.select().from(tables.posts), plan('include=author'))
        .then(() => undefined)
        .catch((e: unknown) => e)
      expect(error).toMatchObject({ code: 'ERR_UNSUPPORTED_QUERY' })
      // the relational query cannot carry a cursor either: the message must not send the app there
      expect((error as Error).message).toMatch(/cursorPaginate\(\) expects no include/)
      expect((error as Error).message).toMatch(/paginate\(\) or simplePaginate\(\)/)
    })

    it('refuses an include the table has no relation for, naming it', async () => {
      const error = await paginate(db.query.users.findMany(), plan('include=author')).catch(
        (e: unknown) => e,
      )
      expect(error).toMatchObject({ code: 'ERR_UNSUPPORTED_QUERY' })
      expect(String((error as Error).message)).toMatch(/users.*include "author"/s)
    })
  },
)
