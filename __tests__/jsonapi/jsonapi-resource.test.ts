import 'reflect-metadata'
import {
  Attribute,
  JsonApiResource,
  Relationship,
  MISSING,
  TO_RESPONSE,
  createRequestContext,
  registerModelRules,
  runWithRequestContext,
  type Related,
} from 'api-resources'
import { JSONAPI_ERROR_CODES } from 'api-resources/errors'
import { parseWithJsona, parseWithKitsu, type ClientModel } from '../support/jsonapi-clients'
import {
  blogRows,
  CommentResource,
  PostResource,
  UserResource,
  type PostRow,
  type UserRow,
} from './fixtures/blog-resources'
import { keys, render } from './render'

describe('JsonApiResource: one resource', () => {
  it('renders type, id as a string, attributes and linkage of loaded relations', () => {
    const { hello } = blogRows()
    expect(render(new PostResource(hello))).toEqual({
      data: {
        type: 'posts',
        id: '10',
        attributes: { title: 'Hello', body: 'First post' },
        relationships: {
          author: { data: { type: 'users', id: '1' } },
          comments: {
            data: [
              { type: 'comments', id: '100' },
              { type: 'comments', id: '101' },
            ],
          },
        },
      },
      jsonapi: { version: '1.1' },
    })
  })

  it('renders linkage from the static relationships map too', () => {
    const { bob } = blogRows()
    expect(render(new UserResource(bob)).data.relationships).toEqual({
      posts: { data: [{ type: 'posts', id: '12' }] },
    })
  })

  it('renders nothing for a relation that was not loaded, null for an empty to-one', () => {
    const post = { id: 1, title: 't', body: 'b', author: null }
    expect(render(new PostResource(post)).data.relationships).toEqual({ author: { data: null } })
    const lazy = { id: 2, title: 't', body: 'b', author: async () => ({ id: 1 }) }
    expect(render(new PostResource(lazy as never)).data.relationships).toBeUndefined()
  })

  it('never calls a getter or a function to find a relation', () => {
    let calls = 0
    const post = {
      id: 1,
      title: 't',
      body: 'b',
      get author() {
        calls++
        return { id: 9 }
      },
      comments: () => {
        calls++
        return []
      },
    }
    expect(
      render(new PostResource(post as never), '/?include=author,comments').included,
    ).toBeUndefined()
    expect(calls).toBe(0)
  })

  it('handles rows with a column named constructor', () => {
    const row = {
      id: 3,
      title: 't',
      body: 'b',
      constructor: 'x',
      author: { id: 1, constructor: 'y' },
    }
    const doc = render(new PostResource(row as never), '/?include=author')
    expect(doc.data.relationships).toEqual({ author: { data: { type: 'users', id: '1' } } })
    expect(keys(doc.included)).toEqual(['users:1'])
  })

  it('renders data: null for a resource over null, or over MISSING (as a plain resource does)', () => {
    for (const model of [null, MISSING]) {
      expect(render(new PostResource(model as never))).toEqual({
        data: null,
        jsonapi: { version: '1.1' },
      })
    }
  })

  it('is JSON:API over toPayload(), toJSON() and [TO_RESPONSE]', () => {
    const { again } = blogRows()
    const resource = new PostResource(again)
    const spec = resource[TO_RESPONSE]()
    expect(spec.status).toBe(200)
    expect(spec.contentType).toBe('application/vnd.api+json')
    expect(spec.body).toEqual(resource.toPayload())
    expect(JSON.parse(JSON.stringify(resource))).toEqual(resource.toPayload())
  })

  it('gives toArray() the attributes, as a plain JsonResource would', () => {
    const { again } = blogRows()
    expect(new PostResource(again).toArray()).toEqual({ title: 'Again', body: 'Second post' })
  })

  it('adds additional() meta and links beside data and refuses other members', () => {
    const { again } = blogRows()
    const doc = render(
      new PostResource(again).additional({ meta: { a: 1 }, links: { self: '/posts/11' } }),
    )
    expect(doc.meta).toEqual({ a: 1 })
    expect(doc.links).toEqual({ self: '/posts/11' })
    const bad = new PostResource(again).additional({ included: [] })
    expect(() => bad.toPayload()).toThrow(
      expect.objectContaining({ code: JSONAPI_ERROR_CODES.topLevelMember }),
    )
    expect(() => new PostResource(again).additional({ data: 1 })).toThrow()
  })
})

