import request from 'supertest'
import { tryGetRequestContext } from 'api-resources'
import { apiResources, respond } from 'api-resources/express'
import { EXPRESS_VERSIONS, Probe, express4, express5 } from './express-versions'

describe.each(EXPRESS_VERSIONS)('apiResources() on %s', (_name, makeApp) => {
  const express = _name === 'express 4' ? express4 : express5

  it('serializes a respondable given to res.json with the request and its context', async () => {
    const app = makeApp()
    app.use(apiResources())
    app.get('/posts', (_req, res) => {
      res.json(new Probe('x'))
    })
    const res = await request(app).get('/posts?page=2&include=author').expect(200)
    expect(res.headers['content-type']).toBe('application/json')
    expect(res.body).toEqual({
      path: '/posts',
      page: 2,
      include: ['author'],
      fields: {},
      sameRequest: true,
      tag: 'x',
    })
  })

  it('sends application/vnd.api+json exactly, without a charset', async () => {
    const app = makeApp()
    app.use(apiResources())
    app.get('/doc', (_req, res) => {
      res.json(new Probe(1, 200, 'application/vnd.api+json'))
    })
    const res = await request(app).get('/doc').expect(200)
    expect(res.headers['content-type']).toBe('application/vnd.api+json')
    expect(JSON.parse(res.text).tag).toBe(1)
  })

  it('takes the status from the respondable unless the handler set one', async () => {
    const app = makeApp()
    app.use(apiResources())
    app.get('/spec', (_req, res) => {
      res.json(new Probe(null, 201))
    })
    app.get('/explicit', (_req, res) => {
      res.status(202).json(new Probe(null, 201))
    })
    app.get('/explicit-200', (_req, res) => {
      res.status(200).json(new Probe(null, 201))
    })
    app.get('/status-code', (_req, res) => {
      res.statusCode = 203
      res.json(new Probe(null, 201))
    })
    await request(app).get('/spec').expect(201)
    await request(app).get('/explicit').expect(202)
    await request(app).get('/explicit-200').expect(200)
    await request(app).get('/status-code').expect(203)
  })

  it('passes plain values to the original res.json', async () => {
    const app = makeApp()
    app.use(apiResources())
    app.get('/plain', (_req, res) => {
      res.json({ a: [1, 2] })
    })
    const res = await request(app).get('/plain').expect(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.body).toEqual({ a: [1, 2] })
  })

  it('serializes a respondable given to res.send', async () => {
    const app = makeApp()
    app.use(apiResources())
    app.get('/send', (_req, res) => {
      res.send(new Probe('sent', 200, 'application/vnd.api+json'))
    })
    const res = await request(app).get('/send?page=3').expect(200)
    expect(res.headers['content-type']).toBe('application/vnd.api+json')
    expect(JSON.parse(res.text)).toMatchObject({ tag: 'sent', page: 3 })
  })

  it("honours the app's json spaces, replacer and escape settings", async () => {
    const app = makeApp()
    app.set('json spaces', 2)
    app.set('json escape', true)
    app.set('json replacer', (key: string, value: unknown) => (key === 'page' ? 'hidden' : value))
    app.use(apiResources())
    app.get('/pretty', (_req, res) => {
      res.json(new Probe('<b>'))
    })
    const res = await request(app).get('/pretty').expect(200)
    expect(res.text).toContain('\n  "path": "/pretty"')
    expect(res.text).toContain('"tag": "\\u003cb\\u003e"')
    expect(JSON.parse(res.text).page).toBe('hidden')
  })

  it('answers HEAD with the headers and no body', async () => {
    const app = makeApp()
    app.use(apiResources())
    app.get('/head', (_req, res) => {
      res.json(new Probe(null, 200, 'application/vnd.api+json'))
    })
    const res = await request(app).head('/head').expect(200)
    expect(res.headers['content-type']).toBe('application/vnd.api+json')
    expect(res.text ?? '').toBe('')
  })

  it('uses the path the client sent, mount prefix included', async () => {
    const app = makeApp()
    const router = express.Router()
    router.get('/posts/', (_req, res) => {
      res.json(new Probe())
    })
    app.use(apiResources())
    app.use('/api/v1', router)
    const res = await request(app).get('/api/v1/posts/?page=4').expect(200)
    expect(res.body).toMatchObject({ path: '/api/v1/posts', page: 4 })
  })

  it('serializes respondables in a mounted sub-app, explicit status included', async () => {
    const app = makeApp()
    const sub = makeApp()
    sub.get('/p', (_req, res) => {
      res.json(new Probe('sub', 201, 'application/vnd.api+json'))
    })
    sub.get('/explicit-200', (_req, res) => {
      res.status(200).json(new Probe(null, 201))
    })
    app.use(apiResources())
    app.use('/sub', sub)
    const res = await request(app).get('/sub/p?page=3').expect(201)
    expect(res.headers['content-type']).toBe('application/vnd.api+json')
    expect(JSON.parse(res.text)).toMatchObject({ path: '/sub/p', page: 3, tag: 'sub' })
    await request(app).get('/sub/explicit-200').expect(200)
  })

  it('leaves res.json alone for requests that did not go through apiResources()', async () => {
    const app = makeApp()
    app.get('/before', (_req, res) => {
      res.json(new Probe('plain', 201))
    })
    app.use(apiResources())
    app.get('/after', (_req, res) => {
      res.json(new Probe('ours', 201))
    })
    const other = makeApp()
    other.get('/elsewhere', (_req, res) => {
      res.status(200).json(new Probe('other', 201))
    })
    await request(app).get('/after').expect(201)
    const plain = { tag: 'plain', status: 201, contentType: 'application/json' }
    const before = await request(app).get('/before').expect(200, plain)
    expect(before.headers['content-type']).toBe('application/json; charset=utf-8')
    await request(other)
      .get('/elsewhere')
      .expect(200, { ...plain, tag: 'other' })
  })

  it('builds the context from options.url when given', async () => {
    const app = makeApp()
    app.use(apiResources({ url: (req) => `/prefix${req.originalUrl}` }))
    app.get('/x', (_req, res) => {
      res.json(new Probe())
    })
    const res = await request(app).get('/x?page=5').expect(200)
    expect(res.body).toMatchObject({ path: '/prefix/x', page: 5 })
  })

  it('keeps one context when mounted twice (app and router)', async () => {
    const app = makeApp()
    const router = express.Router()
    router.use(apiResources({ url: () => '/never-used' }))
    router.get('/twice', (_req, res) => {
      res.json(new Probe())
    })
    app.use(apiResources())
    app.use('/r', router)
    const res = await request(app).get('/r/twice?page=2').expect(200)
    expect(res.body).toMatchObject({ path: '/r/twice', page: 2, sameRequest: true })
  })

  it('keeps the context for handlers after a body parser mounted after it', async () => {
    const app = makeApp()
    app.use(apiResources())
    app.use(express.json())
    app.post('/echo', (req, res) => {
      // the respondable is serialized with this request's context even if the store was lost
      res.json(new Probe(req.body))
    })
    const res = await request(app).post('/echo?page=7').send({ hello: 'world' }).expect(200)
    expect(res.body).toMatchObject({ path: '/echo', page: 7, tag: { hello: 'world' } })
  })

  it('finds the request context again after a library that drops the async context', async () => {
    // a queue drained by a timer created outside any request: callbacks run with no store, like
    // some callback-based connection pools
    const queue: Array<() => void> = []
    const timer = setInterval(() => queue.splice(0).forEach((fn) => fn()), 1)
    try {
      const app = makeApp()
      // a custom url proves the very context the middleware opened is found again
      app.use(apiResources({ url: (req) => `/p${req.originalUrl}` }))
      app.use((_req, _res, next) => void queue.push(() => next()))
      app.get('/lost', (_req, res) => {
        res.json({ store: tryGetRequestContext()?.page ?? null })
      })
      app.get('/json', (_req, res) => {
        res.json(new Probe())
      })
      app.get(
        '/respond',
        respond(() => ({ path: tryGetRequestContext()?.path ?? null, probe: new Probe() })),
      )
      await request(app).get('/lost?page=2').expect(200, { store: null })
      const json = await request(app).get('/json?page=3').expect(200)
      expect(json.body).toMatchObject({ path: '/p/json', page: 3, sameRequest: true })
      const responded = await request(app).get('/respond?page=4').expect(200)
      expect(responded.body.path).toBe('/p/respond')
    } finally {
      clearInterval(timer)
    }
  })

  it('exposes the context to handler code, also after awaits', async () => {
    const app = makeApp()
    app.use(apiResources())
    app.get('/ctx', async (_req, res) => {
      await new Promise((r) => setTimeout(r, 2))
      res.json({ page: tryGetRequestContext()?.page })
    })
    const res = await request(app).get('/ctx?page=9').expect(200)
    expect(res.body).toEqual({ page: 9 })
  })

  it('lets an error thrown while serializing reach the error handler', async () => {
    const app = makeApp()
    app.use(apiResources())
    app.get('/boom', (_req, res) => {
      res.json({ [Symbol.for('x')]: 1, toJSON: () => 1n })
    })
    app.get('/boom2', (_req, res) => {
      // a body JSON cannot hold (a cycle; a bigint goes out as a string)
      const cycle: Record<string, unknown> = {}
      cycle.self = cycle
      res.json(new Probe(cycle))
    })
    app.use((err: Error, _req: unknown, res: any, _next: unknown) => {
      res.status(500).json({ caught: err.name })
    })
    await request(app).get('/boom').expect(500, { caught: 'TypeError' })
    await request(app).get('/boom2').expect(500, { caught: 'TypeError' })
  })
})

describe('without apiResources()', () => {
  it('a respondable given to res.json is serialized through its toJSON, no context', async () => {
    const app = express5()
    app.get('/p', (_req, res) => {
      res.json({ page: tryGetRequestContext()?.page ?? null })
    })
    await request(app).get('/p?page=3').expect(200, { page: null })
  })
})
