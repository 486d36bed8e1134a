// A belongsToMany include through the Sequelize adapter is joined into the page query, which leaves
// the related rows in the database's join order. They are now ordered by the target's key, as the
// Knex loaders (and the Objection and TypeORM adapters) order them. Before, PostgreSQL and
// MariaDB gave some posts their tags as [5, 2] or [4, 1].
import { DataTypes, Model, Sequelize } from 'sequelize'
import { Field, JsonResource, WhenLoaded, defineQuery, queryPlan } from 'api-resources'
import { cursorPaginate, paginate } from 'api-resources/sequelize'
import { dialectNames, uniqueName } from '../../support/db'
import { sequelizeOn } from './sequelize-models'

class TagResource extends JsonResource<{ id: number }> {
  @Field() id!: number
}

class PostResource extends JsonResource<{ id: number; tags?: unknown }> {
  static query = defineQuery<{ id: number; title: string }>()({
    sort: ['id', 'title'],
    include: ['tags'],
    perPage: { default: 20 },
  })
  @Field() id!: number
  @WhenLoaded(() => TagResource) tags?: unknown
}

describe.each(dialectNames())('Sequelize belongsToMany includes on %s', (name) => {
  let sequelize: Sequelize
  let Post: typeof Model

  beforeAll(async () => {
    sequelize = sequelizeOn(name)
    const options = { sequelize, timestamps: false }
    class PostModel extends Model {}
    class TagModel extends Model {}
    class PostTagModel extends Model {}
    const id = () => ({ type: DataTypes.INTEGER, primaryKey: true })
    PostModel.init(
      { id: id(), title: DataTypes.STRING },
      { ...options, tableName: uniqueName('sq_posts') },
    )
    TagModel.init({ id: id() }, { ...options, tableName: uniqueName('sq_tags') })
    PostTagModel.init(
      { post_id: id(), tag_id: id() },
      { ...options, tableName: uniqueName('sq_post_tag') },
    )
    PostModel.belongsToMany(TagModel, {
      as: 'tags',
      through: PostTagModel,
      foreignKey: 'post_id',
      otherKey: 'tag_id',
    })
    await sequelize.sync({ force: true })
    // 47 posts, 6 tags, a pivot row where (post + tag) % 3 is 0: PostgreSQL and MariaDB join
    // some posts' tags out of key order
    await PostModel.bulkCreate(
      Array.from({ length: 47 }, (_, i) => ({ id: i + 1, title: `t${(i * 7) % 13}` })),
    )
    await TagModel.bulkCreate([1, 2, 3, 4, 5, 6].map((tag) => ({ id: tag })))
    const pivot: { post_id: number; tag_id: number }[] = []
    for (let post = 1; post <= 47; post++)
      for (let tag = 1; tag <= 6; tag++)
        if ((post + tag) % 3 === 0) pivot.push({ post_id: post, tag_id: tag })
    await PostTagModel.bulkCreate(pivot)
    if (name === 'postgres') await sequelize.query('analyze')
    Post = PostModel
  })

  afterAll(async () => {
    if (sequelize === undefined) return
    await sequelize.drop()
    await sequelize.close()
  })

  const tagsOf = (page: unknown) =>
    (
      PostResource.collection(page as never).toJSON() as { data: { tags: { id: number }[] }[] }
    ).data.map((post) => post.tags.map((tag) => tag.id))
  const sorted = (lists: number[][]) => lists.map((tags) => [...tags].sort((a, b) => a - b))

  it("orders each post's tags by the tag key, on offset and cursor pages", async () => {
    const query = 'include=tags&sort=-title'
    const page = tagsOf(await paginate({ model: Post }, queryPlan(PostResource, { query })))
    expect(page).toHaveLength(20)
    expect(page.every((tags) => tags.length === 2)).toBe(true)
    expect(page).toEqual(sorted(page))
    const cursor = tagsOf(await cursorPaginate({ model: Post }, queryPlan(PostResource, { query })))
    expect(cursor).toEqual(sorted(cursor))
  })
})
