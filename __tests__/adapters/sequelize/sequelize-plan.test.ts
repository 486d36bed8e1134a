/**
 * Query plans through Sequelize on SQLite, PostgreSQL and MariaDB, over real column types (a
 * microsecond timestamp, a decimal): includes as `include` (to-one joined, hasMany `separate`; a
 * bounded number of queries, counted from Sequelize's log), counts as subqueries in `attributes`,
 * many-to-many, renames, the same JSON and JSON:API bodies as the Knex adapter, the property test
 * against plain SQL, nothing loaded that was not asked for, and the errors. (The shared plan suite
 * runs in sequelize-planned-suite.test.ts; bind parameters in sequelize-bind.test.ts.)
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import knexFactory, { type Knex } from 'knex'
import { DataTypes, Model, Sequelize } from 'sequelize'
import { InvalidCursorError, queryPlan, type QueryPlan } from 'api-resources'
import { cursorPaginate, installSequelize, paginate, simplePaginate } from 'api-resources/sequelize'
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
  'Sequelize query plans on %s',
  (_n, dialect) => {
    const t = planTables('seq_plan')
    let knex: Knex
    let sequelize: Sequelize
    const log: string[] = []

    class User extends Model {}
    class Comment extends Model {}
    class Tag extends Model {}
    class PostTag extends Model {}
    class Post extends Model {}
    class Bare extends Model {}

    const sequelizeAdapter: PlannedAdapter = {
      page: (p) => paginate({ model: Post }, p),
      simple: (p) => simplePaginate({ model: Post }, p),
      cursor: (p) => cursorPaginate({ model: Post }, p),
    }
    const plan = (query: string): QueryPlan => queryPlan(PlanPostResource, { query })
    const tablesOf = (sql: string): string[] =>
      Object.values(t).filter((table) => new RegExp(`\\b${table}\\b`).test(sql))

    beforeAll(async () => {
      const logging = (sql: string) => void log.push(sql)
      if (dialect.name === 'sqlite') {
        const file = join(mkdtempSync(join(tmpdir(), 'seq-plan-')), 'db.sqlite')
        knex = knexFactory({
          client: 'better-sqlite3',
          connection: { filename: file },
          useNullAsDefault: true,
        })
        sequelize = new Sequelize({ dialect: 'sqlite', storage: file, logging })
      } else {
        knex = dialect.knex()
        const url = dialect.name === 'postgres' ? process.env.PG_URL! : process.env.MYSQL_URL!
        sequelize = new Sequelize(url, { dialect: dialect.name, logging })
      }
      await createPlanTables(knex, t, dialect.name)
      const options = { sequelize, timestamps: false }
      const id = { type: DataTypes.INTEGER, primaryKey: true }
      User.init({ id, name: DataTypes.STRING }, { ...options, tableName: t.users })
      Tag.init({ id, name: DataTypes.STRING }, { ...options, tableName: t.tags })
      Comment.init(
        {
          id,
          post_id: DataTypes.INTEGER,
          user_id: DataTypes.INTEGER,
          body: DataTypes.STRING,
        },
        { ...options, tableName: t.comments },
      )
      const post = {
        id,
        user_id: DataTypes.INTEGER,
        title: DataTypes.STRING,
        score: DataTypes.INTEGER,
        rating: DataTypes.DECIMAL(6, 2),
        published_at: dialect.name === 'sqlite' ? DataTypes.STRING : DataTypes.DATE(6),
      }
      Post.init(post, { ...options, tableName: t.posts, modelName: 'Post' })
      Bare.init(post, { ...options, tableName: t.posts, modelName: 'Bare' })
      PostTag.init(
        {
          post_id: { type: DataTypes.INTEGER, primaryKey: true },
          tag_id: { type: DataTypes.INTEGER, primaryKey: true },
          position: DataTypes.INTEGER,
        },
        { ...options, tableName: t.pivot },
      )
      Post.belongsTo(User, { as: 'author', foreignKey: 'user_id' })
      Post.hasMany(Comment, { as: 'comments', foreignKey: 'post_id' })
      Post.belongsToMany(Tag, {
        as: 'tags',
        through: PostTag,
        foreignKey: 'post_id',
        otherKey: 'tag_id',
      })
      Comment.belongsTo(User, { as: 'author', foreignKey: 'user_id' })
      installSequelize(sequelize)
    })
    afterAll(async () => {
      if (knex === undefined) return
      await dropPlanTables(knex, t)
      await knex.destroy()
      await sequelize?.close()
    })

    it('loads a 100-row page with include=author,comments.author, a sort and a filter in 3 queries, whatever the page size', async () => {
      const query =
        'include=author,comments.author&sort=-score,title&filter[published]=true&per_page=100'
      log.length = 0
      const page = await paginate({ model: Post }, plan(query))
      const rows = page.items().map((m) => m.get({ plain: true })) as {
        id: number
        user_id: number
        author: { id: number }
        comments: { post_id: number; user_id: number; author: { id: number } }[]
      }[]
      expect(rows).toHaveLength(100)
      // the COUNT, the page with its authors joined, the comments with their authors joined
      expect(log).toHaveLength(3)
      expect(log.filter((sql) => /count\(/i.test(sql))).toHaveLength(1)
      for (const row of rows) {
        expect(Number(row.author.id)).toBe(Number(row.user_id))
        expect(row.comments.length).toBeGreaterThan(0)
        for (const comment of row.comments) {
          expect(Number(comment.post_id)).toBe(Number(row.id))
          expect(Number(comment.author.id)).toBe(Number(comment.user_id))
        }
      }
      log.length = 0
      await paginate({ model: Post }, plan(query.replace('per_page=100', 'per_page=7')))
      expect(log).toHaveLength(3)
    })

    it('counts the rows of the filter alone: no include in the COUNT', async () => {
      log.length = 0
      const page = await paginate({ model: Post }, plan('include=author,comments&per_page=5'))
      expect(page.total()).toBe(130)
      expect(tablesOf(log[0])).toEqual([t.posts])
    })

    it('loads nothing the request did not ask for', async () => {
      log.length = 0
      const page = await paginate({ model: Post }, plan('include=author&per_page=20'))
      expect(log).toHaveLength(2)
      expect(log.flatMap(tablesOf)).not.toContain(t.comments)
      const row = page.items()[0].get({ plain: true })
      expect(row).toHaveProperty('author')
      expect(row).not.toHaveProperty('comments')
      log.length = 0
      await paginate({ model: Post }, plan('per_page=20'))
      expect(log).toHaveLength(2)
      expect(log.flatMap(tablesOf).every((table) => table === t.posts)).toBe(true)
    })

    it('renders the same JSON and JSON:API bodies as the Knex adapter', async () => {
      const reference = knexReference(knex, t)
      for (const query of [
        'include=author,comments.author&sort=-score,title&filter[published]=true&per_page=100',
        'include=comments,comments_count&sort=published_at&filter[title][contains]=a&per_page=15&page=2',
        'sort=-rating&filter[author]=2,3&filter[title][starts_with]=50%25_&per_page=5',
      ]) {
        const [ours, theirs] = [
          await planBodies(sequelizeAdapter, query),
          await planBodies(reference, query),
        ]
        expect(ours.json).toEqual(theirs.json)
        expect(ours.jsonApi).toEqual(theirs.jsonApi)
      }
    })

    it('counts through subqueries on the page query, as numbers', async () => {
      log.length = 0
      const page = await paginate(
        { model: Post },
        plan('include=comments_count&sort=id&per_page=10'),
      )
      expect(log).toHaveLength(2) // the COUNT and the page, the counts inside it
      expect(tablesOf(log[0])).toEqual([t.posts])
      expect(tablesOf(log[1])).toContain(t.comments)
      const rows = page.items().map((m) => m.get({ plain: true })) as {
        id: number
        comments_count: number
      }[]
      const [{ n }] = await knex(t.comments).where('post_id', rows[3].id).count('* as n')
      expect(rows[3].comments_count).toBe(Number(n))
    })

    it('loads many-to-many through the pivot in the page query', async () => {
      log.length = 0
      const page = await simplePaginate({ model: Post }, plan('include=tags&sort=id&per_page=50'))
      expect(log).toHaveLength(1)
      const rows = page.items().map((m) => m.get({ plain: true })) as {
        tags: { id: number }[]
      }[]
      expect(rows).toHaveLength(50)
      expect(rows[0].tags.map((tag) => Number(tag.id))).toEqual([1])
      expect(rows[45].tags).toEqual([])
    })

    it('maps a renamed resource member to the association it reads', async () => {
      const page = await paginate(
        { model: Post },
        queryPlan(PlanRenamedPostResource, { query: 'include=writer&per_page=3&sort=id' }),
      )
      const json = JSON.parse(JSON.stringify(PlanRenamedPostResource.collection(page as never)))
      expect(json.data[0]).toEqual({ id: 1, writer: { id: 1, name: 'User 1' } })
    })

    it('walks the same rows as plain SQL with the same ORDER BY and WHERE (offset and cursor)', async () => {
      // published_at is a microsecond timestamp, which Sequelize reads as a millisecond Date: the
      // cursor carries its exact text
      await walkEqualsPlainSql(knex, t, dialect.name, sequelizeAdapter, 10)
    }, 180_000)

    it('finds what the Knex adapter finds for hostile filter values', async () => {
      await hostileFiltersMatch(sequelizeAdapter, knexReference(knex, t))
    })

    it('binds the cursor to the plan order', async () => {
      const first = await cursorPaginate({ model: Post }, plan('sort=title&per_page=5'))
      const cursor = cursorOf(first.nextPageUrl())!
      const same = await inRequest(`/p?sort=title&cursor=${cursor}`, () =>
        cursorPaginate({ model: Post }, plan(`sort=title&per_page=5`)),
      )
      expect(same.items()).toHaveLength(5)
      const error = await inRequest(`/p?sort=-title&cursor=${cursor}`, () =>
        cursorPaginate({ model: Post }, plan('sort=-title')),
      ).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InvalidCursorError)
    })

    it('refuses at the first call an include the model has no association for, naming it', async () => {
      log.length = 0
      const error = await paginate({ model: Bare }, plan('include=author')).catch((e: unknown) => e)
      expect(error).toMatchObject({ code: 'ERR_UNSUPPORTED_QUERY' })
      expect(String((error as Error).message)).toMatch(/Bare.*include "author"/s)
      expect(log).toHaveLength(0)
    })
  },
)
