import request from 'supertest'
import type { Knex } from 'knex'
import { seededDemo } from '../e2e/demo-db'
import { paginatedEndpoints } from '../../demo-app/src/routes/paginated'

describe('demo app: paginated JSON endpoints', () => {
  let db: Knex
  let app: Awaited<ReturnType<typeof seededDemo>>['app']
  let postCount: number
  let userCount: number

  beforeAll(async () => {
    ;({ db, app } = await seededDemo())
    postCount = Number((await db('posts').count({ n: '*' }))[0].n)
    userCount = Number((await db('users').count({ n: '*' }))[0].n)
  })

  afterAll(async () => {
    await db.destroy()
  })

  it('every listed endpoint answers 200 with JSON', async () => {
    expect(paginatedEndpoints.length).toBeGreaterThanOrEqual(4)
    for (const endpoint of paginatedEndpoints) {
      const res = await request(app).get(endpoint.path)
      expect([endpoint.path, res.status]).toEqual([endpoint.path, 200])
      expect(res.headers['content-type']).toMatch(/^application\/json/)
    }
  })

  it('/paginated/users is a bare length-aware paginator', async () => {
    const res = await request(app).get('/paginated/users?page=2').expect(200)
    expect(res.body).toMatchObject({
      current_page: 2,
      per_page: 5,
      total: userCount,
      path: '/paginated/users',
      prev_page_url: '/paginated/users?page=1',
    })
    expect(res.body.data).toHaveLength(Math.min(5, userCount - 5))
  })

  it('/paginated/posts is a resource collection with links and meta', async () => {
    const res = await request(app).get('/paginated/posts?page=3').expect(200)
    expect(Object.keys(res.body)).toEqual(['data', 'links', 'meta'])
    expect(res.body.meta).toMatchObject({
      current_page: 3,
      per_page: 10,
      total: postCount,
      from: 21,
    })
    expect(res.body.links.last).toBe(`/paginated/posts?page=${Math.ceil(postCount / 10)}`)
    expect(res.body.data[0]).toHaveProperty('author')
  })

  it('/paginated/feed is a simple collection: links.last null, no total', async () => {
    const res = await request(app).get('/paginated/feed').expect(200)
    expect(res.body.links).toMatchObject({ last: null, prev: null, next: '/paginated/feed?page=2' })
    expect(res.body.meta).not.toHaveProperty('total')
    expect(res.body.data).toHaveLength(10)
  })

  it('/paginated/search keeps its filter in the page links', async () => {
    const all = await db('posts').where('user_id', 2).orderBy('id')
    const res = await request(app).get('/paginated/search?author=2&page=1').expect(200)
    expect(res.body.meta.total).toBe(all.length)
    if (all.length > 5) expect(res.body.links.next).toBe('/paginated/search?page=2&author=2')
    expect(res.body.links.first).toBe('/paginated/search?page=1&author=2')
  })

  it('/paginated/array pages a plain array from ?page=', async () => {
    const res = await request(app).get('/paginated/array?page=2').expect(200)
    expect(res.body.meta).toMatchObject({ current_page: 2, from: 4, to: 6, total: userCount })
    expect(res.body.data.map((u: { id: number }) => u.id)).toEqual([4, 5, 6])
  })
})
