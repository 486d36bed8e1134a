// The tables, rows, resources and expectations of the query-plan suites, shared by the Knex/Kysely
// suite (__tests__/query/plan-db.test.ts) and the ORM suite (__tests__/adapters/planned-orm-suite.ts):
// users, posts (author, score, published_at), comments (post, author), tags through a pivot with a
// `position`. The post's author is the model's `writer` (the resource renames it on the wire).
import 'reflect-metadata'
import fc from 'fast-check'
import type { Knex } from 'knex'
import {
  Attribute,
  Field,
  JsonApiResource,
  JsonResource,
  Relationship,
  WhenCounted,
  WhenLoaded,
  WhenPivotLoaded,
  belongsTo,
  belongsToMany,
  createRequestContext,
  defineQuery,
  defineRelations,
  hasMany,
  runWithRequestContext,
  type RelationMap,
} from 'api-resources'

export interface UserRow {
  id: number
  name: string
}
export interface PostRow {
  id: number
  user_id: number
  title: string
  score: number
  published_at: string | null
  writer?: UserRow
  comments?: CommentRow[]
  tags?: { id: number; name: string }[]
  comments_count?: number
}
export interface CommentRow {
  id: number
  post_id: number
  user_id: number
  body: string
  author?: UserRow
}

export class UserResource extends JsonResource<UserRow> {
  @Field() id!: number
  @Field() name!: string
}
export class TagResource extends JsonResource<{ id: number; name: string }> {
  @Field() id!: number
  @Field() name!: string
  @WhenPivotLoaded() pivot?: unknown
}
export class CommentResource extends JsonResource<CommentRow> {
  @Field() id!: number
  @Field() body!: string
  @WhenLoaded(() => UserResource) author?: unknown
}
export class PostResource extends JsonResource<PostRow> {
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
  @Field() score!: number
  // the model's relation is `writer`; clients say `author`
  @WhenLoaded(() => UserResource, { relation: 'writer' }) author?: unknown
  @WhenLoaded(() => CommentResource) comments?: unknown
  @WhenLoaded(() => TagResource) tags?: unknown
  @WhenCounted() comments_count?: number
}

export class UserApi extends JsonApiResource<UserRow> {
  static override resourceType = 'users'
  @Attribute() name!: string
}
export class CommentApi extends JsonApiResource<CommentRow> {
  static override resourceType = 'comments'
  @Attribute() body!: string
  @Relationship(() => UserApi) author?: UserApi
}
export class PostApi extends JsonApiResource<PostRow> {
  static override resourceType = 'posts'
  @Attribute() title!: string
  @Attribute() score!: number
  @Relationship(() => UserApi, { relation: 'writer' as string }) author?: UserApi
  @Relationship(() => [CommentApi]) comments?: CommentApi[]
}

export const USERS = 12
export const POSTS = 130
export const COMMENTS = 260
export const iso = (day: number): string =>
  new Date(Date.UTC(2024, 0, 1 + day, 10, 0, 0)).toISOString()

/** The five tables of one suite. */
export interface PlanTables {
  readonly users: string
  readonly posts: string
  readonly comments: string
  readonly tags: string
  readonly pivot: string
}

/** The tables named `<prefix>_users`, `<prefix>_posts`... */
export function planTables(prefix: string): PlanTables {
  return {
    users: `${prefix}_users`,
    posts: `${prefix}_posts`,
    comments: `${prefix}_comments`,
    tags: `${prefix}_tags`,
    pivot: `${prefix}_post_tag`,
  }
}

