// Which request context the Fastify plugin gives a route. By default every handler runs in the async
// context (AsyncLocalStorage). With `syncHandlers`, a plain function runs in the synchronous context
// (no AsyncLocalStorage, whose hooks would tax the whole process), an `async` one in the async
// context, and a plain function that returns a promise is moved to the async context. The order of
// the tests matters: the first ones run before anything in this module registry has used
// AsyncLocalStorage (the default-mode test loads its own copy of the modules).
import type { FastifyInstance } from 'fastify'
import { isAsyncRequestContextUsed, tryGetRequestContext } from '../../src/context'
import { apiResources } from '../../src/integrations/fastify'
import { fastifyApp } from '../support/fastify-app'

const probe = () => {
  const context = tryGetRequestContext()
  return context === undefined ? { page: null } : { path: context.path, page: context.page }
}

const makeApp = (routes: (app: FastifyInstance) => void) =>
  fastifyApp(apiResources({ syncHandlers: true }), routes)

describe('the Fastify plugin request context', () => {
  it('gives a plain function handler the context without AsyncLocalStorage', async () => {
    const app = await makeApp((app) => {
      app.get('/sync', () => probe())
      app.get('/sent', (_request, reply) => {
        reply.send(probe())
      })
    })
    for (const page of [3, 1, 7]) {
      expect((await app.inject(`/sync?page=${page}`)).json()).toEqual({ path: '/sync', page })
      expect((await app.inject(`/sent?page=${page}`)).json()).toEqual({ path: '/sent', page })
    }
    expect(isAsyncRequestContextUsed()).toBe(false)
  })

  it('runs a plain function that returned a promise in the async context from then on', async () => {
    const app = await makeApp((app) => {
      app.get('/later', () => new Promise((resolve) => setTimeout(resolve, 1)).then(() => probe()))
    })
    await app.inject('/later?page=2')
    expect(isAsyncRequestContextUsed()).toBe(false)
    const second = await Promise.all([4, 6].map((p) => app.inject(`/later?page=${p}`)))
    expect(second.map((r) => r.json())).toEqual([
      { path: '/later', page: 4 },
      { path: '/later', page: 6 },
    ])
    expect(isAsyncRequestContextUsed()).toBe(true)
  })

  it('runs an async handler in the async context, across its awaits', async () => {
    const app = await makeApp((app) => {
      app.get('/async', async () => {
        await new Promise((resolve) => setTimeout(resolve, 1))
        return probe()
      })
    })
    expect((await app.inject('/async?page=5')).json()).toEqual({ path: '/async', page: 5 })
  })

  it('moves a plain function that sends from a callback to the async context from then on', async () => {
    const { context, fastify, freshProbe } = freshModules()
    const app = await fastifyApp(fastify.apiResources({ syncHandlers: true }), (app) => {
      app.get('/callback', (_request, reply) => {
        setTimeout(() => reply.send(freshProbe()), 1)
      })
    })
    // the first request has no context in its callback (what syncHandlers trades away) ...
    expect((await app.inject('/callback?page=2')).json()).toEqual({ page: null })
    expect(context.isAsyncRequestContextUsed()).toBe(false)
    // ... the route runs in the async context from the next one on
    const next = await Promise.all([4, 6].map((p) => app.inject(`/callback?page=${p}`)))
    expect(next.map((r) => r.json())).toEqual([
      { path: '/callback', page: 4 },
      { path: '/callback', page: 6 },
    ])
    expect(context.isAsyncRequestContextUsed()).toBe(true)
  })

  it('by default gives a plain function that returns a promise the context from its first request', async () => {
    const { context, fastify, freshProbe } = freshModules()
    expect(context.isAsyncRequestContextUsed()).toBe(false)
    const app = await fastifyApp(fastify.apiResources(), (app) => {
      app.get('/later', () =>
        new Promise((resolve) => setTimeout(resolve, 1)).then(() => freshProbe()),
      )
    })
    expect((await app.inject('/later?page=2')).json()).toEqual({ path: '/later', page: 2 })
  })
})

/** A copy of the modules of its own: nothing in it has used AsyncLocalStorage yet. */
function freshModules() {
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
  const freshProbe = () => {
    const current = context.tryGetRequestContext()
    return current === undefined ? { page: null } : { path: current.path, page: current.page }
  }
  return { context, fastify, freshProbe }
}
