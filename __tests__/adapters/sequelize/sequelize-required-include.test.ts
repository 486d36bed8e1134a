// A required to-many include (an `include` with a `where`) filters the parents: Sequelize writes that
// filter into the page query's subquery, beside the query's own `where`. The cursor's keyset, the
// only `where` of a query that has none, used to replace that filter after the first page: the
// LIMIT then took unfiltered parents, the join dropped most of them, and the short page ended the
// walk (7 of 20 rows). A plan's `contains` filter alone (a literal, for its ESCAPE) did the same on
// every page.

interface PostRow {
  id: number
  score: number
  title: string
}

class PostResource extends JsonResource<PostRow> {
  static query = defineQuery<PostRow>()({
    sort: ['id'],
    filters: { title: { type: 'string', operators: ['contains'] } },
    perPage: { default: 4 },
  })
  @Field() id!: number
}
import { DataTypes, Model, Sequelize, type ModelStatic } from 'sequelize'
import { Field, JsonResource, defineQuery, queryPlan } from 'api-resources'
import { cursorPaginate, paginate } from 'api-resources/sequelize'
import { dialectNames, uniqueName } from '../../support/db'
import { sequelizeOn } from './sequelize-models'
import { cursorOf, inRequest } from '../../support/plan-fixture'

describe.each(dialectNames())('Sequelize cursor pages with a required include on %s', (name) => {
  let sequelize: Sequelize
  let Post: ModelStatic<Model>

  beforeAll(async () => {
    sequelize = sequelizeOn(name)
    const options = { sequelize, timestamps: false }
    class PostModel extends Model {}
    class CommentModel extends Model {}
    const id = () => ({ type: DataTypes.INTEGER, primaryKey: true })
    PostModel.init(
      { id: id(), score: DataTypes.INTEGER, title: DataTypes.STRING },
      { ...options, tableName: uniqueName('sq_req_posts') },
    )
    CommentModel.init(
      { id: id(), body: DataTypes.STRING, post_id: DataTypes.INTEGER },
      { ...options, tableName: uniqueName('sq_req_comments') },
    )
    PostModel.hasMany(CommentModel, { as: 'comments', foreignKey: 'post_id' })
    await sequelize.sync({ force: true })
    // 60 posts, one comment each; every third post's comment is kept
    await PostModel.bulkCreate(
      Array.from({ length: 60 }, (_, i) => ({
        id: i + 1,
        score: (i * 7) % 11,
        title: i % 2 === 0 ? 'odd one' : 'even one',
      })),
    )
    await CommentModel.bulkCreate(
      Array.from({ length: 60 }, (_, i) => ({
        id: i + 1,
        post_id: i + 1,
        body: (i + 1) % 3 === 0 ? 'keep' : 'drop',
      })),
    )
    Post = PostModel
  })

  afterAll(async () => {
    if (sequelize === undefined) return
    await sequelize.drop()
    await sequelize.close()
  })

  const query = (order: [string, string][]) => ({
    model: Post,
    include: [{ association: 'comments', where: { body: 'keep' } }],
    order,
  })

  async function walk(order: [string, string][]): Promise<number[]> {
    const seen: number[] = []
    let cursor: string | undefined
    for (let pages = 0; pages < 30; pages++) {
      const page = await cursorPaginate(query(order), 5, cursor)
      seen.push(...page.items().map((row) => (row as unknown as { id: number }).id))
      cursor = page.nextCursor()?.encode()
      if (cursor === undefined) return seen
    }
    throw new Error('the walk did not end')
  }

  it.each([
    [[['id', 'ASC']]],
    [
      [
        ['score', 'DESC'],
        ['id', 'ASC'],
      ],
    ],
  ] as [[string, string][]][])(
    'walks every parent the include keeps, once (order %j)',
    async (order) => {
      const all = await Post.findAll(query(order))
      const expected = all.map((row) => (row as unknown as { id: number }).id)
      expect(expected).toHaveLength(20)
      expect(await walk(order)).toEqual(expected)
    },
  )

  it('keeps the include and a contains filter on offset and cursor pages', async () => {
    const url = '/posts?filter[title][contains]=odd&sort=id'
    const plan = () => queryPlan(PostResource, { query: url.slice(url.indexOf('?') + 1) })
    // posts 3, 9, 15, ... 57: every third post whose title is 'odd one'
    const expected = Array.from({ length: 10 }, (_, i) => 3 + 6 * i)
    const ids = (rows: unknown[]) => rows.map((row) => (row as { id: number }).id)
    const first = await paginate(query([]), plan())
    expect([first.total(), ids(first.items())]).toEqual([10, expected.slice(0, 4)])
    const seen: number[] = []
    let cursor: string | undefined
    for (let pages = 0; pages < 10; pages++) {
      const at = cursor === undefined ? url : `${url}&cursor=${cursor}`
      const page = await inRequest(at, () => cursorPaginate(query([]), plan()))
      seen.push(...ids(page.items()))
      cursor = cursorOf(page.nextPageUrl())
      if (cursor === undefined) break
    }
    expect(seen).toEqual(expected)
  })
})
