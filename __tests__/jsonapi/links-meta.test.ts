// Links and meta at every level of a JSON:API document: resource objects (toLinks/toMeta),
// relationship objects (declared per relationship; alone when the relation was not loaded), the top
// level (links.self, the jsonapi member). Every document is checked with the official schema and
// parsed back by two JSON:API clients.
import 'reflect-metadata'
import express from 'express'
import request from 'supertest'
import {
  Attribute,
  createRequestContext,
  JsonApiError,
  JsonApiResource,
  LengthAwarePaginator,
  Relationship,
  runWithRequestContext,
  type JsonApiLinks,
  type JsonApiMeta,
  type Related,
  type RelatedList,
} from 'api-resources'
import { apiResources, respond } from 'api-resources/express'
import { assertJsonApiDocument } from '../support/jsonapi-schema'
import { assertClientGraph, parseWithJsona, parseWithKitsu } from '../support/jsonapi-clients'

interface Author {
  id: number
  name: string
  posts?: Post[]
}
interface Post {
  id: number
  title: string
  user_id: number
  author?: Author | null
  comments?: { id: number; body: string }[]
}

class AuthorDoc extends JsonApiResource<Author> {
  static override resourceType = 'people'
  static override relationshipLinks = { posts: { related: '/people/{id}/posts' } }
  @Attribute() name!: string
  @Relationship(() => PostDoc) posts?: RelatedList<typeof PostDoc>
  override toLinks(): JsonApiLinks {
    return { self: `/people/${this.resource.id}` }
  }
}

class CommentDoc extends JsonApiResource<{ id: number; body: string }> {
  static override resourceType = 'comments'
  @Attribute() body!: string
}

class PostDoc extends JsonApiResource<Post> {
  static override resourceType = 'posts'
  static override relationshipLinks = {
    author: {
      self: '/posts/{id}/relationships/author',
      related: (post: Post) => `/people/${post.user_id}`,
    },
    comments: { related: '/posts/{id}/comments' },
  }
  static override relationshipMeta = {
    comments: (post: Post) => (post.comments ? { count: post.comments.length } : undefined),
  }
  @Attribute() title!: string
  @Relationship(() => AuthorDoc) author?: Related<typeof AuthorDoc>
  @Relationship(() => CommentDoc) comments?: RelatedList<typeof CommentDoc>
  override toLinks(): JsonApiLinks {
    return { self: `/posts/${this.resource.id}` }
  }
  override toMeta(): JsonApiMeta {
    return { editable: this.resource.user_id === 1 }
  }
}

const ada: Author = { id: 1, name: 'Ada' }
const post = (extra: Partial<Post> = {}): Post => ({ id: 7, title: 'Hi', user_id: 1, ...extra })

function checked(doc: unknown, sparse = false): any {
  assertJsonApiDocument(doc, { sparse })
  assertClientGraph(doc as { data: unknown })
  expect(() => parseWithJsona(doc)).not.toThrow()
  expect(() => parseWithKitsu(doc)).not.toThrow()
  return doc
}

describe('resource object links and meta', () => {
  it('come from toLinks()/toMeta(), after attributes and relationships', () => {
    const doc = checked(new PostDoc(post({ author: ada })).toPayload())
    expect(Object.keys(doc.data)).toEqual([
      'type',
      'id',
      'attributes',
      'relationships',
      'links',
      'meta',
    ])
    expect(doc.data.links).toEqual({ self: '/posts/7' })
    expect(doc.data.meta).toEqual({ editable: true })
  })

  it('are left out when empty, and absent for a class that declares none', () => {
    class Plain extends JsonApiResource<{ id: number }> {
      static override resourceType = 'plain'
      override toLinks(): JsonApiLinks {
        return {}
      }
    }
    expect(Object.keys(checked(new Plain({ id: 1 }).toPayload()).data)).toEqual(['type', 'id'])
    expect(Object.keys(checked(new CommentDoc({ id: 1, body: 'b' }).toPayload()).data)).toEqual([
      'type',
      'id',
      'attributes',
    ])
  })

  it('included objects carry their own links', () => {
    const ctx = createRequestContext('/posts/7?include=author')
    const doc = checked(
      runWithRequestContext(ctx, () => new PostDoc(post({ author: ada })).toPayload()),
    )
    expect(doc.included).toEqual([
      {
        type: 'people',
        id: '1',
        attributes: { name: 'Ada' },
        relationships: { posts: { links: { related: '/people/1/posts' } } },
        links: { self: '/people/1' },
      },
    ])
  })
})

