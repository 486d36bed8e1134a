// Query plans through the Drizzle adapter in the shared plan suite: offset pages through a relational
// query (on SQLite and PostgreSQL the page and its includes in one statement; on MariaDB, which runs
// neither of Drizzle's ways to load a relation inside the page's statement, the includes in batches
// after the page, one query per relation of each level), cursor pages through a select builder
// (relational queries cannot carry a cursor), counted from Drizzle's logger. (drizzle-plan.test.ts
// and drizzle-mariadb-plan.test.ts cover counts, the refusals and MariaDB's own cases.)
import mysql from 'mysql2/promise'
import Database from 'better-sqlite3'
import { eq, or, relations, sql, type SQL } from 'drizzle-orm'
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3'
import { drizzle as drizzleMysql } from 'drizzle-orm/mysql2'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import * as my from 'drizzle-orm/mysql-core'
import * as pg from 'drizzle-orm/pg-core'
import * as lite from 'drizzle-orm/sqlite-core'
import { cursorPaginate, paginate, simplePaginate } from 'api-resources/drizzle'
import { dialectNames } from '../../support/db'
import { planTables } from '../../support/plan-fixture'
import { plannedOrmSuite, type PlannedOrm } from '../planned-orm-suite'

const t = planTables('drizzle_plan')

function liteTables() {
  return {
    users: lite.sqliteTable(t.users, {
      id: lite.integer('id').primaryKey(),
      name: lite.text('name').notNull(),
    }),
    posts: lite.sqliteTable(t.posts, {
      id: lite.integer('id').primaryKey(),
      user_id: lite.integer('user_id').notNull(),
      title: lite.text('title').notNull(),
      score: lite.integer('score').notNull(),
      published_at: lite.text('published_at'),
    }),
    comments: lite.sqliteTable(t.comments, {
      id: lite.integer('id').primaryKey(),
      post_id: lite.integer('post_id').notNull(),
      user_id: lite.integer('user_id').notNull(),
      body: lite.text('body').notNull(),
    }),
  }
}

function pgTables() {
  return {
    users: pg.pgTable(t.users, {
      id: pg.integer('id').primaryKey(),
      name: pg.text('name').notNull(),
    }),
    posts: pg.pgTable(t.posts, {
      id: pg.integer('id').primaryKey(),
      user_id: pg.integer('user_id').notNull(),
      title: pg.text('title').notNull(),
      score: pg.integer('score').notNull(),
      published_at: pg.text('published_at'),
    }),
    comments: pg.pgTable(t.comments, {
      id: pg.integer('id').primaryKey(),
      post_id: pg.integer('post_id').notNull(),
      user_id: pg.integer('user_id').notNull(),
      body: pg.text('body').notNull(),
    }),
  }
}

function mysqlTables() {
  return {
    users: my.mysqlTable(t.users, {
      id: my.int('id').primaryKey(),
      name: my.varchar('name', { length: 50 }).notNull(),
    }),
    posts: my.mysqlTable(t.posts, {
      id: my.int('id').primaryKey(),
      user_id: my.int('user_id').notNull(),
      title: my.varchar('title', { length: 80 }).notNull(),
      score: my.int('score').notNull(),
      published_at: my.varchar('published_at', { length: 30 }),
    }),
    comments: my.mysqlTable(t.comments, {
      id: my.int('id').primaryKey(),
      post_id: my.int('post_id').notNull(),
      user_id: my.int('user_id').notNull(),
      body: my.varchar('body', { length: 50 }).notNull(),
    }),
  }
}

type Tables = ReturnType<typeof liteTables>

/** The posts' own WHERE, `score = 1 OR score = 2`, as or() and as raw `sql`. */
const orOf = (posts: Pick<Tables['posts'], 'score'>) => or(eq(posts.score, 1), eq(posts.score, 2))!
const sqlOf = (posts: Pick<Tables['posts'], 'score'>) =>
  sql`${posts.score} = 1 or ${posts.score} = 2`

