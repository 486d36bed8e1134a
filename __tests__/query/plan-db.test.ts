/**
 * Query plans on the real databases, through Knex and Kysely: includes loaded in batches (query
 * counts from the driver's log), counts, many-to-many with pivot, filters and sorts against plain
 * SQL (a property test over offset and cursor walks), cursors bound to their sort, and values that
 * only ever reach SQL as bindings.
 */
import fc from 'fast-check'
import { sql, type Kysely } from 'kysely'
import type { Knex } from 'knex'
import {
  InvalidCursorError,
  JsonResource,
  QueryParameterError,
  defineQuery,
  queryPlan,
  type QueryPlan,
} from 'api-resources'
import * as knexAdapter from 'api-resources/knex'
import * as kyselyAdapter from 'api-resources/kysely'
import { DIALECTS, uniqueName } from '../support/db'
import {
  PostResource,
  cursorOf,
  dropPlanTables,
  inRequest,
  planCases,
  planRelations,
  planTableStatements,
  walkCursor,
  walkOffset,
  type CommentRow,
  type PlanTables,
  type PostRow,
  type UserRow,
} from '../support/plan-fixture'

describe.each(DIALECTS.map((d) => [d.name, d] as const))('query plans on %s', (_name, dialect) => {
  const t: PlanTables = {
    users: uniqueName('qp_users'),
    posts: uniqueName('qp_posts'),
    comments: uniqueName('qp_comments'),
    tags: uniqueName('qp_tags'),
    pivot: uniqueName('qp_post_tag'),
  }
  const relations = planRelations(t)
  let knex: Knex
  let kysely: Kysely<any>
  const knexLog: { sql: string; bindings: readonly unknown[] }[] = []
  const kyselyLog: string[] = []

  beforeAll(async () => {
    knex = dialect.knex()
    knex.on('query', (q: { sql: string; bindings?: unknown[] }) =>
      knexLog.push({ sql: q.sql, bindings: q.bindings ?? [] }),
    )
    kysely = dialect.kysely<any>({ onQuery: (q) => kyselyLog.push(q) })
    // in-memory SQLite: Knex and Kysely each have a database of their own, given the same SQL
    const run = async (statement: { toString(): string }): Promise<void> => {
      await knex.raw(statement.toString())
      if (dialect.name === 'sqlite') await sql.raw(statement.toString()).execute(kysely)
    }
    for (const statement of planTableStatements(knex, t)) await run(statement)
  })

  afterAll(async () => {
    if (knex === undefined) return
    await dropPlanTables(knex, t)
    if (dialect.name === 'sqlite')
      for (const table of [t.pivot, t.tags, t.comments, t.posts, t.users])
        await sql.raw(`drop table if exists ${table}`).execute(kysely)
    await knex.destroy()
    await kysely.destroy()
  })

  const plan = (query: string): QueryPlan => queryPlan(PostResource, { query })

  type Adapter = {
    name: string
    page: (p: QueryPlan) => Promise<{ items(): object[]; toJSON(): unknown }>
    cursor: (p: QueryPlan) => Promise<{ items(): object[]; nextPageUrl(): string | null }>
    simple: (p: QueryPlan) => Promise<{ items(): object[] }>
    log: () => string[]
    clear: () => void
  }
  const adapters: Adapter[] = [
    {
      name: 'Knex',
      page: (p) => knexAdapter.paginate(knex(t.posts), p, { relations }),
      cursor: (p) => knexAdapter.cursorPaginate(knex(t.posts), p, { relations }),
      simple: (p) => knexAdapter.simplePaginate(knex(t.posts), p, { relations }),
      log: () => knexLog.map((q) => q.sql),
      clear: () => void (knexLog.length = 0),
    },
    {
      name: 'Kysely',
      page: (p) =>
        kyselyAdapter.paginate(kysely.selectFrom(t.posts).selectAll(), p, {
          db: kysely,
          relations,
        }),
      cursor: (p) =>
        kyselyAdapter.cursorPaginate(kysely.selectFrom(t.posts).selectAll(), p, {
          db: kysely,
          relations,
        }),
      simple: (p) =>
        kyselyAdapter.simplePaginate(kysely.selectFrom(t.posts).selectAll(), p, {
          db: kysely,
          relations,
        }),
      log: () => [...kyselyLog],
      clear: () => void (kyselyLog.length = 0),
    },
  ]

  describe.each(adapters.map((a) => [a.name, a] as const))('through %s', (_a, adapter) => {
    it('loads a 100-row page with include=author,comments.author in 1 + 3 queries plus the COUNT', async () => {
      adapter.clear()
      const page = await adapter.page(plan('include=author,comments.author&per_page=100'))
      const rows = page.items() as (PostRow & {
        writer: UserRow
        comments: (CommentRow & { author: UserRow })[]
      })[]
      expect(rows).toHaveLength(100)
      expect(adapter.log()).toHaveLength(5)
      expect(adapter.log().filter((q) => /count\(/i.test(q))).toHaveLength(1)
      for (const row of rows) {
        expect(Number(row.writer.id)).toBe(Number(row.user_id))
        expect(row.comments.length).toBeGreaterThan(0)
        for (const comment of row.comments) {
          expect(Number(comment.post_id)).toBe(Number(row.id))
          expect(Number(comment.author.id)).toBe(Number(comment.user_id))
        }
      }
      const json = PostResource.collection(page as never).toJSON() as {
        data: { author?: unknown; comments?: { author?: unknown }[]; tags?: unknown }[]
      }
      expect(json.data[0].author).toBeDefined()
      expect(json.data[0].comments?.[0].author).toBeDefined()
      expect(json.data[0].tags).toBeUndefined() // not asked for: not loaded, not rendered
    })

    it('loads nothing it was not asked for', async () => {
      adapter.clear()
      const page = await adapter.page(plan('per_page=20'))
      expect(adapter.log()).toHaveLength(2)
      expect(page.items()[0]).not.toHaveProperty('writer')
    })

    it('loads many-to-many with pivot data and counts in one query each', async () => {
      adapter.clear()
      const page = await adapter.page(plan('include=tags,comments_count&sort=id&per_page=50'))
      expect(adapter.log()).toHaveLength(4)
      const rows = page.items() as (PostRow & {
        tags: { id: number; pivot: { position: number } }[]
        comments_count: number
      })[]
      expect(rows[0].tags.map((tag) => Number(tag.id))).toEqual([1])
      expect(Number(rows[0].tags[0].pivot.position)).toBe(0)
      expect(rows[45].tags).toEqual([])
      expect(rows[0].comments_count).toBe(2)
      const counts = await knex(t.comments).where('post_id', rows[10].id).count('* as n')
      expect(rows[10].comments_count).toBe(Number(counts[0].n))
    })

    it('carries the accepted parameters into the page links, in a normal form', async () => {
      const page = await inRequest(
        '/posts?filter[score][gte]=3&include=comments.author,author&sort=title&per_page=5',
        () =>
          adapter.page(
            plan('filter[score][gte]=3&include=comments.author,author&sort=title&per_page=5'),
          ),
      )
      const json = page.toJSON() as { next_page_url: string }
      expect(decodeURIComponent(json.next_page_url)).toBe(
        '/posts?page=2&include=author,comments.author&sort=title&filter[score][gte]=3&per_page=5',
      )
    })

    it('refuses a cursor made for another sort (400 naming cursor)', async () => {
      const first = await adapter.cursor(plan('sort=title&per_page=5'))
      const cursor = cursorOf(first.nextPageUrl())!
      const same = await inRequest(`/posts?sort=title&cursor=${cursor}`, () =>
        adapter.cursor(plan(`sort=title&per_page=5&cursor=${cursor}`)),
      )
      expect(same.items()).toHaveLength(5)
      const error = await inRequest(`/posts?sort=-title&cursor=${cursor}`, () =>
        adapter.cursor(plan(`sort=-title&cursor=${cursor}`)),
      ).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InvalidCursorError)
      expect(error).toMatchObject({ status: 400 })
    })

    it('answers a filter value its integer column cannot hold: a 400 on PostgreSQL, the rows that match elsewhere', async () => {
      const [{ n }] = (await knex(t.posts).count({ n: '*' })) as Array<{ n: unknown }>
      const cases: Array<[string, string, number]> = [
        ['filter[score][gt]=3000000000', 'filter[score][gt]', 0],
        ['filter[score][lt]=3000000000', 'filter[score][lt]', Math.min(Number(n), 100)],
        ['filter[score][lt]=3000000000&filter[author][ne]=-1', 'filter', Math.min(Number(n), 100)],
      ]
      for (const [query, parameter, count] of cases) {
        for (const run of [adapter.page, adapter.cursor, adapter.simple]) {
          const answer = run(plan(`${query}&per_page=100`))
          if (dialect.name !== 'postgres') {
            expect([query, (await answer).items().length]).toEqual([query, count])
            continue
          }
          const error = await answer.then(
            () => undefined,
            (e: unknown) => e,
          )
          expect(error).toBeInstanceOf(QueryParameterError)
          expect(Object.keys((error as QueryParameterError).errors)).toEqual([parameter])
          expect((error as QueryParameterError).status).toBe(400)
          expect((error as Error).cause).toMatchObject({ code: '22003' })
        }
      }
    })

    it('walks the same rows as plain SQL with the same ORDER BY and WHERE (offset and cursor)', async () => {
      await fc.assert(
        fc.asyncProperty(planCases, async (c) => {
          const want = await c.expected(knex, t)
          const offset = await walkOffset(c.query, c.perPage, (url) =>
            inRequest(url, () => adapter.page(plan(c.query))),
          )
          expect(offset).toEqual(want)
          const cursor = await walkCursor(c.query, (url) =>
            inRequest(url, () => adapter.cursor(plan(c.query))),
          )
          expect(cursor).toEqual(want)
        }),
        { numRuns: 12 },
      )
    }, 120_000)
  })

  it('never puts a parameter value into SQL text (Knex, only as bindings)', async () => {
    const hostile = fc
      .string({ minLength: 1, maxLength: 20 })
      .filter((s) => !s.includes(',') && s.trim().length > 2)
    // the statements for a value: their SQL text must not depend on it (a value that is a
    // substring of a table name or a keyword, `sel`, is not thereby in the text)
    const run = async (value: string) => {
      knexLog.length = 0
      const encoded = encodeURIComponent(value)
      const p = plan(
        `filter[title]=${encoded}&filter[title][contains]=${encoded}&filter[title][starts_with]=${encoded}`,
      )
      await knexAdapter.paginate(knex(t.posts), p, { relations })
      return knexLog.map((q) => ({ ...q }))
    }
    const reference = (await run('plain')).map((q) => q.sql)
    await fc.assert(
      fc.asyncProperty(hostile, async (value) => {
        const statements = await run(value)
        expect(statements.map((q) => q.sql)).toEqual(reference)
        expect(statements.some((q) => q.bindings.includes(value))).toBe(true)
      }),
      { numRuns: 40 },
    )
  })

  it('never puts a parameter value into SQL text (Kysely, only as parameters)', async () => {
    const values = ["'; drop table x; --", 'a"b', 'x`y', '\\', '%_!']
    for (const value of values) {
      kyselyLog.length = 0
      const encoded = encodeURIComponent(value)
      await kyselyAdapter.paginate(
        kysely.selectFrom(t.posts).selectAll(),
        plan(`filter[title]=${encoded}&filter[title][contains]=${encoded}`),
        { db: kysely, relations },
      )
      for (const q of kyselyLog) expect(q).not.toContain(value)
    }
  })

  it('filters a 100-value list with bound values', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => i + 1)
    const page = await knexAdapter.paginate(
      knex(t.posts),
      plan(`filter[author]=${ids.join(',')}&per_page=100`),
      {},
    )
    expect(page.items()).toHaveLength(100)
    await expect(sql`select 1`.execute(kysely)).resolves.toBeDefined()
  })

  it('filters a boolean column through Knex and Kysely (SQLite binds it as 1/0)', async () => {
    class FlagResource extends JsonResource<{ id: number; flag: boolean }> {
      static query = defineQuery<{ id: number; flag: boolean }>()({
        sort: ['id'],
        filters: { flag: { type: 'boolean', operators: ['eq', 'ne', 'in'] } },
      })
    }
    const table = uniqueName('qp_flags')
    const rows = [1, 2, 3, 4, 5].map((id) => `(${id}, ${id % 2 === 0 ? 'true' : 'false'})`)
    const statements = [
      `create table ${table} (id integer primary key, flag boolean not null)`,
      `insert into ${table} (id, flag) values ${rows.join(', ')}`,
    ]
    for (const statement of statements) {
      await knex.raw(statement)
      if (dialect.name === 'sqlite') await sql.raw(statement).execute(kysely)
    }
    try {
      const cases: Array<[string, number[]]> = [
        ['filter[flag]=true', [2, 4]],
        ['filter[flag][ne]=true', [1, 3, 5]],
        ['filter[flag][in]=true,false', [1, 2, 3, 4, 5]],
      ]
      for (const [query, want] of cases) {
        const flagPlan = () => queryPlan(FlagResource, { query: `sort=id&${query}` })
        const ids = (page: { items(): object[] }) =>
          (page.items() as Array<{ id: unknown }>).map((r) => Number(r.id))
        expect([query, ids(await knexAdapter.paginate(knex(table), flagPlan()))]).toEqual([
          query,
          want,
        ])
        const kyselyPage = await kyselyAdapter.cursorPaginate(
          kysely.selectFrom(table).selectAll(),
          flagPlan(),
        )
        expect([query, ids(kyselyPage)]).toEqual([query, want])
      }
    } finally {
      await knex.schema.dropTableIfExists(table)
      if (dialect.name === 'sqlite') await sql.raw(`drop table if exists ${table}`).execute(kysely)
    }
  })
})
