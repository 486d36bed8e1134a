import {
  createRequestContext,
  normalizePath,
  resolveRequestContext,
  runWithRequestContext,
  tryGetRequestContext,
} from '../../src/context'

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
