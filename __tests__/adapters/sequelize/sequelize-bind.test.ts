// The request's values as Sequelize bind parameters, on SQLite, PostgreSQL and MariaDB: a cursor's
// values stay out of the SQL, the query's own bind (named or numbered) is kept beside the plan's, a
// separate include of the query's own still runs, text Sequelize would read as a bind parameter in
// the query's own where is refused before any query (without values to bind it runs as before),
// and a number compared with a text column is bound as text (MariaDB would compare numbers).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import knexFactory, { type Knex } from 'knex'
import { DataTypes, Model, Op, Sequelize } from 'sequelize'
import {
  Field,
  JsonResource,
  UnsupportedQueryError,
  defineQuery,
  queryPlan,
  type QueryPlan,
} from 'api-resources'
import { cursorPaginate, installSequelize, paginate } from 'api-resources/sequelize'
import { dialectNames } from '../../support/db'
import {
  PostResource,
  cursorOf,
  dropPlanTables,
  inRequest,
  planTableStatements,
  planTables,
  type PostRow,
} from '../../support/plan-fixture'

class CodedPost extends JsonResource<PostRow> {
  static query = defineQuery<PostRow>()({
    sort: ['id'],
    filters: { code: { column: 'title', type: 'integer', operators: ['eq'] } },
  })
  @Field() id!: number
}

const URLS: Record<string, string | undefined> = {
  postgres: process.env.PG_URL,
  mysql: process.env.MYSQL_URL,
}