describe('relationship object links and meta', () => {
  it('sit beside the linkage of a loaded relation', () => {
    const doc = checked(
      new PostDoc(post({ author: ada, comments: [{ id: 3, body: 'c' }] })).toPayload(),
    )
    expect(doc.data.relationships).toEqual({
      author: {
        data: { type: 'people', id: '1' },
        links: { self: '/posts/7/relationships/author', related: '/people/1' },
      },
      comments: {
        data: [{ type: 'comments', id: '3' }],
        links: { related: '/posts/7/comments' },
        meta: { count: 1 },
      },
    })
  })

  it('stand alone when the relation was not loaded (no data member, no query)', () => {
    let touched = false
    const model = post()
    Object.defineProperty(model, 'author', {
      get() {
        touched = true
        return ada
      },
    })
    const doc = checked(new PostDoc(model).toPayload())
    expect(touched).toBe(false)
    expect(doc.data.relationships.author).toEqual({
      links: { self: '/posts/7/relationships/author', related: '/people/1' },
    })
    expect(doc.data.relationships.comments).toEqual({ links: { related: '/posts/7/comments' } })
    expect('data' in doc.data.relationships.author).toBe(false)
  })

  it('a template placeholder that is null or absent leaves that link out', () => {
    class Loose extends JsonApiResource<{ id: number; slug?: string | null }> {
      static override resourceType = 'loose'
      static override relationships = { other: () => Loose }
      static override relationshipLinks = { other: { self: '/x/{slug}', related: '/x/{id}/other' } }
    }
    const doc = checked(new Loose({ id: 2, slug: null }).toPayload())
    expect(doc.data.relationships.other).toEqual({ links: { related: '/x/2/other' } })
    const encoded = checked(new Loose({ id: 2, slug: 'a b/c' }).toPayload())
    expect(encoded.data.relationships.other.links.self).toBe('/x/a%20b%2Fc')
  })

  it('sparse fieldsets drop relationship objects, never links or meta of the resource object', () => {
    const ctx = createRequestContext('/posts/7?fields[posts]=title')
    const doc = checked(
      runWithRequestContext(ctx, () => new PostDoc(post({ author: ada })).toPayload()),
      true,
    )
    expect(doc.data).toEqual({
      type: 'posts',
      id: '7',
      attributes: { title: 'Hi' },
      links: { self: '/posts/7' },
      meta: { editable: true },
    })
  })

  it('a record reached twice gets the linkage its first, unloaded rendering lacked', () => {
    const first: Author = { id: 1, name: 'Ada' } // posts not loaded
    const again: Author = { id: 1, name: 'Ada', posts: [] }
    const posts = [post({ id: 7, author: first }), post({ id: 8, author: again })]
    const ctx = createRequestContext('/posts?include=author')
    const doc = checked(runWithRequestContext(ctx, () => PostDoc.collection(posts).toPayload()))
    expect(doc.included).toHaveLength(1)
    expect(doc.included[0].relationships.posts).toEqual({
      data: [],
      links: { related: '/people/1/posts' },
    })
    expect(Object.keys(doc.included[0].relationships.posts)).toEqual(['data', 'links'])
  })

  it('a bad declaration is a clear error', () => {
    class Bad extends JsonApiResource<{ id: number }> {
      static override resourceType = 'bad'
      static override relationships = { other: () => Bad }
      static override relationshipLinks = { other: { self: 42 } } as never
    }
    expect(() => new Bad({ id: 1 }).toPayload()).toThrow(JsonApiError)
    expect(() => new Bad({ id: 1 }).toPayload()).toThrow(/Bad\.relationshipLinks\.other\.self/)
  })

  it('a relationship meta that is not a function is an error about meta, not links', () => {
    class BadMeta extends JsonApiResource<{ id: number }> {
      static override resourceType = 'bad-meta'
      static override relationships = { other: () => BadMeta }
      static override relationshipMeta = { other: { count: 1 } } as never
    }
    const error = (() => {
      try {
        new BadMeta({ id: 1 }).toPayload()
      } catch (caught) {
        return caught as JsonApiError
      }
    })()
    expect(error).toBeInstanceOf(JsonApiError)
    expect(error?.code).toBe('ERR_JSONAPI_META')
    expect(error?.message).toMatch(
      /BadMeta\.relationshipMeta\.other must be a function of the model/,
    )
    expect(error?.message).not.toMatch(/URL template/)
  })
})

