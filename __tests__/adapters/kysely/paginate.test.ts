import { CamelCasePlugin, sql, type Kysely, type SelectQueryBuilder } from 'kysely'
import {
  LengthAwarePaginator,
  Paginator,
  UnsupportedQueryError,
  createRequestContext,
  runWithRequestContext,
} from 'api-resources'
import { paginate, simplePaginate } from 'api-resources/kysely'
import { DIALECTS, paginationFixture, type PaginationFixture } from '../../support/db'

type Query = SelectQueryBuilder<any, any, any>

describe.each(DIALECTS.map((d) => [d.name, d] as const))(
  'Kysely paginate() on %s',
  (_name, dialect) => {
    let db: Kysely<any>
    let fx: PaginationFixture
    const log: string[] = []

    beforeAll(async () => {
      db = dialect.kysely<any>({ onQuery: (q) => log.push(q) })
      fx = paginationFixture('kysely')
      for (const stmt of fx.create) await sql.raw(stmt).execute(db)
    })

    afterAll(async () => {
      if (db === undefined) return
      for (const stmt of fx.drop) await sql.raw(stmt).execute(db)
      await db.destroy()
    })

    beforeEach(() => {
      log.length = 0
    })

    const posts = () => db.selectFrom(fx.posts)
    const ids = (rows: unknown[]) => rows.map((r) => Number((r as { id: unknown }).id))

    const chains: [string, () => Query][] = [
      ['a plain table', () => posts().selectAll().orderBy('id')],
      ['where', () => posts().selectAll().where('status', '=', 'published').orderBy('id')],
      [
        'where + orderBy desc + a limit of its own',
        () => posts().selectAll().where('score', '>', 3).orderBy('id', 'desc').limit(4).offset(1),
      ],
      [
        'a join with selectAll',
        () =>
          posts()
            .innerJoin(fx.users, `${fx.users}.id`, `${fx.posts}.user_id`)
            .selectAll()
            .where(`${fx.users}.team`, '=', 'red')
            .orderBy(`${fx.posts}.id`),
      ],
      [
        'a join with selected columns',
        () =>
          posts()
            .innerJoin(fx.users, `${fx.users}.id`, `${fx.posts}.user_id`)
            .select([`${fx.posts}.id`, `${fx.users}.name`])
            .orderBy(`${fx.posts}.id`),
      ],
      [
        'groupBy + having',
        () =>
          posts()
            .select((eb) => ['score as id', eb.fn.countAll().as('n')])
            .groupBy('score')
            .having((eb) => eb.fn.countAll(), '<', 6)
            .orderBy('score'),
      ],
      ['distinct', () => posts().select('score as id').distinct().orderBy('score')],
      [
        'union',
        () =>
          posts()
            .select('id')
            .where('score', '<', 2)
            .union(db.selectFrom(fx.posts).select('id').where('score', '>', 7))
            .orderBy('id'),
      ],
      [
        'union all over overlapping rows',
        () =>
          posts()
            .select('score as id')
            .where('score', '<', 5)
            .unionAll(db.selectFrom(fx.posts).select('score as id').where('score', '<', 5))
            .orderBy('id'),
      ],
      [
        'a raw column',
        () =>
          posts()
            .select(['id', sql<number>`score * 2`.as('double_score')])
            .orderBy('id'),
      ],
    ]

    it.each(chains)('counts the true total and pages %s', async (_label, chain) => {
      const all = ids(await chain().clearLimit().clearOffset().execute())
      expect(all.length).toBeGreaterThan(5)
      log.length = 0
      const page = await paginate(chain(), 5, 2)
      expect(page).toBeInstanceOf(LengthAwarePaginator)
      expect(page.total()).toBe(all.length)
      expect(ids(page.items())).toEqual(all.slice(5, 10))
      expect(log).toHaveLength(2)
      expect(log[0].toLowerCase()).toContain('count(*)')
      expect(log[0].toLowerCase()).not.toMatch(/order by|limit|offset/)
      expect(log[1].toLowerCase()).toContain('limit')
    })

    it('runs exactly one COUNT and one page query', async () => {
      const page = await paginate(posts().selectAll().orderBy('id'), 10, 3)
      expect(log.map((q) => q.toLowerCase().includes('count('))).toEqual([true, false])
      expect(ids(page.items())).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30])
      expect(page.toJSON()).toMatchObject({
        current_page: 3,
        from: 21,
        to: 30,
        total: 53,
        last_page: 6,
      })
    })

    it('runs no row query when the total is 0', async () => {
      const page = await paginate(posts().selectAll().where('score', '>', 100), 10)
      expect(log).toHaveLength(1)
      expect(page.total()).toBe(0)
      expect(page.items()).toEqual([])
    })

    it("counts after the application's plugins (CamelCasePlugin)", async () => {
      const camel = db.withPlugin(new CamelCasePlugin())
      const query = camel
        .selectFrom(fx.posts)
        .select(['id', 'userId'])
        .where('userId', '=', 3)
        .orderBy('id')
      const page = await paginate(query, 2)
      expect(page.total()).toBe((await query.execute()).length)
      expect(Object.keys(page.items()[0] as object).sort()).toEqual(['id', 'userId'])
    })

    it('reads the page and path from the request, an explicit page wins', async () => {
      const ctx = createRequestContext('/k/posts?page=2')
      const fromRequest = await runWithRequestContext(ctx, () =>
        paginate(posts().selectAll().orderBy('id'), 10),
      )
      expect(fromRequest.currentPage()).toBe(2)
      expect(fromRequest.previousPageUrl()).toBe('/k/posts?page=1')
      const explicit = await runWithRequestContext(ctx, () =>
        paginate(posts().selectAll().orderBy('id'), 10, 5),
      )
      expect(ids(explicit.items())[0]).toBe(41)
    })

    it('works inside a transaction', async () => {
      await db.transaction().execute(async (trx) => {
        const page = await paginate(trx.selectFrom(fx.posts).selectAll().orderBy('id'), 20, 3)
        expect(page.total()).toBe(53)
        expect(page.count()).toBe(13)
      })
    })

    describe('simplePaginate()', () => {
      it('runs one query of perPage + 1 rows and no COUNT', async () => {
        const page = await simplePaginate(posts().selectAll().orderBy('id'), 10, 2)
        expect(page).toBeInstanceOf(Paginator)
        expect(log).toHaveLength(1)
        expect(log[0].toLowerCase()).not.toContain('count(')
        expect(ids(page.items())).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
        expect(page.hasMorePages()).toBe(true)
        const last = await simplePaginate(posts().selectAll().orderBy('id'), 10, 6)
        expect(ids(last.items())).toEqual([51, 52, 53])
        expect(last.hasMorePages()).toBe(false)
      })

      it.each(chains)('pages %s', async (_label, chain) => {
        const all = ids(await chain().clearLimit().clearOffset().execute())
        const page = await simplePaginate(chain(), 5, 2)
        expect(ids(page.items())).toEqual(all.slice(5, 10))
        expect(page.hasMorePages()).toBe(all.length > 10)
      })
    })

    it('rejects what is not a Kysely select builder with a TypeError naming it', async () => {
      const cases: [unknown, RegExp][] = [
        [[], /got an array of 0/],
        [db.deleteFrom(fx.posts), /got an instance of DeleteQueryBuilder/],
        [undefined, /got undefined/],
      ]
      for (const [value, got] of cases) {
        const error = await paginate(value as Query, 10).catch((e: unknown) => e)
        expect(error).toBeInstanceOf(UnsupportedQueryError)
        expect(error).toBeInstanceOf(TypeError)
        expect((error as Error).message).toMatch(
          /^paginate\(\) expects a Kysely select query builder/,
        )
        expect((error as Error).message).toMatch(got)
      }
      await expect(simplePaginate(posts().selectAll(), 0)).rejects.toMatchObject({
        argument: 'perPage',
      })
      await expect(paginate(posts().selectAll(), 5, 1.5)).rejects.toMatchObject({
        argument: 'page',
      })
    })
  },
)
