/**
 * Query plans on the real databases, through Knex and Kysely: includes loaded in batches (query
 * counts from the driver's log), counts, many-to-many with pivot, filters and sorts against plain
 * SQL (a property test over offset and cursor walks), cursors bound to their sort, and values that
 * only ever reach SQL as bindings.
 */
import 'reflect-metadata'
import fc from 'fast-check'
import { sql, type Kysely } from 'kysely'
import type { Knex } from 'knex'
import {
  Field,
  InvalidCursorError,
  JsonResource,
  WhenCounted,
  WhenLoaded,
  WhenPivotLoaded,
  belongsTo,
  belongsToMany,
  createRequestContext,
  defineQuery,
  defineRelations,
  hasMany,
  queryPlan,
  runWithRequestContext,
  type QueryPlan,
} from 'api-resources'
import * as knexAdapter from 'api-resources/knex'
import * as kyselyAdapter from 'api-resources/kysely'
import { DIALECTS, uniqueName } from '../support/db'

interface UserRow {
  id: number
  name: string
}
interface PostRow {
  id: number
  user_id: number
  title: string
  score: number
  published_at: string | null
  author?: UserRow
  comments?: CommentRow[]
  tags?: { id: number; name: string }[]
  comments_count?: number
}
interface CommentRow {
  id: number
  post_id: number
  user_id: number
  body: string
  author?: UserRow
}

class UserResource extends JsonResource<UserRow> {
  @Field() id!: number
  @Field() name!: string
}
class TagResource extends JsonResource<{ id: number; name: string }> {
  @Field() id!: number
  @Field() name!: string
  @WhenPivotLoaded() pivot?: unknown
}
class CommentResource extends JsonResource<CommentRow> {
  @Field() id!: number
  @WhenLoaded(() => UserResource) author?: unknown
}
class PostResource extends JsonResource<PostRow> {
  static query = defineQuery<PostRow>()({
    sort: ['title', 'score', 'published_at', 'id'],
    defaultSort: '-id',
    filters: {
      author: { column: 'user_id', type: 'integer', operators: ['eq', 'in', 'ne'] },
      title: { type: 'string', operators: ['eq', 'contains', 'starts_with'] },
      score: { type: 'integer', operators: ['eq', 'lt', 'lte', 'gt', 'gte'] },
      published_at: { type: 'date-time', operators: ['gte', 'lte', 'null'] },
      published: {
        type: 'boolean',
        where: (value) => ({ column: 'published_at', op: 'null', value: value !== true }),
      },
    },
    perPage: { default: 10, max: 100 },
  })
  @Field() id!: number
  @Field() title!: string
  @WhenLoaded(() => UserResource) author?: unknown
  @WhenLoaded(() => CommentResource) comments?: unknown
  @WhenLoaded(() => TagResource) tags?: unknown
  @WhenCounted() comments_count?: number
}

/** The `cursor` parameter of a page URL, as sent back (still encoded). */
function cursorOf(url: string | null): string | undefined {
  if (url === null) return undefined
  const value = new URL(url, 'http://localhost').searchParams.get('cursor')
  return value === null ? undefined : encodeURIComponent(value)
}

const USERS = 12
const POSTS = 130
const iso = (day: number) => new Date(Date.UTC(2024, 0, 1 + day, 10, 0, 0)).toISOString()