describe('JsonApiResource: ids', () => {
  it('renders numeric, bigint and string ids as strings', () => {
    for (const id of [7, 7n, '7']) {
      expect(render(new CommentResource({ id: id as number, body: 'x' })).data.id).toBe('7')
    }
  })

  it('reads static idKey', () => {
    class Slugged extends JsonApiResource<{ slug: string; title: string }> {
      static override resourceType = 'pages'
      static override idKey = 'slug'
      @Attribute() title!: string
    }
    expect(render(new Slugged({ slug: 'about', title: 'About' })).data).toEqual({
      type: 'pages',
      id: 'about',
      attributes: { title: 'About' },
    })
  })

  it('uses an overridden toId()', () => {
    class Compound extends JsonApiResource<{ a: number; b: number }> {
      static override resourceType = 'pairs'
      override toId() {
        return `${this.resource.a}-${this.resource.b}`
      }
    }
    expect(render(new Compound({ a: 1, b: 2 })).data).toEqual({
      type: 'pairs',
      id: '1-2',
      attributes: { a: 1, b: 2 },
    })
  })

  it('throws a coded error for a model without an id', () => {
    expect(() => new CommentResource({ body: 'x' } as never).toPayload()).toThrow(
      expect.objectContaining({
        code: JSONAPI_ERROR_CODES.resourceId,
        message: expect.stringContaining('CommentResource could not determine the id'),
      }),
    )
  })

  it('throws a coded error for a class without resourceType', () => {
    class Untyped extends JsonApiResource<{ id: number }> {}
    expect(() => new Untyped({ id: 1 }).toPayload()).toThrow(
      expect.objectContaining({ code: JSONAPI_ERROR_CODES.resourceType }),
    )
  })

  it('infers a relationship class from the design type', () => {
    class Note extends JsonApiResource<{ id: number; owner: UserRow }> {
      static override resourceType = 'notes'
      // a type error (the same source compiled without design:type would have no class), but the
      // class is still inferred at run time where emitDecoratorMetadata recorded it
      // @ts-expect-error a member typed as a resource needs a thunk
      @Relationship({ relation: 'owner' }) user!: UserResource
    }
    const { ada } = blogRows()
    expect(render(new Note({ id: 1, owner: ada })).data.relationships).toEqual({
      user: { data: { type: 'users', id: '1' } },
    })
  })

  it('fails the same way on every use when a related class is broken', () => {
    class NoType extends JsonApiResource<{ id: number }> {}
    class Holder extends JsonApiResource<{ id: number }> {
      static override resourceType = 'holders'
      static override relationships = { other: () => NoType }
    }
    for (let i = 0; i < 2; i++) {
      expect(() => new Holder({ id: 1 }).toPayload()).toThrow(
        expect.objectContaining({ code: JSONAPI_ERROR_CODES.resourceType }),
      )
    }
  })

  it('throws a coded error for a relationship that is not a JSON:API resource', () => {
    class Broken extends JsonApiResource<{ id: number }> {
      static override resourceType = 'broken'
      static override relationships = { other: () => Object as never }
    }
    expect(() => new Broken({ id: 1 }).toPayload()).toThrow(
      expect.objectContaining({ code: JSONAPI_ERROR_CODES.relationship }),
    )
  })
})

