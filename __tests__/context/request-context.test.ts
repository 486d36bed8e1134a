import { AsyncResource } from 'node:async_hooks'
import {
  createRequestContext,
  normalizePath,
  resolveRequestContext,
  runInSyncRequestContext,
  runWithRequestContext,
  tryGetRequestContext,
} from '../../src/context/request-context'

describe('request context', () => {
  it('is undefined outside a request', () => {
    expect(tryGetRequestContext()).toBeUndefined()
  })
  it('is visible inside runWithRequestContext, across awaits', async () => {
    const ctx = createRequestContext('/api/posts/?page=3&include=author')
    await runWithRequestContext(ctx, async () => {
      await new Promise((r) => setTimeout(r, 1))
      const seen = tryGetRequestContext()!
      expect(seen.path).toBe('/api/posts')
      expect(seen.page).toBe(3)
      expect(seen.include).toEqual(['author'])
    })
  })
  it('is visible inside runInSyncRequestContext for its synchronous part only', async () => {
    const outer = createRequestContext('/outer?page=2')
    const inner = createRequestContext('/inner?page=5')
    let later: Promise<unknown> = Promise.resolve()
    await runWithRequestContext(outer, async () => {
      const seen = runInSyncRequestContext(inner, () => {
        later = Promise.resolve().then(() => tryGetRequestContext())
        return tryGetRequestContext()
      })
      expect(seen).toBe(inner)
      // restored on return, and what the call scheduled sees the async context, not the sync one
      expect(tryGetRequestContext()).toBe(outer)
      expect(await later).toBe(outer)
    })
    expect(runInSyncRequestContext(inner, () => tryGetRequestContext())).toBe(inner)
    expect(tryGetRequestContext()).toBeUndefined()
  })
  it('lets a runWithRequestContext inside a synchronous context win, and restores it after', async () => {
    const sync = createRequestContext('/sync')
    const nested = createRequestContext('/nested')
    await runInSyncRequestContext(sync, async () => {
      const pending = runWithRequestContext(nested, async () => {
        expect(tryGetRequestContext()).toBe(nested)
        await new Promise((r) => setTimeout(r, 1))
        return tryGetRequestContext()
      })
      expect(tryGetRequestContext()).toBe(sync)
      expect(await pending).toBe(nested)
    })
  })
  it('leaves no context behind when runWithRequestContext throws, and its callbacks keep theirs', async () => {
    const a = createRequestContext('/a')
    const b = createRequestContext('/b')
    let fromA: Promise<unknown> = Promise.resolve()
    expect(() =>
      runWithRequestContext(a, () => {
        fromA = new Promise((resolve) => setTimeout(() => resolve(tryGetRequestContext()), 1))
        throw new Error('boom')
      }),
    ).toThrow('boom')
    expect(tryGetRequestContext()).toBeUndefined()
    // a second request running while the first one's callback is pending sees only its own
    const fromB = runWithRequestContext(b, async () => {
      await new Promise((r) => setTimeout(r, 2))
      return tryGetRequestContext()
    })
    expect(tryGetRequestContext()).toBeUndefined()
    expect(await fromA).toBe(a)
    expect(await fromB).toBe(b)
  })
  it('gives a callback that restores its own context (AsyncResource.bind) that context', () => {
    // a batcher: request a queues its bound callback, request b runs the queue synchronously
    const a = createRequestContext('/a?page=3')
    const b = createRequestContext('/b?page=7')
    let queued: () => unknown = () => undefined
    runWithRequestContext(a, () => {
      queued = AsyncResource.bind(() => tryGetRequestContext())
    })
    expect(runWithRequestContext(b, () => [queued(), tryGetRequestContext()])).toEqual([a, b])
    expect(runInSyncRequestContext(b, () => runWithRequestContext(a, () => queued()))).toBe(a)
  })
  it('restores the outer synchronous context when the call throws', () => {
    const a = createRequestContext('/a')
    runInSyncRequestContext(a, () => {
      expect(() =>
        runInSyncRequestContext(createRequestContext('/b'), () => {
          throw new Error('x')
        }),
      ).toThrow('x')
      expect(tryGetRequestContext()).toBe(a)
    })
  })
  it('normalizes paths', () => {
    expect(normalizePath('')).toBe('/')
    expect(normalizePath('/')).toBe('/')
    expect(normalizePath('/a/b//')).toBe('/a/b')
    expect(normalizePath('/a?x=1')).toBe('/a')
  })
  it('builds a context from an explicit request', () => {
    const req = { originalUrl: '/x?page=4' }
    expect(resolveRequestContext(req)!.page).toBe(4)
    expect(resolveRequestContext()).toBeUndefined()
  })
})

describe('normalizePath: hostile paths', () => {
  it.each([
    ['//evil.example/x', '/evil.example/x'],
    ['/\\evil.example', '/evil.example'],
    ['\\\\evil', '/evil'],
    ['x', '/x'],
    ['///', '/'],
    ['/a#frag', '/a'],
    ['/a/b/', '/a/b'],
    ['/a\\b', '/a%5Cb'],
    ['/users', '/users'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizePath(input)).toBe(expected)
  })
})
