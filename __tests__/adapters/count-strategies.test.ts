import { sql, type Kysely } from 'kysely'
import type { Knex } from 'knex'
import { paginate as knexPaginate } from 'api-resources/knex'
import { paginate as kyselyPaginate } from 'api-resources/kysely'
import { DIALECTS, paginationFixture, type PaginationFixture } from '../support/db'

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
