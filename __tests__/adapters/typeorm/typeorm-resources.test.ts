import type { DataSource } from 'typeorm'
import { JsonResource } from 'api-resources'
import { attachPivot, installTypeOrm, paginate } from 'api-resources/typeorm'
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
import { Comment, Post, User } from './typeorm-entities'
import { openDataSource } from './typeorm-test-db'

/** A comment whose `post` is a TypeORM lazy relation. */
class LazyCommentResource extends JsonResource<Comment> {
  override toArray(): Record<string, unknown> {
    return {
      body: this.resource.body,
      post: this.whenLoaded('post', (p) => (p as Post).title),
    }
  }
}

describe.each(dialectNames())('typeorm entities through resources on %s', (dialect) => {
  let ds: DataSource

  beforeAll(async () => {
    ds = await openDataSource(await prepareDatabase(dialect, 'typeorm_resources'))
    installTypeOrm(ds)
  })
  afterAll(async () => {
    await ds.destroy()
  })

  const findPost = (id: number, relations: Record<string, unknown>) =>
    ds.getRepository(Post).findOneOrFail({
      where: { id },
      relations,
      order: 'comments' in relations ? { comments: { id: 'ASC' } } : undefined,
    })

  it('renders whenLoaded relations that were loaded and leaves out the rest', async () => {
    const post = await findPost(1, { comments: true })
    expect(new PostResource(post as never).toPayload()).toEqual(POST_1_WITH_COMMENTS)
    expect(new PostHelperResource(post as never).toPayload()).toEqual(POST_1_WITH_COMMENTS)
  })

  it('renders a lazy relation only once loaded, without ever triggering it', async () => {
    const comment = await ds.getRepository(Comment).findOneByOrFail({ id: 4 })
    expect(new LazyCommentResource(comment).toPayload()).toEqual({ data: { body: 'only' } })
    expect(Object.keys(comment)).not.toContain('__promise_post__')
    await comment.post
    expect(new LazyCommentResource(comment).toPayload()).toEqual({
      data: { body: 'only', post: 'Post 2' },
    })
  })

  it('renders whenCounted from a count column', async () => {
    const user = await ds.getRepository(User).findOneByOrFail({ id: 1 })
    class UserCount extends JsonResource<User> {
      override toArray() {
        return { posts: this.whenCounted('posts', Number), comments: this.whenCounted('comments') }
      }
    }
    expect(new UserCount(user).toPayload()).toEqual({ data: { posts: 10 } })
  })

  it('renders whenPivotLoaded from pivot entities, under pivot and a renamed accessor', async () => {
    const post = await ds.getRepository(Post).findOneOrFail({
      where: { id: 1 },
      relations: { postTags: { tag: true } },
      order: { postTags: { tagId: 'ASC' } },
    })
    const tags = attachPivot(post.postTags!, 'tag')
    expect(TagResource.collection(tags as never[]).toPayload()).toEqual(TAGS_OF_POST_1)
    const renamed = attachPivot(post.postTags!, 'tag', 'tagging')
    expect(TagResource.collection(renamed as never[]).toPayload()).toEqual(TAGS_OF_POST_1_RENAMED)
  })

  it('renders JSON:API linkage for loaded relations and includes what was asked for', async () => {
    const post = await findPost(1, { comments: true })
    const doc = inRequest('/posts/1?include=comments', () => new PostDoc(post as never).toPayload())
    expect(doc).toEqual(POST_1_DOC_INCLUDING_COMMENTS)
    const withAuthor = await findPost(2, { author: true })
    expect(new PostDoc(withAuthor as never).toPayload()).toEqual(POST_2_DOC_WITH_AUTHOR)
  })
  it('renders a paginated collection of entities, plain and JSON:API', async () => {
    const qb = ds
      .getRepository(Post)
      .createQueryBuilder('post')
      .leftJoinAndSelect('post.author', 'author')
      .where('author.active = :active', { active: true })
      .orderBy('post.id', 'ASC')
    const page = await inRequest('/posts?page=2', () => paginate(qb, 5))
    const plain = inRequest('/posts?page=2', () =>
      PostResource.collection(page).toPayload(),
    ) as unknown as {
      data: Array<{ title: string; author: unknown }>
      meta: Record<string, unknown>
    }
    expect(plain.data[0]).toEqual({ title: 'Post 8', author: { name: 'bob' } })
    expect(plain.meta).toMatchObject({ current_page: 2, total: 20, last_page: 4, path: '/posts' })
    const doc = inRequest('/posts?page=2', () =>
      PostDoc.collection(page).toPayload(),
    ) as unknown as {
      data: Array<{ id: string; relationships: unknown }>
      meta: Record<string, unknown>
    }
    expect(doc.data.map((p) => p.id)).toEqual(['8', '10', '11', '13', '14'])
    expect(doc.data[0].relationships).toEqual({ author: { data: { type: 'users', id: '2' } } })
    expect(doc.meta).toMatchObject({ total: 20 })
  })
})
