import knexFactory from 'knex'
import { and, asc, eq, sql } from 'drizzle-orm'
import { MISSING, LengthAwarePaginator, Paginator } from 'api-resources'
import { loadedCount, loadedPivot, loadedRelation } from 'api-resources/adapter'
import { attachPivot, paginate, simplePaginate } from 'api-resources/drizzle'
import { prepareDatabase, trueCount, type OrmDatabase } from '../../support/db'
import { drizzleDialects, openDrizzle, type DrizzleTestDb } from './drizzle-test-db'

describe.each(drizzleDialects())('drizzle on %s', (dialect) => {
  let conn: DrizzleTestDb
  let db: DrizzleTestDb['db']
  let posts: DrizzleTestDb['schema']['posts']
  let users: DrizzleTestDb['schema']['users']
  let prepared: OrmDatabase

  beforeAll(async () => {
    prepared = await prepareDatabase(dialect, 'drizzle')
    conn = openDrizzle(prepared)
    ;({ db } = conn)
    ;({ posts, users } = conn.schema)
  })
  afterAll(() => conn.close())

  describe('rows of the relational query API (plain objects, default rules)', () => {
    it('sees a relation loaded with `with` and not one that was not', async () => {
      const post = (await db.query.posts.findFirst({
        where: eq(posts.id, 1),
        with: { comments: true },
      }))!
      expect(loadedRelation(post, 'comments')).toHaveLength(3)
      expect(loadedRelation(post, 'author')).toBe(MISSING)
      expect(loadedRelation(post, 'nope')).toBe(MISSING)
    })

    it('reads a count the caller put in `extras` as comments_count', async () => {
      const post = (await db.query.posts.findFirst({
        where: eq(posts.id, 1),
        // Drizzle renders columns unqualified inside `extras`, so the outer alias is spelled out
        extras: {
          comments_count:
            sql<number>`(select count(*) from comments c where c.post_id = posts.id)`.as(
              'comments_count',
            ),
        },
      }))!
      expect(Number(loadedCount(post, 'comments'))).toBe(3)
      const plain = (await db.query.posts.findFirst({ where: eq(posts.id, 1) }))!
      expect(loadedCount(plain, 'comments')).toBe(MISSING)
    })

    it('turns junction rows into pivots, under pivot and a renamed accessor', async () => {
      const post = (await db.query.posts.findFirst({
        where: eq(posts.id, 1),
        with: { postTags: { with: { tag: true }, orderBy: (pt, { asc }) => [asc(pt.tagId)] } },
      }))!
      const tags = attachPivot(post.postTags, 'tag')
      expect(tags.map((t) => t.name)).toEqual(['php', 'ts'])
      expect(loadedPivot(tags[0], 'pivot')).toEqual({ postId: 1, tagId: 1, role: 'primary' })
      const renamed = attachPivot(post.postTags, 'tag', 'tagging')
      expect(loadedPivot(renamed[1], 'tagging')).toEqual({ postId: 1, tagId: 2, role: 'secondary' })
      expect(loadedPivot(renamed[1], 'pivot')).toBe(MISSING)
      expect(loadedPivot(post.postTags[0].tag, 'pivot')).toBe(MISSING)
    })
  })

  describe('paginate', () => {
    const published = () =>
      db
        .select({ id: posts.id, title: posts.title, author: users.name })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(and(eq(users.active, true), eq(posts.published, true)))
        .orderBy(asc(posts.id))

    it('counts a select with a join and a filter correctly', async () => {
      const page = await paginate(published(), 4, 2)
      expect(page).toBeInstanceOf(LengthAwarePaginator)
      expect(page.total()).toBe(await trueCount(prepared))
      expect(page.items().map((p) => p.id)).toEqual([10, 11, 13, 14])
      expect(page.items()[0]).toEqual({ id: 10, title: 'Post 10', author: 'alice' })
    })

    it('leaves the query it was given unchanged', async () => {
      const query = published()
      await paginate(query, 4, 3)
      expect(await query).toHaveLength(15)
    })

    it('paginates a relational query, keeping its `with`', async () => {
      const query = db.query.posts.findMany({
        where: eq(posts.published, true),
        with: { comments: true },
        orderBy: [asc(posts.id)],
      })
      const page = await paginate(query, 2, 1)
      const knex = knexFactory(prepared.knexConfig)
      const [truth] = await knex('posts').where('published', true).count({ n: '*' })
      await knex.destroy()
      expect(page.total()).toBe(Number(truth.n))
      expect(page.items().map((p) => (loadedRelation(p, 'comments') as unknown[]).length)).toEqual([
        3, 1,
      ])
    })

    it('simplePaginate fetches one extra row to know whether there is more', async () => {
      const last = await simplePaginate(published(), 4, 4)
      expect(last).toBeInstanceOf(Paginator)
      expect(last.items().map((p) => p.id)).toEqual([25, 26, 29])
      expect(last.hasMorePages()).toBe(false)
    })

    it('rejects a bad perPage and a value that is not a Drizzle query', async () => {
      await expect(paginate(published(), 0)).rejects.toMatchObject({ code: 'ERR_PER_PAGE' })
      await expect(paginate((await published()) as never, 2)).rejects.toMatchObject({
        code: 'ERR_UNSUPPORTED_QUERY',
      })
    })
  })
})
