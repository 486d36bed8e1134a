import { col, fn, type Sequelize } from 'sequelize'
import { installSequelize } from 'api-resources/sequelize'
import { dialectNames, prepareDatabase } from '../../support/db'
import {
  inRequest,
  POST_1_DOC_INCLUDING_COMMENTS,
  POST_1_WITH_COMMENTS,
  POST_2_DOC_WITH_AUTHOR,
  PostDoc,
  PostHelperResource,
  PostResource,
  TAGS_OF_POST_1,
  TAGS_OF_POST_1_RENAMED,
  TagResource,
} from '../orm-support/orm-resources'
import { openSequelize, Post, Tag } from './sequelize-models'

describe.each(dialectNames())('sequelize models through resources on %s', (dialect) => {
  let sequelize: Sequelize

  beforeAll(async () => {
    sequelize = await openSequelize(await prepareDatabase(dialect, 'sequelize_resources'))
    installSequelize(sequelize)
  })
  afterAll(async () => {
    await sequelize.close()
  })

  const withComments = (id: number) =>
    Post.findByPk(id, { include: ['comments'], order: [['comments', 'id', 'ASC']] })

  it('renders included associations and leaves out the rest', async () => {
    const post = (await withComments(1))!
    expect(new PostResource(post as never).toPayload()).toEqual(POST_1_WITH_COMMENTS)
    expect(new PostHelperResource(post as never).toPayload()).toEqual(POST_1_WITH_COMMENTS)
  })

  it('renders whenCounted from an attribute only get() knows', async () => {
    const post = (await Post.findByPk(1, {
      attributes: { include: [[fn('COUNT', col('comments.id')), 'comments_count']] },
      include: [{ association: 'comments', attributes: [] }],
      group: ['Post.id'],
    }))!
    expect(new PostHelperResource(post as never).toPayload()).toEqual({
      data: { title: 'Post 1', comments_count: 3 },
    })
  })

  it('renders whenPivotLoaded from the through row, under pivot and a renamed `as`', async () => {
    const order = [[{ model: Tag, as: 'tags' }, 'id', 'ASC']] as never
    const post = (await Post.findByPk(1, { include: ['tags'], order }))!
    expect(TagResource.collection(post.tags! as never[]).toPayload()).toEqual(TAGS_OF_POST_1)
    const renamed = (await Post.findByPk(1, {
      include: [{ association: 'tags', through: { as: 'tagging' } }],
      order,
    }))!
    expect(TagResource.collection(renamed.tags! as never[]).toPayload()).toEqual(
      TAGS_OF_POST_1_RENAMED,
    )
  })

  it('renders JSON:API linkage for loaded relations and includes what was asked for', async () => {
    const post = (await withComments(1))!
    const doc = inRequest('/posts/1?include=comments', () => new PostDoc(post as never).toPayload())
    expect(doc).toEqual(POST_1_DOC_INCLUDING_COMMENTS)
    const withAuthor = (await Post.findByPk(2, { include: ['author'] }))!
    expect(new PostDoc(withAuthor as never).toPayload()).toEqual(POST_2_DOC_WITH_AUTHOR)
  })
})
