import 'reflect-metadata'
import request from 'supertest'
import type { Knex } from 'knex'
import { Attribute, Cursor, Field, JsonApiResource, JsonResource } from 'api-resources'
import { apiResources, resourceErrors, respond } from 'api-resources/express'
import { cursorPaginate } from 'api-resources/knex'
import { DIALECTS } from '../support/db'
import { assertJsonApiDocument } from '../support/jsonapi-schema'
import { EXPRESS_VERSIONS } from './express-versions'

const JSON_API = 'application/vnd.api+json'

interface Post {
  id: number
  title: string
}

class PostResource extends JsonResource<Post> {
  @Field() id!: number
  @Field() title!: string
}

class PostDocument extends JsonApiResource<Post> {
  static override resourceType = 'posts'
  @Attribute() title!: string
}

describe.each(EXPRESS_VERSIONS)('cursor pages over Express (%s)', (_name, makeApp) => {
  let db: Knex

  beforeAll(async () => {
    db = DIALECTS[0].knex()
    await db.schema.createTable('posts', (t) => {
      t.integer('id').primary()
      t.string('title')
    })
    await db('posts').insert([1, 2, 3, 4, 5].map((id) => ({ id, title: `Post ${id}` })))
  })

  afterAll(() => db.destroy())

  function app() {
    const a = makeApp()
    a.use(apiResources())
    const query = () => db('posts').orderBy('id', 'desc')
    a.get(
      '/posts',
      respond(async () => PostResource.collection(await cursorPaginate(query(), 2))),
    )
    a.get(
      '/signed',
      respond(async () => cursorPaginate(query(), 2, undefined, { cursorSecret: 's3cret' })),
    )
    a.get(
      '/jsonapi',
      respond(async () => PostDocument.collection(await cursorPaginate(query(), 2))),
    )
    a.use(resourceErrors())
    return a
  }

  it('walks the collection with links.next and back with links.prev', async () => {
    const first = await request(app()).get('/posts?sort=x').expect(200)
    expect(first.body.data).toEqual([
      { id: 5, title: 'Post 5' },
      { id: 4, title: 'Post 4' },
    ])
    expect(first.body.links.first).toBeNull()
    expect(first.body.links.prev).toBeNull()
    expect(Object.keys(first.body.meta)).toEqual(['path', 'per_page', 'next_cursor', 'prev_cursor'])
    const second = await request(app()).get(first.body.links.next).expect(200)
    expect(second.body.data.map((p: Post) => p.id)).toEqual([3, 2])
    const back = await request(app()).get(second.body.links.prev).expect(200)
    expect(back.body.data.map((p: Post) => p.id)).toEqual([5, 4])
    expect(back.body.links.prev).toBeNull()
  })

  it('answers a malformed, repeated or foreign cursor with 400 { message, errors: { cursor } }', async () => {
    for (const query of ['cursor=%25%25', 'cursor=bm9wZQ', 'cursor=a&cursor=b'])
      await request(app())
        .get(`/posts?${query}`)
        .expect(400)
        .expect((res) => {
          expect(res.body).toEqual({
            message: expect.stringMatching(/cursor/),
            errors: { cursor: [res.body.message] },
          })
        })
    const foreign = new Cursor({ created_at: '2020-01-01' }).encode()
    const res = await request(app()).get(`/posts?cursor=${foreign}`).expect(400)
    expect(res.body.message).toMatch(/created_at/)
  })

  it('answers with a JSON:API error object naming the cursor parameter', async () => {
    const res = await request(app()).get('/jsonapi?cursor=xyz').set('Accept', JSON_API).expect(400)
    expect(res.headers['content-type']).toBe(JSON_API)
    const doc = JSON.parse(res.text)
    expect(doc.errors).toEqual([
      {
        status: '400',
        title: 'Invalid Cursor',
        detail: expect.stringMatching(/cursor is invalid/),
        source: { parameter: 'cursor' },
      },
    ])
    assertJsonApiDocument(doc)
  })

  it('gives a schema-valid JSON:API collection with prev/next links and cursor meta', async () => {
    const first = await request(app()).get('/jsonapi').expect(200)
    const doc = JSON.parse(first.text)
    assertJsonApiDocument(doc)
    expect(doc.links).toEqual({ first: null, last: null, prev: null, next: expect.any(String) })
    const second = JSON.parse((await request(app()).get(doc.links.next).expect(200)).text)
    assertJsonApiDocument(second)
    expect(second.data.map((d: { id: string }) => d.id)).toEqual(['3', '2'])
    expect(second.meta.prev_cursor).toEqual(expect.any(String))
  })

  it('signs cursors with cursorSecret and refuses tampered ones with 400', async () => {
    const first = await request(app()).get('/signed').expect(200)
    expect(first.body.next_cursor).toMatch(/\./)
    await request(app()).get(first.body.next_page_url).expect(200)
    const unsigned = first.body.next_cursor.split('.')[0]
    await request(app()).get(`/signed?cursor=${unsigned}`).expect(400)
  })
})
