// The demo's JSON:API endpoints against the seeded database: includes and sparse fieldsets work,
// every document passes the official schema and parses back with jsona.
import request from 'supertest'
import type { Knex } from 'knex'
import { seededDemo } from '../e2e/demo-db'
import { assertJsonApiDocument } from '../support/jsonapi-schema'
import { assertClientGraph, parseWithJsona, type ClientModel } from '../support/jsonapi-clients'
import { keys } from './render'

const MEDIA_TYPE = 'application/vnd.api+json'
let db: Knex
let app: Awaited<ReturnType<typeof seededDemo>>['app']

beforeAll(async () => {
  ;({ db, app } = await seededDemo())
})
afterAll(() => db.destroy())

async function getDoc(url: string, sparse = url.includes('fields')) {
  const res = await request(app).get(url)
  expect(res.status).toBe(200)
  expect(res.headers['content-type']).toBe(MEDIA_TYPE)
  const doc = JSON.parse(res.text)
  assertJsonApiDocument(doc, { sparse })
  assertClientGraph(doc)
  return doc
}

describe('demo JSON:API endpoints', () => {
  it('serves a paginated posts document with included authors and comments', async () => {
    const doc = await getDoc('/jsonapi/posts?include=author,comments.author&sort=id&page=2')
    expect(doc.data).toHaveLength(15)
    expect(doc.data[0].id).toBe('16')
    expect(doc.meta).toMatchObject({ current_page: 2, per_page: 15, total: 2000 })
    // the next link keeps the accepted query (in its normal form), page first
    const next = new URL(doc.links.next, 'http://x')
    expect(next.pathname).toBe('/jsonapi/posts')
    expect(doc.links.next).toMatch(/^\/jsonapi\/posts\?page=3&/)
    expect(next.searchParams.get('include')).toBe('author,comments.author')
    expect(next.searchParams.get('sort')).toBe('id')
    const types = new Set(doc.included.map((r: { type: string }) => r.type))
    expect(types).toEqual(new Set(['users', 'comments']))
    const posts = parseWithJsona(doc) as ClientModel[]
    for (const post of posts) {
      expect(typeof (post.author as ClientModel).name).toBe('string')
      for (const c of post.comments as ClientModel[])
        expect((c.author as ClientModel).email).toMatch(/@/)
    }
  })

  it('applies sparse fieldsets', async () => {
    const doc = await getDoc(
      '/jsonapi/posts/1?fields[posts]=title&fields[users]=name&include=author',
    )
    expect(Object.keys(doc.data.attributes)).toEqual(['title'])
    expect(doc.data.relationships).toBeUndefined()
    expect(doc.included).toHaveLength(1)
    expect(Object.keys(doc.included[0].attributes)).toEqual(['name'])
  })

  it('follows dot-paths and renders linkage of loaded relations only', async () => {
    const doc = await getDoc('/jsonapi/posts/1?include=author.posts,tags')
    const linked = Object.entries<{ data?: unknown }>(doc.data.relationships)
    expect(
      linked
        .filter(([, rel]) => rel.data !== undefined)
        .map(([name]) => name)
        .sort(),
    ).toEqual(['author', 'tags'])
    // comments were not loaded: only their related link, which a client can follow
    expect(doc.data.relationships.comments).toEqual({
      links: { related: '/jsonapi/posts/1/comments' },
    })
    const author = doc.included.find((r: { type: string }) => r.type === 'users')
    const [{ n }] = await db('posts').where('user_id', Number(author.id)).count({ n: '*' })
    expect(author.relationships.posts.data.length).toBe(Number(n))
    expect(keys(doc.included)).not.toContain('posts:1')
    const tag = doc.included.find((r: { type: string }) => r.type === 'tags')
    expect(tag.id).toMatch(/^[a-z0-9-.]+$/)
  })

  it('serves users with posts three levels deep', async () => {
    const doc = await getDoc('/jsonapi/users/1?include=posts.comments.author')
    const user = parseWithJsona(doc) as ClientModel
    expect(Array.isArray(user.posts)).toBe(true)
    const list = await getDoc('/jsonapi/users?include=posts&fields[posts]=title')
    expect(list.data).toHaveLength(15)
  })

  it('answers a missing post with a JSON:API error document', async () => {
    const res = await request(app).get('/jsonapi/posts/999999').set('Accept', MEDIA_TYPE)
    expect(res.status).toBe(404)
    expect(res.headers['content-type']).toBe(MEDIA_TYPE)
    assertJsonApiDocument(JSON.parse(res.text))
  })

  it('answers a hostile include string with a 400 naming include (the route is strict)', async () => {
    const include = encodeURIComponent('author.posts.'.repeat(300) + ',,..'.repeat(200))
    const res = await request(app)
      .get(`/jsonapi/posts?include=${include}`)
      .set('Accept', MEDIA_TYPE)
    expect(res.status).toBe(400)
    const doc = JSON.parse(res.text)
    expect(doc.errors.length).toBeGreaterThan(0)
    for (const error of doc.errors) expect(error.source).toEqual({ parameter: 'include' })
  })
})
