// Many-to-many through TypeORM query plans: include=tags (a pivot table) loaded by TypeORM's own
// query-strategy loading and tags_count by one grouped COUNT of the junction table, on SQLite,
// PostgreSQL and MariaDB, in a bounded number of queries, rendering the Knex adapter's tags (TypeORM
// loads no pivot columns, so the resource here renders none).
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
import { Field, JsonResource, WhenCounted, WhenLoaded, defineQuery, queryPlan } from 'api-resources'
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
}

@Entity(t.posts)
class M2mPost {
  @PrimaryColumn() id!: number
  @Column({ type: 'varchar' }) title!: string
  @ManyToMany(() => M2mTag)
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
}
class TaggedPost extends JsonResource<Row> {
  static query = defineQuery<Row>()({ sort: ['id'], perPage: { default: 10, max: 100 } })
  @Field() id!: number
  @Field() title!: string
  @WhenLoaded(() => TagOut) tags?: unknown
  @WhenCounted() tags_count?: number
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
        data: { id: number; tags?: { id: number; name: string }[]; tags_count?: number }[]
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
        // COUNT, posts, the junction rows of the page, the tags: the same for 100 and 7 posts
        expect(log).toHaveLength(4)
        const got = body(page)
        expect(got.data[0].tags?.length).toBeGreaterThan(0)
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
  },
)
