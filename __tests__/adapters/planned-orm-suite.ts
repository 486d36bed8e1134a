// The query-plan suite every ORM adapter runs: over the
// plan tables (__tests__/support/plan-fixture.ts) on each database, a 100-row page with
// include=author,comments.author, a sort and a filter runs a bounded number of queries (from the
// ORM's or the driver's query log) that does not grow with the rows, and renders the same JSON and
// JSON:API bodies as the Knex adapter over the same data; nothing is loaded that was not asked
// for; a cursor is bound to its sort; filter values reach SQL only as bindings; and random sorts
// and filters walk (offset and cursor) the rows plain SQL returns.
import fc from 'fast-check'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import knexFactory, { type Knex } from 'knex'
import {
  InvalidCursorError,
  QueryParameterError,
  UnsupportedQueryError,
  queryPlan,
  type CursorPaginator,
  type LengthAwarePaginator,
  type Paginator,
  type QueryPlan,
} from 'api-resources'
import * as knexAdapter from 'api-resources/knex'
import type { DialectName } from '../support/db'
import {
  PostApi,
  PostResource,
  cursorOf,
  dropPlanTables,
  inRequest,
  planCases,
  planRelations,
  planTableStatements,
  planTables,
  walkCursor,
  walkOffset,
  type PlanTables,
} from '../support/plan-fixture'

/** Where one ORM suite's plan tables live on one database. */
export interface PlanDatabase {
  readonly dialect: DialectName
  /** PostgreSQL / MariaDB: the database URL (the tables are prefixed). */
  readonly url: string
  /** SQLite: the database file. */
  readonly file: string
  readonly tables: PlanTables
}

/** One ORM, open on one database. */
export interface PlannedOrm {
  page(plan: QueryPlan): Promise<LengthAwarePaginator<object>>
  simple(plan: QueryPlan): Promise<Paginator<object>>
  cursor(plan: QueryPlan): Promise<CursorPaginator<object>>
  /** The SQL of every query the ORM ran (the suite empties it). */
  readonly log: string[]
  /**
   * The same paginators over the posts with a WHERE of their own whose top level is an OR
   * (`score = 1 OR score = 2`), by the name of each way the ORM writes one (its OR, a raw condition).
   */
  readonly ored?: Readonly<Record<string, Pick<PlannedOrm, 'page' | 'cursor'>>>
  /**
   * The cursor paginator over a query that selects `id` and `title` only (Prisma's `select`): the
   * plan's sort columns are added to what it reads.
   */
  readonly selected?: Pick<PlannedOrm, 'cursor'>
  close(): Promise<void>
}

export interface PlannedOrmSuite {
  /** The ORM, for the test names. */
  readonly name: string
  /** The tables' prefix: `<prefix>_posts`... (one per suite, so that suites run side by side). */
  readonly prefix: string
  readonly dialects: readonly DialectName[]
  open(db: PlanDatabase): Promise<PlannedOrm>
  /**
   * The most queries a page with include=author,comments.author runs, its COUNT included (an ORM
   * with an identity map skips rows it already holds).
   */
  readonly includeQueries: number
  /**
   * Where the ORM cannot match a literal `%` or `_` with contains / starts_with (it does not escape
   * LIKE there): such a filter value must be a 400 (`QueryParameterError`), never a wrong page.
   */
  readonly likeRefused?: (dialect: DialectName) => boolean
  /** Does the ORM load counts (`include=comments_count`)? Else a plan with one is refused. */
  readonly counts: boolean
  /** The queries a page with a count runs, its COUNT included (else at most 3 are asserted). */
  readonly countQueries?: number
  /** A relation the resource has and the ORM's model does not (`tags`): refused at the call. */
  readonly missingRelation?: string
}

const URLS: Partial<Record<DialectName, string | undefined>> = {
  postgres: process.env.PG_URL,
  mysql: process.env.MYSQL_URL,
}

function knexConfig(db: Omit<PlanDatabase, 'tables'>): Knex.Config {
  if (db.dialect === 'sqlite')
    return {
      client: 'better-sqlite3',
      connection: { filename: db.file },
      useNullAsDefault: true,
    }
  return { client: db.dialect === 'postgres' ? 'pg' : 'mysql2', connection: db.url }
}

