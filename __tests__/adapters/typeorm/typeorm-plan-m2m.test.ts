// Many-to-many through TypeORM query plans: include=tags (a pivot table) loaded by TypeORM's own
// query-strategy loading and tags_count by one grouped COUNT of the junction table, on SQLite,
// PostgreSQL and MariaDB, in a bounded number of queries, rendering the Knex adapter's tags with their
// pivot rows (`post_tag.position`: TypeORM's implicit junction has no entity, so the adapter reads
// the page's junction rows in one more query).
import 'reflect-metadata'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import knexFactory, { type Knex } from 'knex'
import {
  Column,
  DataSource,
  Entity,
  JoinTable,
  ManyToMany,
  PrimaryColumn,
  type Logger,
} from 'typeorm'
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
import { paginate } from 'api-resources/typeorm'
import { dialectNames } from '../../support/db'
import {
  dropPlanTables,
  inRequest,
  planRelations,
  planTableStatements,
  planTables,
} from '../../support/plan-fixture'

const t = planTables('typeorm_m2m')

@Entity(t.tags)
class M2mTag {
  @PrimaryColumn() id!: number
  @Column({ type: 'varchar' }) name!: string
  @ManyToMany(() => M2mPost, (post) => post.tags) posts?: M2mPost[]
}

@Entity(t.posts)
class M2mPost {
  @PrimaryColumn() id!: number
  @Column({ type: 'varchar' }) title!: string
  @ManyToMany(() => M2mTag, (tag) => tag.posts)
  @JoinTable({
    name: t.pivot,
    joinColumn: { name: 'post_id', referencedColumnName: 'id' },
    inverseJoinColumn: { name: 'tag_id', referencedColumnName: 'id' },
  })
  tags?: M2mTag[]
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
  'TypeORM many-to-many plans on %s',
  (name) => {
    const file =
      name === 'sqlite' ? join(mkdtempSync(join(tmpdir(), 'typeorm-m2m-')), 'db.sqlite') : ''
    let knex: Knex
    let ds: DataSource
    const log: string[] = []

    beforeAll(async () => {
      knex = knexFactory(
        name === 'sqlite'
          ? { client: 'better-sqlite3', connection: { filename: file }, useNullAsDefault: true }
          : { client: name === 'postgres' ? 'pg' : 'mysql2', connection: URLS[name] },
      )
      await dropPlanTables(knex, t)
      for (const statement of planTableStatements(knex, t)) await knex.raw(statement.toString())
      const logger: Logger = {
        logQuery: (query) => void log.push(query),
        logQueryError: () => undefined,
        logQuerySlow: () => undefined,
        logSchemaBuild: () => undefined,
        logMigration: () => undefined,
        log: () => undefined,
      }
      const common = { entities: [M2mTag, M2mPost], synchronize: false, logging: true, logger }
      ds =
        name === 'sqlite'
          ? new DataSource({ type: 'better-sqlite3', database: file, ...common })
          : new DataSource({ type: name, url: URLS[name], ...common })
      await ds.initialize()
    })

    afterAll(async () => {
      await ds?.destroy()
      if (knex !== undefined) {
        await dropPlanTables(knex, t)
        await knex.destroy()
      }
    })

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
          paginate(
            ds.getRepository(M2mPost).createQueryBuilder('post'),
            queryPlan(TaggedPost, { query }),
          ),
        )
        expect(page.items()).toHaveLength(perPage)
        // COUNT, posts, the junction rows of the page, the tags (TypeORM's loading), the junction
        // rows with their columns (the pivots): the same for 100 and 7 posts
        expect(log).toHaveLength(5)
        expect(log[4]).toMatch(new RegExp(t.pivot))
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
        paginate(
          ds.getRepository(M2mPost).createQueryBuilder('post'),
          queryPlan(TaggedPost, { query }),
        ),
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
          ds.getRepository(M2mTag).createQueryBuilder('tag'),
          queryPlan(TagWithPosts, { query }),
        ),
      )
      // COUNT, tags, the junction keys, the posts (TypeORM's loading), the junction rows
      expect(log).toHaveLength(5)
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
    it('renders pivot columns of real types as the Knex adapter does: microsecond zone-less timestamps, decimals, doubles, NULLs', async () => {
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
        paginate(
          ds.getRepository(M2mPost).createQueryBuilder('post'),
          queryPlan(TaggedPost, { query }),
        ),
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
      expect(got).toEqual(body(reference))
      const pivots = got.data.map((p) => p.tags?.[0].pivot)
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