describe('JsonApiResource: attributes', () => {
  it('without decorators: the model attributes minus id, type and relationships', () => {
    class Plain extends JsonApiResource<Record<string, unknown>> {
      static override resourceType = 'things'
      static override relationships = { owner: () => UserResource }
    }
    const model = { id: 3, type: 'x', name: 'n', owner: { id: 1, name: 'Ada', email: 'e' } }
    expect(render(new Plain(model)).data).toEqual({
      type: 'things',
      id: '3',
      attributes: { name: 'n' },
      relationships: { owner: { data: { type: 'users', id: '1' } } },
    })
  })

  it('with an overridden toArray(): MISSING stripped, helpers work', () => {
    class Custom extends JsonApiResource<{ id: number; name: string; secret?: string }> {
      static override resourceType = 'custom'
      override toArray() {
        return {
          name: this.resource.name.toUpperCase(),
          secret: this.whenNotNull(this.resource.secret),
          gone: MISSING,
        }
      }
    }
    expect(render(new Custom({ id: 1, name: 'ab' })).data.attributes).toEqual({ name: 'AB' })
  })

  it('with a getter attribute reading this.resource', () => {
    class Named extends JsonApiResource<{ id: number; first: string; last: string }> {
      static override resourceType = 'people'
      @Attribute() get name() {
        return `${this.resource.first} ${this.resource.last}`
      }
    }
    expect(render(new Named({ id: 1, first: 'Ada', last: 'L' })).data.attributes).toEqual({
      name: 'Ada L',
    })
  })

  it('drops an attribute named id or type', () => {
    class WithId extends JsonApiResource<{ id: number; name: string }> {
      static override resourceType = 'with-id'
      @Attribute() id!: number
      @Attribute() name!: string
    }
    expect(render(new WithId({ id: 1, name: 'n' })).data).toEqual({
      type: 'with-id',
      id: '1',
      attributes: { name: 'n' },
    })
  })

  it('passes the request to conditions', () => {
    class Guarded extends JsonApiResource<{ id: number; secret: string }> {
      static override resourceType = 'guarded'
      override toArray(request?: unknown) {
        return {
          secret: this.when((request as { admin?: boolean })?.admin === true, this.resource.secret),
        }
      }
    }
    const model = { id: 1, secret: 's' }
    const request = { originalUrl: '/x', admin: true }
    expect((new Guarded(model).toPayload(request) as any).data.attributes).toEqual({ secret: 's' })
    expect(render(new Guarded(model)).data.attributes).toBeUndefined()
  })

  it('leaves out attributes whose every value is undefined (the model lacks them), fieldset or not', () => {
    class Sparse extends JsonApiResource<{ id: number; name?: string; bio?: string }> {
      static override resourceType = 'sparse'
      @Attribute() name!: string
      @Attribute() bio!: string
    }
    const bare = JSON.parse(JSON.stringify(render(new Sparse({ id: 1 }))))
    expect(bare.data).toEqual({ type: 'sparse', id: '1' })
    const picked = JSON.parse(
      JSON.stringify(render(new Sparse({ id: 1 }), '/s?fields[sparse]=name')),
    )
    expect(picked.data).toEqual({ type: 'sparse', id: '1' })
    // one defined value is enough, in whatever position
    expect(render(new Sparse({ id: 1, bio: 'b' })).data.attributes).toEqual({
      name: undefined,
      bio: 'b',
    })
    expect(
      render(new Sparse({ id: 1, name: 'n' }), '/s?fields[sparse]=name').data.attributes,
    ).toEqual({ name: 'n' })
  })
})

