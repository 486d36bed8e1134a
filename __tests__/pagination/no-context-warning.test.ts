// Outside a request context a paginator falls back to page 1 and path `/`. That is right for a script
// or a test, and a silent bug in a server that forgot apiResources(): the process is told so, once.
import 'reflect-metadata'

type Library = typeof import('../../src')
type Pagination = typeof import('../../src/pagination/page-query')

const CODE = 'API_RESOURCES_NO_REQUEST_CONTEXT'

let emitWarning: jest.SpyInstance
const savedEnv = process.env.NODE_ENV

/** A fresh copy of the library: the warning is once per loaded copy, i.e. once per process. */
function load(): { lib: Library; pagination: Pagination } {
  jest.resetModules()
  return {
    lib: require('../../src') as Library,
    pagination: require('../../src/pagination/page-query') as Pagination,
  }
}

function warnings(): unknown[][] {
  return emitWarning.mock.calls.filter(
    ([, options]) => (options as { code?: string } | undefined)?.code === CODE,
  )
}

beforeEach(() => {
  emitWarning = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined)
})
afterEach(() => {
  emitWarning.mockRestore()
  process.env.NODE_ENV = savedEnv
})

const source = { count: async () => 30, fetch: async (o: number, l: number) => [o, l] }

describe('no request context: page 1 and path /, said once', () => {
  it('warns once per process for paginators and collections built outside a request', () => {
    const { lib } = load()
    class Post extends lib.JsonResource<{ id: number }> {}
    class PostDoc extends lib.JsonApiResource<{ id: number }> {
      static override resourceType = 'posts'
    }
    const page = new lib.LengthAwarePaginator([{ id: 1 }], { total: 30, perPage: 10 })
    expect(JSON.stringify(page)).toContain('"first_page_url":"/?page=1"')
    JSON.stringify(Post.collection(new lib.Paginator([{ id: 1 }], { perPage: 10 })))
    JSON.stringify(PostDoc.collection(new lib.LengthAwarePaginator([], { total: 0, perPage: 5 })))
    expect(warnings()).toHaveLength(1)
    const [message, options] = warnings()[0] as [string, { type: string; code: string }]
    expect(options).toEqual({ type: 'ApiResourcesWarning', code: CODE })
    for (const fix of ['apiResources()', 'currentPage', 'path', 'runWithRequestContext'])
      expect(message).toContain(fix)
    expect(message).toContain('createRequestContext(')
    // and where the guide explains it
    expect(message).toMatch(
      / See https:\/\/api-resources\.github\.io\/api-resources\/guide\/request-context#outside-a-request$/,
    )
  })

  it('warns for a JSON:API document built outside a request (its include and fields unread)', async () => {
    const { lib } = load()
    class PostDoc extends lib.JsonApiResource<{ id: number }> {
      static override resourceType = 'posts'
    }
    await lib.runWithRequestContext(lib.createRequestContext('/posts/1?include=author'), () =>
      JSON.stringify(new PostDoc({ id: 1 })),
    )
    expect(warnings()).toHaveLength(0)
    JSON.stringify(new PostDoc({ id: 1 }))
    expect(warnings()).toHaveLength(1)
    const [message] = warnings()[0] as [string]
    expect(message).toContain('ignore include and fields[...]')
  })

  it('names the fix of each framework', () => {
    const { lib } = load()
    JSON.stringify(new lib.Paginator([], { perPage: 10 }))
    const [message] = warnings()[0] as [string]
    for (const fix of [
      'Express app.use(apiResources()) from "api-resources/express"',
      'Fastify await app.register(apiResources()) from "api-resources/fastify"',
      'Hono app.use(apiResources()) from "api-resources/hono"',
      'NestJS imports: [ApiResourcesModule.forRoot()] from "api-resources/nestjs"',
    ])
      expect(message).toContain(fix)
  })

  it('warns for paginatePageQuery() without a request and without a page', async () => {
    const { pagination } = load()
    const page = await pagination.paginatePageQuery(source, 10)
    expect(page.currentPage()).toBe(1)
    expect(warnings()).toHaveLength(1)
    await pagination.simplePaginatePageQuery(source, 10)
    expect(warnings()).toHaveLength(1)
  })

  it('warns when only the path falls back (explicit page, no path)', () => {
    const { lib } = load()
    new lib.Paginator([], { perPage: 10, currentPage: 2 })
    expect(warnings()).toHaveLength(1)
  })

  it('warns when only the page falls back (explicit path, no page)', () => {
    const { lib } = load()
    new lib.Paginator([], { perPage: 10, path: '/posts' })
    expect(warnings()).toHaveLength(1)
  })

  it('does not warn in production', async () => {
    process.env.NODE_ENV = 'production'
    const { lib, pagination } = load()
    JSON.stringify(new lib.LengthAwarePaginator([], { total: 3, perPage: 1 }))
    await pagination.paginatePageQuery(source, 10)
    expect(warnings()).toHaveLength(0)
  })

  it('does not warn inside a request context', async () => {
    const { lib, pagination } = load()
    const context = lib.createRequestContext('/posts?page=2')
    await lib.runWithRequestContext(context, async () => {
      JSON.stringify(new lib.LengthAwarePaginator([], { total: 3, perPage: 1 }))
      await pagination.paginatePageQuery(source, 10)
      lib.resolvePage(undefined, 10)
      lib.resolvePath()
    })
    expect(warnings()).toHaveLength(0)
  })

  it('does not warn with an explicit page and path', async () => {
    const { lib } = load()
    const page = new lib.LengthAwarePaginator([], {
      total: 30,
      perPage: 10,
      currentPage: 2,
      path: '/p',
    })
    JSON.stringify(page)
    new lib.Paginator([], { perPage: 10, currentPage: 1, path: '/' })
    expect(warnings()).toHaveLength(0)
  })
})
