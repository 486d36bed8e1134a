// An HTTP/2 Fastify app (`http2: true`): the plugin, `resourceErrors()` and `answerResourceError()`
// take its requests and replies. Before, their types named HTTP/1's, so
// `app.setErrorHandler(resourceErrors())` did not compile on such an app (the type check of this
// file is the test of that), though it ran.
import { connect } from 'node:http2'
import type { AddressInfo } from 'node:net'
import Fastify from 'fastify'
import { NotFoundError } from 'api-resources'
import { answerResourceError, apiResources, resourceErrors } from 'api-resources/fastify'
import { UserResource, users } from '../fixtures'

/** One request over a cleartext HTTP/2 connection: status, content type and body. */
function h2Get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const session = connect(`http://127.0.0.1:${port}`)
    session.on('error', reject)
    const stream = session.request({ ':path': path, ...headers })
    let body = ''
    let status = 0
    let type = ''
    stream.setEncoding('utf8')
    stream.on('response', (head) => {
      status = Number(head[':status'])
      type = String(head['content-type'])
    })
    stream.on('data', (chunk: string) => (body += chunk))
    stream.on('end', () => {
      session.close()
      resolve({ status, type, body })
    })
    stream.on('error', reject)
    stream.end()
  })
}

describe('api-resources/fastify on an HTTP/2 app', () => {
  it('answers with resourceErrors() set by the app, a JSON:API choice reading the HTTP/2 request', async () => {
    const app = Fastify({ http2: true })
    await app.register(apiResources({ errorHandler: false }))
    app.setErrorHandler(resourceErrors({ jsonApi: (request) => request.raw.httpVersion === '2.0' }))
    app.get('/users/:id', (request) => {
      const user = users.find((u) => String(u.id) === (request.params as { id: string }).id)
      if (user === undefined) throw new NotFoundError('No such user.')
      return new UserResource(user)
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const port = (app.server.address() as AddressInfo).port
      const found = await h2Get(port, '/users/1')
      expect(found.status).toBe(200)
      expect(JSON.parse(found.body).data.id).toBe(1)
      const missing = await h2Get(port, '/users/999')
      expect(missing.status).toBe(404)
      expect(missing.type).toBe('application/vnd.api+json')
      expect(JSON.parse(missing.body).errors[0]).toMatchObject({
        status: '404',
        detail: 'No such user.',
      })
    } finally {
      await app.close()
    }
  })

  it("answers with answerResourceError() and its options in the app's own handler", async () => {
    const app = Fastify({ http2: true })
    await app.register(apiResources({ errorHandler: false }))
    app.setErrorHandler((error, request, reply) => {
      const jsonApi = (r: typeof request) => r.headers['x-client'] === 'jsonapi'
      if (!answerResourceError(error, request, reply, { jsonApi })) throw error
    })
    app.get('/missing', () => {
      throw new NotFoundError('gone')
    })
    const plain = await app.inject('/missing')
    expect([plain.statusCode, plain.json()]).toEqual([404, { message: 'gone' }])
    const document = await app.inject({ url: '/missing', headers: { 'x-client': 'jsonapi' } })
    expect(document.headers['content-type']).toBe('application/vnd.api+json')
    expect(document.json().errors[0]).toMatchObject({ status: '404', detail: 'gone' })
  })
})
