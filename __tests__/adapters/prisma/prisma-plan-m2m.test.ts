// Many-to-many through Prisma query plans, on SQLite and PostgreSQL: include=tags through an explicit
// join model (the resource's relation `postTags.tag`: the join rows with their tags, each tag with
// its join row as `pivot`) and through an implicit many-to-many relation (no pivot columns there),
// loaded by Prisma's own `include` in a bounded number of queries (Prisma's query log), rendering the
// Knex adapter's JSON and JSON:API bodies over the same pairs; tags_count from `_count`; nothing
// loaded that was not asked for; a join path Prisma does not have refused at the call. The tables
// and the Knex adapter's resources and reference: ../m2m-plan-suite.ts.
import {
  Attribute,
  Field,
  JsonApiResource,
  JsonResource,
  Relationship,
  UnsupportedQueryError,
  WhenCounted,
  WhenLoaded,
  queryPlan,
} from 'api-resources'
import { paginate, simplePaginate } from 'api-resources/prisma'
import { inRequest, planTables } from '../../support/plan-fixture'
import { PivotTag, TaggedPost, bodyOf, m2mDatabase, type TaggedRow as Row } from '../m2m-plan-suite'
import { openPrisma, prismaDialects } from './prisma-test-db'

const t = planTables('prisma_m2m')
const IMPLICIT = '_prisma_m2m_implicit'

interface Tag {
  id: number
  name: string
}

class TagOut extends JsonResource<Tag> {
  @Field() id!: number
  @Field() name!: string
}
const query = TaggedPost.query

// the Knex adapter's resources (relation `tags`: a belongsToMany through the pivot): TaggedPost
// (each tag with its pivot row), and the same posts without the pivot
class KnexPlainPost extends JsonResource<Row> {
  static query = query
  @Field() id!: number
  @Field() title!: string
  @WhenLoaded(() => TagOut) tags?: unknown
  @WhenCounted() tags_count?: number
}
// Prisma's: the explicit join model's relation, and the implicit relation
class JoinPost extends JsonResource<Row> {
  static query = query
  @Field() id!: number
  @Field() title!: string
  @WhenLoaded(() => PivotTag, { relation: 'postTags.tag' as string }) tags?: unknown
  @WhenCounted({ relation: 'postTags.tag' as string }) tags_count?: number
}
class ImplicitPost extends KnexPlainPost {}

class TagApi extends JsonApiResource<Tag> {
  static override resourceType = 'tags'
  @Attribute() name!: string
}
class KnexPostApi extends JsonApiResource<Row> {
  static override resourceType = 'posts'
  static query = query
  @Attribute() title!: string
  @Relationship(() => [TagApi]) tags?: TagApi[]
}
class JoinPostApi extends JsonApiResource<Row> {
  static override resourceType = 'posts'
  static query = query
  @Attribute() title!: string
  @Relationship(() => [TagApi], { relation: 'postTags.tag' as string }) tags?: TagApi[]
}

type M2mClient = ReturnType<typeof openPrisma> & {
  m2mPost: ReturnType<typeof openPrisma>['post']
  $on(event: 'query', fn: (e: { query: string }) => void): void
}

