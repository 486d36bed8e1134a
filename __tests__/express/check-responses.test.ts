/**
 * `apiResources({ checkResponses: true })`: every body built from a resource, collection, paginator
 * or JSON:API document is validated against its generated schema; the first mismatch is an error
 * with its JSON pointer. Off by default and under NODE_ENV=production, and Ajv is not even loaded
 * then.
 */
import 'reflect-metadata'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import express, { type NextFunction, type Request, type Response } from 'express'
import request from 'supertest'
import {
  Attribute,
  Field,
  JsonApiResource,
  JsonResource,
  LengthAwarePaginator,
  ResourceCollection,
  WhenLoaded,
} from 'api-resources'
import { apiResources, respond } from 'api-resources/express'

type Model = Record<string, unknown>

class TagResource extends JsonResource<Model> {
  @Field({ from: 'name' as string }) name!: string
}

class PostResource extends JsonResource<Model> {
  @Field({ from: 'id' as string }) id!: number
  @Field({ from: 'title' as string }) title!: string
  @WhenLoaded(() => TagResource, { relation: 'tags' as string }) tags?: TagResource[]
}

class PostApi extends JsonApiResource<Model> {
  static override resourceType = 'posts'
  @Attribute({ from: 'title' as string }) title!: string
}

/** A collection whose toArray() is its own: its schema is not known, so it is not checked. */
class CodedCollection extends ResourceCollection {
  static override collects = () => PostResource
  override toArray(): unknown[] {
    return [{ anything: true }]
  }
}

/** A resource whose toArray() is its own: it need not write its decorated members. */
class TitleOnly extends PostResource {
  override toArray(): Record<string, unknown> {
    return { heading: `post ${String(this.resource.id)}` }
  }
}

const good = { id: 1, title: 'Hello', tags: [{ name: 'news' }] }
const bad = { id: 'one', title: 'Hello', tags: [{ name: 7 }] }

function appWith(options: { checkResponses?: boolean }) {
  const app = express()
  app.use(apiResources(options))
  app.get('/post/:which', (req, res) => {
    res.json(new PostResource(req.params.which === 'bad' ? bad : good))
  })
  app.get(
    '/posts/:which',
    respond((req) => {
      const rows = req.params.which === 'bad' ? [good, bad] : [good, good]
      return PostResource.collection(
        new LengthAwarePaginator(rows, { total: 2, perPage: 2, currentPage: 1 }),
      )
    }),
  )
  app.get(
    '/api/:which',
    respond((req) => new PostApi(req.params.which === 'bad' ? { id: 1, title: 5 } : good)),
  )
  app.get(
    '/coded',
    respond(() => new CodedCollection([good])),
  )
  app.get(
    '/keyed',
    respond(() => PostResource.collection(new Map([['first', good]])).preserveKeys()),
  )
  app.get(
    '/own-output',
    respond(() => new TitleOnly(good)),
  )
  app.get(
    '/page',
    respond(() => new LengthAwarePaginator([good], { total: 1, perPage: 5, currentPage: 1 })),
  )
  const errors: unknown[] = []
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    errors.push(err)
    res.status(500).json({ message: (err as Error).message, code: (err as { code?: string }).code })
  })
  return { app, errors }
}

