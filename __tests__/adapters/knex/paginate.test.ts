import type { Knex } from 'knex'
import {
  LengthAwarePaginator,
  Paginator,
  createRequestContext,
  runWithRequestContext,
} from 'api-resources'
import { paginate, simplePaginate } from 'api-resources/knex'
import { DIALECTS, paginationFixture, type PaginationFixture } from '../../support/db'

interface LoggedQuery {
  sql: string
  bindings: unknown[]
}

describe.each(DIALECTS.map((d) => [d.name, d] as const))(
  'Knex paginate() on %s',
  (_name, dialect) => {
    let db: Knex
    let fx: PaginationFixture
    const log: LoggedQuery[] = []

    beforeAll(async () => {
      db = dialect.knex()
      fx = paginationFixture('knex')
      for (const sql of fx.create) await db.raw(sql)
      db.on('query', (q: LoggedQuery) => log.push({ sql: q.sql, bindings: q.bindings ?? [] }))
    })

    afterAll(async () => {
      if (db === undefined) return
      for (const sql of fx.drop) await db.raw(sql)
      await db.destroy()
    })

    beforeEach(() => {
      log.length = 0
    })

    const posts = () => db(fx.posts)
    const ids = (rows: unknown[]) => rows.map((r) => Number((r as { id: unknown }).id))

    // Each query with an ORDER BY that makes the pages deterministic; the expectation is the
    // un-paginated query run as is.
    const chains: [string, () => Knex.QueryBuilder][] = [
      ['a plain table', () => posts().orderBy('id')],
      ['where', () => posts().where('status', 'published').orderBy('id')],
      [
        'where + orderBy desc + a limit of its own',
        () => posts().where('score', '>', 3).orderBy('id', 'desc').limit(4).offset(1),
      ],
      [
        'a join with select *',
        () =>
          posts()
            .join(fx.users, `${fx.users}.id`, `${fx.posts}.user_id`)
            .where(`${fx.users}.team`, 'red')
            .orderBy(`${fx.posts}.id`),
      ],
      [
        'a join with selected columns',
        () =>
          posts()
            .join(fx.users, `${fx.users}.id`, `${fx.posts}.user_id`)
            .select(`${fx.posts}.id`, `${fx.users}.name`)
            .orderBy(`${fx.posts}.id`),
      ],
      [
        'groupBy + having',
        () =>
          posts()
            .select('score as id')
            .count({ n: '*' })
            .groupBy('score')
            .having(db.raw('count(*) < ?', [6]))
            .orderBy('score'),
      ],
      ['distinct', () => posts().distinct('score as id').orderBy('score')],
      [
        'union',
        () =>
          posts()
            .select('id')
            .where('score', '<', 2)
            .union((qb) => qb.select('id').from(fx.posts).where('score', '>', 7))
            .orderBy('id'),
      ],
      [
        'union all over overlapping rows',
        () =>
          posts()
            .select('score as id')
            .where('score', '<', 5)
            .unionAll((qb) => qb.select('score as id').from(fx.posts).where('score', '<', 5))
            .orderBy('id'),
      ],
      [
        'a raw column',
        () => posts().select('id', db.raw('score * 2 as double_score')).orderBy('id'),
      ],
    ]

    it.each(chains)('counts the true total and pages %s', async (_label, chain) => {
      const all = ids(await chain().clear('limit').clear('offset'))
      expect(all.length).toBeGreaterThan(5)
      log.length = 0
      const page = await paginate(chain(), 5, 2)
      expect(page).toBeInstanceOf(LengthAwarePaginator)
      expect(page.total()).toBe(all.length)
      expect(ids(page.items())).toEqual(all.slice(5, 10))
      expect(page.lastPage()).toBe(Math.ceil(all.length / 5))
      expect(log).toHaveLength(2)
      expect(log[0].sql.toLowerCase()).toContain('count(*)')
      expect(log[0].sql.toLowerCase()).not.toMatch(/order by|limit|offset/)
      expect(log[1].sql.toLowerCase()).toContain('limit')
    })

    it('runs exactly one COUNT and one page query, and the page holds perPage rows', async () => {
      const page = await paginate(posts().orderBy('id'), 10, 3)
      expect(log.map((q) => q.sql.toLowerCase().includes('count('))).toEqual([true, false])
      expect(ids(page.items())).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30])
      expect(page.toJSON()).toMatchObject({
        current_page: 3,
        from: 21,
        to: 30,
        total: 53,
        last_page: 6,
        per_page: 10,
      })
    })

    it('runs no row query when the total is 0', async () => {
      const page = await paginate(posts().where('score', '>', 100), 10)
      expect(log).toHaveLength(1)
      expect(page.total()).toBe(0)
      expect(page.items()).toEqual([])
      expect(page.lastPage()).toBe(1)
    })

    it('gives an empty page past the last one (no row query needed)', async () => {
      const page = await paginate(posts().orderBy('id'), 10, 9)
      expect(page.items()).toEqual([])
      expect(page.toJSON()).toMatchObject({
        current_page: 9,
        next_page_url: null,
        prev_page_url: '/?page=8',
        total: 53,
      })
      expect(log).toHaveLength(1)
    })

    it('gives the last, partial page', async () => {
      const page = await paginate(posts().orderBy('id'), 10, 6)
      expect(ids(page.items())).toEqual([51, 52, 53])
      expect(page.hasMorePages()).toBe(false)
      expect(page.lastItem()).toBe(53)
    })

    it('leaves the original query untouched and reusable', async () => {
      const query = posts().where('status', 'draft').orderBy('id')
      const before = query.toString()
      await paginate(query, 4)
      expect(query.toString()).toBe(before)
      expect((await query).length).toBe(13)
    })

    it('reads the page and path from the request, an explicit page wins', async () => {
      const ctx = createRequestContext('/api/posts/?page=2&q=x')
      const fromRequest = await runWithRequestContext(ctx, () =>
        paginate(posts().orderBy('id'), 10),
      )
      expect(fromRequest.currentPage()).toBe(2)
      expect(fromRequest.nextPageUrl()).toBe('/api/posts?page=3')
      expect(ids(fromRequest.items())[0]).toBe(11)
      const explicit = await runWithRequestContext(ctx, () =>
        paginate(posts().orderBy('id'), 10, 4),
      )
      expect(explicit.currentPage()).toBe(4)
      expect(ids(explicit.items())[0]).toBe(31)
    })

    it('works inside a transaction', async () => {
      await db.transaction(async (trx) => {
        const page = await paginate(trx(fx.posts).orderBy('id'), 20, 2)
        expect(page.total()).toBe(53)
        expect(page.count()).toBe(20)
      })
    })

    describe('simplePaginate()', () => {
      it('runs one query of perPage + 1 rows and no COUNT', async () => {
        const page = await simplePaginate(posts().orderBy('id'), 10, 2)
        expect(page).toBeInstanceOf(Paginator)
        expect(log).toHaveLength(1)
        expect(log[0].sql.toLowerCase()).not.toContain('count(')
        expect(log[0].bindings).toContain(11)
        expect(ids(page.items())).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
        expect(page.hasMorePages()).toBe(true)
        expect('total' in page).toBe(false)
      })

      it('knows the last page from the missing extra row', async () => {
        const exact = await simplePaginate(posts().where('id', '<=', 20).orderBy('id'), 10, 2)
        expect(exact.hasMorePages()).toBe(false)
        expect(exact.nextPageUrl()).toBeNull()
        const partial = await simplePaginate(posts().orderBy('id'), 10, 6)
        expect(ids(partial.items())).toEqual([51, 52, 53])
        expect(partial.hasMorePages()).toBe(false)
        const past = await simplePaginate(posts().orderBy('id'), 10, 7)
        expect(past.items()).toEqual([])
        expect(past.toJSON()).toMatchObject({ from: null, to: null, prev_page_url: '/?page=6' })
      })

      it.each(chains)('pages %s', async (_label, chain) => {
        const all = ids(await chain().clear('limit').clear('offset'))
        const page = await simplePaginate(chain(), 5, 2)
        expect(ids(page.items())).toEqual(all.slice(5, 10))
        expect(page.hasMorePages()).toBe(all.length > 10)
      })
    })
  },
)
