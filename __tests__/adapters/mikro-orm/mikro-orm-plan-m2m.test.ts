// Many-to-many through MikroORM query plans: include=tags (a pivot table) loaded by em.populate()
// with the select-in strategy and tags_count by one grouped COUNT of the pivot table, on SQLite,
// PostgreSQL and MariaDB, in a bounded number of queries, rendering the Knex adapter's tags (the
// entities carry no pivot columns, so the resource here renders none).
import 'reflect-metadata'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import knexFactory, { type Knex } from 'knex'
import { Collection, Entity, ManyToMany, PrimaryKey, Property } from '@mikro-orm/core'
import type { MikroORM } from '@mikro-orm/core'
import { Field, JsonResource, WhenCounted, WhenLoaded, defineQuery, queryPlan } from 'api-resources'
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
}

@Entity({ tableName: t.posts })
class M2mPost {
  @PrimaryKey({ type: 'integer', autoincrement: false }) id!: number
  @Property({ type: 'string' }) title!: string
  @ManyToMany({
    entity: () => M2mTag,
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
          paginate(posts(), queryPlan(TaggedPost, { query })),
        )
        expect(page.items()).toHaveLength(perPage)
        // COUNT, posts, the tags with their pivot rows: the same for 100 and 7 posts
        expect(log).toHaveLength(3)
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
        paginate(posts(), queryPlan(TaggedPost, { query })),
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
