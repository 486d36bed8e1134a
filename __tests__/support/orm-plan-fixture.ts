/**
 * The data, resources and reference of the planned ORM suites (Objection, Sequelize, Drizzle): the
 * tables of `__tests__/query/plan-db.test.ts` with real column types (a microsecond timestamp that
 * may be NULL, a decimal), created under unique names on one dialect; the resources (JSON and
 * JSON:API) with the same query declaration; the Knex adapter's page of a plan, the reference every
 * ORM's bodies are compared with; and the walk of the property test (offset and cursor pages equal
 * a plain SQL query with the same ORDER BY and WHERE).
 */
import 'reflect-metadata'
import fc from 'fast-check'
import type { Knex } from 'knex'
import {
  Field,
  JsonApiResource,
  JsonResource,
  WhenCounted,
  WhenLoaded,
  belongsTo,
  belongsToMany,
  defineQuery,
  defineRelations,
  hasMany,
  queryPlan,
  type QueryPlan,
  type RelationMap,
} from 'api-resources'
import * as knexAdapter from 'api-resources/knex'
import { uniqueName, type DialectName } from './db'
import {
  COMMENTS,
  POSTS,
  USERS,
  cursorOf,
  dropPlanTables,
  inRequest,
  type PlanTables,
} from './plan-fixture'

// the counts, table names and request helpers are the query-plan fixture's own
export { COMMENTS, POSTS, USERS, cursorOf, dropPlanTables, inRequest, type PlanTables }

type Row = Record<string, unknown>

export class PlanUserResource extends JsonResource<Row> {
  @Field() id!: number
  @Field() name!: string
}
export class PlanCommentResource extends JsonResource<Row> {
  @Field() id!: number
  @Field() body!: string
  @WhenLoaded(() => PlanUserResource) author?: unknown
}

/** The posts' columns, as the declaration types them. */
interface PostRow {
  id: number
  user_id: number
  title: string
  score: number
  rating: string | number | null
  published_at: Date | string | null
}

