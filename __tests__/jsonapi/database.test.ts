// JSON:API documents over rows from a real database, on every dialect (SQLite always, PostgreSQL and
// MariaDB when their URLs are set): a paginated collection with an eager-loaded relation, rendered
// without a single query, valid, and parsed back by the clients.
import 'reflect-metadata'
import type { Knex } from 'knex'
import {
  Attribute,
  JsonApiResource,
  createRequestContext,
  runWithRequestContext,
} from 'api-resources'
import { paginate } from 'api-resources/knex'
import { DIALECTS, paginationFixture, type PaginationFixture } from '../support/db'
import { assertClientGraph } from '../support/jsonapi-clients'
import { assertJsonApiDocument } from '../support/jsonapi-schema'

interface UserRow {
  id: number
  name: string
  team: string
}
interface PostRow {
  id: number
  user_id: number
  title: string
  status: string
  author?: UserRow | null
}

class DbUser extends JsonApiResource<UserRow> {
  static override resourceType = 'users'
  @Attribute() name!: string
  @Attribute() team!: string
}

class DbPost extends JsonApiResource<PostRow> {
  static override resourceType = 'posts'
  static override relationships = { author: () => DbUser }
  @Attribute() title!: string
  @Attribute() status!: string
}

describe.each(DIALECTS.map((d) => [d.name, d] as const))(
  'JSON:API over %s rows',
  (_name, dialect) => {
    let db: Knex
    let fx: PaginationFixture
    let queries = 0

    beforeAll(async () => {
      db = dialect.knex()
      fx = paginationFixture('jsonapi')
      for (const sql of fx.create) await db.raw(sql)
      db.on('query', () => queries++)
    })

    afterAll(async () => {
      if (db === undefined) return
      for (const sql of fx.drop) await db.raw(sql)
      await db.destroy()
    })

    it('renders a paginated, included, sparse document without running a query', async () => {
      const url = '/posts?page=2&include=author&fields[users]=name'
      const doc = await runWithRequestContext(createRequestContext(url), async () => {
        const page = await paginate(db(fx.posts).orderBy('id'), 5)
        const rows = page.items() as PostRow[]
        const users: UserRow[] = await db(fx.users).whereIn('id', [
          ...new Set(rows.map((r) => r.user_id)),
        ])
        const byId = new Map(users.map((u) => [Number(u.id), u]))
        for (const row of rows) row.author = byId.get(Number(row.user_id)) ?? null
        const before = queries
        const json = JSON.stringify(DbPost.collection(page))
        expect(queries).toBe(before)
        return JSON.parse(json)
      })
      assertJsonApiDocument(doc, { sparse: true })
      assertClientGraph(doc)
      expect(doc.data.map((p: { id: string }) => p.id)).toEqual(['6', '7', '8', '9', '10'])
      expect(doc.data[0]).toEqual({
        type: 'posts',
        id: '6',
        attributes: { title: 'Post 6', status: 'published' },
        relationships: { author: { data: { type: 'users', id: '7' } } },
      })
      expect(doc.included.map((u: { id: string }) => u.id)).toEqual(['7', '1', '2', '3', '4'])
      expect(doc.included[0]).toEqual({ type: 'users', id: '7', attributes: { name: 'User 7' } })
      expect(doc.meta).toMatchObject({ current_page: 2, total: 53, last_page: 11 })
      expect(doc.links.next).toBe('/posts?page=3')
    })
  },
)
