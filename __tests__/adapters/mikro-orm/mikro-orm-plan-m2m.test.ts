// Many-to-many through MikroORM query plans: include=tags (a pivot table) loaded by em.populate()
// with the select-in strategy and tags_count by one grouped COUNT of the pivot table, on SQLite,
// PostgreSQL and MariaDB, in a bounded number of queries, rendering the Knex adapter's tags with their
// pivot rows (`post_tag.position`, which the entities do not map: the adapter reads the page's pivot
// rows in one more query).
import 'reflect-metadata'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import knexFactory, { type Knex } from 'knex'
import { Collection, Entity, ManyToMany, PrimaryKey, Property } from '@mikro-orm/core'
import type { MikroORM } from '@mikro-orm/core'
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
} from 'api-resources'
import * as knexAdapter from 'api-resources/knex'
import { installMikroOrm, paginate } from 'api-resources/mikro-orm'
import { dialectNames } from '../../support/db'
import {
  dropPlanTables,
  inRequest,
  planRelations,
  planTableStatements,
  planTables,
} from '../../support/plan-fixture'

const t = planTables('mikro_m2m')

@Entity({ tableName: t.tags })
class M2mTag {
  @PrimaryKey({ type: 'integer', autoincrement: false }) id!: number
  @Property({ type: 'string' }) name!: string
  @ManyToMany({ entity: () => M2mPost, mappedBy: 'tags' })
  posts = new Collection<M2mPost>(this)
}

@Entity({ tableName: t.posts })
class M2mPost {
  @PrimaryKey({ type: 'integer', autoincrement: false }) id!: number
  @Property({ type: 'string' }) title!: string
  @ManyToMany({
    entity: () => M2mTag,
    inversedBy: 'posts',
    pivotTable: t.pivot,
    joinColumn: 'post_id',
    inverseJoinColumn: 'tag_id',
  })
  tags = new Collection<M2mTag>(this)
}

interface Row {
  id: number
  title: string
  tags?: unknown
  tags_count?: number
}
class TagOut extends JsonResource<{ id: number; name: string }> {
  @Field() id!: number
  @Field() name!: string
  @WhenPivotLoaded() pivot?: unknown
}
class TaggedPost extends JsonResource<Row> {
  static query = defineQuery<Row>()({ sort: ['id'], perPage: { default: 10, max: 100 } })
  @Field() id!: number
  @Field() title!: string
  @WhenLoaded(() => TagOut) tags?: unknown
  @WhenCounted() tags_count?: number
}

class PostOut extends JsonResource<{ id: number; title: string }> {
  @Field() id!: number
  @Field() title!: string
  @WhenPivotLoaded() pivot?: unknown
}
interface TagRow {
  id: number
  name: string
  posts?: unknown
}
class TagWithPosts extends JsonResource<TagRow> {
  static query = defineQuery<TagRow>()({ sort: ['id'], perPage: { default: 10, max: 100 } })
  @Field() id!: number
  @Field() name!: string
  @WhenLoaded(() => PostOut) posts?: unknown
}

const URLS: Record<string, string | undefined> = {
  postgres: process.env.PG_URL,
  mysql: process.env.MYSQL_URL,
}

