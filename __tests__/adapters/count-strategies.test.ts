import 'reflect-metadata'
import Database from 'better-sqlite3'
import { lte as drizzleLte, asc as drizzleAsc } from 'drizzle-orm'
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3'
import { drizzle as drizzleMysql } from 'drizzle-orm/mysql2'
import { int, mysqlTable, varchar } from 'drizzle-orm/mysql-core'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { integer as pgInteger, pgTable, varchar as pgVarchar } from 'drizzle-orm/pg-core'
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { sql, type Kysely } from 'kysely'
import knexFactory, { type Knex } from 'knex'
import type { MikroORM, Options as MikroOrmOptions } from '@mikro-orm/core'
import { Op, type Sequelize } from 'sequelize'
import { DataSource } from 'typeorm'
import type { LengthAwarePaginator } from 'api-resources'
import { paginate as drizzlePaginate } from 'api-resources/drizzle'
import { paginate as knexPaginate } from 'api-resources/knex'
import { paginate as kyselyPaginate } from 'api-resources/kysely'
import { paginate as mikroOrmPaginate } from 'api-resources/mikro-orm'
import { paginate as objectionPaginate } from 'api-resources/objection'
import { paginate as sequelizePaginate } from 'api-resources/sequelize'
import { paginate as typeOrmPaginate } from 'api-resources/typeorm'
import {
  DIALECTS,
  dialectNames,
  paginationFixture,
  prepareDatabase,
  recordKnexQueries,
  type OrmDatabase,
  type PaginationFixture,
} from '../support/db'
import * as mikro from './mikro-orm/mikro-orm-entities'
import { Post as ObjectionPost } from './objection/objection-models'
import { openSequelize, Post as SequelizePost } from './sequelize/sequelize-models'
import * as typeorm from './typeorm/typeorm-entities'
import { queryLogger } from './typeorm/typeorm-test-db'