function schemaOf(tables: Tables) {
  const { users, posts, comments } = tables
  return {
    ...tables,
    postsRelations: relations(posts, ({ one, many }) => ({
      writer: one(users, { fields: [posts.user_id], references: [users.id] }),
      comments: many(comments),
    })),
    commentsRelations: relations(comments, ({ one }) => ({
      post: one(posts, { fields: [comments.post_id], references: [posts.id] }),
      author: one(users, { fields: [comments.user_id], references: [users.id] }),
    })),
  }
}

plannedOrmSuite({
  name: 'Drizzle',
  prefix: 'drizzle_plan',
  dialects: dialectNames().filter((d) => d !== 'mysql'),
  // COUNT, and the page with its writers, comments and the comments' authors in one statement
  includeQueries: 2,
  counts: true,
  countQueries: 2,
  missingRelation: 'tags',
  open: async (db): Promise<PlannedOrm> => {
    const log: string[] = []
    const logger = { logQuery: (query: string) => void log.push(query) }
    const tables = (db.dialect === 'sqlite' ? liteTables() : pgTables()) as Tables
    const schema = schemaOf(tables)
    let orm: ReturnType<typeof drizzleSqlite<typeof schema>>
    let close: () => Promise<void>
    if (db.dialect === 'sqlite') {
      const sqlite = new Database(db.file)
      orm = drizzleSqlite(sqlite, { schema, logger })
      close = async () => void sqlite.close()
    } else {
      const pgDb = drizzlePg({ connection: db.url, schema, logger })
      orm = pgDb as never
      close = () => pgDb.$client.end()
    }
    return {
      log,
      page: (plan) => paginate(orm.query.posts.findMany(), plan),
      simple: (plan) => simplePaginate(orm.query.posts.findMany(), plan),
      cursor: (plan) => cursorPaginate(orm.select().from(tables.posts), plan),
      ored: {
        'or()': {
          page: (plan) => paginate(orm.query.posts.findMany({ where: orOf }), plan),
          cursor: (plan) =>
            cursorPaginate(orm.select().from(tables.posts).where(orOf(tables.posts)), plan),
        },
        'sql with OR': {
          page: (plan) => paginate(orm.query.posts.findMany({ where: sqlOf }), plan),
          cursor: (plan) =>
            cursorPaginate(orm.select().from(tables.posts).where(sqlOf(tables.posts)), plan),
        },
      },
      close,
    }
  },
})

plannedOrmSuite({
  name: 'Drizzle',
  prefix: 'drizzle_plan',
  dialects: dialectNames().filter((d) => d === 'mysql'),
  // COUNT, the page, then one query per relation of each level: writers, comments, their authors
  includeQueries: 5,
  counts: true,
  // the counts are subqueries of the page's statement there too
  countQueries: 2,
  missingRelation: 'tags',
  open: async (db): Promise<PlannedOrm> => {
    const log: string[] = []
    const logger = { logQuery: (query: string) => void log.push(query) }
    const tables = mysqlTables()
    const schema = schemaOf(tables as unknown as Tables) as unknown as Record<string, unknown>
    const connection = await mysql.createConnection(db.url)
    const orm = drizzleMysql(connection, { schema, mode: 'default', logger }) as unknown as {
      query: { posts: { findMany(options?: object): PromiseLike<object[]> } }
      select(): {
        from(table: unknown): PromiseLike<object[]> & { where(w: SQL): PromiseLike<object[]> }
      }
    }
    return {
      log,
      page: (plan) => paginate(orm.query.posts.findMany(), plan),
      simple: (plan) => simplePaginate(orm.query.posts.findMany(), plan),
      cursor: (plan) => cursorPaginate(orm.select().from(tables.posts), plan),
      ored: {
        'or()': {
          page: (plan) => paginate(orm.query.posts.findMany({ where: orOf }), plan),
          cursor: (plan) =>
            cursorPaginate(
              orm
                .select()
                .from(tables.posts)
                .where(orOf(tables.posts as never)),
              plan,
            ),
        },
        'sql with OR': {
          page: (plan) => paginate(orm.query.posts.findMany({ where: sqlOf }), plan),
          cursor: (plan) =>
            cursorPaginate(
              orm
                .select()
                .from(tables.posts)
                .where(sqlOf(tables.posts as never)),
              plan,
            ),
        },
      },
      close: () => connection.end(),
    }
  },
})
