import { LengthAwarePaginator, MISSING, Paginator } from 'api-resources'
import { loadedCount, loadedPivot, loadedRelation } from 'api-resources/adapter'
import { attachPivot, paginate, simplePaginate } from 'api-resources/prisma'
import { prepareDatabase, trueCount, type OrmDatabase } from '../../support/db'
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
import { openPrisma, prismaDialects, type PrismaTestClient } from './prisma-test-db'

describe.each(prismaDialects())('prisma on %s', (dialect) => {
  let prisma: PrismaTestClient
  let prepared: OrmDatabase

  beforeAll(async () => {
    prepared = await prepareDatabase(dialect, 'prisma')
    prisma = openPrisma(prepared)
  })
  afterAll(() => prisma.$disconnect())

  const withComments = () =>
    prisma.post.findUnique({
      where: { id: 1 },
      include: { comments: { orderBy: { id: 'asc' } } },
    })

  describe('rows (plain objects, default rules)', () => {
    it('sees a relation loaded with `include` and not one that was not', async () => {
      const post = await withComments()
      expect(loadedRelation(post, 'comments')).toHaveLength(3)
      expect(loadedRelation(post, 'author')).toBe(MISSING)
    })

    it('reads `_count: { comments }` as the count of comments', async () => {
      const post = await prisma.post.findUnique({
        where: { id: 1 },
        include: { _count: { select: { comments: true } } },
      })
      expect(loadedCount(post, 'comments')).toBe(3)
      expect(loadedCount(post, 'postTags')).toBe(MISSING)
      expect(loadedCount(await prisma.post.findUnique({ where: { id: 1 } }), 'comments')).toBe(
        MISSING,
      )
    })

    it('turns explicit join-model rows into pivots with attachPivot()', async () => {
      const post = await prisma.post.findUnique({
        where: { id: 1 },
        include: { postTags: { include: { tag: true }, orderBy: { tagId: 'asc' } } },
      })
      const tags = attachPivot(post.postTags as { tag: object }[], 'tag')
      expect(tags.map((t) => (t as { name: string }).name)).toEqual(['php', 'ts'])
      expect(loadedPivot(tags[0], 'pivot')).toEqual({ postId: 1, tagId: 1, role: 'primary' })
    })
  })

  describe('through resources (the shared ORM assertions)', () => {
    it('renders relations loaded with `include` and leaves out the rest', async () => {
      const post = await withComments()
      expect(new PostResource(post).toPayload()).toEqual(POST_1_WITH_COMMENTS)
      expect(new PostHelperResource(post).toPayload()).toEqual(POST_1_WITH_COMMENTS)
    })

    it('renders whenCounted from `_count`', async () => {
      const post = await prisma.post.findUnique({
        where: { id: 1 },
        include: { _count: { select: { comments: true } } },
      })
      expect(new PostHelperResource(post).toPayload()).toEqual({
        data: { title: 'Post 1', comments_count: 3 },
      })
    })

    it('renders whenPivotLoaded from join-model rows, under pivot and a renamed accessor', async () => {
      const post = await prisma.post.findUnique({
        where: { id: 1 },
        include: { postTags: { include: { tag: true }, orderBy: { tagId: 'asc' } } },
      })
      const rows = post.postTags as { tag: object }[]
      expect(TagResource.collection(attachPivot(rows, 'tag') as never[]).toPayload()).toEqual(
        TAGS_OF_POST_1,
      )
      expect(
        TagResource.collection(attachPivot(rows, 'tag', 'tagging') as never[]).toPayload(),
      ).toEqual(TAGS_OF_POST_1_RENAMED)
    })

    it('renders JSON:API linkage for loaded relations and includes what was asked for', async () => {
      const post = await withComments()
      const doc = inRequest('/posts/1?include=comments', () => new PostDoc(post).toPayload())
      expect(doc).toEqual(POST_1_DOC_INCLUDING_COMMENTS)
      const withAuthor = await prisma.post.findUnique({
        where: { id: 2 },
        include: { author: true },
      })
      expect(new PostDoc(withAuthor).toPayload()).toEqual(POST_2_DOC_WITH_AUTHOR)
    })
  })

  describe('paginate', () => {
    const published = {
      where: { published: true, author: { active: true } },
      orderBy: { id: 'asc' },
      select: { id: true, title: true, author: { select: { name: true } } },
    }

    it('counts with the same where (a relation filter) and fetches one page', async () => {
      const page = await paginate(prisma.post, published, 4, 2)
      expect(page).toBeInstanceOf(LengthAwarePaginator)
      expect(page.total()).toBe(await trueCount(prepared))
      expect(page.items().map((p: any) => p.id)).toEqual([10, 11, 13, 14])
      expect(page.items()[0]).toEqual({ id: 10, title: 'Post 10', author: { name: 'alice' } })
    })

    it('reads the page from the request and keeps include', async () => {
      const page = await inRequest('/posts?page=1', () =>
        paginate(
          prisma.post,
          { where: { published: true }, include: { comments: true }, orderBy: { id: 'asc' } },
          2,
        ),
      )
      expect(page.currentPage()).toBe(1)
      expect(page.items().map((p: any) => p.comments.length)).toEqual([3, 1])
    })

    it('takes lazy PrismaPromises (not instanceof Promise)', async () => {
      expect(prisma.post.count() instanceof Promise).toBe(false)
      const page = await paginate(prisma.post, {}, 10, 3)
      expect(page.total()).toBe(30)
      expect(page.items()).toHaveLength(10)
    })

    it('counts the distinct rows of a query with `distinct`, which count() does not take', async () => {
      for (const args of [
        { distinct: ['userId'], orderBy: { userId: 'asc' } },
        { distinct: 'published', select: { published: true }, orderBy: { published: 'asc' } },
        {
          where: { published: true },
          distinct: ['userId', 'published'],
          orderBy: { userId: 'asc' },
        },
      ] as const) {
        const rows = await prisma.post.findMany(args as never)
        const page = await paginate(prisma.post, args as never, 1, 2)
        expect(page.total()).toBe(rows.length)
        expect(page.items()).toEqual(rows.slice(1, 2))
      }
    })

    it('simplePaginate fetches one extra row to know whether there is more', async () => {
      const last = await simplePaginate(prisma.post, published, 4, 4)
      expect(last).toBeInstanceOf(Paginator)
      expect(last.items().map((p: any) => p.id)).toEqual([25, 26, 29])
      expect(last.hasMorePages()).toBe(false)
    })

    it('rejects a bad perPage, a cursor and a value that is not a delegate', async () => {
      await expect(paginate(prisma.post, {}, 0)).rejects.toMatchObject({ code: 'ERR_PER_PAGE' })
      await expect(paginate(prisma.post, { cursor: { id: 3 } }, 2)).rejects.toMatchObject({
        code: 'ERR_UNSUPPORTED_QUERY',
      })
      await expect(paginate({} as never, {} as never, 2)).rejects.toMatchObject({
        code: 'ERR_UNSUPPORTED_QUERY',
      })
    })
  })
})
