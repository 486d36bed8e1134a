import { asc, eq, sql } from 'drizzle-orm'
import { attachPivot } from 'api-resources/drizzle'
import { prepareDatabase } from '../../support/db'
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
import { drizzleDialects, openDrizzle, type DrizzleTestDb } from './drizzle-test-db'

describe.each(drizzleDialects())('drizzle rows through resources on %s', (dialect) => {
  let conn: DrizzleTestDb
  let db: DrizzleTestDb['db']
  let posts: DrizzleTestDb['schema']['posts']

  beforeAll(async () => {
    conn = openDrizzle(await prepareDatabase(dialect, 'drizzle_resources'))
    ;({ db } = conn)
    posts = conn.schema.posts
  })
  afterAll(() => conn.close())

  const withComments = () =>
    db.query.posts.findFirst({
      where: eq(posts.id, 1),
      with: { comments: { orderBy: (c, { asc }) => [asc(c.id)] } },
    })

  it('renders relations loaded with `with` and leaves out the rest', async () => {
    const post = (await withComments())!
    expect(new PostResource(post as never).toPayload()).toEqual(POST_1_WITH_COMMENTS)
    expect(new PostHelperResource(post as never).toPayload()).toEqual(POST_1_WITH_COMMENTS)
  })

  it('renders whenCounted from an `extras` column', async () => {
    const post = (await db.query.posts.findFirst({
      where: eq(posts.id, 1),
      extras: {
        comments_count:
          sql<number>`(select count(*) from comments c where c.post_id = posts.id)`.as(
            'comments_count',
          ),
      },
    }))!
    expect(new PostHelperResource(post as never).toPayload()).toEqual({
      data: { title: 'Post 1', comments_count: 3 },
    })
  })

  it('renders whenPivotLoaded from junction rows, under pivot and a renamed accessor', async () => {
    const post = (await db.query.posts.findFirst({
      where: eq(posts.id, 1),
      with: { postTags: { with: { tag: true }, orderBy: (pt) => [asc(pt.tagId)] } },
    }))!
    expect(
      TagResource.collection(attachPivot(post.postTags, 'tag') as never[]).toPayload(),
    ).toEqual(TAGS_OF_POST_1)
    const renamed = attachPivot(post.postTags, 'tag', 'tagging')
    expect(TagResource.collection(renamed as never[]).toPayload()).toEqual(TAGS_OF_POST_1_RENAMED)
  })

  it('renders JSON:API linkage for loaded relations and includes what was asked for', async () => {
    const post = (await withComments())!
    const doc = inRequest('/posts/1?include=comments', () => new PostDoc(post as never).toPayload())
    expect(doc).toEqual(POST_1_DOC_INCLUDING_COMMENTS)
    const withAuthor = (await db.query.posts.findFirst({
      where: eq(posts.id, 2),
      with: { author: true },
    }))!
    expect(new PostDoc(withAuthor as never).toPayload()).toEqual(POST_2_DOC_WITH_AUTHOR)
  })
})
