import { createServer } from 'node:http'
import request from 'supertest'
import { apiResources, respond } from 'api-resources/express'
import { EXPRESS_VERSIONS, Probe } from './express-versions'

// The choice: malformed query strings are never an error. What cannot be read is ignored (the
// spec's silent behaviour), so the answer is 200 with the parts that could be read.
const CASES: ReadonlyArray<[string, Partial<{ page: number; include: string[]; fields: object }>]> =
  [
    ['include[]=x', { include: [] }],
    ['include[a]=x', { include: [] }],
    ['fields=abc', { fields: {} }],
    ['fields[posts][x]=1', { fields: {} }],
    ['fields[]=a', { fields: {} }],
    ['fields[posts=a', { fields: {} }],
    ['include=%E0%A4%A', { include: [] }],
    ['include=%', { include: [] }],
    ['%zz=1&include=ok', { include: ['ok'] }],
    ['fields%5Bposts%5D=%ZZ&fields[users]=name', { fields: { users: ['name'] } }],
    ['page=', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['page=-3', { page: 1 }],
    ['page=1e3', { page: 1 }],
    ['page=99999999999999999999', { page: 1 }],
    ['page[]=2', { page: 1 }],
    ['page[x]=2', { page: 1 }],
    ['page=%', { page: 1 }],
    ['include=,,,&fields[t]=,,', { include: [], fields: { t: [] } }],
    ['&&&=&==&include=a=b', { include: ['a=b'] }],
  ]

describe.each(EXPRESS_VERSIONS)('malformed query strings on %s', (_name, makeApp) => {
  describe.each(['simple', 'extended'])('query parser %s', (parser) => {
    const app = makeApp()
    app.set('query parser', parser)
    app.use(apiResources())
    app.get(
      '/posts',
      respond(() => new Probe()),
    )

    it.each(CASES)('?%s is read silently', async (query, expected) => {
      const res = await request(app).get(`/posts?${query}`).expect(200)
      expect(res.body).toMatchObject(expected)
    })

    // Node answers request lines over 16 KiB with 431 before Express runs: raise its limit here
    const bigServer = () => createServer({ maxHeaderSize: 1 << 20 }, app)

    it('10,000 include segments: answered, duplicates collapsed', async () => {
      const many = Array.from({ length: 10_000 }, (_, i) => `r${i % 50}.x`).join(',')
      const res = await request(bigServer()).get(`/posts?include=${many}`).expect(200)
      expect(res.body.include).toHaveLength(50)
    })

    it('10,000 distinct include segments and a deep path', async () => {
      const many = Array.from({ length: 10_000 }, (_, i) => `r${i}`).join(',')
      const deep = Array.from({ length: 2_000 }, () => 'a').join('.')
      const started = Date.now()
      const res = await request(bigServer()).get(`/posts?include=${many},${deep}`).expect(200)
      expect(res.body.include).toHaveLength(10_001)
      expect(Date.now() - started).toBeLessThan(2000)
    })
  })
})
