// What the many-to-many plan suites (MikroORM, TypeORM, Prisma) share: the plan tables
// (__tests__/support/plan-fixture.ts) on one database through Knex, created before the ORM opens and
// dropped after it closes; the resources (posts with their tags and the tags' pivot rows, tags
// with their posts); the Knex adapter's page, the reference every ORM's bodies are compared with;
// and the tests the ORMs with a pivot table run (include=tags, include=tags_count, the inverse
// side, pivot columns of real types: m2mPlanTests), given the ORM's planned pages and query counts.
import 'reflect-metadata'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import knexFactory, { type Knex } from 'knex'
import {
  Field,
  JsonResource,
  belongsToMany,
  defineRelations,
  WhenCounted,
  WhenLoaded,
  WhenPivotLoaded,
  defineQuery,
  queryPlan,
  type QueryPlan,
} from 'api-resources'
import * as knexAdapter from 'api-resources/knex'
import type { DialectName } from '../support/db'
import {
  dropPlanTables,
  inRequest,
  planRelations,
  planTableStatements,
  type PlanTables,
} from '../support/plan-fixture'

export interface TaggedRow {
  id: number
  title: string
  tags?: unknown
  tags_count?: number
}
export class PivotTag extends JsonResource<{ id: number; name: string }> {
  @Field() id!: number
  @Field() name!: string
  @WhenPivotLoaded() pivot?: unknown
}
/** The posts with their tags (relation `tags`, each tag with its pivot row) and tags_count. */
export class TaggedPost extends JsonResource<TaggedRow> {
  static query = defineQuery<TaggedRow>()({ sort: ['id'], perPage: { default: 10, max: 100 } })
  @Field() id!: number
  @Field() title!: string
  @WhenLoaded(() => PivotTag) tags?: unknown
  @WhenCounted() tags_count?: number
}

class PivotPost extends JsonResource<{ id: number; title: string }> {
  @Field() id!: number
  @Field() title!: string
  @WhenPivotLoaded() pivot?: unknown
}
interface TagRow {
  id: number
  name: string
  posts?: unknown
}
/** The tags with their posts (relation `posts`, each post with its pivot row). */
export class TagWithPosts extends JsonResource<TagRow> {
  static query = defineQuery<TagRow>()({ sort: ['id'], perPage: { default: 10, max: 100 } })
  @Field() id!: number
  @Field() name!: string
  @WhenLoaded(() => PivotPost) posts?: unknown
}

/** A JSON body of posts, as the checks read it. */
export interface TaggedBody {
  data: {
    id: number
    tags?: { id: number; name: string; pivot?: Record<string, unknown> }[]
    tags_count?: number
  }[]
}

/** The JSON body of `page` rendered by `resource`. */
export const bodyOf = (resource: { collection(page: never): unknown }, page: object): TaggedBody =>
  JSON.parse(JSON.stringify(resource.collection(page as never))) as TaggedBody

/** The plan tables `t` of one suite on one database, through Knex. */
export interface M2mDatabase {
  readonly name: DialectName
  readonly t: PlanTables
  /** SQLite: the database file ('' on a server). */
  readonly file: string
  /** PostgreSQL / MariaDB: the database URL ('' on SQLite). */
  readonly url: string
  /** Open from the suite's first hook on. */
  readonly knex: Knex
  /** The SQL the ORM ran (the ORM's logger pushes to it, the checks empty it). */
  readonly log: string[]
  /** The Knex adapter's page of `query` over the posts (the tags through the pivot, `position` its column). */
  reference(query: string, resource?: Function): Promise<object>
}

/**
 * Registers the suite's hooks (call it in the `describe` of a dialect): the tables are created and
 * filled, then `orm.open` runs; after the tests `orm.close` runs, then the tables are dropped.
 */
export function m2mDatabase(
  name: DialectName,
  t: PlanTables,
  orm: { open(db: M2mDatabase): Promise<void>; close(db: M2mDatabase): Promise<void> },
): M2mDatabase {
  const file = name === 'sqlite' ? join(mkdtempSync(join(tmpdir(), 'm2m-')), 'db.sqlite') : ''
  const url = { sqlite: '', postgres: process.env.PG_URL, mysql: process.env.MYSQL_URL }[name] ?? ''
  let knex: Knex | undefined
  const db: M2mDatabase = {
    name,
    t,
    file,
    url,
    get knex(): Knex {
      if (knex === undefined) throw new Error('the many-to-many suite has not opened Knex')
      return knex
    },
    log: [],
    reference: (query, resource = TaggedPost) =>
      knexAdapter.paginate(db.knex(t.posts), queryPlan(resource, { query }), {
        relations: planRelations(t),
      }),
  }
  beforeAll(async () => {
    knex = knexFactory(
      name === 'sqlite'
        ? { client: 'better-sqlite3', connection: { filename: file }, useNullAsDefault: true }
        : { client: name === 'postgres' ? 'pg' : 'mysql2', connection: url },
    )
    await dropPlanTables(knex, t)
    for (const statement of planTableStatements(knex, t)) await knex.raw(statement.toString())
    await orm.open(db)
  })
  afterAll(async () => {
    await orm.close(db)
    if (knex !== undefined) {
      await dropPlanTables(knex, t)
      await knex.destroy()
    }
  })
  return db
}

