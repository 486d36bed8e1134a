// Which request context the Fastify plugin gives a route. An `async` handler always runs in the async
// context (AsyncLocalStorage). A plain function, by default, runs its first requests in it as a
// trial: once one finishes within the call, the route runs in the synchronous context (no
// AsyncLocalStorage, whose hooks would tax the whole process) and AsyncLocalStorage is switched off
// again; one that goes on asynchronously keeps its route in the async context. `syncHandlers: true`
// skips the trial, `syncHandlers: false` keeps every handler in the async context. Each test loads
// its own copy of the modules, so that nothing in it has used AsyncLocalStorage yet.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { FastifyInstance } from 'fastify'
import { fastifyApp } from '../support/fastify-app'

const delay = () => new Promise((resolve) => setTimeout(resolve, 1))

/**
 * Does `AsyncLocalStorage.disable()` hide the store from what was scheduled inside `run()`? It does
 * where AsyncLocalStorage runs on async hooks (Node 20 and 22 by default); Node 24's, built on V8's
 * continuation data, keeps it for what was scheduled (and has no hooks to switch off).
 */
async function disableHidesScheduledStores(): Promise<boolean> {
  const storage = new AsyncLocalStorage<number>()
  const seen = new Promise<number | undefined>((resolve) =>
    storage.run(1, () => setTimeout(() => resolve(storage.getStore()), 1)),
  )
  storage.disable()
  return (await seen) === undefined
}

type Options = { syncHandlers?: boolean }

/** A fresh copy of the modules, an app built on it, and a probe of its current request context. */
async function freshApp(options: Options, routes: (app: FastifyInstance, probe: Probe) => void) {
  type Modules = {
    context: typeof import('../../src/context')
    fastify: typeof import('../../src/integrations/fastify')
  }
  let fresh: Modules | undefined
  jest.isolateModules(() => {
    fresh = {
      context: require('../../src/context') as Modules['context'],
      fastify: require('../../src/integrations/fastify') as Modules['fastify'],
    }
  })
  const { context, fastify } = fresh as Modules
  const probe: Probe = () => {
    const current = context.tryGetRequestContext()
    return current === undefined ? { page: null } : { path: current.path, page: current.page }
  }
  const app = await fastifyApp(fastify.apiResources(options), (app) => routes(app, probe))
  return { app, context, probe }
}

type Probe = () => { page: number | null; path?: string }

const pages = async (app: FastifyInstance, url: string, list: number[]) =>
  (await Promise.all(list.map((page) => app.inject(`${url}?page=${page}`)))).map((r) => r.json())

let warnings: jest.SpyInstance
beforeEach(() => {
  warnings = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined)
})
afterEach(() => warnings.mockRestore())

const wentOnWarnings = () =>
  warnings.mock.calls.filter(
    ([, options]) =>
      (options as { code?: string } | undefined)?.code ===
      'API_RESOURCES_HANDLER_WENT_ON_ASYNCHRONOUSLY',
  )

