// JSON:API content negotiation (1.1): a request whose Accept header names the JSON:API media type
// only with parameters other than `ext` and `profile`, or only with extensions the document does
// not use, is answered 406 (a JSON:API error document), on the HTTP core and on each integration.
// Before, every such request got the document with 200.
import 'reflect-metadata'
import express from 'express'
import Fastify from 'fastify'
import { Hono } from 'hono'
import request from 'supertest'
import { Attribute, JsonApiResource } from 'api-resources'
import { errorToHttpResponse, toHttpResponse } from 'api-resources/http'
import { apiResources as expressResources, resourceErrors, respond } from 'api-resources/express'
import { apiResources as fastifyResources } from 'api-resources/fastify'
import {
  apiResources as honoResources,
  resourceErrors as honoErrors,
  respond as honoRespond,
} from 'api-resources/hono'

const JSONAPI = 'application/vnd.api+json'
const EXT = 'https://example.test/ext/atomic'

class PostDoc extends JsonApiResource<{ id: number; title: string }> {
  static override resourceType = 'posts'
  @Attribute() title!: string
}

class ExtDoc extends JsonApiResource<{ id: number; title: string }> {
  static override resourceType = 'ext-posts'
  @Attribute() title!: string
}
ExtDoc.configure({ ext: [EXT] })

/** The status a document of `Doc` is answered with for `accept`, through the HTTP core. */
function statusFor(Doc: typeof PostDoc | typeof ExtDoc, accept: string | undefined): number {
  const headers = accept === undefined ? {} : { accept }
  try {
    return toHttpResponse(new Doc({ id: 1, title: 'a' }), { url: '/p', headers }).status
  } catch (error) {
    return errorToHttpResponse(error, { url: '/p', headers })?.status ?? 500
  }
}

describe('JSON:API Accept negotiation (HTTP core)', () => {
  it.each([
    [undefined, 200],
    ['*/*', 200],
    ['application/json', 200],
    [JSONAPI, 200],
    [`${JSONAPI}; profile="https://example.test/p"`, 200],
    [`${JSONAPI}; q=0.5`, 200],
    // one usable instance is enough
    [`${JSONAPI}; charset=utf-8, ${JSONAPI}`, 200],
    // every instance modified by another parameter
    [`${JSONAPI}; charset=utf-8`, 406],
    [`${JSONAPI};foo=bar`, 406],
    [`${JSONAPI}; charset=utf-8, */*`, 406],
    [`${JSONAPI}; charset=utf-8, ${JSONAPI}; foo=1`, 406],
    // only an extension this document does not use
    [`${JSONAPI}; ext="https://example.test/ext/none"`, 406],
    [`${JSONAPI}; ext="${EXT}"`, 406],
    // an instance with q=0 is not asked for
    [`${JSONAPI}; charset=utf-8; q=0, application/json`, 200],
  ])('a plain document, Accept %s: %s', (accept, status) => {
    expect(statusFor(PostDoc, accept)).toBe(status)
  })

  it.each([
    [`${JSONAPI}; ext="${EXT}"`, 200],
    [`${JSONAPI}; ext="${EXT} https://example.test/ext/none"`, 406],
    [`${JSONAPI}; ext="https://example.test/ext/none", ${JSONAPI}`, 200],
  ])('a document using an extension, Accept %s: %s', (accept, status) => {
    expect(statusFor(ExtDoc, accept)).toBe(status)
  })

  it('answers 406 with a JSON:API error document', () => {
    const headers = { accept: `${JSONAPI}; charset=utf-8` }
    let thrown: unknown
    try {
      toHttpResponse(new PostDoc({ id: 1, title: 'a' }), { url: '/p', headers })
    } catch (error) {
      thrown = error
    }
    const answer = errorToHttpResponse(thrown, { url: '/p', headers })!
    expect(answer.headers['content-type']).toBe(JSONAPI)
    expect(JSON.parse(answer.body).errors[0]).toMatchObject({
      status: '406',
      title: 'Not Acceptable',
      detail: expect.stringContaining('a parameter other than ext or profile'),
    })
  })
})

describe('JSON:API Accept negotiation through the integrations', () => {
  const accept = `${JSONAPI}; charset=utf-8`

  it('Express', async () => {
    const app = express()
    app.use(expressResources())
    app.get(
      '/p',
      respond(() => new PostDoc({ id: 1, title: 'a' })),
    )
    app.get('/q', (_req, res) => {
      res.json(new PostDoc({ id: 1, title: 'a' }))
    })
    app.use(resourceErrors())
    for (const path of ['/p', '/q']) {
      await request(app).get(path).set('Accept', JSONAPI).expect(200)
      const refused = await request(app).get(path).set('Accept', accept).expect(406)
      expect(refused.headers['content-type']).toBe(JSONAPI)
    }
  })

  it('Fastify', async () => {
    const app = Fastify()
    await app.register(fastifyResources())
    app.get('/p', () => new PostDoc({ id: 1, title: 'a' }))
    const ok = await app.inject({ url: '/p', headers: { accept: JSONAPI } })
    expect(ok.statusCode).toBe(200)
    const refused = await app.inject({ url: '/p', headers: { accept } })
    expect([refused.statusCode, refused.headers['content-type']]).toEqual([406, JSONAPI])
  })

  it('Hono', async () => {
    const app = new Hono()
    app.use(honoResources())
    app.get(
      '/p',
      honoRespond(() => new PostDoc({ id: 1, title: 'a' })),
    )
    app.onError(honoErrors())
    expect((await app.request('/p', { headers: { accept: JSONAPI } })).status).toBe(200)
    const refused = await app.request('/p', { headers: { accept } })
    expect([refused.status, refused.headers.get('content-type')]).toEqual([406, JSONAPI])
  })
})
