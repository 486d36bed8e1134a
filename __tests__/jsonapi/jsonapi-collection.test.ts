import 'reflect-metadata'
import {
  JsonApiResourceCollection,
  LengthAwarePaginator,
  Paginator,
  ResourceCollection,
  TO_RESPONSE,
  createRequestContext,
  runWithRequestContext,
} from 'api-resources'
import { JSONAPI_ERROR_CODES } from 'api-resources/errors'
import { parseWithJsona, parseWithKitsu, type ClientModel } from '../support/jsonapi-clients'
import { blogRows, PostResource, UserResource } from './fixtures/blog-resources'
import { keys, render } from './render'
import { PAGINATED_META_KEYS } from '../pagination/page-keys'

describe('JsonApiResource.collection over a list', () => {
  it('is a collection document: data is a list, included deduplicated across items', () => {
    const { hello, again, mine } = blogRows()
    const collection = PostResource.collection([hello, again, mine])
    expect(collection).toBeInstanceOf(JsonApiResourceCollection)
    expect(collection).toBeInstanceOf(ResourceCollection)
    const doc = render(collection, '/posts?include=author,comments')
    expect(keys(doc.data)).toEqual(['posts:10', 'posts:11', 'posts:12'])
    expect(keys(doc.included)).toEqual([
      'users:1',
      'comments:100',
      'comments:101',
      'users:2',
      'comments:102',
    ])
    expect(doc.jsonapi).toEqual({ version: '1.1' })
    expect(doc.links).toBeUndefined()
  })

  it('never puts a primary object in included, even when reached from another', () => {
    const { ada, bob, mine } = blogRows()
    const doc = render(UserResource.collection([ada, bob]), '/?include=posts.comments.author')
    expect(keys(doc.data)).toEqual(['users:1', 'users:2'])
    expect(keys(doc.included).filter((k) => k.startsWith('users'))).toEqual([])
    expect(keys(doc.included)).toContain('posts:' + mine.id)
  })

  it('renders an empty list as data: []', () => {
    expect(render(PostResource.collection([]))).toEqual({ data: [], jsonapi: { version: '1.1' } })
  })

  it('accepts any iterable', () => {
    const { hello, again } = blogRows()
    const doc = render(PostResource.collection(new Set([hello, again])))
    expect(keys(doc.data)).toEqual(['posts:10', 'posts:11'])
  })

  it('is parsed back by jsona and kitsu-core', () => {
    const { hello, again, mine } = blogRows()
    const doc = render(
      PostResource.collection([hello, again, mine]),
      '/?include=author,comments.author',
    )
    const posts = parseWithJsona(doc) as ClientModel[]
    expect(posts.map((p) => (p.author as ClientModel).name)).toEqual(['Ada', 'Ada', 'Bob'])
    expect(posts[0].author).toBe(posts[1].author)
    expect(((posts[2].comments as ClientModel[])[0].author as ClientModel).name).toBe('Ada')
    const kitsu = parseWithKitsu(doc).data as any[]
    expect(kitsu.map((p) => p.comments.data.length)).toEqual([2, 0, 1])
  })

  it('applies sparse fieldsets to every item', () => {
    const { hello, again } = blogRows()
    const doc = render(PostResource.collection([hello, again]), '/?fields[posts]=title')
    expect(doc.data).toEqual([
      { type: 'posts', id: '10', attributes: { title: 'Hello' } },
      { type: 'posts', id: '11', attributes: { title: 'Again' } },
    ])
  })

  it('can be subclassed with static collects', () => {
    class PostCollection extends JsonApiResourceCollection {
      static override collects = () => PostResource
    }
    const { again } = blogRows()
    expect(keys(render(new PostCollection([again])).data)).toEqual(['posts:11'])
    class Broken extends JsonApiResourceCollection {}
    expect(() => new Broken([])).toThrow(
      expect.objectContaining({ code: JSONAPI_ERROR_CODES.collects }),
    )
  })

  it('answers with the JSON:API media type', () => {
    const spec = PostResource.collection([])[TO_RESPONSE]()
    expect(spec).toEqual({
      status: 200,
      contentType: 'application/vnd.api+json',
      body: { data: [], jsonapi: { version: '1.1' } },
    })
  })
})

describe('JsonApiResource.collection over a paginator', () => {
  const rows = () => {
    const { hello, again, mine } = blogRows()
    return [hello, again, mine]
  }

  it('adds the links and meta of a paginated collection', () => {
    const doc = runWithRequestContext(createRequestContext('/posts?page=2&include=author'), () =>
      render(
        PostResource.collection(
          new LengthAwarePaginator(rows().slice(1, 2), { total: 3, perPage: 1 }),
        ),
      ),
    )
    expect(keys(doc.data)).toEqual(['posts:11'])
    expect(doc.links).toEqual({
      first: '/posts?page=1',
      last: '/posts?page=3',
      prev: '/posts?page=1',
      next: '/posts?page=3',
    })
    expect(doc.meta).toEqual({
      current_page: 2,
      from: 2,
      last_page: 3,
      path: '/posts',
      per_page: 1,
      to: 2,
      total: 3,
    })
  })

  it('takes include and fields from the request', () => {
    const paginator = new LengthAwarePaginator(rows(), { total: 3, perPage: 3, path: '/posts' })
    const doc = render(
      PostResource.collection(paginator),
      '/posts?include=author&fields[users]=name',
    )
    expect(doc.included).toEqual([
      { type: 'users', id: '1', attributes: { name: 'Ada' } },
      { type: 'users', id: '2', attributes: { name: 'Bob' } },
    ])
  })

  it('gives a simple paginator last: null and no total', () => {
    const paginator = new Paginator(rows(), { perPage: 2, currentPage: 1, path: '/posts' })
    const doc = render(PostResource.collection(paginator))
    expect(keys(doc.data)).toEqual(['posts:10', 'posts:11'])
    expect(doc.links).toEqual({
      first: '/posts?page=1',
      last: null,
      prev: null,
      next: '/posts?page=2',
    })
    expect(doc.meta).not.toHaveProperty('total')
    expect(doc.meta).not.toHaveProperty('last_page')
  })

  it('adds additional() meta and links after the standard entries, jsonapi merged', () => {
    const paginator = new LengthAwarePaginator(rows(), { total: 3, perPage: 3, path: '/posts' })
    const doc = render(
      PostResource.collection(paginator).additional({
        meta: { generated: 'now' },
        links: { self: '/posts' },
        jsonapi: { meta: { build: 1 } },
      }),
    )
    expect(Object.keys(doc.meta!)).toEqual([...PAGINATED_META_KEYS, 'generated'])
    expect(doc.links!.self).toBe('/posts')
    expect(doc.jsonapi).toEqual({ version: '1.1', meta: { build: 1 } })
  })

  it('refuses additional() members JSON:API does not allow at the top level', () => {
    for (const key of ['included', 'extra', 'errors', 'ext:member']) {
      expect(() =>
        PostResource.collection([])
          .additional({ [key]: [] })
          .toPayload(),
      ).toThrow(
        expect.objectContaining({
          code: JSONAPI_ERROR_CODES.topLevelMember,
          message: expect.stringContaining(`key "${key}" is not a JSON:API top-level member`),
        }),
      )
    }
  })
})
