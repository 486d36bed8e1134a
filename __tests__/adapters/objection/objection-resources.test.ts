import knexFactory, { type Knex } from 'knex'
import { Model } from 'objection'
import { installObjection } from 'api-resources/objection'
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
import { Comment, Post, Tag, User } from './objection-models'

describe.each(dialectNames())('objection models through resources on %s', (dialect) => {
  let knex: Knex

  beforeAll(async () => {
    knex = knexFactory((await prepareDatabase(dialect, 'objection_resources')).knexConfig)
    Model.knex(knex)
    installObjection([User, Post, Comment, Tag], { pivotAccessors: { 'Post.labels': 'tagging' } })
  })
  afterAll(async () => {
    await knex.destroy()
  })

  it('renders whenLoaded relations that were fetched and leaves out the rest', async () => {
    const post = (await Post.query().findById(1).withGraphFetched('comments'))!
    expect(new PostResource(post as never).toPayload()).toEqual(POST_1_WITH_COMMENTS)
    expect(new PostHelperResource(post as never).toPayload()).toEqual(POST_1_WITH_COMMENTS)
  })

  it('renders whenCounted only when the count was selected', async () => {
    const counted = (await Post.query()
      .findById(1)
      .select('posts.*', Post.relatedQuery('comments').count().as('comments_count')))!
    expect(new PostHelperResource(counted as never).toPayload()).toEqual({
      data: { title: 'Post 1', comments_count: 3 },
    })
  })

  it('renders whenPivotLoaded from ManyToMany extras, under pivot and a renamed accessor', async () => {
    const post = (await Post.query()
      .findById(1)
      .withGraphFetched('[tags, labels]')
      .modifyGraph('tags', (q) => q.orderBy('tags.id'))
      .modifyGraph('labels', (q) => q.orderBy('tags.id')))!
    expect(TagResource.collection(post.tags! as never[]).toPayload()).toEqual(TAGS_OF_POST_1)
    const labels = (post as unknown as { labels: Tag[] }).labels
    expect(TagResource.collection(labels as never[]).toPayload()).toEqual(TAGS_OF_POST_1_RENAMED)
  })

  it('renders JSON:API linkage for loaded relations and includes what was asked for', async () => {
    const post = (await Post.query().findById(1).withGraphFetched('comments'))!
    const doc = inRequest('/posts/1?include=comments', () => new PostDoc(post as never).toPayload())
    expect(doc).toEqual(POST_1_DOC_INCLUDING_COMMENTS)
    const withAuthor = (await Post.query().findById(2).withGraphFetched('author'))!
    expect(new PostDoc(withAuthor as never).toPayload()).toEqual(POST_2_DOC_WITH_AUTHOR)
  })
})