/** A planned paginator of the ORM under test. */
export type PlanPage = (plan: QueryPlan) => Promise<{ items(): unknown[] }>

/**
 * include=tags for 100 and 7 posts: `queries` queries each time, the last one reading the pivot
 * table; the first tag's pivot row rendered; the body the Knex adapter's.
 */
async function expectTagsLoaded(db: M2mDatabase, posts: PlanPage, queries: number): Promise<void> {
  for (const perPage of [100, 7]) {
    const query = `include=tags&sort=id&per_page=${perPage}`
    db.log.length = 0
    const page = await inRequest(`/posts?${query}`, () => posts(queryPlan(TaggedPost, { query })))
    expect(page.items()).toHaveLength(perPage)
    expect(db.log).toHaveLength(queries)
    expect(db.log[queries - 1]).toMatch(new RegExp(db.t.pivot))
    const got = bodyOf(TaggedPost, page)
    expect(got.data[0].tags?.length).toBeGreaterThan(0)
    expect(got.data[0].tags?.[0].pivot).toEqual({ post_id: 1, tag_id: 1, position: 0 })
    expect(got.data.some((p) => p.tags?.length === 0)).toBe(perPage === 100)
    const want = await inRequest(`/posts?${query}`, () => db.reference(query))
    expect(got).toEqual(bodyOf(TaggedPost, want))
  }
}

/** include=tags_count: the COUNT, the posts, one grouped COUNT of the pivot table; the Knex body. */
async function expectTagsCounted(db: M2mDatabase, posts: PlanPage): Promise<void> {
  const query = 'include=tags_count&sort=id&per_page=60'
  db.log.length = 0
  const page = await inRequest(`/posts?${query}`, () => posts(queryPlan(TaggedPost, { query })))
  expect(db.log).toHaveLength(3)
  expect(db.log[2]).toMatch(new RegExp(db.t.pivot))
  const got = bodyOf(TaggedPost, page)
  expect(got.data[0].tags_count).toBe(1)
  expect(got.data[59].tags_count).toBe(0)
  expect(got).toEqual(
    bodyOf(TaggedPost, await inRequest(`/posts?${query}`, () => db.reference(query))),
  )
}

/** include=posts on the tags in `queries` queries, each post with its pivot row; the Knex body. */
async function expectInverseLoaded(
  db: M2mDatabase,
  tags: PlanPage,
  queries: number,
): Promise<void> {
  const { t } = db
  const query = 'include=posts&sort=id&per_page=3'
  db.log.length = 0
  const page = await inRequest(`/tags?${query}`, () => tags(queryPlan(TagWithPosts, { query })))
  expect(db.log).toHaveLength(queries)
  const tagBody = (p: object) =>
    JSON.parse(JSON.stringify(TagWithPosts.collection(p as never))) as {
      data: { id: number; posts: { id: number; pivot: object }[] }[]
    }
  const got = tagBody(page)
  expect(got.data[0].posts[0]).toEqual({
    id: 1,
    title: 'alpha 0',
    pivot: { post_id: 1, tag_id: 1, position: 0 },
  })
  const reference = await inRequest(`/tags?${query}`, () =>
    knexAdapter.paginate(db.knex(t.tags), queryPlan(TagWithPosts, { query }), {
      relations: defineRelations({
        [t.tags]: {
          posts: belongsToMany(t.posts, {
            pivot: t.pivot,
            foreignPivotKey: 'tag_id',
            relatedPivotKey: 'post_id',
            pivotColumns: ['position'],
          }),
        },
      }),
    }),
  )
  expect(got).toEqual(tagBody(reference))
}

/**
 * Adds pivot columns of real types (a microsecond zone-less timestamp, one that does not exist in
 * New York, a decimal, a double, a string; NULLs) and renders include=tags with them: `same`
 * compares the ORM's body with the Knex adapter's (equal unless the ORM reads a type otherwise),
 * then the values are checked. Run it last: it alters the pivot table.
 */