describe.each(dialectNames().map((d) => [d] as const))(
  'MikroORM many-to-many plans on %s',
  (name) => {
    const file =
      name === 'sqlite' ? join(mkdtempSync(join(tmpdir(), 'mikro-m2m-')), 'db.sqlite') : ''
    let knex: Knex
    let orm: MikroORM
    const log: string[] = []

    beforeAll(async () => {
      knex = knexFactory(
        name === 'sqlite'
          ? { client: 'better-sqlite3', connection: { filename: file }, useNullAsDefault: true }
          : { client: name === 'postgres' ? 'pg' : 'mysql2', connection: URLS[name] },
      )
      await dropPlanTables(knex, t)
      for (const statement of planTableStatements(knex, t)) await knex.raw(statement.toString())
      const common = {
        entities: [M2mTag, M2mPost],
        debug: ['query' as const],
        logger: (message: string) => void log.push(message),
        discovery: { disableDynamicFileAccess: true },
      }
      if (name === 'postgres') {
        const { MikroORM: Orm } = await import('@mikro-orm/postgresql')
        orm = (await Orm.init({ clientUrl: URLS[name], ...common })) as unknown as MikroORM
      } else if (name === 'mysql') {
        const { MikroORM: Orm } = await import('@mikro-orm/mysql')
        orm = (await Orm.init({ clientUrl: URLS[name], ...common })) as unknown as MikroORM
      } else {
        const { MikroORM: Orm } = await import('@mikro-orm/better-sqlite')
        orm = (await Orm.init({ dbName: file, ...common })) as unknown as MikroORM
      }
      installMikroOrm(orm as never)
    })

    afterAll(async () => {
      await orm?.close(true)
      if (knex !== undefined) {
        await dropPlanTables(knex, t)
        await knex.destroy()
      }
    })

    const posts = () =>
      (
        orm.em.fork() as unknown as {
          createQueryBuilder(entity: typeof M2mPost, alias: string): never
        }
      ).createQueryBuilder(M2mPost, 'p')
    const body = (page: object) =>
      JSON.parse(JSON.stringify(TaggedPost.collection(page as never))) as {
        data: {
          id: number
          tags?: { id: number; name: string; pivot?: Record<string, unknown> }[]
          tags_count?: number
        }[]
      }
    const reference = (query: string) =>
      knexAdapter.paginate(knex(t.posts), queryPlan(TaggedPost, { query }), {
        relations: planRelations(t),
      })

    it('loads include=tags for a 100-row page in bounded queries, as the Knex adapter renders them', async () => {
      for (const perPage of [100, 7]) {
        const query = `include=tags&sort=id&per_page=${perPage}`
        log.length = 0
        const page = await inRequest(`/posts?${query}`, () =>
          paginate(posts(), queryPlan(TaggedPost, { query })),
        )
        expect(page.items()).toHaveLength(perPage)
        // COUNT, posts, the tags with their pivot keys (MikroORM's loading), the pivot rows with
        // their columns (the pivots): the same for 100 and 7 posts
        expect(log).toHaveLength(4)
        expect(log[3]).toMatch(new RegExp(t.pivot))
        const got = body(page)
        expect(got.data[0].tags?.length).toBeGreaterThan(0)
        expect(got.data[0].tags?.[0].pivot).toEqual({ post_id: 1, tag_id: 1, position: 0 })
        expect(got.data.some((p) => p.tags?.length === 0)).toBe(perPage === 100)
        const want = await inRequest(`/posts?${query}`, () => reference(query))
        expect(got).toEqual(body(want))
      }
    })

    it('counts include=tags_count with one grouped COUNT of the junction table', async () => {
      const query = 'include=tags_count&sort=id&per_page=60'
      log.length = 0
      const page = await inRequest(`/posts?${query}`, () =>
        paginate(posts(), queryPlan(TaggedPost, { query })),
      )
      expect(log).toHaveLength(3)
      expect(log[2]).toMatch(new RegExp(t.pivot))
      const got = body(page)
      expect(got.data[0].tags_count).toBe(1)
      expect(got.data[59].tags_count).toBe(0)
      expect(got).toEqual(body(await inRequest(`/posts?${query}`, () => reference(query))))
    })

    it('loads the pivot rows from the inverse side too (tags with their posts)', async () => {
      const query = 'include=posts&sort=id&per_page=3'
      log.length = 0
      const page = await inRequest(`/tags?${query}`, () =>
        paginate(
          (
            orm.em.fork() as unknown as {
              createQueryBuilder(entity: typeof M2mTag, alias: string): never
            }
          ).createQueryBuilder(M2mTag, 'tg'),
          queryPlan(TagWithPosts, { query }),
        ),
      )
      // COUNT, tags, the posts with their pivot keys (MikroORM's loading), the pivot rows
      expect(log).toHaveLength(4)
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
        knexAdapter.paginate(knex(t.tags), queryPlan(TagWithPosts, { query }), {
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
    })

    // last: it adds columns to the pivot table
    it('renders pivot columns of real types as the Knex adapter does (date-times as MikroORM reads them): microsecond zone-less timestamps, decimals, doubles, NULLs', async () => {
      const timestamp = { sqlite: 'text', postgres: 'timestamp(6)', mysql: 'datetime(6)' }[name]
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
      log.length = 0
      const page = await inRequest(`/posts?${query}`, () =>
        paginate(posts(), queryPlan(TaggedPost, { query })),
      )
      const got = body(page)
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
      const pivots = got.data.map((p) => p.tags?.[0].pivot)
      // MikroORM's connection reads a date-time as its exact text on PostgreSQL and MariaDB (no
      // zone applied, microseconds kept), where Knex's reads a Date in the process's zone: the
      // pivot row carries what the connection read
      if (name !== 'sqlite') {
        expect(pivots[0]?.added_at).toBe('2024-03-10 02:30:00.123456')
        expect(pivots[2]?.added_at).toBe('1999-12-31 23:59:59.999999')
        const want = body(reference)
        for (const post of want.data)
          for (const tag of post.tags ?? [])
            if (tag.pivot?.added_at != null) tag.pivot.added_at = pivots[post.id - 1]?.added_at
        expect(got).toEqual(want)
      } else expect(got).toEqual(body(reference))
      expect(String(pivots[0]?.weight)).toMatch(/^12345678\.1234/)
      expect(pivots[0]).toHaveProperty('note', null)
      expect(pivots[1]).toHaveProperty('added_at', null)
      expect(pivots[1]).toHaveProperty('ratio', 1e-7)
      expect(pivots[1]).toHaveProperty('note', "it's")
      expect(pivots[2]).toHaveProperty('weight', null)
      expect(pivots[0]?.added_at).not.toBeNull()
    })
  },
)
