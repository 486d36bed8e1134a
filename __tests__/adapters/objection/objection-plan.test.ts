/**
 * Query plans through Objection on SQLite, PostgreSQL and MariaDB: includes as one
 * `withGraphFetched` (a bounded number of queries, counted from Knex's query log), counts as
 * `relatedQuery().count()` subqueries, the same JSON and JSON:API bodies as the Knex adapter, the
 * property test against plain SQL, nothing loaded that was not asked for, and the errors.
 */
import type { Knex } from 'knex'
import { Model, type RelationMappings } from 'objection'
import { InvalidCursorError, queryPlan, type QueryPlan } from 'api-resources'
import { cursorPaginate, installObjection, paginate, simplePaginate } from 'api-resources/objection'
import { DIALECTS } from '../../support/db'
import {
  PlanPostResource,
  PlanRenamedPostResource,
  createPlanTables,
  cursorOf,
  dropPlanTables,
  hostileFiltersMatch,
  inRequest,
  knexReference,
  planBodies,
  planTables,
  walkEqualsPlainSql,
  type PlannedAdapter,
} from '../../support/orm-plan-fixture'

describe.each(DIALECTS.map((d) => [d.name, d] as const))(
  'Objection query plans on %s',
  (_n, dialect) => {
    const t = planTables('obj_plan')
    let knex: Knex
    const log: string[] = []

    class User extends Model {
      static override tableName = t.users
    }
    class Tag extends Model {
      static override tableName = t.tags
    }
    class Comment extends Model {
      static override tableName = t.comments
      static override get relationMappings(): RelationMappings {
        return {
          author: {
            relation: Model.BelongsToOneRelation,
            modelClass: User,
            join: { from: `${t.comments}.user_id`, to: `${t.users}.id` },
          },
        }
      }
    }
    class Post extends Model {
      static override tableName = t.posts
      static override get relationMappings(): RelationMappings {
        return {
          author: {
            relation: Model.BelongsToOneRelation,
            modelClass: User,
            join: { from: `${t.posts}.user_id`, to: `${t.users}.id` },
          },
          comments: {
            relation: Model.HasManyRelation,
            modelClass: Comment,
            join: { from: `${t.posts}.id`, to: `${t.comments}.post_id` },
          },
          tags: {
            relation: Model.ManyToManyRelation,
            modelClass: Tag,
            join: {
              from: `${t.posts}.id`,
              through: { from: `${t.pivot}.post_id`, to: `${t.pivot}.tag_id`, extra: ['position'] },
              to: `${t.tags}.id`,
            },
          },
        }
      }
    }

    const objection: PlannedAdapter = {
      page: (p) => paginate(Post.query(), p),
      simple: (p) => simplePaginate(Post.query(), p),
      cursor: (p) => cursorPaginate(Post.query(), p),
    }
    const plan = (query: string): QueryPlan => queryPlan(PlanPostResource, { query })
    const tablesOf = (sql: string): string[] =>
      Object.values(t).filter((table) => new RegExp(`\\b${table}\\b`).test(sql))

    beforeAll(async () => {
      knex = dialect.knex()
      await createPlanTables(knex, t, dialect.name)
      knex.on('query', (q: { sql: string }) => log.push(q.sql))
      Post.knex(knex)
      User.knex(knex)
      Comment.knex(knex)
      Tag.knex(knex)
      installObjection([User, Post, Comment, Tag])
    })
    afterAll(async () => {
      if (knex === undefined) return
      await dropPlanTables(knex, t)
      await knex.destroy()
    })

    it('loads a 100-row page with include=author,comments.author, a sort and a filter in 5 queries, whatever the page size', async () => {
      const query =
        'include=author,comments.author&sort=-score,title&filter[published]=true&per_page=100'
      log.length = 0
      const page = await paginate(Post.query(), plan(query))
      const rows = page.items() as unknown as {
        id: number
        user_id: number
        author: { id: number }
        comments: { post_id: number; user_id: number; author: { id: number } }[]
      }[]
      expect(rows).toHaveLength(100)
      // COUNT, the page, the authors, the comments, the comments' authors
      expect(log).toHaveLength(5)
      expect(log.filter((sql) => /count\(/i.test(sql))).toHaveLength(1)
      for (const row of rows) {
        expect(Number(row.author.id)).toBe(Number(row.user_id))
        for (const comment of row.comments) {
          expect(Number(comment.post_id)).toBe(Number(row.id))
          expect(Number(comment.author.id)).toBe(Number(comment.user_id))
        }
      }
      log.length = 0
      await paginate(Post.query(), plan(query.replace('per_page=100', 'per_page=7')))
      expect(log).toHaveLength(5)
    })

    it('loads nothing the request did not ask for', async () => {
      log.length = 0
      const page = await paginate(Post.query(), plan('include=author&per_page=20'))
      expect(log).toHaveLength(3)
      expect(log.flatMap(tablesOf)).not.toContain(t.comments)
      expect(page.items()[0]).toHaveProperty('author')
      expect(page.items()[0]).not.toHaveProperty('comments')
      log.length = 0
      const bare = await paginate(Post.query(), plan('per_page=20'))
      expect(log).toHaveLength(2)
      expect(log.flatMap(tablesOf).every((table) => table === t.posts)).toBe(true)
      expect(bare.items()[0]).not.toHaveProperty('author')
    })

    it('renders the same JSON and JSON:API bodies as the Knex adapter', async () => {
      const reference = knexReference(knex, t)
      for (const query of [
        'include=author,comments.author&sort=-score,title&filter[published]=true&per_page=100',
        'include=comments,comments_count&sort=published_at&filter[title][contains]=a&per_page=15&page=2',
        'sort=-rating&filter[author]=2,3&per_page=5',
      ]) {
        const [ours, theirs] = [
          await planBodies(objection, query),
          await planBodies(reference, query),
        ]
        expect(ours.json).toEqual(theirs.json)
        expect(ours.jsonApi).toEqual(theirs.jsonApi)
      }
    })

    it('counts through relatedQuery subqueries in one query for the page, as numbers', async () => {
      log.length = 0
      const page = await paginate(Post.query(), plan('include=comments_count&sort=id&per_page=10'))
      expect(log).toHaveLength(3) // the COUNT, the page, the counts of the page's posts
      expect(log.slice(0, 2).flatMap(tablesOf)).not.toContain(t.comments)
      expect(tablesOf(log[2])).toContain(t.comments)
      const rows = page.items() as unknown as { id: number; comments_count: number }[]
      const [{ n }] = await knex(t.comments).where('post_id', rows[3].id).count('* as n')
      expect(rows[3].comments_count).toBe(Number(n))
    })

    it('loads many-to-many through the pivot in one query, ordered by the related key', async () => {
      log.length = 0
      const page = await simplePaginate(Post.query(), plan('include=tags&sort=id&per_page=50'))
      const rows = page.items() as unknown as { tags: { id: number; position: number }[] }[]
      expect(log).toHaveLength(2)
      expect(rows[0].tags.map((tag) => Number(tag.id))).toEqual([1])
      expect(Number(rows[0].tags[0].position)).toBe(0)
      expect(rows[45].tags).toEqual([])
    })

    it('maps a renamed resource member to the ORM relation it reads', async () => {
      const page = await paginate(
        Post.query(),
        queryPlan(PlanRenamedPostResource, { query: 'include=writer&per_page=3&sort=id' }),
      )
      const json = JSON.parse(JSON.stringify(PlanRenamedPostResource.collection(page as never)))
      expect(json.data[0]).toEqual({ id: 1, writer: { id: 1, name: 'User 1' } })
    })

    it('walks the same rows as plain SQL with the same ORDER BY and WHERE (offset and cursor)', async () => {
      await walkEqualsPlainSql(knex, t, dialect.name, objection)
    }, 180_000)

    it('finds what the Knex adapter finds for hostile filter values', async () => {
      await hostileFiltersMatch(objection, knexReference(knex, t))
    })

    it('binds the cursor to the plan order', async () => {
      const first = await cursorPaginate(Post.query(), plan('sort=title&per_page=5'))
      const cursor = cursorOf(first.nextPageUrl())!
      const same = await inRequest(`/p?sort=title&cursor=${cursor}`, () =>
        cursorPaginate(Post.query(), plan(`sort=title&per_page=5`)),
      )
      expect(same.items()).toHaveLength(5)
      const error = await inRequest(`/p?sort=-title&cursor=${cursor}`, () =>
        cursorPaginate(Post.query(), plan('sort=-title')),
      ).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InvalidCursorError)
    })

    it('refuses at the first call an include the model has no relation for, naming it', async () => {
      class Bare extends Model {
        static override tableName = t.posts
      }
      Bare.knex(knex)
      log.length = 0
      const error = await paginate(Bare.query(), plan('include=author')).catch((e: unknown) => e)
      expect(error).toMatchObject({ code: 'ERR_UNSUPPORTED_QUERY' })
      expect(String((error as Error).message)).toMatch(/Bare.*include "author"/s)
      expect(log).toHaveLength(0)
    })

    it('refuses a plan with something that is not an Objection query', async () => {
      await expect(paginate({} as never, plan(''))).rejects.toMatchObject({
        code: 'ERR_UNSUPPORTED_QUERY',
      })
    })
  },
)
