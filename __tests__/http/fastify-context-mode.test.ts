// Which request context the Fastify plugin gives a route: by default every handler runs in
// AsyncLocalStorage, which carries the context across its awaits and callbacks. `syncHandlers: true`
// is the opt-in shortcut: a plain (not async) handler gets the context for its synchronous part
// only; an async handler still runs in AsyncLocalStorage.
import type { FastifyInstance } from 'fastify'
import { tryGetRequestContext } from '../../src/context/request-context'
import { apiResources } from '../../src/integrations/fastify'
import { fastifyApp } from '../support/fastify-app'

const delay = () => new Promise((resolve) => setTimeout(resolve, 1))

type Options = { syncHandlers?: boolean }

/** An app with the plugin, and a probe of its current request context. */
async function freshApp(options: Options, routes: (app: FastifyInstance, probe: Probe) => void) {
  const probe: Probe = () => {
    const current = tryGetRequestContext()
    return current === undefined ? { page: null } : { path: current.path, page: current.page }
  }
  return { app: await fastifyApp(apiResources(options), (app) => routes(app, probe)) }
}

type Probe = () => { page: number | null; path?: string }

const pages = async (app: FastifyInstance, url: string, list: number[]) =>
  (await Promise.all(list.map((page) => app.inject(`${url}?page=${page}`)))).map((r) => r.json())

describe('the Fastify plugin request context, by default', () => {
  it('gives every handler the context across its awaits and callbacks', async () => {
    const late: unknown[] = []
    const { app } = await freshApp({}, (app, probe) => {
      app.get('/sync', (_request, reply) => {
        reply.send(probe())
        setTimeout(() => late.push(probe().page), 1)
      })
      app.get('/later', () => delay().then(() => probe()))
      app.get('/callback', (_request, reply) => {
        setTimeout(() => reply.send(probe()), 1)
      })
      app.get('/async', async () => {
        await delay()
        return probe()
      })
    })
    for (const url of ['/sync', '/later', '/callback', '/async']) {
      expect(await pages(app, url, [3, 1, 7])).toEqual([
        { path: url, page: 3 },
        { path: url, page: 1 },
        { path: url, page: 7 },
      ])
    }
    await delay()
    await delay()
    expect(late).toEqual([3, 1, 7])
  })

  it('gives a handler that finished synchronously the context when it later awaits', async () => {
    const { app } = await freshApp({}, (app, probe) => {
      app.get('/mixed', (request) =>
        (request.query as { later?: string }).later === undefined
          ? probe()
          : delay().then(() => probe()),
      )
    })
    expect(await pages(app, '/mixed', [5])).toEqual([{ path: '/mixed', page: 5 }])
    expect((await app.inject('/mixed?later=1&page=2')).json()).toEqual({ path: '/mixed', page: 2 })
  })
})

describe('the Fastify plugin request context with syncHandlers: true', () => {
  it('gives a plain handler the context for its synchronous part only', async () => {
    const { app } = await freshApp({ syncHandlers: true }, (app, probe) => {
      app.get('/sync', () => probe())
      app.get('/sent', (_request, reply) => {
        reply.send(probe())
      })
      app.get('/callback', (_request, reply) => {
        setTimeout(() => reply.send(probe()), 1)
      })
    })
    for (const page of [3, 1, 7]) {
      expect((await app.inject(`/sync?page=${page}`)).json()).toEqual({ path: '/sync', page })
      expect((await app.inject(`/sent?page=${page}`)).json()).toEqual({ path: '/sent', page })
      // what syncHandlers trades away: no context in a callback
      expect((await app.inject(`/callback?page=${page}`)).json()).toEqual({ page: null })
    }
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