describe.each(DIALECTS.map((d) => [d.name, d] as const))('query plans on %s', (_name, dialect) => {
  const t = {
    users: uniqueName('qp_users'),
    posts: uniqueName('qp_posts'),
    comments: uniqueName('qp_comments'),
    tags: uniqueName('qp_tags'),
    pivot: uniqueName('qp_post_tag'),
  }
  const relations = defineRelations({
    [t.posts]: {
      author: belongsTo(t.users, { foreignKey: 'user_id' }),
      comments: hasMany(t.comments, { foreignKey: 'post_id' }),
      tags: belongsToMany(t.tags, {
        pivot: t.pivot,
        foreignPivotKey: 'post_id',
        relatedPivotKey: 'tag_id',
        pivotColumns: ['position'],
      }),
    },
    [t.comments]: { author: belongsTo(t.users, { foreignKey: 'user_id' }) },
  })
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
    await run(
      knex.schema.createTable(t.users, (b) => {
        b.integer('id').primary()
        b.string('name', 50).notNullable()
      }),
    )
    await run(
      knex.schema.createTable(t.posts, (b) => {
        b.integer('id').primary()
        b.integer('user_id').notNullable()
        b.string('title', 80).notNullable()
        b.integer('score').notNullable()
        b.string('published_at', 30).nullable()
      }),
    )
    await run(
      knex.schema.createTable(t.comments, (b) => {
        b.integer('id').primary()
        b.integer('post_id').notNullable()
        b.integer('user_id').notNullable()
        b.string('body', 50).notNullable()
      }),
    )
    await run(
      knex.schema.createTable(t.tags, (b) => {
        b.integer('id').primary()
        b.string('name', 30).notNullable()
      }),
    )
    await run(
      knex.schema.createTable(t.pivot, (b) => {
        b.integer('post_id').notNullable()
        b.integer('tag_id').notNullable()
        b.integer('position').notNullable()
      }),
    )
    const words = ['alpha', 'beta', 'gamma', '50%_off', 'delta']
    await run(
      knex(t.users).insert(
        Array.from({ length: USERS }, (_, i) => ({ id: i + 1, name: `User ${i + 1}` })),
      ),
    )
    await run(
      knex(t.posts).insert(
        Array.from({ length: POSTS }, (_, k) => ({
          id: k + 1,
          user_id: (k % USERS) + 1,
          title: `${words[k % words.length]} ${k % 9}`,
          score: (k * 7) % 11,
          published_at: k % 6 === 0 ? null : iso((k * 5) % 40),
        })),
      ),
    )
    await run(
      knex(t.comments).insert(
        Array.from({ length: 260 }, (_, k) => ({
          id: k + 1,
          post_id: (k % POSTS) + 1,
          user_id: ((k * 5) % USERS) + 1,
          body: `c${k}`,
        })),
      ),
    )
    await run(knex(t.tags).insert([1, 2, 3].map((id) => ({ id, name: `tag${id}` }))))
    await run(
      knex(t.pivot).insert(
        Array.from({ length: 40 }, (_, k) => ({
          post_id: k + 1,
          tag_id: (k % 3) + 1,
          position: k,
        })),
      ),
    )
  })

  afterAll(async () => {
    if (knex === undefined) return
    for (const table of [t.pivot, t.tags, t.comments, t.posts, t.users])
      await knex.schema.dropTableIfExists(table)
    if (dialect.name === 'sqlite')
      for (const table of [t.pivot, t.tags, t.comments, t.posts, t.users])
        await sql.raw(`drop table if exists ${table}`).execute(kysely)
    await knex.destroy()
    await kysely.destroy()
  })

  const plan = (query: string): QueryPlan => queryPlan(PostResource, { query })
  const inRequest = <T>(url: string, fn: () => Promise<T>) =>
    runWithRequestContext(createRequestContext(url, {}), fn)

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
        author: UserRow
        comments: (CommentRow & { author: UserRow })[]
      })[]
      expect(rows).toHaveLength(100)
      expect(adapter.log()).toHaveLength(5)
      expect(adapter.log().filter((q) => /count\(/i.test(q))).toHaveLength(1)
      for (const row of rows) {
        expect(Number(row.author.id)).toBe(Number(row.user_id))
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
      expect(page.items()[0]).not.toHaveProperty('author')
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
        '/posts?page=2&include=author,comments,comments.author&sort=title&filter[score][gte]=3&per_page=5',
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

    it('walks the same rows as plain SQL with the same ORDER BY and WHERE (offset and cursor)', async () => {
      const sortable = ['title', 'score', 'published_at', 'id'] as const
      const filterArb = fc.record(
        {
          author: fc.uniqueArray(fc.integer({ min: 1, max: USERS }), {
            minLength: 1,
            maxLength: 3,
          }),
          scoreGte: fc.integer({ min: 0, max: 10 }),
          title: fc.constantFrom('alpha', 'a', '%', '_off', 'ta 1'),
          published: fc.boolean(),
          publishedGte: fc.integer({ min: 0, max: 40 }),
        },
        { requiredKeys: [] },
      )
      const sortArb = fc.uniqueArray(
        fc.record({ name: fc.constantFrom(...sortable), desc: fc.boolean() }),
        { selector: (e) => e.name, minLength: 0, maxLength: 3 },
      )
      await fc.assert(
        fc.asyncProperty(
          sortArb,
          filterArb,
          fc.integer({ min: 3, max: 40 }),
          async (sort, f, perPage) => {
            const params: string[] = [`per_page=${perPage}`]
            if (sort.length > 0)
              params.push(`sort=${sort.map((s) => (s.desc ? '-' : '') + s.name).join(',')}`)
            if (f.author) params.push(`filter[author]=${f.author.join(',')}`)
            if (f.scoreGte !== undefined) params.push(`filter[score][gte]=${f.scoreGte}`)
            if (f.title !== undefined)
              params.push(`filter[title][contains]=${encodeURIComponent(f.title)}`)
            if (f.published !== undefined) params.push(`filter[published]=${f.published}`)
            if (f.publishedGte !== undefined)
              params.push(`filter[published_at][gte]=${iso(f.publishedGte)}`)
            const query = params.join('&')
            // the expected rows, by plain SQL written here
            const expected = knex(t.posts).select('id')
            if (f.author) expected.whereIn('user_id', f.author)
            if (f.scoreGte !== undefined) expected.where('score', '>=', f.scoreGte)
            if (f.title !== undefined)
              expected.whereRaw(`title like ? escape '!'`, [
                `%${f.title.replace(/[!%_]/g, '!$&')}%`,
              ])
            if (f.published === true) expected.whereNotNull('published_at')
            if (f.published === false) expected.whereNull('published_at')
            if (f.publishedGte !== undefined)
              expected.where('published_at', '>=', iso(f.publishedGte))
            const order = sort.length === 0 ? [{ name: 'id', desc: true }] : [...sort]
            if (!order.some((o) => o.name === 'id'))
              order.push({ name: 'id', desc: order[order.length - 1].desc })
            for (const o of order) expected.orderBy(o.name, o.desc ? 'desc' : 'asc')
            const want = (await expected).map((r: { id: unknown }) => Number(r.id))

            const offsetIds: number[] = []
            for (let page = 1; page <= 60; page++) {
              const p = await inRequest(`/p?${query}&page=${page}`, () => adapter.page(plan(query)))
              const items = p.items()
              offsetIds.push(...items.map((r) => Number((r as { id: unknown }).id)))
              if (items.length < perPage) break
            }
            expect(offsetIds).toEqual(want)

            const cursorIds: number[] = []
            let cursor: string | undefined
            for (let step = 0; step < 60; step++) {
              const url = cursor === undefined ? `/p?${query}` : `/p?${query}&cursor=${cursor}`
              const p = await inRequest(url, () => adapter.cursor(plan(query)))
              cursorIds.push(...p.items().map((r) => Number((r as { id: unknown }).id)))
              cursor = cursorOf(p.nextPageUrl())
              if (cursor === undefined) break
            }
            expect(cursorIds).toEqual(want)
          },
        ),
        { numRuns: 12 },
      )
    }, 120_000)
  })

  it('never puts a parameter value into SQL text (Knex, only as bindings)', async () => {
    const hostile = fc
      .string({ minLength: 1, maxLength: 20 })
      .filter((s) => !s.includes(',') && s.trim().length > 2)
    await fc.assert(
      fc.asyncProperty(hostile, async (value) => {
        knexLog.length = 0
        const encoded = encodeURIComponent(value)
        const p = plan(
          `filter[title]=${encoded}&filter[title][contains]=${encoded}&filter[title][starts_with]=${encoded}`,
        )
        await knexAdapter.paginate(knex(t.posts), p, { relations })
        for (const q of knexLog) expect(q.sql).not.toContain(value)
        expect(knexLog.some((q) => q.bindings.includes(value))).toBe(true)
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
})