/** Runs the plan suite of one ORM on each of its databases. */
export function plannedOrmSuite(suite: PlannedOrmSuite): void {
  describe.each(suite.dialects.map((d) => [d] as const))(
    `${suite.name} query plans on %s`,
    (name) => {
      const tables = planTables(suite.prefix)
      const db: PlanDatabase = {
        dialect: name,
        url: URLS[name] ?? '',
        file:
          name === 'sqlite'
            ? join(mkdtempSync(join(tmpdir(), `${suite.prefix}-`)), 'db.sqlite')
            : '',
        tables,
      }
      const relations = planRelations(tables)
      const refused = suite.likeRefused?.(name) === true
      const wildcard = (query: string) => /filter\[title\]\[contains\]=[^&]*(%25|_)/.test(query)
      let knex: Knex
      let orm: PlannedOrm
      const plan = (query: string): QueryPlan => queryPlan(PostResource, { query })
      const knexPage = (p: QueryPlan) => knexAdapter.paginate(knex(tables.posts), p, { relations })

      beforeAll(async () => {
        knex = knexFactory(knexConfig(db))
        await dropPlanTables(knex, tables)
        for (const statement of planTableStatements(knex, tables))
          await knex.raw(statement.toString())
        orm = await suite.open(db)
      })

      afterAll(async () => {
        await orm?.close()
        if (knex !== undefined) {
          await dropPlanTables(knex, tables)
          await knex.destroy()
        }
      })

      const run = async <T>(fn: () => Promise<T>): Promise<{ result: T; queries: string[] }> => {
        orm.log.length = 0
        const result = await fn()
        return { result, queries: [...orm.log] }
      }
      const mentions = (queries: readonly string[], table: string): boolean =>
        queries.some((q) => new RegExp(`\\b${table}\\b`, 'i').test(q))

      it(`loads a 100-row page with include=author,comments.author, a sort and a filter in at most ${suite.includeQueries} queries, not growing with the rows`, async () => {
        const query =
          'include=author,comments.author&sort=-score,title&filter[score][gte]=1&per_page=100'
        const url = `/posts?${query}`
        const big = await run(() => inRequest(url, () => orm.page(plan(query))))
        expect(big.result.items()).toHaveLength(100)
        expect(big.queries.length).toBeLessThanOrEqual(suite.includeQueries)
        // the log sees every query (an ORM that loads includes inside the page's statement, as
        // Drizzle's relational queries do, runs fewer than one per relation level)
        expect(big.queries.length).toBeGreaterThanOrEqual(Math.min(4, suite.includeQueries))
        const small = await run(() =>
          inRequest(url, () => orm.page(plan(query.replace('per_page=100', 'per_page=7')))),
        )
        expect(small.result.items()).toHaveLength(7)
        expect(small.queries.length).toBeLessThanOrEqual(suite.includeQueries)

        // the same bodies as the Knex adapter over the same data
        const reference = await inRequest(url, () => knexPage(plan(query)))
        const json = (page: object) =>
          JSON.parse(JSON.stringify(PostResource.collection(page as never))) as unknown
        const jsonApi = (page: object) =>
          JSON.parse(JSON.stringify(PostApi.collection(page as never))) as unknown
        const body = json(big.result) as {
          data: { author?: unknown; comments?: { author?: unknown }[] }[]
        }
        expect(body.data[0].author).toBeDefined()
        expect(body.data[0].comments?.[0]?.author).toBeDefined()
        expect(body).toEqual(json(reference))
        const doc = await inRequest(url, async () => jsonApi(big.result))
        const referenceDoc = await inRequest(url, async () => jsonApi(reference))
        expect((doc as { included?: unknown[] }).included?.length).toBeGreaterThan(0)
        expect(doc).toEqual(referenceDoc)
      })

      it('loads no relation the request did not ask for (query log)', async () => {
        const query = 'sort=title&per_page=20'
        const { result, queries } = await run(() => orm.page(plan(query)))
        for (const table of [tables.users, tables.comments, tables.tags, tables.pivot])
          expect(mentions(queries, table)).toBe(false)
        const body = JSON.parse(JSON.stringify(PostResource.collection(result as never))) as {
          data: object[]
        }
        expect(body.data[0]).not.toHaveProperty('author')
        expect(body.data[0]).not.toHaveProperty('comments')
        const only = await run(() => orm.simple(plan('include=author&per_page=20')))
        expect(mentions(only.queries, tables.users)).toBe(true)
        expect(mentions(only.queries, tables.comments)).toBe(false)
      })

      if (suite.counts)
        it('loads a count with the page, as the Knex adapter renders it', async () => {
          const query = 'include=comments_count&sort=id&per_page=50'
          const { result, queries } = await run(() => orm.page(plan(query)))
          if (suite.countQueries !== undefined) expect(queries).toHaveLength(suite.countQueries)
          else expect(queries.length).toBeLessThanOrEqual(3)
          const json = (page: object) =>
            JSON.parse(JSON.stringify(PostResource.collection(page as never))) as {
              data: { comments_count?: number }[]
            }
          const body = json(result)
          expect(body.data[0].comments_count).toBe(2)
          expect(body).toEqual(json(await knexPage(plan(query))))
        })
      else
        it('refuses a count at the call, before any query', async () => {
          const { result, queries } = await run(() =>
            orm.page(plan('include=comments_count')).catch((e: unknown) => e),
          )
          expect(result).toBeInstanceOf(UnsupportedQueryError)
          expect(queries).toEqual([])
        })

      if (suite.missingRelation !== undefined) {
        const missing = suite.missingRelation
        it(`refuses include=${missing} (not a relation of the model) at the call, naming it`, async () => {
          const { result, queries } = await run(() =>
            orm.page(plan(`include=${missing}`)).catch((e: unknown) => e),
          )
          expect(result).toBeInstanceOf(UnsupportedQueryError)
          expect(String((result as Error).message)).toContain(JSON.stringify(missing))
          expect(queries).toEqual([])
        })
      }

      it('binds a cursor to its sort, and walks with it', async () => {
        const first = await inRequest('/posts?sort=title&per_page=5', () =>
          orm.cursor(plan('sort=title&per_page=5')),
        )
        const cursor = cursorOf(first.nextPageUrl())!
        const same = await inRequest(`/posts?sort=title&per_page=5&cursor=${cursor}`, () =>
          orm.cursor(plan('sort=title&per_page=5')),
        )
        const reference = await knex(tables.posts)
          .orderBy([{ column: 'title' }, { column: 'id' }])
          .limit(10)
        expect(same.items().map((r) => Number((r as { id: unknown }).id))).toEqual(
          reference.slice(5).map((r: { id: unknown }) => Number(r.id)),
        )
        const error = await inRequest(`/posts?sort=-title&cursor=${cursor}`, () =>
          orm.cursor(plan('sort=-title')),
        ).catch((e: unknown) => e)
        expect(error).toBeInstanceOf(InvalidCursorError)
      })

      it('sends filter values only as bindings', async () => {
        const values = ["'; drop table x; --", 'a"b', 'x`y', "O'Brien", '\\']
        for (const value of refused ? values : [...values, '%_!']) {
          const encoded = encodeURIComponent(value)
          const { result, queries } = await run(() =>
            orm.page(plan(`filter[title]=${encoded}&filter[title][contains]=${encoded}`)),
          )
          expect(result.total()).toBe(0)
          for (const q of queries) expect(q).not.toContain(value)
        }
        // % and _ are taken literally (the "50%_off" titles), or refused with a 400
        for (const text of ['%25', '_', '50%25_']) {
          const asked = orm.page(plan(`filter[title][contains]=${text}&per_page=100`))
          if (refused) await expect(asked).rejects.toBeInstanceOf(QueryParameterError)
          else expect((await asked).total()).toBe(26)
        }
        const starts = orm.page(plan('filter[title][starts_with]=50%25'))
        if (refused) await expect(starts).rejects.toBeInstanceOf(QueryParameterError)
        else expect((await starts).total()).toBe(26)
      })

      it('answers an integer filter value past its column type: the rows that match, or a 400 naming it (PostgreSQL)', async () => {
        const all = (await knexPage(plan('per_page=100'))).total()
        const cases: Array<[string, string, number]> = [
          ['filter[score][gt]=3000000000', 'filter[score][gt]', 0],
          ['filter[score][lt]=3000000000', 'filter[score][lt]', all],
          ['filter[score][lt]=3000000000&filter[author][ne]=-1', 'filter', all],
        ]
        for (const [query, parameter, total] of cases) {
          for (const fn of [orm.page, orm.simple, orm.cursor]) {
            const answer = await fn(plan(query)).then(
              (page) => ({ rows: page.items().length }),
              (error: unknown) => ({ error }),
            )
            // the rows that match (MikroORM writes the value into the SQL, where PostgreSQL
            // reads it as a bigint), or, where PostgreSQL gets it as a parameter of the column's
            // type, a 400 naming the filter
            if ('error' in answer) {
              expect([query, name, answer.error]).toEqual([
                query,
                'postgres',
                expect.any(QueryParameterError),
              ])
              expect(Object.keys((answer.error as QueryParameterError).errors)).toEqual([parameter])
            } else expect([query, answer]).toEqual([query, { rows: Math.min(total, 10) }])
          }
        }
      })

      it("ANDs the filters and the cursor with the whole of the query's own WHERE, an OR at its top", async () => {
        const cases = [
          {
            query: 'filter[author]=1,2,3&sort=title&per_page=2',
            authors: [1, 2, 3],
            sort: 'title',
          },
          { query: 'sort=score&per_page=3', authors: undefined, sort: 'score' },
        ]
        // (an ORM suite that gives no such query has nothing to check)
        for (const [spelling, ored] of Object.entries(orm.ored ?? {}))
          for (const { query, authors, sort } of cases) {
            const expected = knex(tables.posts).select('id').whereIn('score', [1, 2])
            if (authors !== undefined) expected.whereIn('user_id', authors)
            const rows = await expected.orderBy([sort, 'id'])
            const want = rows.map((r: { id: unknown }) => Number(r.id))
            const label = `${spelling}: ${query}`
            const first = await inRequest(`/p?${query}`, () => ored.page(plan(query)))
            expect([label, first.total()]).toEqual([label, want.length])
            const perPage = Number(/per_page=(\d+)/.exec(query)![1])
            const offset = await walkOffset(query, perPage, (url) =>
              inRequest(url, () => ored.page(plan(query))),
            )
            expect([label, offset]).toEqual([label, want])
            const cursor = await walkCursor(query, (url) =>
              inRequest(url, () => ored.cursor(plan(query))),
            )
            expect([label, cursor]).toEqual([label, want])
          }
      })

      it('walks with a sort the query does not select itself', async () => {
        if (orm.selected === undefined) return
        const query = 'sort=-score,title&per_page=7'
        const want = await knex(tables.posts)
          .orderBy([{ column: 'score', order: 'desc' }, { column: 'title' }, { column: 'id' }])
          .pluck('id')
        const cursor = await walkCursor(query, (url) =>
          inRequest(url, () => orm.selected!.cursor(plan(query))),
        )
        expect(cursor).toEqual(want.map(Number))
      })

      it('walks the same rows as plain SQL with the same ORDER BY and WHERE (offset and cursor)', async () => {
        await fc.assert(
          fc.asyncProperty(planCases, async (c) => {
            if (refused && wildcard(c.query)) {
              await expect(orm.page(plan(c.query))).rejects.toBeInstanceOf(QueryParameterError)
              return
            }
            const want = await c.expected(knex, tables)
            const offset = await walkOffset(c.query, c.perPage, (url) =>
              inRequest(url, () => orm.page(plan(c.query))),
            )
            expect(offset).toEqual(want)
            const cursor = await walkCursor(c.query, (url) =>
              inRequest(url, () => orm.cursor(plan(c.query))),
            )
            expect(cursor).toEqual(want)
          }),
          { numRuns: 10 },
        )
      }, 180_000)
    },
  )
}
