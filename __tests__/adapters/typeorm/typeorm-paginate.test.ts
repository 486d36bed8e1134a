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

  it('rejects a bad perPage and a value that is not a query builder', async () => {
    await expect(paginate(published(), -1)).rejects.toMatchObject({ code: 'ERR_PER_PAGE' })
    await expect(paginate(ds.getRepository(Post) as never, 2)).rejects.toMatchObject({
      code: 'ERR_UNSUPPORTED_QUERY',
    })
  })
})
