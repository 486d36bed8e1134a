import type { MikroORM } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/knex'
import { MISSING, LengthAwarePaginator, Paginator } from 'api-resources'
import { loadedCount, loadedPivot, loadedRelation } from 'api-resources/adapter'
import {
  attachPivot,
  cursorPaginate,
  installMikroOrm,
  paginate,
  simplePaginate,
} from 'api-resources/mikro-orm'
import { dialectNames, prepareDatabase, trueCount, type OrmDatabase } from '../../support/db'
import { Comment, Post, User } from './mikro-orm-entities'
import { openOrm } from './mikro-orm-test-db'

describe.each(dialectNames())('mikro-orm on %s', (dialect) => {
  let orm: MikroORM
  let db: OrmDatabase

  beforeAll(async () => {
    db = await prepareDatabase(dialect, 'mikro_orm')
    orm = await openOrm(db)
    installMikroOrm(orm)
  })
  afterAll(async () => {
    await orm.close()
  })

  const em = () => orm.em.fork() as unknown as EntityManager

  describe('model rules', () => {
    it('sees a populated collection and not one that was not initialized', async () => {
      const post = await em().findOneOrFail(Post, 1, { populate: ['comments'] })
      expect(loadedRelation(post, 'comments')).toHaveLength(3)
      expect(loadedRelation(post, 'postTags')).toBe(MISSING)
      // the collection is there all the same: the default rules would call it loaded
      expect(post.postTags).toBeDefined()
    })

    it('sees a to-one entity only when it was populated, not its uninitialized stub', async () => {
      const bare = await em().findOneOrFail(Post, 2)
      expect(bare.author).toBeDefined()
      expect(loadedRelation(bare, 'author')).toBe(MISSING)
      const populated = await em().findOneOrFail(Post, 2, { populate: ['author'] })
      expect((loadedRelation(populated, 'author') as User).name).toBe('bob')
    })

    it('sees a Reference only when it is initialized, and gives the entity', async () => {
      const bare = await em().findOneOrFail(Comment, 4)
      expect(loadedRelation(bare, 'post')).toBe(MISSING)
      const populated = await em().findOneOrFail(Comment, 4, { populate: ['post'] })
      expect(loadedRelation(populated, 'post')).toBeInstanceOf(Post)
      expect((loadedRelation(populated, 'post') as Post).id).toBe(2)
    })

    it('gives MISSING for a name MikroORM does not know as a relation, and never throws', async () => {
      const post = await em().findOneOrFail(Post, 1)
      expect(loadedRelation(post, 'nope')).toBe(MISSING)
      expect(loadedRelation(post, 'title')).toBe(MISSING)
      expect(loadedRelation(post, 'constructor')).toBe(MISSING)
    })

    it('reads a lazy @Formula count when populated', async () => {
      const counted = await em().findOneOrFail(Post, 1, { populate: ['commentsCount'] })
      expect(Number(loadedCount(counted, 'comments'))).toBe(3)
      const bare = await em().findOneOrFail(Post, 1)
      expect(loadedCount(bare, 'comments')).toBe(MISSING)
    })

    it('turns pivot entities into pivots, under pivot and a renamed accessor', async () => {
      const post = await em().findOneOrFail(Post, 1, {
        populate: ['postTags.tag'],
        orderBy: { postTags: { tag: { id: 'asc' } } },
      })
      const tags = attachPivot(post.postTags.getItems(), 'tag')
      expect(tags.map((t) => t.name)).toEqual(['php', 'ts'])
      expect(loadedPivot(tags[0], 'pivot')).toMatchObject({ role: 'primary' })
      const renamed = attachPivot(post.postTags.getItems(), 'tag', 'tagging')
      expect(loadedPivot(renamed[1], 'tagging')).toMatchObject({ role: 'secondary' })
      expect(loadedPivot(renamed[1], 'pivot')).toBe(MISSING)
    })

    it('falls back to the default rules for a class MikroORM does not know', () => {
      class Loose {
        title = 'x'
      }
      expect(loadedRelation(new Loose(), 'title')).toBe('x')
    })
  })

  describe('paginate', () => {
    const published = () =>
      em()
        .createQueryBuilder(Post, 'p')
        .join('p.author', 'a')
        .where({ 'a.active': true, published: true })
        .orderBy({ id: 'asc' })

    it('counts a query with a join and a filter correctly', async () => {
      const page = await paginate(published(), 4, 2)
      expect(page).toBeInstanceOf(LengthAwarePaginator)
      expect(page.total()).toBe(await trueCount(db))
      expect(page.items().map((p) => p.id)).toEqual([10, 11, 13, 14])
      expect(page.items()[0]).toBeInstanceOf(Post)
    })

    it('simplePaginate fetches one extra entity to know whether there is more', async () => {
      const last = await simplePaginate(published(), 4, 4)
      expect(last).toBeInstanceOf(Paginator)
      expect(last.items().map((p) => p.id)).toEqual([25, 26, 29])
      expect(last.hasMorePages()).toBe(false)
    })

    it('counts the groups of a GROUP BY with HAVING, as its rows are', async () => {
      const grouped = () =>
        em()
          .createQueryBuilder(Post, 'p')
          .select(['p.*'])
          .groupBy('p.id')
          .having('p.id > ?', [10])
          .orderBy({ id: 'asc' })
      const all = await grouped().getResultList()
      expect(all.length).toBeGreaterThan(8)
      const page = await paginate(grouped(), 4, 2)
      expect(page.total()).toBe(all.length)
      expect(page.items().map((p) => p.id)).toEqual(all.slice(4, 8).map((p) => p.id))
    })

    it('walks cursor pages ordered by a to-one relation (its foreign key)', async () => {
      const ordered = () =>
        em()
          .createQueryBuilder(Post, 'p')
          .orderBy([{ author: 'desc' }, { id: 'asc' }])
      const all = (await ordered().getResultList()).map((p) => p.id)
      const seen: number[] = []
      let cursor: string | undefined
      for (let i = 0; i < 20; i++) {
        const page = await cursorPaginate(ordered(), 4, cursor)
        seen.push(...page.items().map((p) => p.id))
        cursor = page.nextCursor()?.encode()
        if (cursor === undefined) break
      }
      expect(seen).toEqual(all)
    })

    it('pages a builder that has run already as a fresh one (its SQL is not reused)', async () => {
      const ran = published()
      await ran.getResultList()
      const fresh = await paginate(published(), 4, 2)
      const page = await paginate(ran, 4, 2)
      expect([page.total(), page.items().map((p) => p.id)]).toEqual([
        fresh.total(),
        fresh.items().map((p) => p.id),
      ])
      const simple = await simplePaginate(ran, 4, 4)
      expect(simple.items().map((p) => p.id)).toEqual([25, 26, 29])
      const first = await cursorPaginate(ran, 4)
      const second = await cursorPaginate(ran, 4, first.nextCursor()!.encode())
      const freshFirst = await cursorPaginate(published(), 4)
      expect(first.items().map((p) => p.id)).toEqual(freshFirst.items().map((p) => p.id))
      expect(second.items().map((p) => p.id)).toEqual(
        (await cursorPaginate(published(), 4, first.nextCursor()!.encode()))
          .items()
          .map((p) => p.id),
      )
      expect(second.items()[0]!.id).toBeGreaterThan(first.items()[3]!.id)
    })

    it('rejects a bad perPage and a value that is not a query builder', async () => {
      await expect(paginate(published(), 0)).rejects.toMatchObject({ code: 'ERR_PER_PAGE' })
      await expect(paginate({} as never, 2)).rejects.toMatchObject({
        code: 'ERR_UNSUPPORTED_QUERY',
      })
    })
  })
})