describe.each(DIALECTS.map((d) => [d.name, d] as const))(
  'count strategies of paginate() on %s',
  (name, dialect) => {
    let knex: Knex
    let kysely: Kysely<any>
    let fx: PaginationFixture
    const knexLog: string[] = []
    const kyselyLog: string[] = []

    beforeAll(async () => {
      knex = dialect.knex()
      kysely = dialect.kysely<any>({ onQuery: (q) => kyselyLog.push(q) })
      fx = paginationFixture('totals')
      for (const stmt of fx.create) await knex.raw(stmt)
      // SQLite: each instance is its own in-memory database
      if (name === 'sqlite') for (const stmt of fx.create) await sql.raw(stmt).execute(kysely)
      if (name === 'postgres') await knex.raw(`analyze ${fx.posts}`)
      if (name === 'mysql') await knex.raw(`analyze table ${fx.posts}`)
      knex.on('query', (q: { sql: string }) => knexLog.push(q.sql))
    })

    afterAll(async () => {
      if (knex === undefined) return
      for (const stmt of fx.drop) await knex.raw(stmt)
      await knex.destroy()
      if (name !== 'sqlite') return void (await kysely.destroy())
      for (const stmt of fx.drop) await sql.raw(stmt).execute(kysely)
      await kysely.destroy()
    })

    beforeEach(() => {
      knexLog.length = 0
      kyselyLog.length = 0
    })

    const estimates = name !== 'sqlite'

    it('Knex: a given total or function skips the COUNT', async () => {
      const page = await knexPaginate(knex(fx.posts).orderBy('id'), 10, 2, { total: 99 })
      expect(page.total()).toBe(99)
      expect(knexLog.some((q) => /count/i.test(q))).toBe(false)
      const fromFn = await knexPaginate(knex(fx.posts).orderBy('id'), 10, 1, {
        total: async () => 53,
      })
      expect(fromFn.toJSON()).not.toHaveProperty('total_is_estimate')
    })

    it(`Knex: 'estimate' ${estimates ? 'reads the planner' : 'counts exactly'}`, async () => {
      const page = await knexPaginate(knex(fx.posts).where('score', '>=', 0).orderBy('id'), 10, 1, {
        total: 'estimate',
      })
      expect(page.count()).toBe(10)
      expect(page.totalIsEstimate()).toBe(estimates)
      if (estimates) {
        expect(knexLog.some((q) => /^explain/i.test(q))).toBe(true)
        expect(knexLog.some((q) => /count\(/i.test(q))).toBe(false)
        expect(page.total()).toBeGreaterThan(0)
        expect(page.toJSON().total_is_estimate).toBe(true)
      } else {
        expect(page.total()).toBe(53)
        expect(page.toJSON()).not.toHaveProperty('total_is_estimate')
      }
    })

    it(`Kysely: 'estimate' ${estimates ? 'reads the planner' : 'counts exactly'}`, async () => {
      const query = kysely.selectFrom(fx.posts).selectAll().orderBy('id')
      const page = await kyselyPaginate(query, 10, 1, { total: 'estimate' })
      expect(page.count()).toBe(10)
      expect(page.totalIsEstimate()).toBe(estimates)
      expect(kyselyLog.some((q) => /count\(/i.test(q))).toBe(!estimates)
      if (!estimates) expect(page.total()).toBe(53)
      const given = await kyselyPaginate(query, 10, 1, { total: () => 12 })
      expect(given.total()).toBe(12)
    })
  },
)

/**
 * `'estimate'` through each ORM adapter, on the shared seeded database (30 posts, analyzed): the
 * query keeps `id <= 10`, so an estimate of the filtered query is below the table's 30 rows.
 */
describe.each(dialectNames())("'estimate' through the ORM adapters on %s", (name) => {
  let db: OrmDatabase
  const estimates = name !== 'sqlite'
  const log: string[] = []

  beforeAll(async () => {
    db = await prepareDatabase(name, 'count_estimates')
    const knex = knexFactory(db.knexConfig)
    try {
      if (name === 'postgres') await knex.raw('analyze posts')
      if (name === 'mysql') await knex.raw('analyze table posts')
    } finally {
      await knex.destroy()
    }
  })

  // the database prepareDatabase() made for this suite, dropped (SQLite: a temporary file)
  afterAll(async () => {
    if (db === undefined || name === 'sqlite') return
    const base = name === 'postgres' ? process.env.PG_URL : process.env.MYSQL_URL
    const admin = knexFactory({ client: name === 'postgres' ? 'pg' : 'mysql2', connection: base })
    try {
      const database = new URL(db.url).pathname.slice(1)
      await admin.raw(
        `drop database if exists ${database}${name === 'postgres' ? ' with (force)' : ''}`,
      )
    } finally {
      await admin.destroy()
    }
  })

  beforeEach(() => {
    log.length = 0
  })

  /** The page of posts 1..5 of the ten with `id <= 10`: estimated, or counted exactly. */
  function expectTotal(page: LengthAwarePaginator<unknown>): void {
    expect(page.count()).toBe(5)
    expect(page.totalIsEstimate()).toBe(estimates)
    if (estimates) {
      expect(log.some((q) => /explain/i.test(q))).toBe(true)
      expect(log.some((q) => /count\(/i.test(q))).toBe(false)
      // the filtered query's estimate, not the whole table's
      expect(page.total()).toBeGreaterThan(0)
      expect(page.total()).toBeLessThan(30)
      expect(page.toJSON().total_is_estimate).toBe(true)
      expect(page.toResourceMeta().total_is_estimate).toBe(true)
    } else {
      expect(log.some((q) => /count\(/i.test(q))).toBe(true)
      expect(page.total()).toBe(10)
      expect(page.toJSON()).not.toHaveProperty('total_is_estimate')
    }
  }

  it(`Objection: ${estimates ? 'reads the planner' : 'counts exactly'}`, async () => {
    const knex = knexFactory(db.knexConfig)
    try {
      const queries = recordKnexQueries(knex)
      const query = ObjectionPost.query(knex).where('id', '<=', 10).orderBy('id')
      const page = await objectionPaginate(query, 5, 1, { total: 'estimate' })
      log.push(...queries)
      expectTotal(page)
    } finally {
      await knex.destroy()
    }
  })

  it(`TypeORM: ${estimates ? 'reads the planner' : 'counts exactly'}`, async () => {
    const logger = queryLogger((query) => void log.push(query))
    const common = { entities: Object.values(typeorm), logging: true, logger }
    const ds = await (
      db.dialect === 'sqlite'
        ? new DataSource({ type: 'better-sqlite3', database: db.file, ...common })
        : new DataSource({ type: db.dialect, url: db.url, ...common })
    ).initialize()
    try {
      const qb = ds
        .getRepository(typeorm.Post)
        .createQueryBuilder('post')
        .where('post.id <= :max', { max: 10 })
        .orderBy('post.id')
      expectTotal(await typeOrmPaginate(qb, 5, 1, { total: 'estimate' }))
    } finally {
      await ds.destroy()
    }
  })

  it(`MikroORM: ${estimates ? 'reads the planner' : 'counts exactly'}`, async () => {
    const options: MikroOrmOptions = {
      entities: [mikro.User, mikro.Post, mikro.Comment, mikro.Tag, mikro.PostTag],
      allowGlobalContext: true,
      debug: ['query'],
      colors: false,
      logger: (message: string) => void log.push(message),
      discovery: { disableDynamicFileAccess: true },
    }
    const orm: MikroORM =
      db.dialect === 'postgres'
        ? await (
            await import('@mikro-orm/postgresql')
          ).MikroORM.init({ clientUrl: db.url, ...options } as never)
        : db.dialect === 'mysql'
          ? await (
              await import('@mikro-orm/mysql')
            ).MikroORM.init({ clientUrl: db.url, ...options } as never)
          : await (
              await import('@mikro-orm/better-sqlite')
            ).MikroORM.init({ dbName: db.file, ...options } as never)
    try {
      log.length = 0
      const em = orm.em.fork() as unknown as {
        createQueryBuilder(
          entity: unknown,
          alias: string,
        ): {
          where(cond: object): { orderBy(order: object): never }
        }
      }
      const qb = em
        .createQueryBuilder(mikro.Post, 'p')
        .where({ id: { $lte: 10 } })
        .orderBy({ id: 'asc' })
      expectTotal(await mikroOrmPaginate(qb, 5, 1, { total: 'estimate' }))
    } finally {
      await orm.close()
    }
  })

  it(`Sequelize: ${estimates ? 'reads the planner' : 'counts exactly'}`, async () => {
    const sequelize: Sequelize = await openSequelize(db)
    ;(sequelize as unknown as { options: { logging: unknown } }).options.logging = (
      query: string,
    ) => void log.push(query)
    try {
      const query = {
        model: SequelizePost,
        where: { id: { [Op.lte]: 10 } },
        order: [['id', 'ASC']],
      }
      expectTotal(await sequelizePaginate(query, 5, 1, { total: 'estimate' }))
    } finally {
      await sequelize.close()
    }
  })

  it(`Drizzle: ${estimates ? 'reads the planner' : 'counts exactly'}`, async () => {
    const logger = { logQuery: (query: string) => void log.push(query) }
    const { posts, orm, close } = openDrizzle(db, logger)
    try {
      const query = orm
        .select()
        .from(posts)
        .where(drizzleLte(posts.id, 10))
        .orderBy(drizzleAsc(posts.id))
      expectTotal(await drizzlePaginate(query, 5, 1, { total: 'estimate' }))
    } finally {
      await close()
    }
  })
})

/** The posts table and a Drizzle database of the dialect, typed as SQLite's (the same at run time). */
function openDrizzle(db: OrmDatabase, logger: { logQuery(query: string): void }) {
  if (db.dialect === 'postgres') {
    const posts = pgTable('posts', {
      id: pgInteger('id').primaryKey(),
      title: pgVarchar('title', { length: 255 }),
    })
    const orm = drizzlePg({ connection: db.url, logger })
    return { posts, orm, close: () => orm.$client.end() } as unknown as DrizzleSqlite
  }
  if (db.dialect === 'mysql') {
    const posts = mysqlTable('posts', {
      id: int('id').primaryKey(),
      title: varchar('title', { length: 255 }),
    })
    const orm = drizzleMysql({ connection: { uri: db.url }, logger })
    return { posts, orm, close: () => orm.$client.end() } as unknown as DrizzleSqlite
  }
  const posts = sqliteTable('posts', { id: integer('id').primaryKey(), title: text('title') })
  const client = new Database(db.file)
  return { posts, orm: drizzleSqlite(client, { logger }), close: async () => void client.close() }
}

type DrizzleSqlite = {
  posts: ReturnType<
    typeof sqliteTable<'posts', { id: ReturnType<typeof integer>; title: ReturnType<typeof text> }>
  >
  orm: ReturnType<typeof drizzleSqlite>
  close(): Promise<void>
}