describe('JsonApiResource: include', () => {
  it('adds included objects with full linkage, each once, never the primary', () => {
    const { hello } = blogRows()
    const doc = render(new PostResource(hello), '/posts/10?include=author,comments.author')
    expect(keys(doc.included)).toEqual(['users:1', 'comments:100', 'users:2', 'comments:101'])
    // the author's own loaded posts are linked (full linkage), the primary post is not included
    expect(doc.included![0].relationships.posts.data).toEqual([
      { type: 'posts', id: '10' },
      { type: 'posts', id: '11' },
    ])
  })

  it('reads include from an explicit request argument', () => {
    const { hello } = blogRows()
    const doc = new PostResource(hello).toPayload({
      originalUrl: '/posts/10?include=author',
    }) as any
    expect(keys(doc.included)).toEqual(['users:1'])
  })

  it('is parsed back by jsona and kitsu-core with the graph intact', () => {
    const { hello } = blogRows()
    const doc = render(new PostResource(hello), '/?include=author.posts,comments.author')
    const post = parseWithJsona(doc) as ClientModel
    const author = post.author as ClientModel
    expect(author.name).toBe('Ada')
    expect((author.posts as ClientModel[]).map((p) => p.title)).toEqual(['Hello', 'Again'])
    // jsona links included objects to each other; the primary post comes back as its own copy
    expect((author.posts as ClientModel[])[0].id).toBe(post.id)
    const comments = post.comments as ClientModel[]
    expect(comments.map((c) => (c.author as ClientModel).name)).toEqual(['Bob', 'Ada'])
    const kitsu = parseWithKitsu(doc).data as any
    expect(kitsu.author.data.name).toBe('Ada')
    expect(kitsu.comments.data[0].author.data.email).toBe('bob@example.com')
  })

  it('follows includes to maxIncludeDepth (5 by default, configurable)', () => {
    const { hello } = blogRows()
    const deep = 'comments.author.posts.comments.author.posts'
    const doc = render(new PostResource(hello), `/?include=${deep}`)
    expect(keys(doc.included)).toContain('comments:102') // depth 4
    class Shallow extends PostResource {
      static override maxIncludeDepth = 1
    }
    const shallow = render(new Shallow(hello), `/?include=${deep}`)
    expect(keys(shallow.included)).toEqual(['comments:100', 'comments:101'])
  })

  it('includes nothing with maxIncludeDepth 0', () => {
    class NoIncludes extends PostResource {
      static override maxIncludeDepth = 0
    }
    const { hello } = blogRows()
    const doc = render(new NoIncludes(hello), '/?include=author,comments')
    expect(doc.included).toBeUndefined()
    expect(Object.keys(doc.data.relationships)).toEqual(['author', 'comments'])
  })

  it('reads a relationship from another property with { relation }', () => {
    class Article extends JsonApiResource<{ id: number; writer: UserRow }> {
      static override resourceType = 'articles'
      @Relationship(() => UserResource, { relation: 'writer' }) author?: Related<
        typeof UserResource
      >
    }
    const { ada } = blogRows()
    const doc = render(new Article({ id: 1, writer: ada }), '/?include=author')
    expect(doc.data.relationships).toEqual({ author: { data: { type: 'users', id: '1' } } })
    expect(keys(doc.included)).toEqual(['users:1'])
  })

  it('refuses an invalid maxIncludeDepth', () => {
    class Bad extends PostResource {
      static override maxIncludeDepth = -1
    }
    const { hello } = blogRows()
    expect(() => render(new Bad(hello), '/?include=author')).toThrow(
      expect.objectContaining({ code: JSONAPI_ERROR_CODES.maxIncludeDepth }),
    )
  })

  it('ignores unknown segments, empty segments and relations that were not loaded', () => {
    const post = { id: 1, title: 't', body: 'b', author: { id: 5, name: 'N', email: 'e' } }
    const doc = render(new PostResource(post), '/?include=nope,author.nope,,comments,author..x,.')
    expect(keys(doc.included)).toEqual(['users:5'])
  })

  it('survives huge, cyclic and degenerate include strings with work bounded by the data', () => {
    const { hello } = blogRows()
    const cycle = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? 'posts' : 'author')).join('.')
    const junk = [cycle, '.'.repeat(10_000), ','.repeat(10_000), 'x.'.repeat(5_000)].join(',')
    const doc = render(new PostResource(hello), `/?include=${encodeURIComponent(junk)}`)
    expect(keys(doc.included)).toEqual(['users:1', 'posts:11'])
  })

  it('renders each loaded object once however many paths reach it', () => {
    const renders = { n: 0 }
    class CountedUser extends JsonApiResource<UserRow> {
      static override resourceType = 'users'
      static override relationships = { posts: () => CountedPost }
      @Attribute() get name() {
        renders.n++
        return this.resource.name
      }
    }
    class CountedPost extends JsonApiResource<PostRow> {
      static override resourceType = 'posts'
      static override relationships = { author: () => CountedUser }
      @Attribute() get title() {
        renders.n++
        return this.resource.title
      }
    }
    const { hello } = blogRows()
    const cycle = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? 'posts' : 'author')).join('.')
    const paths = [cycle, ...Array.from({ length: 2_000 }, () => 'author.posts.author')]
    const doc = render(new CountedPost(hello), `/?include=${encodeURIComponent(paths.join(','))}`)
    expect(keys(doc.included)).toEqual(['users:1', 'posts:11'])
    expect(renders.n).toBe(3) // hello, ada, again: nothing twice
  })
})

