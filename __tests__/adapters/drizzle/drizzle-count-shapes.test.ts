// paginate() and simplePaginate() of Drizzle select builders whose shape matters to the COUNT or
// to where the page's LIMIT/OFFSET go, on SQLite, PostgreSQL and MariaDB (select builders run on
// all three): set operations (union, unionAll, intersect, except), whose page applies to the whole
// result and not to its first SELECT, and a select-all over a join (two columns named `id`), which
// MariaDB refuses inside a derived table; the COUNT stays the number of rows the query returns for
// joins that repeat rows, selectDistinct, groupBy (with and without having), an aggregate-only
// select and a union.
import { count, eq, gt, lt, sql } from 'drizzle-orm'
import { paginate, simplePaginate } from 'api-resources/drizzle'
import { dialectNames, prepareDatabase, type OrmDatabase } from '../../support/db'
import { openDrizzle, type DrizzleTestDb } from './drizzle-test-db'

describe.each(dialectNames())('drizzle select builders on %s', (dialect) => {
  let conn: DrizzleTestDb
  let db: DrizzleTestDb['db']
  let posts: DrizzleTestDb['schema']['posts']
  let users: DrizzleTestDb['schema']['users']
  let comments: DrizzleTestDb['schema']['comments']
  let prepared: OrmDatabase

  beforeAll(async () => {
    prepared = await prepareDatabase(dialect, 'drizzle_shapes')
    conn = openDrizzle(prepared)
    ;({ db } = conn)
    ;({ posts, users, comments } = conn.schema)
  })
  afterAll(() => conn.close())

  describe('over a set operation', () => {
    // posts 1..30
    const below = (n: number) => db.select({ id: posts.id }).from(posts).where(lt(posts.id, n))
    const above = (n: number) => db.select({ id: posts.id }).from(posts).where(gt(posts.id, n))
    const range = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => from + i)
    const shapes = () => ({
      union: {
        query: below(10)
          .union(above(20))
          .orderBy(sql`id`),
        ids: [...range(1, 9), ...range(21, 30)],
      },
      unionAll: {
        query: below(10)
          .unionAll(below(5))
          .orderBy(sql`id`),
        ids: [1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9],
      },
      intersect: {
        query: below(20)
          .intersect(above(5))
          .orderBy(sql`id`),
        ids: range(6, 19),
      },
      except: {
        query: below(20)
          .except(below(5))
          .orderBy(sql`id`),
        ids: range(5, 19),
      },
    })
    type Shape = keyof ReturnType<typeof shapes>
    const names: Shape[] = ['union', 'unionAll', 'intersect', 'except']
    const ids = (rows: readonly { id: number }[]) => rows.map((row) => Number(row.id))

    it.each(names)('pages a %s as a whole: every page, the total, no overlap', async (name) => {
      const { ids: all } = shapes()[name]
      const perPage = 5
      const seen: number[] = []
      for (let page = 1; page <= Math.ceil(all.length / perPage); page += 1) {
        const result = await paginate(shapes()[name].query, perPage, page)
        expect(result.total()).toBe(all.length)
        expect(ids(result.items())).toEqual(all.slice((page - 1) * perPage, page * perPage))
        seen.push(...ids(result.items()))
      }
      expect(seen).toEqual(all)
    })

    it.each(names)('simplePaginate pages a %s as a whole', async (name) => {
      const { query, ids: all } = shapes()[name]
      const second = await simplePaginate(query, 4, 2)
      expect(ids(second.items())).toEqual(all.slice(4, 8))
      expect(second.hasMorePages()).toBe(true)
      const last = await simplePaginate(shapes()[name].query, 4, Math.ceil(all.length / 4))
      expect(ids(last.items())).toEqual(all.slice(4 * (Math.ceil(all.length / 4) - 1)))
      expect(last.hasMorePages()).toBe(false)
    })

    it('replaces the limit and offset of the whole, and leaves the query unchanged', async () => {
      const query = below(10)
        .union(above(20))
        .orderBy(sql`id`)
        .limit(3)
        .offset(1)
      const page = await paginate(query, 4, 2)
      expect(page.total()).toBe(19)
      expect(ids(page.items())).toEqual([5, 6, 7, 8])
      expect(ids(await query)).toEqual([2, 3, 4])
      const simple = await simplePaginate(query, 4, 5)
      expect(ids(simple.items())).toEqual([28, 29, 30])
      expect(simple.hasMorePages()).toBe(false)
      expect(ids(await query)).toEqual([2, 3, 4])
    })
  })

  describe('the COUNT', () => {
    it('counts a select-all over a join (two columns named id), rows repeated by the join', async () => {
      const query = () =>
        db
          .select()
          .from(posts)
          .innerJoin(comments, eq(comments.postId, posts.id))
          .orderBy(comments.id)
      const page = await paginate(query(), 3, 1)
      expect(page.total()).toBe(4)
      expect(page.items().map((row) => [row.posts.id, row.comments.id])).toEqual([
        [1, 1],
        [1, 2],
        [1, 3],
      ])
      const two = await paginate(query(), 3, 2)
      expect(two.items().map((row) => [row.posts.id, row.comments.id])).toEqual([[2, 4]])
      const simple = await simplePaginate(query(), 3, 1)
      expect(simple.hasMorePages()).toBe(true)
    })

    it('counts a select-all over a join of every post with its author', async () => {
      const query = db.select().from(posts).innerJoin(users, eq(users.id, posts.userId))
      expect((await paginate(query, 7)).total()).toBe(30)
    })

    it('counts a plain select, and one ordered by position', async () => {
      expect((await paginate(db.select().from(posts), 7)).total()).toBe(30)
      const byPosition = db
        .select({ id: posts.id, title: posts.title })
        .from(posts)
        .where(lt(posts.id, 12))
        .orderBy(sql`2 desc`)
      const page = await paginate(byPosition, 3)
      expect(page.total()).toBe(11)
      expect(page.items().map((p) => p.id)).toEqual([9, 8, 7])
    })

    it('counts the rows of selectDistinct, not the rows before DISTINCT', async () => {
      const query = db
        .selectDistinct({ userId: posts.userId })
        .from(posts)
        .innerJoin(comments, eq(comments.postId, posts.id))
        .orderBy(posts.userId)
      const page = await paginate(query, 1)
      expect(page.total()).toBe(2)
      expect(page.items()).toEqual([{ userId: 1 }])
    })

    it('counts the groups of groupBy, with and without having', async () => {
      const groups = db.select({ userId: posts.userId }).from(posts).groupBy(posts.userId)
      expect((await paginate(groups, 2)).total()).toBe(3)
      const having = db
        .select({ postId: comments.postId, n: count() })
        .from(comments)
        .groupBy(comments.postId)
        .having(gt(count(), 1))
      const page = await paginate(having, 5)
      expect(page.total()).toBe(1)
      expect(page.items().map((row) => [row.postId, Number(row.n)])).toEqual([[1, 3]])
    })

    it('counts the single row of an aggregate-only select', async () => {
      const page = await paginate(db.select({ n: count() }).from(posts), 5)
      expect(page.total()).toBe(1)
      expect(Number(page.items()[0].n)).toBe(30)
    })

    // every post has an author: 30 rows, each `posts.id` and `users.id` beside each other
    const joined = () =>
      db.selectDistinct().from(posts).innerJoin(users, eq(users.id, posts.userId))

    it('counts a selectDistinct of a select-all over a join (two columns named id)', async () => {
      const page = await paginate(joined().orderBy(posts.id), 7, 2)
      expect(page.total()).toBe(30)
      expect(page.items().map((row) => row.posts.id)).toEqual([8, 9, 10, 11, 12, 13, 14])
    })

    it('counts the groups of a select-all over a join, with having', async () => {
      const query = db
        .select()
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .groupBy(posts.id, users.id)
        .having(lt(posts.id, 12))
      expect((await paginate(query, 5)).total()).toBe(11)
    })

    it('counts a union whose first select is a select-all over a join', async () => {
      const query = db
        .select()
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(lt(posts.id, 4))
        .union(
          db
            .select()
            .from(posts)
            .innerJoin(users, eq(users.id, posts.userId))
            .where(gt(posts.id, 27)),
        )
        .orderBy(sql`1`)
      const page = await paginate(query, 4)
      expect(page.total()).toBe(6)
      expect(page.items().map((row) => Number(row.posts.id))).toEqual([1, 2, 3, 28])
    })

    it('counts a selection of two unnamed expressions with the same text', async () => {
      const query = db
        .selectDistinct({
          a: sql<number>`${posts.userId} * 0`,
          b: sql<number>`${posts.userId} * 0`,
        })
        .from(posts)
      expect((await paginate(query, 5)).total()).toBe(1)
    })

    it('counts the rows of a union, duplicates removed', async () => {
      const query = db
        .select({ userId: posts.userId })
        .from(posts)
        .union(db.select({ userId: users.id }).from(users))
      expect((await paginate(query, 2)).total()).toBe(4)
    })
  })
})
