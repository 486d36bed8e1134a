// JSON:API documents through Express: exact media type, query parsing with either query parser,
// and JSON:API error documents; every body is checked with the official schema.
import 'reflect-metadata'
import express, { type Express } from 'express'
import express4 from 'express4'
import request from 'supertest'
import { LengthAwarePaginator, NotFoundError, ValidationError } from 'api-resources'
import { apiResources, resourceErrors, respond } from 'api-resources/express'
import { assertJsonApiDocument } from '../support/jsonapi-schema'
import { assertClientGraph, parseWithJsona, type ClientModel } from '../support/jsonapi-clients'
import { blogRows, PostResource } from './fixtures/blog-resources'

const MEDIA_TYPE = 'application/vnd.api+json'

function buildApp(make: () => Express, queryParser: 'simple' | 'extended'): Express {
  const app = make()
  app.set('query parser', queryParser)
  app.use(apiResources())
  const { hello, again, mine } = blogRows()
  const posts = [hello, again, mine]
  app.get(
    '/posts',
    respond(() =>
      PostResource.collection(new LengthAwarePaginator(posts, { total: 3, perPage: 10 })),
    ),
  )
  app.get('/posts/:id', (req, res) => {
    const post = posts.find((p) => String(p.id) === req.params.id)
    if (post === undefined) throw new NotFoundError('No such post.')
    res.json(new PostResource(post))
  })
  app.post('/posts', () => {
    throw new ValidationError({ title: ['The title field is required.'], 'tags.0': ['Bad tag.'] })
  })
  app.use(resourceErrors())
  return app
}

const makers: Array<[string, () => Express]> = [
  ['express 5', () => express()],
  ['express 4', () => express4() as unknown as Express],
]

describe.each(makers)('JSON:API over %s', (_name, make) => {
  describe.each(['simple', 'extended'] as const)('with the %s query parser', (parser) => {
    const app = buildApp(make, parser)

    it('answers res.json(resource) with exactly application/vnd.api+json', async () => {
      const res = await request(app).get('/posts/10?include=author&fields[users]=name')
      expect(res.status).toBe(200)
      expect(res.headers['content-type']).toBe(MEDIA_TYPE)
      const doc = JSON.parse(res.text)
      assertJsonApiDocument(doc, { sparse: true })
      assertClientGraph(doc)
      expect(doc.included).toEqual([{ type: 'users', id: '1', attributes: { name: 'Ada' } }])
    })

    it('answers respond(() => collection) with a paginated document', async () => {
      const res = await request(app).get(
        '/posts?include=comments.author&fields%5Bposts%5D=title,comments',
      )
      expect(res.headers['content-type']).toBe(MEDIA_TYPE)
      const doc = JSON.parse(res.text)
      assertJsonApiDocument(doc, { sparse: true })
      assertClientGraph(doc)
      expect(doc.links.first).toBe('/posts?page=1')
      expect(doc.meta.total).toBe(3)
      expect(doc.data[0]).toEqual({
        type: 'posts',
        id: '10',
        attributes: { title: 'Hello' },
        relationships: {
          comments: {
            data: [
              { type: 'comments', id: '100' },
              { type: 'comments', id: '101' },
            ],
          },
        },
      })
      const posts = parseWithJsona(doc) as ClientModel[]
      const comments = posts[0].comments as ClientModel[]
      expect((comments[0].author as ClientModel).name).toBe('Bob')
    })

    it('answers validation errors as a valid JSON:API error document when asked', async () => {
      const res = await request(app).post('/posts').set('Accept', MEDIA_TYPE)
      expect(res.status).toBe(422)
      expect(res.headers['content-type']).toBe(MEDIA_TYPE)
      const doc = JSON.parse(res.text)
      assertJsonApiDocument(doc)
      expect(doc.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
        '/data/attributes/title',
        '/data/attributes/tags/0',
      ])
    })

    it('answers a missing record as a valid JSON:API error document when asked', async () => {
      const res = await request(app).get('/posts/999').set('Accept', MEDIA_TYPE)
      expect(res.status).toBe(404)
      expect(res.headers['content-type']).toBe(MEDIA_TYPE)
      assertJsonApiDocument(JSON.parse(res.text))
    })

    it('survives a hostile include string (as long as Node accepts)', async () => {
      const include = encodeURIComponent(
        ['author.posts.'.repeat(400), '..,,'.repeat(300)].join(','),
      )
      const res = await request(app).get(`/posts/10?include=${include}`)
      expect(res.status).toBe(200)
      assertJsonApiDocument(JSON.parse(res.text))
    })
  })
})
