import express from 'express'
import request from 'supertest'
import { parse as parseQs } from 'qs'
import type { Knex } from 'knex'
import { JsonResource, LengthAwarePaginator } from 'api-resources'
import { apiResources, respond } from 'api-resources/express'
import { paginate, simplePaginate } from 'api-resources/knex'
import { DIALECTS, paginationFixture, type PaginationFixture } from '../support/db'
import { LENGTH_AWARE_PAGE_KEYS } from './page-keys'

class PostResource extends JsonResource<{ id: number; title: string; score: number }> {
  override toArray() {
    return { id: Number(this.resource.id), title: this.resource.title }
  }
}

const sqlite = DIALECTS.find((d) => d.name === 'sqlite')!

describe('paginators through real Express requests', () => {
  let db: Knex
  let fx: PaginationFixture
  let app: express.Express

  beforeAll(async () => {
    db = sqlite.knex()
    fx = paginationFixture('express')
    for (const sql of fx.create) await db.raw(sql)
    app = express()
    app.set('query parser', 'extended')
    app.use(apiResources())
    app.get(
      '/posts',
      respond(() => paginate(db(fx.posts).orderBy('id'), 10)),
    )
    app.get(
      '/simple',
      respond(() => simplePaginate(db(fx.posts).orderBy('id'), 10)),
    )
    app.get(
      '/explicit',
      respond(() => paginate(db(fx.posts).orderBy('id'), 10, 2)),
    )
    app.get(
      '/collection',
      respond(async () => PostResource.collection(await paginate(db(fx.posts).orderBy('id'), 5))),
    )
    app.get(
      '/simple-collection',
      respond(async () =>
        PostResource.collection(await simplePaginate(db(fx.posts).orderBy('id'), 5)),
      ),
    )
    app.get('/filtered', async (req, res) => {
      const status = typeof req.query.status === 'string' ? req.query.status : 'published'
      const page = await paginate(db(fx.posts).where('status', status).orderBy('id'), 5)
      res.json(page.withQueryString())
    })
    app.get('/memory', (_req, res) => {
      res.json(new LengthAwarePaginator(['a', 'b'], { total: 12, perPage: 2 }))
    })
    const router = express.Router()
    router.get(
      '/items/',
      respond(() => paginate(db(fx.users).orderBy('id'), 3)),
    )
    app.use('/api/v1', router)
  })

  afterAll(async () => {
    await db.destroy()
  })

  it('serves the spec 2.5 JSON for ?page=2', async () => {
    const res = await request(app).get('/posts?page=2').expect(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(Object.keys(res.body)).toEqual(LENGTH_AWARE_PAGE_KEYS)
    expect(res.body).toMatchObject({
      current_page: 2,
      first_page_url: '/posts?page=1',
      from: 11,
      last_page: 6,
      last_page_url: '/posts?page=6',
      next_page_url: '/posts?page=3',
      path: '/posts',
      per_page: 10,
      prev_page_url: '/posts?page=1',
      to: 20,
      total: 53,
    })
    expect(res.body.data.map((r: { id: number }) => r.id)).toEqual([
      11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ])
  })

  it.each([
    ['abc', 'page=abc'],
    ['0', 'page=0'],
    ['-3', 'page=-3'],
    ['2.5', 'page=2.5'],
    ['1e3', 'page=1e3'],
    ['empty', 'page='],
    ['repeated', 'page=2&page=3'],
    ['an array', 'page[]=2'],
    ['a nested key', 'page[a]=2'],
    ['20 nines', 'page=99999999999999999999'],
    ['2^53 (offset not safe)', 'page=9007199254740992'],
  ])('treats ?page= %s as page 1', async (_label, query) => {
    for (const path of ['/posts', '/simple']) {
      const res = await request(app).get(`${path}?${query}`).expect(200)
      expect(res.body.current_page).toBe(1)
      expect(res.body.data[0].id).toBe(1)
      expect(res.body.prev_page_url).toBeNull()
    }
  })

  it('gives an empty page, not an error, past the last page', async () => {
    const res = await request(app).get('/posts?page=50').expect(200)
    expect(res.body).toMatchObject({
      current_page: 50,
      data: [],
      from: null,
      to: null,
      next_page_url: null,
    })
    expect(res.body.prev_page_url).toBe('/posts?page=49')
  })

  it('lets an explicit page argument win over ?page=', async () => {
    const res = await request(app).get('/explicit?page=5').expect(200)
    expect(res.body.current_page).toBe(2)
  })

  it('serves the simple shape for simplePaginate()', async () => {
    const res = await request(app).get('/simple?page=6').expect(200)
    expect(Object.keys(res.body)).not.toContain('total')
    expect(res.body).toMatchObject({ current_page: 6, from: 51, to: 53, next_page_url: null })
    expect(res.body.links).toEqual([
      { url: '/simple?page=5', label: '« Previous', active: false },
      { url: null, label: 'Next »', active: false },
    ])
  })

  it('builds page URLs from the path as the client sent it, mount prefix included', async () => {
    const res = await request(app).get('/api/v1/items/?page=2').expect(200)
    expect(res.body.path).toBe('/api/v1/items')
    expect(res.body.next_page_url).toBe('/api/v1/items?page=3')
  })

  it('gives page 1 and the request path to a paginator built by hand in a handler', async () => {
    const res = await request(app).get('/memory?page=3').expect(200)
    expect(res.body).toMatchObject({ current_page: 3, data: ['a', 'b'], from: 5, path: '/memory' })
  })

  it('carries a filter through withQueryString(), readable back by the same parser', async () => {
    const res = await request(app)
      .get('/filtered?status=draft&tags[]=a&tags[]=b%20c&page=2')
      .expect(200)
    expect(res.body.total).toBe(13)
    expect(res.body.next_page_url).toBe(
      '/filtered?page=3&status=draft&tags%5B%5D=a&tags%5B%5D=b%20c',
    )
    const next = await request(app).get(res.body.next_page_url).expect(200)
    expect(next.body.current_page).toBe(3)
    expect(next.body.total).toBe(13)
    const query = res.body.next_page_url.split('?')[1]
    expect(parseQs(query)).toEqual({ page: '3', status: 'draft', tags: ['a', 'b c'] })
  })

  it('wraps a paginate() page in a resource collection: { data, links, meta }', async () => {
    const res = await request(app).get('/collection?page=2').expect(200)
    expect(Object.keys(res.body)).toEqual(['data', 'links', 'meta'])
    expect(res.body.data).toEqual([6, 7, 8, 9, 10].map((id) => ({ id, title: `Post ${id}` })))
    expect(res.body.links).toEqual({
      first: '/collection?page=1',
      last: '/collection?page=11',
      prev: '/collection?page=1',
      next: '/collection?page=3',
    })
    expect(res.body.meta).toEqual({
      current_page: 2,
      from: 6,
      last_page: 11,
      path: '/collection',
      per_page: 5,
      to: 10,
      total: 53,
    })
  })

  it('wraps a simplePaginate() page in a collection: links.last null, no last_page/total', async () => {
    const res = await request(app).get('/simple-collection').expect(200)
    expect(res.body.links).toEqual({
      first: '/simple-collection?page=1',
      last: null,
      prev: null,
      next: '/simple-collection?page=2',
    })
    expect(res.body.meta).toEqual({
      current_page: 1,
      from: 1,
      path: '/simple-collection',
      per_page: 5,
      to: 5,
    })
  })
})
