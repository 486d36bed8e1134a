// Without Express, a server supplies the request itself: runWithRequestContext(createRequestContext(
// url, req), handler). The pages then read the request's page and path, and nothing is warned.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import request from 'supertest'
import { JsonResource, createRequestContext, runWithRequestContext } from 'api-resources'
import { paginatePageQuery } from '../../src/pagination/page-query'

const rows = Array.from({ length: 45 }, (_, i) => ({ id: i + 1 }))
const query = {
  count: async () => rows.length,
  fetch: async (offset: number, limit: number) => rows.slice(offset, offset + limit),
}

class PostResource extends JsonResource<{ id: number }> {}

describe('a server without Express', () => {
  let server: http.Server
  let emitWarning: jest.SpyInstance

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      void runWithRequestContext(createRequestContext(req.url ?? '/', req), async () => {
        const page = await paginatePageQuery(query, 20)
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify(PostResource.collection(page)))
      })
    })
    server.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))
  beforeEach(() => {
    emitWarning = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined)
  })
  afterEach(() => emitWarning.mockRestore())

  it('pages with the request page and path, without a warning', async () => {
    const { port } = server.address() as AddressInfo
    const res = await request(`http://127.0.0.1:${port}`).get('/posts?page=2')
    expect(res.body.meta).toMatchObject({ current_page: 2, path: '/posts', last_page: 3 })
    expect(res.body.links.next).toBe('/posts?page=3')
    expect(emitWarning).not.toHaveBeenCalled()
  })
})
