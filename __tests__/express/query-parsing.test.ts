import request from 'supertest'
import { apiResources, respond } from 'api-resources/express'
import { EXPRESS_VERSIONS, Probe, express4, express5 } from './express-versions'

// include / fields[<type>] come from the raw query string, so Express's query parser does not matter
const QUERIES: ReadonlyArray<[string, { include: string[]; fields: Record<string, string[]> }]> = [
  ['include=author,comments.author', { include: ['author', 'comments.author'], fields: {} }],
  ['include=author&include=tags', { include: ['author', 'tags'], fields: {} }],
  ['include=author,tags&include=author', { include: ['author', 'tags'], fields: {} }],
  ['fields[posts]=title,body', { include: [], fields: { posts: ['title', 'body'] } }],
  ['fields%5Bposts%5D=title', { include: [], fields: { posts: ['title'] } }],
  ['fields[posts]=title&fields[posts]=body', { include: [], fields: { posts: ['title', 'body'] } }],
  [
    'include=author&fields[posts]=title&fields[users]=name,email',
    { include: ['author'], fields: { posts: ['title'], users: ['name', 'email'] } },
  ],
  ['fields[posts]=', { include: [], fields: { posts: [] } }],
  ['include=a%2Cb+&fields[x]=a%20b', { include: ['a', 'b'], fields: { x: ['a b'] } }],
]

describe.each(EXPRESS_VERSIONS)('query parsing on %s', (name, makeApp) => {
  const express = name === 'express 4' ? express4 : express5

  describe.each(['simple', 'extended'])("with app.set('query parser', '%s')", (parser) => {
    it.each(QUERIES)('?%s', async (query, expected) => {
      const app = makeApp()
      app.set('query parser', parser)
      app.use(apiResources())
      app.get(
        '/posts',
        respond(() => new Probe()),
      )
      const res = await request(app).get(`/posts?${query}`).expect(200)
      expect(res.body.include).toEqual(expected.include)
      expect(res.body.fields).toEqual(expected.fields)
    })
  })

  it('gives the same result with a custom query parser', async () => {
    const app = makeApp()
    app.set('query parser', () => ({}))
    app.use(apiResources())
    app.get(
      '/posts',
      respond(() => new Probe()),
    )
    const res = await request(app).get('/posts?include=a&fields[posts]=t&page=2').expect(200)
    expect(res.body).toMatchObject({ include: ['a'], fields: { posts: ['t'] }, page: 2 })
  })

  it('builds the page path from the mount prefix and the route', async () => {
    const app = makeApp()
    const api = express.Router()
    const nested = express.Router()
    nested.get(
      '/:id/comments',
      respond(() => new Probe()),
    )
    api.use('/posts', nested)
    app.use(apiResources())
    app.use('/api', api)
    const res = await request(app).get('/api/posts/5/comments/?page=3').expect(200)
    expect(res.body).toMatchObject({ path: '/api/posts/5/comments', page: 3 })
  })

  it('reads the page the same way under both parsers', async () => {
    for (const parser of ['simple', 'extended']) {
      const app = makeApp()
      app.set('query parser', parser)
      app.get(
        '/p',
        respond(() => new Probe()),
      )
      const pages = await Promise.all(
        ['page=4', 'page=4&page=5', 'page[]=4', 'page=0', 'page=2.5', 'page=%34'].map(
          async (q) => (await request(app).get(`/p?${q}`)).body.page,
        ),
      )
      expect(pages).toEqual([4, 1, 1, 1, 1, 4])
    }
  })
})
