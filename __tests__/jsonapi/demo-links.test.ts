// The demo's JSON:API documents link to real demo routes: every `links` URL of a document (top-level
// self, resource objects' self, relationship objects' related) answers 200 with a valid document.
import request from 'supertest'
import type { Knex } from 'knex'
import { seededDemo } from '../e2e/demo-db'
import { assertJsonApiDocument } from '../support/jsonapi-schema'

const JSON_API = 'application/vnd.api+json'
let db: Knex
let app: Awaited<ReturnType<typeof seededDemo>>['app']

beforeAll(async () => {
  ;({ db, app } = await seededDemo())
})
afterAll(() => db.destroy())

/** Every link of a document: top-level, resource objects', relationship objects'. */
function linksOf(doc: any): { where: string; url: string }[] {
  const out: { where: string; url: string }[] = []
  const add = (where: string, links: Record<string, unknown> | undefined) => {
    for (const [name, link] of Object.entries(links ?? {}))
      if (typeof link === 'string') out.push({ where: `${where}.${name}`, url: link })
  }
  add('links', doc.links)
  for (const object of [doc.data, ...(doc.included ?? [])].flat()) {
    if (object === null) continue
    const at = `${object.type}:${object.id}`
    add(`${at}.links`, object.links)
    for (const [name, rel] of Object.entries<any>(object.relationships ?? {}))
      add(`${at}.relationships.${name}.links`, rel.links)
  }
  return out
}

describe('demo JSON:API links resolve to demo routes', () => {
  it('every link of a post document answers with a valid JSON:API document', async () => {
    const res = await request(app)
      .get('/jsonapi/posts/1?include=author,comments.author,tags')
      .expect(200)
    expect(res.headers['content-type']).toBe(JSON_API)
    assertJsonApiDocument(res.body)
    const links = linksOf(res.body)
    const related = links.filter((l) => l.where.endsWith('.related'))
    // posts: author, comments, tags; comments: author, post; users: posts
    expect(new Set(related.map((l) => l.where.replace(/^[a-z]+:[^.]+\./, '')))).toEqual(
      new Set([
        'relationships.author.links.related',
        'relationships.comments.links.related',
        'relationships.tags.links.related',
        'relationships.post.links.related',
        'relationships.posts.links.related',
      ]),
    )
    expect(links.find((l) => l.where === 'links.self')?.url).toBe(
      '/jsonapi/posts/1?include=author,comments.author,tags',
    )
    for (const { where, url } of new Map(links.map((l) => [l.url, l])).values()) {
      const followed = await request(app).get(url)
      expect({ where, url, status: followed.status }).toEqual({ where, url, status: 200 })
      expect(followed.headers['content-type']).toBe(JSON_API)
      assertJsonApiDocument(followed.body)
    }
  })

  it('a related link points at the same objects as the linkage it sits beside', async () => {
    const post = (await request(app).get('/jsonapi/posts/1?include=comments').expect(200)).body
    const comments = post.data.relationships.comments
    const followed = (await request(app).get(comments.links.related).expect(200)).body
    expect(followed.data.map((c: any) => ({ type: c.type, id: c.id }))).toEqual(comments.data)
  })

  it('a relation that was not loaded still shows its related link, with no linkage', async () => {
    const user = (await request(app).get('/jsonapi/users/2').expect(200)).body
    expect(user.data.relationships.posts).toEqual({ links: { related: '/jsonapi/users/2/posts' } })
    const posts = (await request(app).get('/jsonapi/users/2/posts').expect(200)).body
    assertJsonApiDocument(posts)
    expect(posts.data.length).toBeGreaterThan(0)
  })
})