describe('JsonApiResource: sparse fieldsets', () => {
  it('filters attributes and relationships of every object of the type', () => {
    const { hello } = blogRows()
    const doc = render(
      new PostResource(hello),
      '/?include=author.posts&fields[posts]=title,author&fields[users]=name,unknown',
    )
    expect(doc.data).toEqual({
      type: 'posts',
      id: '10',
      attributes: { title: 'Hello' },
      relationships: { author: { data: { type: 'users', id: '1' } } },
    })
    expect(doc.included).toEqual([
      { type: 'users', id: '1', attributes: { name: 'Ada' } },
      {
        type: 'posts',
        id: '11',
        attributes: { title: 'Again' },
        relationships: { author: { data: { type: 'users', id: '1' } } },
      },
    ])
  })

  it('renders no attributes for an empty fieldset and still includes what include names', () => {
    const { hello } = blogRows()
    const doc = render(
      new PostResource(hello),
      '/?include=author&fields[posts]=&fields[users]=email',
    )
    expect(doc.data).toEqual({ type: 'posts', id: '10' })
    expect(doc.included).toEqual([
      { type: 'users', id: '1', attributes: { email: 'ada@example.com' } },
    ])
  })

  it('ignores fields for unknown types and reads the extended query syntax alike', () => {
    const { again } = blogRows()
    const doc = render(new PostResource(again), '/?fields[nope]=x&fields%5Bposts%5D=body')
    expect(doc.data.attributes).toEqual({ body: 'Second post' })
  })
})

describe('JsonApiResource outside a request', () => {
  it('renders without include or fields', () => {
    const { hello } = blogRows()
    const doc = new PostResource(hello).toPayload() as any
    expect(doc.included).toBeUndefined()
    expect(doc.data.attributes).toEqual({ title: 'Hello', body: 'First post' })
  })

  it('uses the explicit request, not the current context, when they differ', () => {
    const { hello } = blogRows()
    const doc = runWithRequestContext(createRequestContext('/?include=comments'), () =>
      new PostResource(hello).toPayload({ url: '/?include=author' }),
    ) as any
    expect(keys(doc.included)).toEqual(['users:1'])
  })
})

describe('JsonApiResource with model rules (ORM adapters)', () => {
  class Row {
    constructor(
      readonly data: Record<string, unknown>,
      readonly loaded: Record<string, unknown> = {},
    ) {}
  }
  beforeAll(() =>
    registerModelRules(Row, {
      attribute: (m, name) => (m as Row).data[name],
      relation: (m, name) => (name in (m as Row).loaded ? (m as Row).loaded[name] : MISSING),
    }),
  )

  class RowUser extends JsonApiResource<Row> {
    static override resourceType = 'users'
    // the model keeps its attributes in `data`: a `from` typed as string skips the key check
    @Attribute({ from: 'name' as string }) name!: string
  }
  class RowPost extends JsonApiResource<Row> {
    static override resourceType = 'posts'
    static override relationships = { author: () => RowUser, comments: () => RowUser }
    @Attribute({ from: 'title' as string }) title!: string
  }

  it('reads ids, attributes and relations through the registered rules', () => {
    const author = new Row({ id: 5, name: 'Ada' })
    const post = new Row({ id: 9, title: 'T' }, { author })
    const plain = { id: 6, name: 'Bob' }
    const doc = render(
      RowPost.collection([post, { id: 10, title: 'P', author: plain }] as unknown[]),
      '/?include=author',
    )
    expect(doc.data[0]).toEqual({
      type: 'posts',
      id: '9',
      attributes: { title: 'T' },
      relationships: { author: { data: { type: 'users', id: '5' } } },
    })
    expect(doc.included).toEqual([
      { type: 'users', id: '5', attributes: { name: 'Ada' } },
      { type: 'users', id: '6', attributes: { name: 'Bob' } },
    ])
  })
})