describe('the Fastify plugin request context, by default', () => {
  it('runs a synchronous plain handler in AsyncLocalStorage once, then without it', async () => {
    const late: unknown[] = []
    const { app, context } = await freshApp({}, (app, probe) => {
      app.get('/sync', (request, reply) => {
        reply.send(probe())
        // read after the answer: seen only while AsyncLocalStorage is on
        setTimeout(() => late.push(probe().page), 1)
      })
    })
    expect((await app.inject('/sync?page=3')).json()).toEqual({ path: '/sync', page: 3 })
    expect(context.isAsyncRequestContextUsed()).toBe(false)
    expect(await pages(app, '/sync', [1, 7])).toEqual([
      { path: '/sync', page: 1 },
      { path: '/sync', page: 7 },
    ])
    await delay()
    await delay()
    // the trial's store is gone (AsyncLocalStorage switched off) where switching off hides it, and
    // later requests never had one
    const trialLate = (await disableHidesScheduledStores()) ? null : 3
    expect(late).toEqual([trialLate, null, null])
    expect(context.isAsyncRequestContextUsed()).toBe(false)
    expect(wentOnWarnings()).toEqual([])
  })

  it('gives a plain handler that returns a promise the context from its first request on', async () => {
    const { app, context } = await freshApp({}, (app, probe) => {
      app.get('/later', () => delay().then(() => probe()))
    })
    expect((await app.inject('/later?page=2')).json()).toEqual({ path: '/later', page: 2 })
    expect(context.isAsyncRequestContextUsed()).toBe(true)
    expect(await pages(app, '/later', [4, 6])).toEqual([
      { path: '/later', page: 4 },
      { path: '/later', page: 6 },
    ])
  })

  it('gives a plain handler that sends from a callback the context from its first request on', async () => {
    const { app } = await freshApp({}, (app, probe) => {
      app.get('/callback', (_request, reply) => {
        setTimeout(() => reply.send(probe()), 1)
      })
    })
    expect(await pages(app, '/callback', [2])).toEqual([{ path: '/callback', page: 2 }])
    expect(await pages(app, '/callback', [4, 6])).toEqual([
      { path: '/callback', page: 4 },
      { path: '/callback', page: 6 },
    ])
  })

  it('keeps a route on trial while its handler throws', async () => {
    const { app } = await freshApp({}, (app, probe) => {
      app.get('/maybe', (request) => {
        if ((request.query as { fail?: string }).fail !== undefined) throw new Error('no')
        return delay().then(() => probe())
      })
    })
    expect((await app.inject('/maybe?fail=1')).statusCode).toBe(500)
    // a throw was no sign that the handler finishes synchronously: still in AsyncLocalStorage
    expect(await pages(app, '/maybe', [3])).toEqual([{ path: '/maybe', page: 3 }])
  })

  it('moves a route that finished synchronously and then went on to AsyncLocalStorage, with a warning', async () => {
    const { app, context } = await freshApp({}, (app, probe) => {
      app.get('/mixed', (request) =>
        (request.query as { later?: string }).later === undefined
          ? probe()
          : delay().then(() => probe()),
      )
    })
    expect(await pages(app, '/mixed', [5])).toEqual([{ path: '/mixed', page: 5 }])
    expect(wentOnWarnings()).toEqual([])
    // the request that went on had no context after its await ...
    expect((await app.inject('/mixed?later=1&page=2')).json()).toEqual({ page: null })
    expect(wentOnWarnings()).toHaveLength(1)
    expect(String(wentOnWarnings()[0]?.[0])).toContain('GET /mixed')
    // ... the next ones have it, and the warning is not repeated
    expect((await app.inject('/mixed?later=1&page=4')).json()).toEqual({ path: '/mixed', page: 4 })
    expect(context.isAsyncRequestContextUsed()).toBe(true)
    expect((await app.inject('/mixed?page=6')).json()).toEqual({ path: '/mixed', page: 6 })
    expect(wentOnWarnings()).toHaveLength(1)
  })

  it('runs every handler in AsyncLocalStorage once one route needs it for good', async () => {
    const late: unknown[] = []
    const { app } = await freshApp({}, (app, probe) => {
      app.get('/sync', (_request, reply) => {
        reply.send(probe())
        setTimeout(() => late.push(probe().page), 1)
      })
      app.get('/async', async () => {
        await delay()
        return probe()
      })
    })
    await app.inject('/sync?page=1')
    await delay()
    await delay()
    expect((await app.inject('/async?page=5')).json()).toEqual({ path: '/async', page: 5 })
    await app.inject('/sync?page=8')
    await delay()
    await delay()
    expect(late).toEqual([(await disableHidesScheduledStores()) ? null : 1, 8])
  })
})

describe('the Fastify plugin request context with syncHandlers: true', () => {
  it('gives a plain handler the context without AsyncLocalStorage from its first request', async () => {
    const { app, context } = await freshApp({ syncHandlers: true }, (app, probe) => {
      app.get('/sync', () => probe())
      app.get('/sent', (_request, reply) => {
        reply.send(probe())
      })
    })
    for (const page of [3, 1, 7]) {
      expect((await app.inject(`/sync?page=${page}`)).json()).toEqual({ path: '/sync', page })
      expect((await app.inject(`/sent?page=${page}`)).json()).toEqual({ path: '/sent', page })
    }
    expect(context.isAsyncRequestContextUsed()).toBe(false)
  })

  it('moves a plain handler that sends from a callback to AsyncLocalStorage from then on', async () => {
    const { app, context } = await freshApp({ syncHandlers: true }, (app, probe) => {
      app.get('/callback', (_request, reply) => {
        setTimeout(() => reply.send(probe()), 1)
      })
    })
    // the first request has no context in its callback (what syncHandlers trades away) ...
    expect((await app.inject('/callback?page=2')).json()).toEqual({ page: null })
    expect(context.isAsyncRequestContextUsed()).toBe(false)
    expect(wentOnWarnings()).toHaveLength(1)
    // ... the route runs in the async context from the next one on
    expect(await pages(app, '/callback', [4, 6])).toEqual([
      { path: '/callback', page: 4 },
      { path: '/callback', page: 6 },
    ])
    expect(context.isAsyncRequestContextUsed()).toBe(true)
  })

  it('runs an async handler in AsyncLocalStorage, across its awaits', async () => {
    const { app } = await freshApp({ syncHandlers: true }, (app, probe) => {
      app.get('/async', async () => {
        await delay()
        return probe()
      })
    })
    expect((await app.inject('/async?page=5')).json()).toEqual({ path: '/async', page: 5 })
  })
})

describe('the Fastify plugin request context with syncHandlers: false', () => {
  it('runs a synchronous plain handler in AsyncLocalStorage, always', async () => {
    const late: unknown[] = []
    const { app, context } = await freshApp({ syncHandlers: false }, (app, probe) => {
      app.get('/sync', (_request, reply) => {
        reply.send(probe())
        setTimeout(() => late.push(probe().page), 1)
      })
    })
    expect(await pages(app, '/sync', [3])).toEqual([{ path: '/sync', page: 3 }])
    expect(await pages(app, '/sync', [4])).toEqual([{ path: '/sync', page: 4 }])
    await delay()
    await delay()
    expect(late).toEqual([3, 4])
    expect(context.isAsyncRequestContextUsed()).toBe(true)
  })
})