async function expectPivotColumnsOfRealTypes(
  db: M2mDatabase,
  posts: PlanPage,
  same: (got: TaggedBody, want: TaggedBody) => void = (got, want) => expect(got).toEqual(want),
): Promise<void> {
  const { knex, t } = db
  const timestamp = { sqlite: 'text', postgres: 'timestamp(6)', mysql: 'datetime(6)' }[db.name]
  await knex.schema.alterTable(t.pivot, (b) => {
    b.specificType('added_at', timestamp).nullable()
    b.decimal('weight', 12, 4).nullable()
    b.double('ratio').nullable()
    b.string('note', 20).nullable()
  })
  // 02:30 on 2024-03-10 does not exist in New York (the clocks jump from 2:00 to 3:00)
  await knex(t.pivot).where({ post_id: 1 }).update({
    added_at: '2024-03-10 02:30:00.123456',
    weight: '12345678.1234',
    ratio: 0.1,
    note: null,
  })
  await knex(t.pivot)
    .where({ post_id: 2 })
    .update({ added_at: null, weight: '-0.0001', ratio: 1e-7, note: "it's" })
  await knex(t.pivot)
    .where({ post_id: 3 })
    .update({ added_at: '1999-12-31 23:59:59.999999', weight: null, ratio: null, note: '' })
  const query = 'include=tags&sort=id&per_page=5'
  db.log.length = 0
  const page = await inRequest(`/posts?${query}`, () => posts(queryPlan(TaggedPost, { query })))
  const got = bodyOf(TaggedPost, page)
  const reference = await inRequest(`/posts?${query}`, () =>
    knexAdapter.paginate(knex(t.posts), queryPlan(TaggedPost, { query }), {
      relations: defineRelations({
        [t.posts]: {
          tags: belongsToMany(t.tags, {
            pivot: t.pivot,
            foreignPivotKey: 'post_id',
            relatedPivotKey: 'tag_id',
            pivotColumns: ['position', 'added_at', 'weight', 'ratio', 'note'],
          }),
        },
      }),
    }),
  )
  same(got, bodyOf(TaggedPost, reference))
  const pivots = got.data.map((p) => p.tags?.[0].pivot)
  expect(String(pivots[0]?.weight)).toMatch(/^12345678\.1234/)
  expect(pivots[0]).toHaveProperty('note', null)
  expect(pivots[1]).toHaveProperty('added_at', null)
  expect(pivots[1]).toHaveProperty('ratio', 1e-7)
  expect(pivots[1]).toHaveProperty('note', "it's")
  expect(pivots[2]).toHaveProperty('weight', null)
  expect(pivots[0]?.added_at).not.toBeNull()
}

/** What an ORM with a pivot table gives {@link m2mPlanTests}. */
export interface M2mPlanPages {
  /** The ORM's planned page of the posts, and of the tags. */
  readonly posts: PlanPage
  readonly tags: PlanPage
  /** The queries of include=tags on the posts, and of include=posts on the tags. */
  readonly tagsQueries: number
  readonly inverseQueries: number
  /** How the ORM reads the pivot columns, when not as Knex does (named in the test's title). */
  readonly pivots?: {
    readonly note: string
    readonly same: (got: TaggedBody, want: TaggedBody) => void
  }
}

/**
 * The four many-to-many tests of an ORM with a pivot table, inside its `describe`: include=tags,
 * include=tags_count, the inverse side, and (last: it alters the pivot table) pivot columns of real
 * types, each compared with the Knex adapter's body.
 */
export function m2mPlanTests(db: M2mDatabase, orm: M2mPlanPages): void {
  it('loads include=tags for a 100-row page in bounded queries, as the Knex adapter renders them', async () => {
    await expectTagsLoaded(db, orm.posts, orm.tagsQueries)
  })

  it('counts include=tags_count with one grouped COUNT of the junction table', async () => {
    await expectTagsCounted(db, orm.posts)
  })

  it('loads the pivot rows from the inverse side too (tags with their posts)', async () => {
    await expectInverseLoaded(db, orm.tags, orm.inverseQueries)
  })

  const note = orm.pivots === undefined ? '' : ` (${orm.pivots.note})`
  it(`renders pivot columns of real types as the Knex adapter does${note}: microsecond zone-less timestamps, decimals, doubles, NULLs`, async () => {
    await expectPivotColumnsOfRealTypes(db, orm.posts, orm.pivots?.same)
  })
}