describe('apiResources({ checkResponses: true })', () => {
  it('lets bodies that match their schema through unchanged', async () => {
    const { app, errors } = appWith({ checkResponses: true })
    const plain = appWith({}).app
    const paths = [
      '/post/good',
      '/posts/good',
      '/api/good',
      '/page',
      '/coded',
      '/keyed',
      '/own-output',
    ]
    for (const path of paths) {
      const checked = await request(app).get(path).expect(200)
      const unchecked = await request(plain).get(path).expect(200)
      expect(checked.text).toBe(unchecked.text)
    }
    expect(errors).toEqual([])
  })

  it('reports the first mismatch with its JSON pointer, through the error catalogue', async () => {
    const { app, errors } = appWith({ checkResponses: true })
    const one = await request(app).get('/post/bad').expect(500)
    expect(one.body.code).toBe('ERR_RESPONSE_SCHEMA')
    expect(one.body.message).toContain('PostResponse')
    expect(one.body.message).toContain('/data/id')
    expect(one.body.message).toContain('must be number')
    const page = await request(app).get('/posts/bad').expect(500)
    expect(page.body.message).toMatch(/PaginatedPost: at \/data\/1\/id/)
    const doc = await request(app).get('/api/bad').expect(500)
    expect(doc.body.message).toMatch(/PostApiDocument: at \/data\/attributes\/title/)
    expect(errors).toHaveLength(3)
  })

  it('checks the string formats of the compact types, without warning about any', async () => {
    class Contact extends JsonResource<Model> {
      @Field({ from: 'email' as string, type: 'email' }) email!: unknown
      @Field({ from: 'id' as string, type: 'uuid' }) id!: unknown
      @Field({ from: 'day' as string, type: 'date' }) day!: unknown
      @Field({ from: 'at' as string, type: 'time' }) at!: unknown
      @Field({ from: 'site' as string, type: 'uri' }) site!: unknown
      @Field({ from: 'seen' as string, type: 'date-time' }) seen!: unknown
    }
    const fine = {
      email: 'ada@example.com',
      id: '0b0b5d1e-8f6a-4c3e-9d2b-1a2b3c4d5e6f',
      day: '2024-05-01',
      at: '10:00:00Z',
      site: 'https://example.com/ada',
      seen: '2024-05-01T10:00:00.000Z',
    }
    const app = express()
    app.use(apiResources({ checkResponses: true }))
    app.get(
      '/contact/:bad',
      respond((req) => new Contact({ ...fine, [String(req.params.bad)]: 'not one' })),
    )
    app.get(
      '/contact',
      respond(() => new Contact(fine)),
    )
    app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
      res.status(500).json({ message: (err as Error).message })
    })
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      await request(app).get('/contact').expect(200)
      for (const key of ['email', 'id', 'day', 'at', 'site', 'seen']) {
        const res = await request(app).get(`/contact/${key}`).expect(500)
        expect(res.body.message).toContain(`/data/${key}`)
        expect(res.body.message).toContain('must match format')
      }
      expect(warn).not.toHaveBeenCalled()
    } finally {
      warn.mockRestore()
    }
  })

  it('is off by default and under NODE_ENV=production', async () => {
    const { app } = appWith({})
    await request(app).get('/post/bad').expect(200)
    const saved = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    try {
      const prod = appWith({ checkResponses: true }).app
      await request(prod).get('/post/bad').expect(200)
    } finally {
      process.env.NODE_ENV = saved
    }
  })

  it('loads Ajv only when the mode is on', () => {
    const root = join(__dirname, '../..')
    const script = (check: boolean) => `
      require('reflect-metadata')
      const { JsonResource } = require('api-resources')
      const { loadResponseChecker, toHttpResponse } = require('api-resources/http')
      class R extends JsonResource {}
      ;(async () => {
        if (${check}) await loadResponseChecker()
        toHttpResponse(new R({ id: 1 }), { url: '/' }, { checkResponses: ${check} })
        const loaded = Object.keys(require.cache).some((file) => /[\\\\/]node_modules[\\\\/]ajv[\\\\/]/.test(file))
        process.stdout.write(String(loaded))
      })()
    `
    const run = (check: boolean) =>
      execFileSync(process.execPath, ['-e', script(check)], { cwd: root, encoding: 'utf8' })
    expect(run(false)).toBe('false')
    expect(run(true)).toBe('true')
  })

  it('toHttpResponse with checkResponses before loadResponseChecker() is an error naming it', () => {
    const root = join(__dirname, '../..')
    const script = `
      require('reflect-metadata')
      const { JsonResource } = require('api-resources')
      const { toHttpResponse } = require('api-resources/http')
      class R extends JsonResource {}
      try {
        toHttpResponse(new R({ id: 1 }), { url: '/' }, { checkResponses: true })
        process.stdout.write('no error')
      } catch (error) {
        process.stdout.write(JSON.stringify({ code: error.code, message: error.message }))
      }
    `
    const out = execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' })
    const error = JSON.parse(out) as { code: string; message: string }
    expect(error.code).toBe('ERR_RESPONSE_CHECKER')
    expect(error.message).toContain('await loadResponseChecker()')
  })
})
