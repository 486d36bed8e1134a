import type { MikroORM } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/knex'
import { JsonResource } from 'api-resources'
import { attachPivot, installMikroOrm } from 'api-resources/mikro-orm'
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
import { Comment, Post } from './mikro-orm-entities'
import { openOrm } from './mikro-orm-test-db'

/** A comment whose `post` is a MikroORM `Reference`. */
class RefCommentResource extends JsonResource<Comment> {
  override toArray(): Record<string, unknown> {
    return { body: this.resource.body, post: this.whenLoaded('post', (p) => (p as Post).title) }
  }
}

describe.each(dialectNames())('mikro-orm entities through resources on %s', (dialect) => {
  let orm: MikroORM

  beforeAll(async () => {
    orm = await openOrm(await prepareDatabase(dialect, 'mikro_orm_resources'))
    installMikroOrm(orm)
  })
  afterAll(async () => {
    await orm.close()
  })

  const em = () => orm.em.fork() as unknown as EntityManager

  it('renders initialized collections and leaves out the uninitialized ones', async () => {
    const post = await em().findOneOrFail(Post, 1, {
      populate: ['comments'],
      orderBy: { comments: { id: 'asc' } },
    })
    expect(new PostResource(post as never).toPayload()).toEqual(POST_1_WITH_COMMENTS)
    expect(new PostHelperResource(post as never).toPayload()).toEqual(POST_1_WITH_COMMENTS)
  })

  it('renders a Reference only once it is initialized', async () => {
    const bare = await em().findOneOrFail(Comment, 4)
    expect(new RefCommentResource(bare).toPayload()).toEqual({ data: { body: 'only' } })
    const loaded = await em().findOneOrFail(Comment, 4, { populate: ['post'] })
    expect(new RefCommentResource(loaded).toPayload()).toEqual({
      data: { body: 'only', post: 'Post 2' },
    })
  })

  it('renders whenCounted from a populated @Formula', async () => {
    const post = await em().findOneOrFail(Post, 1, { populate: ['commentsCount'] })
    expect(new PostHelperResource(post as never).toPayload()).toEqual({
      data: { title: 'Post 1', comments_count: 3 },
    })
  })

  it('renders whenPivotLoaded from pivot entities, under pivot and a renamed accessor', async () => {
    const post = await em().findOneOrFail(Post, 1, {
      populate: ['postTags.tag'],
      orderBy: { postTags: { tag: { id: 'asc' } } },
    })
    const rows = post.postTags.getItems()
    expect(TagResource.collection(attachPivot(rows, 'tag') as never[]).toPayload()).toEqual(
      TAGS_OF_POST_1,
    )
    expect(
      TagResource.collection(attachPivot(rows, 'tag', 'tagging') as never[]).toPayload(),
    ).toEqual(TAGS_OF_POST_1_RENAMED)
  })

  it('renders JSON:API linkage for loaded relations and includes what was asked for', async () => {
    const post = await em().findOneOrFail(Post, 1, {
      populate: ['comments'],
      orderBy: { comments: { id: 'asc' } },
    })
    const doc = inRequest('/posts/1?include=comments', () => new PostDoc(post as never).toPayload())
    expect(doc).toEqual(POST_1_DOC_INCLUDING_COMMENTS)
    const withAuthor = await em().findOneOrFail(Post, 2, { populate: ['author'] })
    expect(new PostDoc(withAuthor as never).toPayload()).toEqual(POST_2_DOC_WITH_AUTHOR)
  })
})