describe.each(prismaDialects().map((d) => [d] as const))(
  'Prisma many-to-many plans on %s',
  (name) => {
    let prisma: M2mClient
    const db = m2mDatabase(name, t, {
      async open({ knex, file, url, log }) {
        await knex.schema.dropTableIfExists(IMPLICIT)
        // the implicit relation's table: A the post (M2mPost sorts first), B the tag; the same pairs
        await knex.schema.createTable(IMPLICIT, (b) => {
          b.integer('A').notNullable()
          b.integer('B').notNullable()
          b.unique(['A', 'B'])
        })
        await knex.raw(`insert into ?? (??, ??) select post_id, tag_id from ??`, [
          IMPLICIT,
          'A',
          'B',
          t.pivot,
        ])
        prisma = openPrisma(
          { dialect: name, file, url },
          { log: [{ emit: 'event', level: 'query' }] },
        ) as M2mClient
        prisma.$on('query', (e) => log.push(e.query))
      },
      async close({ knex }) {
        await prisma?.$disconnect()
        await knex.schema.dropTableIfExists(IMPLICIT)
      },
    })

    type Collects = { collection(page: never): unknown }
    const jsonApi = (resource: Collects, page: object) =>
      JSON.parse(JSON.stringify(resource.collection(page as never))) as { included?: unknown[] }
    const run = async <T>(fn: () => Promise<T>): Promise<{ result: T; queries: string[] }> => {
      db.log.length = 0
      const result = await fn()
      return { result, queries: [...db.log] }
    }

    it('loads include=tags through the explicit join model with its pivot, in the same queries for 100 and 7 posts, as the Knex adapter renders them', async () => {
      const counts: number[] = []
      for (const perPage of [100, 7]) {
        const q = `include=tags&sort=id&per_page=${perPage}`
        const url = `/posts?${q}`
        const { result: page, queries } = await run(() =>
          inRequest(url, () => paginate(prisma.m2mPost, {}, queryPlan(JoinPost, { query: q }))),
        )
        expect(page.items()).toHaveLength(perPage)
        counts.push(queries.length)
        // the COUNT, the posts, the page's join rows, their tags
        expect(queries).toHaveLength(4)
        expect(queries[2]).toContain(t.pivot)
        const got = bodyOf(JoinPost, page)
        expect(got.data[0].tags).toEqual([
          { id: 1, name: 'tag1', pivot: { post_id: 1, tag_id: 1, position: 0 } },
        ])
        expect(got.data.some((p) => p.tags?.length === 0)).toBe(perPage === 100)
        const want = await inRequest(url, () => db.reference(q, TaggedPost))
        expect(got).toEqual(bodyOf(TaggedPost, want))
        // JSON:API: the tags as linkage and included resources
        const apiPage = await inRequest(url, () =>
          paginate(prisma.m2mPost, {}, queryPlan(JoinPostApi, { query: q })),
        )
        const apiWant = await inRequest(url, () => db.reference(q, KnexPostApi))
        const doc = await inRequest(url, async () => jsonApi(JoinPostApi, apiPage))
        expect(doc.included?.length).toBe(3)
        expect(doc).toEqual(await inRequest(url, async () => jsonApi(KnexPostApi, apiWant)))
      }
      expect(counts[0]).toBe(counts[1])
    })

    it('loads include=tags through the implicit relation, in the same queries for 100 and 7 posts, as the Knex adapter renders them (no pivot columns)', async () => {
      const counts: number[] = []
      for (const perPage of [100, 7]) {
        const q = `include=tags&sort=id&per_page=${perPage}`
        const url = `/posts?${q}`
        const { result: page, queries } = await run(() =>
          inRequest(url, () => paginate(prisma.m2mPost, {}, queryPlan(ImplicitPost, { query: q }))),
        )
        expect(page.items()).toHaveLength(perPage)
        counts.push(queries.length)
        // the COUNT, the posts, the page's tags joined with the relation's table
        expect(queries).toHaveLength(3)
        expect(queries[2]).toContain(IMPLICIT)
        const got = bodyOf(ImplicitPost, page)
        expect(got.data[0].tags).toEqual([{ id: 1, name: 'tag1' }])
        const want = await inRequest(url, () => db.reference(q, KnexPlainPost))
        expect(got).toEqual(bodyOf(KnexPlainPost, want))
      }
      expect(counts[0]).toBe(counts[1])
    })

    it('counts include=tags_count through the join model and the implicit relation with the page', async () => {
      const q = 'include=tags_count&sort=id&per_page=60'
      const want = bodyOf(KnexPlainPost, await db.reference(q, KnexPlainPost))
      expect(want.data[0].tags_count).toBe(1)
      expect(want.data[59].tags_count).toBe(0)
      for (const resource of [JoinPost, ImplicitPost]) {
        const { result, queries } = await run(() =>
          paginate(prisma.m2mPost, {}, queryPlan(resource, { query: q })),
        )
        // the COUNT, the page with its counts
        expect(queries).toHaveLength(2)
        const got = bodyOf(resource, result)
        expect(got.data.map((p) => p.tags_count)).toEqual(want.data.map((p) => p.tags_count))
      }
    })

    it('loads no tags unless asked, and refuses a join path Prisma does not have at the call', async () => {
      const { result, queries } = await run(() =>
        simplePaginate(prisma.m2mPost, {}, queryPlan(JoinPost, { query: 'sort=id&per_page=5' })),
      )
      for (const table of [t.tags, t.pivot, IMPLICIT])
        expect(queries.some((sql) => sql.includes(table))).toBe(false)
      expect(bodyOf(JoinPost, result).data[0]).not.toHaveProperty('tags')

      class Wrong extends JsonResource<Row> {
        static query = query
        @Field() id!: number
        @WhenLoaded(() => TagOut, { relation: 'postTags.label' as string }) tags?: unknown
      }
      const refused = await run(() =>
        paginate(prisma.m2mPost, {}, queryPlan(Wrong, { query: 'include=tags' })).catch(
          (e: unknown) => e,
        ),
      )
      expect(refused.result).toBeInstanceOf(UnsupportedQueryError)
      expect(String((refused.result as Error).message)).toContain('"postTags.label"')
      expect(refused.queries).toEqual([])
    })
  },
)