describe('links and meta given to @Relationship()', () => {
  it('are rendered like the static maps', () => {
    class Reader extends JsonApiResource<{ id: number; name: string; author?: Author }> {
      static override resourceType = 'readers'
      @Relationship(() => AuthorDoc, {
        links: { related: '/readers/{id}/author' },
        meta: (reader: { author?: Author }) => ({ loaded: reader.author !== undefined }),
      })
      author?: AuthorDoc
    }
    const loaded = checked(new Reader({ id: 5, name: 'r', author: ada }).toPayload())
    expect(loaded.data.relationships.author).toEqual({
      data: { type: 'people', id: '1' },
      links: { related: '/readers/5/author' },
      meta: { loaded: true },
    })
    const bare = checked(new Reader({ id: 6, name: 'r' }).toPayload())
    expect(bare.data.relationships.author).toEqual({
      links: { related: '/readers/6/author' },
      meta: { loaded: false },
    })
  })
})

describe('top-level links.self and the jsonapi member', () => {
  class SelfPost extends PostDoc {
    static override selfLink = true
  }

  it('links.self is the request URL as the client sent it, when the class asks for it', async () => {
    const app = express()
    app.use(apiResources())
    app.get(
      '/api/posts/:id',
      respond(() => new SelfPost(post())),
    )
    app.get(
      '/api/posts',
      respond(() =>
        SelfPost.collection(new LengthAwarePaginator([post()], { total: 30, perPage: 10 })),
      ),
    )
    const one = await request(app)
      .get('/api/posts/7?include=author&fields[posts]=title')
      .expect(200)
    expect(one.body.links).toEqual({ self: '/api/posts/7?include=author&fields%5Bposts%5D=title' })
    expect(Object.keys(one.body)).toEqual(['data', 'links', 'jsonapi'])
    const page = await request(app).get('/api/posts?page=2').expect(200)
    checked(page.body)
    expect(page.body.links).toEqual({
      self: '/api/posts?page=2',
      first: '/api/posts?page=1',
      last: '/api/posts?page=3',
      prev: '/api/posts?page=1',
      next: '/api/posts?page=3',
    })
  })

  it('links.self stays on the site when the request path does not', () => {
    const ctx = createRequestContext('//evil.example/posts?x=1')
    const doc = runWithRequestContext(ctx, () => new SelfPost(post()).toPayload()) as any
    expect(new URL(doc.links.self, 'https://site.test/x').origin).toBe('https://site.test')
  })

  it('is off by default and outside a request', () => {
    expect(new PostDoc(post()).toPayload()).not.toHaveProperty('links')
    expect(new SelfPost(post()).toPayload()).not.toHaveProperty('links')
  })

  it('configure() sets version, ext, profile and meta, and the media type announces ext/profile', async () => {
    class Configured extends JsonApiResource<{ id: number }> {
      static override resourceType = 'configured'
    }
    Configured.configure({
      ext: ['https://example.test/ext/atomic'],
      profile: ['https://example.test/profiles/timestamps'],
      meta: { api: 'v2' },
    })
    const doc = new Configured({ id: 1 }).toPayload() as any
    expect(doc.jsonapi).toEqual({
      version: '1.1',
      ext: ['https://example.test/ext/atomic'],
      profile: ['https://example.test/profiles/timestamps'],
      meta: { api: 'v2' },
    })
    const app = express()
    app.use(apiResources())
    app.get(
      '/c',
      respond(() => new Configured({ id: 1 })),
    )
    const res = await request(app).get('/c').expect(200)
    expect(res.headers['content-type']).toBe(
      'application/vnd.api+json; ext="https://example.test/ext/atomic"; profile="https://example.test/profiles/timestamps"',
    )
    // the base class and other classes are unaffected
    expect((new PostDoc(post()).toPayload() as any).jsonapi).toEqual({ version: '1.1' })
  })

  it('configure() rejects what JSON:API does not allow', () => {
    class C extends JsonApiResource<{ id: number }> {
      static override resourceType = 'c'
    }
    expect(() => C.configure({ ext: ['has space'] })).toThrow(JsonApiError)
    expect(() => C.configure({ version: '' })).toThrow(/version/)
    expect(() => C.configure({ meta: [] as never })).toThrow(/meta/)
  })
})
