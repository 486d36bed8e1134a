import knexFactory, { type Knex } from 'knex'
import { Model } from 'objection'
import { LengthAwarePaginator, Paginator } from 'api-resources'
import { loadedRelation } from 'api-resources/adapter'
import { cursorPaginate, installObjection, paginate, simplePaginate } from 'api-resources/objection'
import { dialectNames, prepareDatabase, trueCount, type OrmDatabase } from '../../support/db'
import { Comment, Post, Tag, User } from './objection-models'

describe.each(dialectNames())('objection paginate on %s', (dialect) => {
  let knex: Knex
  let db: OrmDatabase

  beforeAll(async () => {
    db = await prepareDatabase(dialect, 'objection_paginate')
    knex = knexFactory(db.knexConfig)
    Model.knex(knex)
    installObjection([User, Post, Comment, Tag])
  })
  afterAll(async () => {
    await knex.destroy()
  })

  const published = () =>
    Post.query()
      .joinRelated('author')
      .where('author.active', true)
      .where('posts.published', true)
      .orderBy('posts.id')

  it('counts a query with a join and a filter correctly', async () => {
    const expected = await trueCount(db)
    expect(expected).toBe(15)
    const page = await paginate(published(), 4, 2)
    expect(page).toBeInstanceOf(LengthAwarePaginator)
    expect(page.total()).toBe(expected)
    expect(page.lastPage()).toBe(4)
    expect(page.items().map((p) => p.id)).toEqual([10, 11, 13, 14])
    expect(page.items()[0]).toBeInstanceOf(Post)
  })

  it('gives an empty page past the last one, still with the true total', async () => {
    const page = await paginate(published(), 4, 9)
    expect(page.items()).toEqual([])
    expect(page.total()).toBe(15)
  })

  it('eager loads relations of the page only', async () => {
    const page = await paginate(published().withGraphFetched('comments'), 2, 1)
    expect(page.items().map((p) => (loadedRelation(p, 'comments') as Comment[]).length)).toEqual([
      3, 1,
    ])
  })

  it('does not modify the query it is given', async () => {
    const query = published()
    await paginate(query, 4, 3)
    expect((await query).length).toBe(15)
  })

  it('simplePaginate fetches one extra row to know whether there is more', async () => {
    const page = await simplePaginate(published(), 4, 4)
    expect(page).toBeInstanceOf(Paginator)
    expect(page.items().map((p) => p.id)).toEqual([25, 26, 29])
    expect(page.hasMorePages()).toBe(false)
    const first = await simplePaginate(published(), 4)
    expect(first.items()).toHaveLength(4)
    expect(first.hasMorePages()).toBe(true)
  })

  it('refuses a graph joined into the query (its rows are the joined rows), on every paginator', async () => {
    const joined = () => Post.query().withGraphJoined('comments').orderBy('posts.id')
    for (const run of [
      () => paginate(joined(), 5, 2),
      () => simplePaginate(joined(), 5),
      () => cursorPaginate(joined(), 5),
    ])
      await expect(run()).rejects.toMatchObject({
        code: 'ERR_UNSUPPORTED_QUERY',
        message: expect.stringMatching(/withGraphJoined\(\), whose rows are the joined rows/),
      })
    // the same graph fetched pages the models
    expect((await paginate(Post.query().withGraphFetched('comments'), 5, 2)).items()).toHaveLength(
      5,
    )
  })

  it('rejects a bad perPage and a value that is not an Objection query', async () => {
    await expect(paginate(published(), 0)).rejects.toMatchObject({
      code: 'ERR_PER_PAGE',
      message: 'perPage must be an integer >= 1; got 0',
    })
    await expect(paginate(published(), 2, 1.5)).rejects.toBeInstanceOf(TypeError)
    await expect(paginate([] as never, 2)).rejects.toMatchObject({ code: 'ERR_UNSUPPORTED_QUERY' })
  })
})