const QUERY = defineQuery<PostRow>()({
  sort: ['title', 'score', 'rating', 'published_at', 'id'],
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

export class PlanTagResource extends JsonResource<Row> {
  @Field() id!: number
  @Field() name!: string
}

export class PlanPostResource extends JsonResource<Row> {
  static query = QUERY
  @Field() id!: number
  @Field() title!: string
  @Field() score!: number
  @Field() rating!: unknown
  @Field() published_at!: unknown
  @WhenLoaded(() => PlanUserResource) author?: unknown
  @WhenLoaded(() => PlanCommentResource) comments?: unknown
  @WhenLoaded(() => PlanTagResource) tags?: unknown
  @WhenCounted() comments_count?: number
}

/** The same posts with the author under another name: `writer` reads the relation `author`. */
export class PlanRenamedPostResource extends JsonResource<Row> {
  static query = defineQuery<PostRow>()({ sort: ['id'], perPage: { default: 10, max: 100 } })
  @Field() id!: number
  @WhenLoaded(() => PlanUserResource, { relation: 'author' }) writer?: unknown
}

export class PlanUserDoc extends JsonApiResource<Row> {
  static override resourceType = 'users'
  override toArray(): Row {
    return { name: this.resource.name }
  }
}
export class PlanCommentDoc extends JsonApiResource<Row> {
  static override resourceType = 'comments'
  static override relationships = { author: () => PlanUserDoc }
  override toArray(): Row {
    return { body: this.resource.body }
  }
}
export class PlanPostDoc extends JsonApiResource<Row> {
  static override resourceType = 'posts'
  static query = QUERY
  static override relationships = { author: () => PlanUserDoc, comments: () => PlanCommentDoc }
  override toArray(): Row {
    return { title: this.resource.title, score: this.resource.score }
  }
}

/** Day `day` of 2024 at 10:00 plus `micros` microseconds, zone-less (`2024-01-05 10:00:00.000123`). */
export function stamp(day: number, micros = 0): string {
  const date = new Date(Date.UTC(2024, 0, 1 + day, 10, 0, 0))
  return `${date.toISOString().slice(0, 19).replace('T', ' ')}.${String(micros).padStart(6, '0')}`
}

/** The wire form of day `day` for `filter[published_at][gte]` (what SQLite compares as text). */
export const isoDay = (day: number): string =>
  new Date(Date.UTC(2024, 0, 1 + day, 10, 0, 0)).toISOString()

export function planTables(prefix: string): PlanTables {
  return {
    users: uniqueName(`${prefix}_users`),
    posts: uniqueName(`${prefix}_posts`),
    comments: uniqueName(`${prefix}_comments`),
    tags: uniqueName(`${prefix}_tags`),
    pivot: uniqueName(`${prefix}_post_tag`),
  }
}

/** The Knex relation loaders of the tables: the reference's. */
export function planRelations(t: PlanTables): RelationMap {
  return defineRelations({
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
}

/**
 * Creates and fills the tables. `published_at` is a zone-less timestamp with microseconds
 * (ISO text on SQLite, which has no date type), NULL for every sixth post; `rating` a decimal.
 */
export async function createPlanTables(
  knex: Knex,
  t: PlanTables,
  dialect: DialectName,
): Promise<void> {
  await knex.schema.createTable(t.users, (b) => {
    b.integer('id').primary()
    b.string('name', 50).notNullable()
  })
  await knex.schema.createTable(t.posts, (b) => {
    b.integer('id').primary()
    b.integer('user_id').notNullable()
    b.string('title', 80).notNullable()
    b.integer('score').notNullable()
    b.decimal('rating', 6, 2).nullable()
    if (dialect === 'sqlite') b.string('published_at', 40).nullable()
    else if (dialect === 'postgres')
      b.timestamp('published_at', { precision: 6, useTz: false }).nullable()
    else b.datetime('published_at', { precision: 6 }).nullable()
  })
  await knex.schema.createTable(t.comments, (b) => {
    b.integer('id').primary()
    b.integer('post_id').notNullable()
    b.integer('user_id').notNullable()
    b.string('body', 50).notNullable()
  })
  await knex.schema.createTable(t.tags, (b) => {
    b.integer('id').primary()
    b.string('name', 30).notNullable()
  })
  await knex.schema.createTable(t.pivot, (b) => {
    b.integer('post_id').notNullable()
    b.integer('tag_id').notNullable()
    b.integer('position').notNullable()
  })
  const words = ['alpha', 'beta', 'gamma', '50%_off', 'delta']
  await knex(t.users).insert(
    Array.from({ length: USERS }, (_, i) => ({ id: i + 1, name: `User ${i + 1}` })),
  )
  await knex(t.posts).insert(
    Array.from({ length: POSTS }, (_, k) => {
      const day = (k * 5) % 40
      const micros = (k * 7919) % 1_000_000
      return {
        id: k + 1,
        user_id: (k % USERS) + 1,
        title: `${words[k % words.length]} ${k % 9}`,
        score: (k * 7) % 11,
        rating: k % 4 === 0 ? null : ((k * 37) % 1000) / 100,
        published_at:
          k % 6 === 0
            ? null
            : dialect === 'sqlite'
              ? `${isoDay(day).slice(0, 19)}.${String(micros).padStart(6, '0')}Z`
              : stamp(day, micros),
      }
    }),
  )
  await knex(t.comments).insert(
    Array.from({ length: COMMENTS }, (_, k) => ({
      id: k + 1,
      post_id: (k % POSTS) + 1,
      user_id: ((k * 5) % USERS) + 1,
      body: `c${k}`,
    })),
  )
  await knex(t.tags).insert([1, 2, 3].map((id) => ({ id, name: `tag${id}` })))
  await knex(t.pivot).insert(
    Array.from({ length: 40 }, (_, k) => ({ post_id: k + 1, tag_id: (k % 3) + 1, position: k })),
  )
}

/** A page as the suites read it. */
export interface PlanPage {
  items(): object[]
  nextPageUrl(): string | null
}

/** One adapter under test: its three planned paginators over the posts. */
export interface PlannedAdapter {
  page(plan: QueryPlan): Promise<PlanPage>
  simple(plan: QueryPlan): Promise<PlanPage>
  cursor(plan: QueryPlan): Promise<PlanPage>
}

/** The Knex adapter over the same tables: the reference. */
export function knexReference(knex: Knex, t: PlanTables): PlannedAdapter {
  const relations = planRelations(t)
  return {
    page: (p) => knexAdapter.paginate(knex(t.posts), p, { relations }),
    simple: (p) => knexAdapter.simplePaginate(knex(t.posts), p, { relations }),
    cursor: (p) => knexAdapter.cursorPaginate(knex(t.posts), p, { relations }),
  }
}

/**
 * The JSON and JSON:API bodies of the page of `query` through `adapter` (inside a request for the
 * same query, so links and `included` follow it).
 */
export async function planBodies(
  adapter: PlannedAdapter,
  query: string,
): Promise<{ json: unknown; jsonApi: unknown }> {
  const url = `/posts?${query}`
  const json = await inRequest(url, async () => {
    const page = await adapter.page(queryPlan(PlanPostResource, { query }))
    return JSON.parse(JSON.stringify(PlanPostResource.collection(page as never)))
  })
  const jsonApi = await inRequest(url, async () => {
    const page = await adapter.page(queryPlan(PlanPostDoc, { query }))
    return JSON.parse(JSON.stringify(PlanPostDoc.collection(page as never)))
  })
  return { json, jsonApi }
}

const ids = (page: PlanPage): number[] =>
  page.items().map((row) => Number((row as { id: unknown }).id))

/**
 * The property test: for random allowed sorts and filters, walking the offset pages and the cursor
 * pages of `adapter` gives the rows of a plain SQL query with the same ORDER BY and WHERE, in order.
 */
export async function walkEqualsPlainSql(
  knex: Knex,
  t: PlanTables,
  dialect: DialectName,
  adapter: PlannedAdapter,
  runs = 10,
): Promise<void> {
  const sortable = ['title', 'score', 'rating', 'published_at', 'id'] as const
  const filterArb = fc.record(
    {
      author: fc.uniqueArray(fc.integer({ min: 1, max: USERS }), { minLength: 1, maxLength: 3 }),
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
    fc.asyncProperty(sortArb, filterArb, fc.integer({ min: 5, max: 40 }), async (sort, f, n) => {
      const params: string[] = [`per_page=${n}`]
      if (sort.length > 0)
        params.push(`sort=${sort.map((s) => (s.desc ? '-' : '') + s.name).join(',')}`)
      if (f.author) params.push(`filter[author]=${f.author.join(',')}`)
      if (f.scoreGte !== undefined) params.push(`filter[score][gte]=${f.scoreGte}`)
      if (f.title !== undefined)
        params.push(`filter[title][contains]=${encodeURIComponent(f.title)}`)
      if (f.published !== undefined) params.push(`filter[published]=${f.published}`)
      if (f.publishedGte !== undefined)
        params.push(`filter[published_at][gte]=${isoDay(f.publishedGte)}`)
      const query = params.join('&')
      // the expected rows, by plain SQL written here
      const expected = knex(t.posts).select('id')
      if (f.author) expected.whereIn('user_id', f.author)
      if (f.scoreGte !== undefined) expected.where('score', '>=', f.scoreGte)
      if (f.title !== undefined)
        expected.whereRaw(`title like ? escape '!'`, [`%${f.title.replace(/[!%_]/g, '!$&')}%`])
      if (f.published === true) expected.whereNotNull('published_at')
      if (f.published === false) expected.whereNull('published_at')
      if (f.publishedGte !== undefined) {
        const bound = new Date(isoDay(f.publishedGte))
        expected.where('published_at', '>=', dialect === 'sqlite' ? bound.toISOString() : bound)
      }
      const order = sort.length === 0 ? [{ name: 'id', desc: true }] : [...sort]
      if (!order.some((o) => o.name === 'id'))
        order.push({ name: 'id', desc: order[order.length - 1].desc })
      for (const o of order) expected.orderBy(o.name, o.desc ? 'desc' : 'asc')
      const want = (await expected).map((r: { id: unknown }) => Number(r.id))
      const plan = () => queryPlan(PlanPostResource, { query })

      const offsetIds: number[] = []
      for (let page = 1; page <= 60; page++) {
        const p = await inRequest(`/p?${query}&page=${page}`, () => adapter.page(plan()))
        offsetIds.push(...ids(p))
        if (p.items().length < n) break
      }
      expect(offsetIds).toEqual(want)

      const cursorIds: number[] = []
      let cursor: string | undefined
      for (let step = 0; step < 60; step++) {
        const url = cursor === undefined ? `/p?${query}` : `/p?${query}&cursor=${cursor}`
        const p = await inRequest(url, () => adapter.cursor(plan()))
        cursorIds.push(...ids(p))
        cursor = cursorOf(p.nextPageUrl())
        if (cursor === undefined) break
      }
      expect(cursorIds).toEqual(want)
    }),
    { numRuns: runs },
  )
}

/** Hostile filter values: the adapter finds what the Knex adapter finds (and never fails). */
export async function hostileFiltersMatch(
  adapter: PlannedAdapter,
  reference: PlannedAdapter,
): Promise<void> {
  const values = ["'; drop table x; --", 'a"b', 'x`y', '\\', '\\%', '%_!', '50%_off 3', "O'Brien"]
  for (const value of values) {
    const encoded = encodeURIComponent(value)
    for (const query of [
      `filter[title]=${encoded}&per_page=100`,
      `filter[title][contains]=${encoded}&per_page=100`,
      `filter[title][starts_with]=${encoded}&per_page=100`,
    ]) {
      const p = queryPlan(PlanPostResource, { query })
      expect([query, ids(await adapter.page(p))]).toEqual([query, ids(await reference.page(p))])
    }
  }
}