describe.each(dialectNames().map((d) => [d] as const))(
  'Sequelize bind parameters on %s',
  (name) => {
    const t = planTables('sequelize_bind')
    const file =
      name === 'sqlite' ? join(mkdtempSync(join(tmpdir(), 'sequelize-bind-')), 'db.sqlite') : ''
    const log: string[] = []
    let knex: Knex
    let sequelize: Sequelize
    class Post extends Model {}
    class Comment extends Model {}
    const plan = (query: string): QueryPlan => queryPlan(PostResource, { query })
    const ids = (rows: object[]) => rows.map((r) => Number((r as { id: unknown }).id))

    beforeAll(async () => {
      knex = knexFactory(
        name === 'sqlite'
          ? { client: 'better-sqlite3', connection: { filename: file }, useNullAsDefault: true }
          : { client: name === 'postgres' ? 'pg' : 'mysql2', connection: URLS[name] },
      )
      await dropPlanTables(knex, t)
      for (const statement of planTableStatements(knex, t)) await knex.raw(statement.toString())
      const logging = (sql: string) => void log.push(sql)
      sequelize =
        name === 'sqlite'
          ? new Sequelize({ dialect: 'sqlite', storage: file, logging })
          : new Sequelize(URLS[name]!, { dialect: name, logging })
      const options = { sequelize, timestamps: false }
      const id = { type: DataTypes.INTEGER, primaryKey: true }
      Post.init(
        {
          id,
          user_id: DataTypes.INTEGER,
          title: DataTypes.STRING,
          score: DataTypes.INTEGER,
          published_at: DataTypes.STRING,
        },
        { ...options, tableName: t.posts },
      )
      Comment.init(
        { id, post_id: DataTypes.INTEGER, user_id: DataTypes.INTEGER, body: DataTypes.STRING },
        { ...options, tableName: t.comments },
      )
      Post.hasMany(Comment, { as: 'comments', foreignKey: 'post_id' })
      installSequelize(sequelize)
    })

    afterAll(async () => {
      await sequelize?.close()
      if (knex !== undefined) {
        await dropPlanTables(knex, t)
        await knex.destroy()
      }
    })

    it("sends a cursor's values as bind parameters, and walks on with them", async () => {
      const query = 'sort=title&per_page=5'
      const first = await inRequest(`/posts?${query}`, () =>
        cursorPaginate({ model: Post }, plan(query)),
      )
      const last = first.items()[4] as unknown as { title: string }
      log.length = 0
      const cursor = cursorOf(first.nextPageUrl())!
      const second = await inRequest(`/posts?${query}&cursor=${cursor}`, () =>
        cursorPaginate({ model: Post }, plan(query)),
      )
      expect(log).toHaveLength(1)
      expect(log[0]).not.toContain(last.title)
      const want = await knex(t.posts)
        .orderBy([{ column: 'title' }, { column: 'id' }])
        .limit(10)
      expect(ids(second.items())).toEqual(ids(want.slice(5)))
    })

    it('keeps the query’s own named bind parameters beside the plan’s', async () => {
      const page = await paginate(
        {
          model: Post,
          where: { score: { [Op.ne]: sequelize.literal('$skip') } },
          bind: { skip: 3 },
        },
        plan('filter[score][gte]=1&sort=id&per_page=100'),
      )
      const want = await knex(t.posts).where('score', '>=', 1).whereNot('score', 3).orderBy('id')
      expect(page.total()).toBe(want.length)
      expect(ids(page.items())).toEqual(ids(want).slice(0, 100))
    })

    it('keeps the query’s own numbered bind parameters beside the plan’s', async () => {
      const page = await paginate(
        { model: Post, where: { score: { [Op.ne]: sequelize.literal('$1') } }, bind: [3] },
        plan('filter[score][gte]=1&filter[title][contains]=a&sort=id&per_page=100'),
      )
      const want = await knex(t.posts)
        .where('score', '>=', 1)
        .whereNot('score', 3)
        .where('title', 'like', '%a%')
        .orderBy('id')
      expect(page.total()).toBe(want.length)
      expect(ids(page.items())).toEqual(ids(want).slice(0, 100))
    })

    it('runs a separate include of the query’s own without the plan’s parameters', async () => {
      log.length = 0
      const page = await paginate(
        { model: Post, include: [{ association: 'comments', separate: true }] },
        plan('filter[score][gte]=1&sort=id&per_page=5'),
      )
      expect(log).toHaveLength(3)
      const rows = page.items().map((m) => m.get({ plain: true })) as {
        id: number
        comments: { post_id: number }[]
      }[]
      expect(rows).toHaveLength(5)
      for (const row of rows) {
        expect(row.comments).toHaveLength(2)
        for (const comment of row.comments) expect(Number(comment.post_id)).toBe(Number(row.id))
      }
    })

    it('refuses, before any query, own where text Sequelize would read as a bind parameter', async () => {
      for (const text of ['$5 off', 'a $$ b', '$title']) {
        log.length = 0
        const error = await paginate(
          { model: Post, where: { title: { [Op.ne]: text } } },
          plan('filter[score][gte]=1'),
        ).catch((e: unknown) => e)
        expect(error).toBeInstanceOf(UnsupportedQueryError)
        expect(String((error as Error).message)).toContain(JSON.stringify(text))
        expect(log).toEqual([])
      }
      // Sequelize takes replacements or bind, not both
      log.length = 0
      const replaced = await paginate(
        { model: Post, where: sequelize.literal('score <> :skip'), replacements: { skip: 3 } },
        plan('filter[score][gte]=1'),
      ).catch((e: unknown) => e)
      expect(replaced).toBeInstanceOf(UnsupportedQueryError)
      expect(String((replaced as Error).message)).toContain('replacements')
      expect(log).toEqual([])
      // the fix the refusal names runs the same condition with the text bound
      const refused = await paginate(
        { model: Post, where: { title: { [Op.ne]: '$5 off' } } },
        plan('filter[score][gte]=1'),
      ).catch((e: unknown) => e)
      expect(String((refused as Error).message)).toContain(
        "where: { title: { [Op.eq]: literal('$title') } }, bind: { title }",
      )
      const [first] = await knex(t.posts).where('score', '>=', 1).orderBy('id').limit(1)
      const bound = await paginate(
        {
          model: Post,
          where: { title: { [Op.eq]: sequelize.literal('$title') } },
          bind: { title: first.title },
        },
        plan('filter[score][gte]=1&sort=id'),
      )
      const same = await knex(t.posts).where('score', '>=', 1).where('title', first.title)
      expect(bound.total()).toBe(same.length)
      expect(ids(bound.items())).toEqual(ids(same).slice(0, bound.items().length))
      // nothing to bind: the query runs as Sequelize writes it
      const page = await paginate(
        { model: Post, where: { title: { [Op.ne]: 'a $$ b' } } },
        plan('sort=id&per_page=5'),
      )
      expect(page.total()).toBe(130)
      // a dollar after a word character is not a parameter
      const priced = await paginate(
        { model: Post, where: { title: { [Op.ne]: 'US$5' } } },
        plan('filter[score][gte]=1'),
      )
      const [{ n }] = await knex(t.posts).where('score', '>=', 1).count('* as n')
      expect(priced.total()).toBe(Number(n))
    })

    it('binds a number compared with a text column as text', async () => {
      const page = await paginate(
        { model: Post },
        queryPlan(CodedPost, { query: 'filter[code]=0&per_page=100' }),
      )
      expect(page.total()).toBe(0)
    })
  },
)
