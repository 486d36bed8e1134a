import request from 'supertest'
import { tryGetRequestContext } from 'api-resources'
import { apiResources, respond } from 'api-resources/express'
import { EXPRESS_VERSIONS, Probe } from './express-versions'

function catchAll(app: { use: (...a: any[]) => unknown }) {
  app.use((err: unknown, _req: unknown, res: any, _next: unknown) => {
    res.status(500).json({ caught: err instanceof Error ? err.message : String(err) })
  })
}

describe.each(EXPRESS_VERSIONS)('respond() on %s', (_name, makeApp) => {
  it.each([
    ['sync', () => new Probe('sync')],
    ['async', async () => new Probe('async')],
  ])('sends what a %s handler returns, serialized with the request', async (kind, handler) => {
    const app = makeApp()
    app.use(apiResources())
    app.get('/r', respond(handler))
    const res = await request(app).get('/r?page=2&include=a.b').expect(200)
    expect(res.body).toEqual({
      path: '/r',
      page: 2,
      include: ['a.b'],
      fields: {},
      sameRequest: true,
      tag: kind,
    })
  })

  it('sends plain values (objects, arrays, null, strings) with res.json', async () => {
    const app = makeApp()
    app.get(
      '/obj',
      respond(() => ({ ok: true })),
    )
    app.get(
      '/arr',
      respond(async () => [1, 2]),
    )
    app.get(
      '/null',
      respond(() => null),
    )
    app.get(
      '/str',
      respond(() => 'hi'),
    )
    await request(app)
      .get('/obj')
      .expect('Content-Type', /^application\/json/)
      .expect(200, { ok: true })
    await request(app).get('/arr').expect(200, [1, 2])
    expect((await request(app).get('/null').expect(200)).text).toBe('null')
    expect((await request(app).get('/str').expect(200)).text).toBe('"hi"')
  })

  it('treats undefined (or res itself) as "the handler answered"', async () => {
    const app = makeApp()
    app.get(
      '/self',
      respond((_req, res) => void res.status(204).end()),
    )
    app.get(
      '/returns-res',
      respond(async (_req, res) => res.status(201).json({ made: 1 })),
    )
    app.get(
      '/later',
      respond((_req, res) => {
        setTimeout(() => res.send('late'), 5)
      }),
    )
    await request(app).get('/self').expect(204)
    await request(app).get('/returns-res').expect(201, { made: 1 })
    await request(app).get('/later').expect(200, 'late')
  })

  it('passes route params with types', async () => {
    const app = makeApp()
    app.get(
      '/users/:id',
      respond<{ id: string }>((req) => ({ id: Number(req.params.id) })),
    )
    await request(app).get('/users/42').expect(200, { id: 42 })
  })

  it('sends thrown errors and rejections to the error middleware', async () => {
    const app = makeApp()
    app.get(
      '/throw',
      respond(() => {
        throw new Error('thrown')
      }),
    )
    app.get(
      '/reject',
      respond(async () => {
        await new Promise((r) => setTimeout(r, 1))
        throw new Error('rejected')
      }),
    )
    app.get(
      '/reject-undefined',
      respond(() => Promise.reject(undefined)),
    )
    app.get(
      '/bad-respondable',
      // a body JSON cannot hold (a cycle; a bigint goes out as a string)
      respond(() => {
        const cycle: Record<string, unknown> = {}
        cycle.self = cycle
        return new Probe(cycle)
      }),
    )
    catchAll(app)
    await request(app).get('/throw').expect(500, { caught: 'thrown' })
    await request(app).get('/reject').expect(500, { caught: 'rejected' })
    await request(app).get('/reject-undefined').expect(500, { caught: 'Rejected promise' })
    const bad = await request(app).get('/bad-respondable').expect(500)
    expect(bad.body.caught).toMatch(/circular/i)
  })

  it('lets the handler call next() to pass on', async () => {
    const app = makeApp()
    app.get(
      '/n',
      respond((_req, _res, next) => next()),
    )
    app.get('/n', (_req, res) => {
      res.send('second')
    })
    await request(app).get('/n').expect(200, 'second')
  })

  it('works without apiResources(): it opens the context itself', async () => {
    const app = makeApp()
    app.get(
      '/solo',
      respond(async () => {
        await new Promise((r) => setTimeout(r, 1))
        return { page: tryGetRequestContext()?.page, probe: new Probe() }
      }),
    )
    app.get(
      '/solo-probe',
      respond(() => new Probe('p', 200, 'application/vnd.api+json')),
    )
    await request(app)
      .get('/solo?page=6')
      .expect(200)
      .expect((res) => {
        expect(res.body.page).toBe(6)
      })
    const res = await request(app).get('/solo-probe?page=6&fields[t]=a').expect(200)
    expect(res.headers['content-type']).toBe('application/vnd.api+json')
    expect(JSON.parse(res.text)).toMatchObject({ page: 6, fields: { t: ['a'] }, sameRequest: true })
  })

  it('respects a status the handler set before returning a respondable', async () => {
    const app = makeApp()
    app.use(apiResources())
    app.post(
      '/created',
      respond((_req, res) => {
        res.status(201)
        return new Probe()
      }),
    )
    app.get(
      '/spec-status',
      respond(() => new Probe(null, 203)),
    )
    await request(app).post('/created').expect(201)
    await request(app).get('/spec-status').expect(203)
  })

  it('ignores a returned value once the handler already answered', async () => {
    const app = makeApp()
    app.get(
      '/both',
      respond((_req, res) => {
        res.send('first')
        return { second: true }
      }),
    )
    await request(app).get('/both').expect(200, 'first')
  })
})
