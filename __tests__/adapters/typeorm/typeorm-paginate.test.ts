import type { DataSource } from 'typeorm'
import { LengthAwarePaginator, Paginator } from 'api-resources'
import { loadedRelation } from 'api-resources/adapter'
import { installTypeOrm, paginate, simplePaginate } from 'api-resources/typeorm'
import { dialectNames, prepareDatabase, trueCount, type OrmDatabase } from '../../support/db'
import { Post } from './typeorm-entities'
import { openDataSource } from './typeorm-test-db'

describe.each(dialectNames())('typeorm paginate on %s', (dialect) => {
  let ds: DataSource
  let db: OrmDatabase

  beforeAll(async () => {
    db = await prepareDatabase(dialect, 'typeorm_paginate')
    ds = await openDataSource(db)
    installTypeOrm(ds)
  })
  afterAll(async () => {
    await ds.destroy()
  })

  const published = () =>
    ds
      .getRepository(Post)
      .createQueryBuilder('post')
      .innerJoin('post.author', 'author')
      .where('author.active = :active', { active: true })
      .andWhere('post.published = :published', { published: true })
      .orderBy('post.id', 'ASC')

  it('counts a query with a join and a filter correctly', async () => {
    const page = await paginate(published(), 4, 2)
    expect(page).toBeInstanceOf(LengthAwarePaginator)
    expect(page.total()).toBe(await trueCount(db))
    expect(page.total()).toBe(15)
    expect(page.items().map((p) => p.id)).toEqual([10, 11, 13, 14])
    expect(page.items()[0]).toBeInstanceOf(Post)
  })

  it('counts entities, not joined rows, when a to-many join is selected', async () => {
    const query = published().leftJoinAndSelect('post.comments', 'comment')
    const page = await paginate(query, 1, 1)
    expect(page.total()).toBe(15)
    expect(page.items()).toHaveLength(1)
    expect(loadedRelation(page.items()[0], 'comments')).toHaveLength(3)
  })

  it('gives an empty page past the last one', async () => {
    const page = await paginate(published(), 4, 5)
    expect(page.items()).toEqual([])
    expect(page.total()).toBe(15)
  })

  it('simplePaginate fetches one extra entity to know whether there is more', async () => {
    const last = await simplePaginate(published(), 4, 4)
    expect(last).toBeInstanceOf(Paginator)
    expect(last.items().map((p) => p.id)).toEqual([25, 26, 29])
    expect(last.hasMorePages()).toBe(false)
    expect((await simplePaginate(published(), 4)).hasMorePages()).toBe(true)
  })

  it('takes { total } (no COUNT) and { pageName } after the page', async () => {
    const counted = jest.spyOn(
      published().constructor.prototype as { getCount(): unknown },
      'getCount',
    )
    try {
      const page = await paginate(published(), 4, 2, { total: 99, pageName: 'p' })
      expect([page.total(), page.lastPage()]).toEqual([99, 25])
      expect(page.items().map((p) => p.id)).toEqual([10, 11, 13, 14])
      expect(page.nextPageUrl()).toMatch(/\?p=3$/)
      expect(counted).not.toHaveBeenCalled()
      const simple = await simplePaginate(published(), 4, 1, { pageName: 'p' })
      expect(simple.nextPageUrl()).toMatch(/\?p=2$/)
    } finally {
      counted.mockRestore()
    }
  })

  it("replaces the builder's own limit and offset", async () => {
    const page = await paginate(published().limit(2).offset(3), 4, 2)
    expect(page.items().map((p) => p.id)).toEqual([10, 11, 13, 14])
    expect(page.total()).toBe(15)
    const simple = await simplePaginate(published().limit(2).offset(3), 4, 2)
    expect(simple.items().map((p) => p.id)).toEqual([10, 11, 13, 14])
  })

  it('counts the groups of a GROUP BY with HAVING, as its rows are', async () => {
    const grouped = () =>
      ds
        .getRepository(Post)
        .createQueryBuilder('post')
        .groupBy('post.id')
        .having('post.id > :from', { from: 10 })
        .orderBy('post.id', 'ASC')
    const all = await grouped().getMany()
    expect(all.length).toBeGreaterThan(4)
    const page = await paginate(grouped(), 4, 2)
    expect(page.total()).toBe(all.length)
    expect(page.items().map((p) => p.id)).toEqual(all.slice(4, 8).map((p) => p.id))
  })

  it('pages whole entities when the order goes on to a joined to-many column', async () => {
    const ordered = () =>
      published().leftJoinAndSelect('post.comments', 'comment').addOrderBy('comment.id', 'DESC')
    const all = await ordered().getMany()
    const seen: number[] = []
    for (let n = 1; n <= 5; n++) {
      const page = await paginate(ordered(), 4, n)
      expect(page.total()).toBe(15)
      if (n < 4) expect(page.items()).toHaveLength(4)
      seen.push(...page.items().map((p) => p.id))
      // each entity's joined rows in the order asked for
      for (const post of page.items()) {
        const ids = (post.comments ?? []).map((c) => c.id)
        expect(ids).toEqual([...ids].sort((a, b) => b - a))
      }
    }
    expect(seen).toEqual(all.map((p) => p.id))
  })

  it('rejects a bad perPage and a value that is not a query builder', async () => {
    await expect(paginate(published(), -1)).rejects.toMatchObject({ code: 'ERR_PER_PAGE' })
    await expect(paginate(ds.getRepository(Post) as never, 2)).rejects.toMatchObject({
      code: 'ERR_UNSUPPORTED_QUERY',
    })
  })
})