/** The Knex/Kysely relation loaders over the tables. */
export function planRelations(t: PlanTables): RelationMap {
  return defineRelations({
    [t.posts]: {
      writer: belongsTo(t.users, { foreignKey: 'user_id' }),
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

/** The statements that create and fill the tables (`run` each; drop them first with `dropPlanTables`). */
export function planTableStatements(knex: Knex, t: PlanTables): { toString(): string }[] {
  const words = ['alpha', 'beta', 'gamma', '50%_off', 'delta']
  return [
    knex.schema.createTable(t.users, (b) => {
      b.integer('id').primary()
      b.string('name', 50).notNullable()
    }),
    knex.schema.createTable(t.posts, (b) => {
      b.integer('id').primary()
      b.integer('user_id').notNullable()
      b.string('title', 80).notNullable()
      b.integer('score').notNullable()
      b.string('published_at', 30).nullable()
    }),
    knex.schema.createTable(t.comments, (b) => {
      b.integer('id').primary()
      b.integer('post_id').notNullable()
      b.integer('user_id').notNullable()
      b.string('body', 50).notNullable()
    }),
    knex.schema.createTable(t.tags, (b) => {
      b.integer('id').primary()
      b.string('name', 30).notNullable()
    }),
    knex.schema.createTable(t.pivot, (b) => {
      b.integer('post_id').notNullable()
      b.integer('tag_id').notNullable()
      b.integer('position').notNullable()
      b.primary(['post_id', 'tag_id'])
    }),
    knex(t.users).insert(
      Array.from({ length: USERS }, (_, i) => ({ id: i + 1, name: `User ${i + 1}` })),
    ),
    knex(t.posts).insert(
      Array.from({ length: POSTS }, (_, k) => ({
        id: k + 1,
        user_id: (k % USERS) + 1,
        title: `${words[k % words.length]} ${k % 9}`,
        score: (k * 7) % 11,
        published_at: k % 6 === 0 ? null : iso((k * 5) % 40),
      })),
    ),
    knex(t.comments).insert(
      Array.from({ length: COMMENTS }, (_, k) => ({
        id: k + 1,
        post_id: (k % POSTS) + 1,
        user_id: ((k * 5) % USERS) + 1,
        body: `c${k}`,
      })),
    ),
    knex(t.tags).insert([1, 2, 3].map((id) => ({ id, name: `tag${id}` }))),
    knex(t.pivot).insert(
      Array.from({ length: 40 }, (_, k) => ({ post_id: k + 1, tag_id: (k % 3) + 1, position: k })),
    ),
  ]
}

/** Drops the tables (if there). */
export async function dropPlanTables(knex: Knex, t: PlanTables): Promise<void> {
  for (const table of [t.pivot, t.tags, t.comments, t.posts, t.users])
    await knex.schema.dropTableIfExists(table)
}

/** The `cursor` parameter of a page URL, as sent back (still encoded). */
export function cursorOf(url: string | null): string | undefined {
  if (url === null) return undefined
  const value = new URL(url, 'http://localhost').searchParams.get('cursor')
  return value === null ? undefined : encodeURIComponent(value)
}

/** Runs `fn` in a request to `url`. */
export const inRequest = <T>(url: string, fn: () => Promise<T>): Promise<T> =>
  runWithRequestContext(createRequestContext(url, {}), fn)

/** A random request of the property test: its query string and the plain SQL of its rows. */
export interface PlanCase {
  readonly query: string
  readonly perPage: number
  /** The ids of the expected rows, in order, by plain SQL with the same ORDER BY and WHERE. */
  expected(knex: Knex, t: PlanTables): Promise<number[]>
}

const SORTABLE = ['title', 'score', 'published_at', 'id'] as const

/** Random allowed sorts and filters (and page sizes) over the posts. */
export const planCases: fc.Arbitrary<PlanCase> = fc
  .tuple(
    fc.uniqueArray(fc.record({ name: fc.constantFrom(...SORTABLE), desc: fc.boolean() }), {
      selector: (e) => e.name,
      minLength: 0,
      maxLength: 3,
    }),
    fc.record(
      {
        author: fc.uniqueArray(fc.integer({ min: 1, max: USERS }), { minLength: 1, maxLength: 3 }),
        scoreGte: fc.integer({ min: 0, max: 10 }),
        title: fc.constantFrom('alpha', 'a', '%', '_off', 'ta 1'),
        published: fc.boolean(),
        publishedGte: fc.integer({ min: 0, max: 40 }),
      },
      { requiredKeys: [] },
    ),
    fc.integer({ min: 3, max: 40 }),
  )
  .map(([sort, f, perPage]): PlanCase => {
    const params: string[] = [`per_page=${perPage}`]
    if (sort.length > 0)
      params.push(`sort=${sort.map((s) => (s.desc ? '-' : '') + s.name).join(',')}`)
    if (f.author) params.push(`filter[author]=${f.author.join(',')}`)
    if (f.scoreGte !== undefined) params.push(`filter[score][gte]=${f.scoreGte}`)
    if (f.title !== undefined) params.push(`filter[title][contains]=${encodeURIComponent(f.title)}`)
    if (f.published !== undefined) params.push(`filter[published]=${f.published}`)
    if (f.publishedGte !== undefined)
      params.push(`filter[published_at][gte]=${iso(f.publishedGte)}`)
    return {
      query: params.join('&'),
      perPage,
      expected: async (knex, t) => {
        // the expected rows, by plain SQL written here
        const expected = knex(t.posts).select('id')
        if (f.author) expected.whereIn('user_id', f.author)
        if (f.scoreGte !== undefined) expected.where('score', '>=', f.scoreGte)
        if (f.title !== undefined)
          expected.whereRaw(`title like ? escape '!'`, [`%${f.title.replace(/[!%_]/g, '!$&')}%`])
        if (f.published === true) expected.whereNotNull('published_at')
        if (f.published === false) expected.whereNull('published_at')
        if (f.publishedGte !== undefined) expected.where('published_at', '>=', iso(f.publishedGte))
        const order = sort.length === 0 ? [{ name: 'id', desc: true }] : [...sort]
        if (!order.some((o) => o.name === 'id'))
          order.push({ name: 'id', desc: order[order.length - 1].desc })
        for (const o of order) expected.orderBy(o.name, o.desc ? 'desc' : 'asc')
        return (await expected).map((r: { id: unknown }) => Number(r.id))
      },
    }
  })

/** The ids of every offset page of `query` (page 1, 2, ... until a short page). */
export async function walkOffset(
  query: string,
  perPage: number,
  page: (url: string) => Promise<{ items(): object[] }>,
): Promise<number[]> {
  const ids: number[] = []
  for (let n = 1; n <= 60; n++) {
    const items = (await page(`/p?${query}&page=${n}`)).items()
    ids.push(...items.map((r) => Number((r as { id: unknown }).id)))
    if (items.length < perPage) break
  }
  return ids
}

/** The ids of every cursor page of `query`, following `next` links. */
export async function walkCursor(
  query: string,
  page: (url: string) => Promise<{ items(): object[]; nextPageUrl(): string | null }>,
): Promise<number[]> {
  const ids: number[] = []
  let cursor: string | undefined
  for (let step = 0; step < 60; step++) {
    const p = await page(cursor === undefined ? `/p?${query}` : `/p?${query}&cursor=${cursor}`)
    ids.push(...p.items().map((r) => Number((r as { id: unknown }).id)))
    cursor = cursorOf(p.nextPageUrl())
    if (cursor === undefined) break
  }
  return ids
}
