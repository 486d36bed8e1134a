// Laravel's own tests of API resources (tests/Integration/Http/ResourceTest.php), ported to this
// package's API: each test names the Laravel test it follows.
import 'reflect-metadata'
import ts from 'typescript'
import * as api from '../../src'
import { interpretedToArray } from '../../src/compiler/compile'
import {
  JsonResource,
  LengthAwarePaginator,
  MISSING,
  ResourceCollection,
  ResourceError,
  type AbstractPaginator,
  type PaginationInformation,
} from '../../src'

interface Post {
  id: number
  title: string
  author?: Author | null
  comments?: Post[] | null
}
interface Author {
  name: string
}

class PostResource extends JsonResource<Post> {
  override toArray() {
    return { id: this.resource.id, title: this.resource.title, custom: true }
  }
}

class AuthorResource extends JsonResource<Author> {
  override toArray() {
    return { name: this.resource.name }
  }
}

const posts = [
  { id: 1, title: 'Test title 1' },
  { id: 2, title: 'Test title 2' },
]

describe('item 1: a collection is never wrapped twice', () => {
  // PostCollectionResource: `toArray()` returns `['data' => $this->collection]`
  class PostCollectionResource extends ResourceCollection {
    static override collects = () => PostResource
    override toArray(request?: unknown) {
      return { data: super.toArray(request) } as never
    }
  }

  it('testCollectionsAreNotDoubledWrapped (ResourceTest): { data: [...] } stays as it is', () => {
    expect(new PostCollectionResource([{ id: 5, title: 'Test Title' }]).toPayload()).toEqual({
      data: [{ id: 5, title: 'Test Title', custom: true }],
    })
  })

  it('testCollectionResourceWithPaginationInformation (ResourceTest): also when paginated', () => {
    class WithInfo extends PostCollectionResource {
      override paginationInformation(_req: unknown, paginated: AbstractPaginator<unknown>) {
        const page = paginated as LengthAwarePaginator<unknown>
        return {
          current_page: page.currentPage(),
          per_page: page.perPage(),
          total: page.total(),
          total_page: page.lastPage(),
        }
      }
    }
    const page = new LengthAwarePaginator([{ id: 5, title: 'Test Title' }], {
      total: 10,
      perPage: 1,
      currentPage: 1,
    })
    expect(new WithInfo(page).toPayload()).toEqual({
      data: [{ id: 5, title: 'Test Title', custom: true }],
      current_page: 1,
      per_page: 1,
      total: 10,
      total_page: 10,
    })
  })

  it('testResourceSkipsWrappingWhenDataKeyExists (ResourceTest): a single resource too', () => {
    const resource = new JsonResource({ id: 5, title: 'Test', data: 'some data' })
    expect(resource.toPayload()).toEqual({ id: 5, title: 'Test', data: 'some data' })
  })

  it('testResourceForceWrapOverridesDataKeyCheck (ResourceTest): forceWrapping wraps anyway', () => {
    class Forced extends JsonResource<Record<string, unknown>> {
      static override forceWrapping = true
    }
    expect(new Forced({ id: 5, title: 'Test', data: 'some data' }).toPayload()).toEqual({
      data: { id: 5, title: 'Test', data: 'some data' },
    })
    class ForcedResults extends Forced {
      static override wrap = 'results'
    }
    expect(new ForcedResults({ id: 5, data: 'some data' }).toPayload()).toEqual({
      results: { id: 5, data: 'some data' },
    })
    class ForcedCollection extends PostCollectionResource {
      static forceWrapping = true
    }
    expect(new ForcedCollection([posts[0]]).toPayload()).toEqual({
      data: { data: [{ id: 1, title: 'Test title 1', custom: true }] },
    })
  })
})

describe('item 2: merge values inside lists', () => {
  class Lists extends JsonResource<null> {
    constructor(private readonly list: () => unknown[]) {
      super({} as never)
    }
    override toArray() {
      return { list: this.list() }
    }
  }
  const render = (list: () => unknown[]) =>
    (new Lists(list).toPayload() as { data: { list: unknown } }).data.list
  const r = new JsonResource({})

  it('testLeadingMergeValueIsMergedCorrectly (ResourceTest)', () => {
    expect(
      render(() => [
        r.merge(['First', 'Second']),
        'Taylor',
        'Mohamed',
        r.merge(['Adam', 'Matt']),
        'Jeffrey',
        r.merge(['Abigail', 'Lydia']),
      ]),
    ).toEqual([
      'First',
      'Second',
      'Taylor',
      'Mohamed',
      'Adam',
      'Matt',
      'Jeffrey',
      'Abigail',
      'Lydia',
    ])
  })

  it('testMergeValuesMayBeMissing (ResourceTest)', () => {
    expect(
      render(() => [
        r.merge(['First', 'Second']),
        'Taylor',
        'Mohamed',
        r.mergeWhen(false, ['Adam', 'Matt']),
        'Jeffrey',
        r.merge(['Abigail', 'Lydia']),
      ]),
    ).toEqual(['First', 'Second', 'Taylor', 'Mohamed', 'Jeffrey', 'Abigail', 'Lydia'])
  })

  it('testInitialMergeValuesMayBeMissing (ResourceTest)', () => {
    expect(
      render(() => [
        r.mergeWhen(false, ['First', 'Second']),
        'Taylor',
        'Mohamed',
        r.mergeWhen(true, ['Adam', 'Matt']),
        'Jeffrey',
        r.merge(['Abigail', 'Lydia']),
      ]),
    ).toEqual(['Taylor', 'Mohamed', 'Adam', 'Matt', 'Jeffrey', 'Abigail', 'Lydia'])
  })

  it('testAllMergeValuesMayBeMissing (ResourceTest)', () => {
    expect(
      render(() => [
        r.mergeWhen(false, ['First', 'Second']),
        'Taylor',
        'Mohamed',
        r.mergeWhen(false, ['Adam', 'Matt']),
        'Jeffrey',
        r.mergeWhen(false, ['Abigail', 'Lydia']),
      ]),
    ).toEqual(['Taylor', 'Mohamed', 'Jeffrey'])
  })

  it('testMergeValuesMayFallbackToDefaults (ResourceTest)', () => {
    expect(
      render(() => [
        r.mergeUnless(false, ['Taylor', 'Mohamed'], ['First', 'Second']),
        r.mergeWhen(false, ['Adam', 'Matt'], ['Abigail', 'Lydia']),
        'Jeffrey',
      ]),
    ).toEqual(['Taylor', 'Mohamed', 'Abigail', 'Lydia', 'Jeffrey'])
  })

  it('testNestedMerges (ResourceTest)', () => {
    expect(
      render(() => [
        r.mergeWhen(true, [['Something']]),
        [r.mergeWhen(true, ['First', r.mergeWhen(true, ['Second'])]), 'Third'],
        ['Fourth'],
      ]),
    ).toEqual([['Something'], ['First', 'Second', 'Third'], ['Fourth']])
  })

  it('testLeadingMergeKeyedValueIsMergedCorrectly (ResourceTest): keys make an object', () => {
    expect(render(() => [r.merge({ name: 'mohamed', location: 'hurghada' })])).toEqual({
      name: 'mohamed',
      location: 'hurghada',
    })
  })

  it('testLeadingMergeKeyedValueIsMergedCorrectlyWhenFirstValueIsMissing (ResourceTest)', () => {
    expect(render(() => [r.merge({ 0: MISSING, name: 'mohamed', location: 'hurghada' })])).toEqual({
      name: 'mohamed',
      location: 'hurghada',
    })
  })

  it('testMergeValueCanMergeJsonSerializable (ResourceTest): a resource merges its array', () => {
    class Merging extends JsonResource<Post> {
      override toArray() {
        return {
          ...this.mergeWhen(true, new PostResource(this.resource)),
          user: 'test user',
          age: 'test age',
        }
      }
    }
    expect(new Merging({ id: 1, title: 'Test Title 1' }).toPayload()).toEqual({
      data: { id: 1, title: 'Test Title 1', custom: true, user: 'test user', age: 'test age' },
    })
  })

  it('testMergeValueCanMergeCollectionOfJsonSerializable (ResourceTest)', () => {
    expect(render(() => [r.merge(PostResource.collection(posts))])).toEqual([
      { id: 1, title: 'Test title 1', custom: true },
      { id: 2, title: 'Test title 2', custom: true },
    ])
  })

  it('testResourcesMayHaveOptionalMerges (ResourceTest): keyed merges with defaults', () => {
    class Optional extends JsonResource<Post> {
      override toArray() {
        return {
          id: this.resource.id,
          ...this.mergeWhen(false, { first: 'value' }),
          ...this.mergeWhen(true, { second: 'value' }),
          ...this.mergeUnless(true, { third: 'value' }),
          ...this.mergeUnless(false, { fourth: 'value' }),
          ...this.mergeWhen(false, { fifth: 'value' }, { sixth: 'default' }),
        }
      }
    }
    expect(new Optional({ id: 5, title: 't' }).toPayload()).toEqual({
      data: { id: 5, second: 'value', fourth: 'value', sixth: 'default' },
    })
  })
})

describe('item 3: a resource or collection over a missing value drops its key', () => {
  class PostResourceWithOptionalRelationship extends JsonResource<Post> {
    override toArray() {
      return {
        id: this.resource.id,
        author: new AuthorResource(this.whenLoaded<Author>('author')),
        comments: PostResource.collection(this.whenLoaded<Post[]>('comments')),
      }
    }
  }

  it('testResourcesMayHaveOptionalRelationships (ResourceTest): not loaded, no keys', () => {
    expect(new PostResourceWithOptionalRelationship({ id: 5, title: 't' }).toPayload()).toEqual({
      data: { id: 5 },
    })
  })

  it('testResourcesMayShowsNullForLoadedRelationshipWithValueNull (ResourceTest)', () => {
    expect(
      new PostResourceWithOptionalRelationship({
        id: 5,
        title: 't',
        author: null,
        comments: null,
      }).toPayload(),
    ).toEqual({ data: { id: 5, author: null, comments: null } })
  })

  it('testResourcesMayLoadOptionalRelationships (ResourceTest): loaded, rendered', () => {
    expect(
      new PostResourceWithOptionalRelationship({
        id: 5,
        title: 't',
        author: { name: 'jrrmartin' },
        comments: [posts[0]],
      }).toPayload(),
    ).toEqual({
      data: {
        id: 5,
        author: { name: 'jrrmartin' },
        comments: [{ id: 1, title: 'Test title 1', custom: true }],
      },
    })
  })

  it('at the top level, a resource or collection over MISSING sends data: null', () => {
    expect(new AuthorResource(MISSING).toPayload()).toEqual({ data: null })
    expect(PostResource.collection(MISSING).toPayload()).toEqual({ data: null })
    expect(PostResource.collection(null).toPayload()).toEqual({ data: null })
  })
})

describe('item 11: paginationInformation returns the whole set of top-level keys', () => {
  const page = () =>
    new LengthAwarePaginator([posts[0]], { total: 10, perPage: 1, currentPage: 1, path: '/' })

  it('testResourceWithPaginationInformation (ResourceTest): on an anonymous collection', () => {
    const collection = PostResource.collection(page())
    collection.paginationInformation = (_req, paginated, _defaults: PaginationInformation) => ({
      current_page: (paginated as AbstractPaginator<unknown>).currentPage(),
      per_page: paginated.perPage(),
      total: 10,
      total_page: 10,
    })
    expect(collection.toPayload()).toEqual({
      data: [{ id: 1, title: 'Test title 1', custom: true }],
      current_page: 1,
      per_page: 1,
      total: 10,
      total_page: 10,
    })
  })

  it('additional() entries merge into a section of the same name; a non-object is an error', () => {
    const collection = PostResource.collection(page()).additional({ meta: { extra: 1 } })
    collection.paginationInformation = (_r, _p, defaults) => ({ meta: defaults.meta })
    expect(collection.toPayload()).toMatchObject({ meta: { current_page: 1, extra: 1 } })
    expect(Object.keys(collection.toPayload())).toEqual(['data', 'meta'])
    const broken = PostResource.collection(page())
    broken.paginationInformation = () => null as never
    expect(() => broken.toPayload()).toThrow(ResourceError)
  })
})

describe('item 6: a collects class that is not a resource fails at once', () => {
  it('testCollectionResourcesMustCollectResources (ResourceTest)', () => {
    class PostModel {}
    class PostModelCollectionResource extends ResourceCollection {
      static override collects = () => PostModel as never
    }
    expect(() => new PostModelCollectionResource(posts)).toThrow(ResourceError)
    expect(() => new PostModelCollectionResource(posts)).toThrow(
      /PostModelCollectionResource\.collects: the resource thunk must return a resource class/,
    )
    expect(() => new ResourceCollection(posts, PostModel as never)).toThrow(ResourceError)
  })
})

describe('items 8 and 10: defaults of the conditional helpers; counts, aggregates, exists', () => {
  interface Row {
    id: number
    author?: Author | null
    comments_count?: number | null
    foo_bars_count?: number
    comments_sum_votes?: number | null
    comments_exists?: boolean | null
  }
  class WithDefaults extends JsonResource<Row> {
    override toArray() {
      return {
        id: this.resource.id,
        author: this.whenLoaded('author', (a: Author) => a.name, 'Anonymous'),
        author_named: this.whenLoaded('author', undefined, () => 'lazy default'),
        comments: this.whenCounted('comments', (n) => n * 10, 'None'),
        foo_bars: this.whenCounted('fooBars'),
        foo_bars_again: this.whenCounted('foo_bars_count'),
        votes: this.whenAggregated('comments', 'votes', 'sum', undefined, 'no votes'),
        has_comments: this.whenExistsLoaded('comments', undefined, false),
        nickname: this.whenNotNull(null, 'none'),
        visible: this.unless(false, 'yes'),
        hidden: this.unless(true, 'yes'),
        hidden_default: this.unless(true, 'yes', 'no'),
      }
    }
  }

  it('testResourcesMayHaveOptionalRelationshipsWithDefaultValues (ResourceTest)', () => {
    expect(new WithDefaults({ id: 5 }).toPayload()).toEqual({
      data: {
        id: 5,
        author: 'Anonymous',
        author_named: 'lazy default',
        comments: 'None',
        votes: 'no votes',
        has_comments: false,
        nickname: 'none',
        visible: 'yes',
        hidden_default: 'no',
      },
    })
  })

  it('testWhenLoadedUsingNamedDefaultParameterOnLoadedRelation (ResourceTest)', () => {
    const out = new WithDefaults({ id: 5, author: { name: 'jrr' } }).toPayload().data
    expect(out).toMatchObject({ author: 'jrr', author_named: { name: 'jrr' } })
  })

  it('testResourcesMayHaveOptionalRelationshipCounts (ResourceTest): snake case, `_count` once', () => {
    const out = new WithDefaults({ id: 5, comments_count: 3, foo_bars_count: 2 }).toPayload().data
    expect(out).toMatchObject({ comments: 30, foo_bars: 2, foo_bars_again: 2 })
    // the relation's own name followed by `_count` is read too
    const written = new WithDefaults({ id: 5, fooBars_count: 4 } as Row).toPayload().data
    expect(written).toMatchObject({ foo_bars: 4 })
    expect(written).not.toHaveProperty('foo_bars_again')
  })

  it('testResourcesMayHaveOptionalRelationshipAggregates / Exists (ResourceTest): null is null', () => {
    const out = new WithDefaults({
      id: 5,
      comments_count: null,
      comments_sum_votes: null,
      comments_exists: null,
    }).toPayload().data
    expect(out).toMatchObject({ comments: null, votes: null, has_comments: null })
  })
})

describe('item 9: collections', () => {
  it('testCollectionResourcesAreCountable (ResourceTest)', () => {
    expect(PostResource.collection(posts).count()).toBe(2)
    expect(PostResource.collection(new Map([['a', posts[0]]])).count()).toBe(1)
  })

  it('testKeysArePreservedInAnAnonymousCollectionUsingPreserveKeysMethod (ResourceTest)', () => {
    const byId = { 1: posts[0], 2: posts[1] }
    expect(JsonResource.collection(byId).preserveKeys().toPayload()).toEqual({ data: byId })
    expect(JsonResource.collection(byId).toPayload()).toEqual({ data: posts })
  })

  it('a collection exposes what it wraps (resource), never as an own property', () => {
    const list = PostResource.collection(posts)
    expect(list.resource).toEqual(posts)
    const page = new LengthAwarePaginator(posts, {
      total: 2,
      perPage: 2,
      currentPage: 1,
      path: '/',
    })
    expect(PostResource.collection(page).resource).toBe(page)
    expect({ ...list }).toEqual({})
    expect(Object.keys(list)).toEqual([])
  })
})

describe('item 8: the decorators take `default` (legacy and standard decorators)', () => {
  const source = `
    import { JsonResource, WhenLoaded, WhenCounted, WhenAggregated, WhenExistsLoaded, WhenNotNull, When, MergeWhen, WhenHas } from 'api-resources'
    class AuthorResource extends JsonResource<any> {
      override toArray() { return { name: this.resource.name } }
    }
    export class PostResource extends JsonResource<any> {
      @WhenLoaded(() => AuthorResource, { default: 'Anonymous' }) author?: unknown
      @WhenCounted({ default: 0 }) comments_count?: number
      @WhenAggregated('comments', 'votes', 'sum', { default: () => 'no votes' }) votes?: unknown
      @WhenExistsLoaded({ default: false }) comments_exists?: boolean
      @WhenNotNull({ default: 'none' }) nickname?: string
      @When(() => false, { default: 'hidden' }) secret?: string
      @WhenHas({ default: 'n/a' }) bio?: string
      @MergeWhen(() => false, { default: { role: 'guest' } }) get admin() { return { role: 'admin' } }
    }
  `
  const load = (
    experimentalDecorators: boolean,
  ): Record<string, new (m: unknown) => JsonResource> => {
    const code = ts.transpileModule(source, {
      compilerOptions: {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.CommonJS,
        experimentalDecorators,
        emitDecoratorMetadata: experimentalDecorators,
      },
    }).outputText
    const exports: Record<string, new (m: unknown) => JsonResource> = {}
    const req = (id: string): unknown => (id === 'api-resources' ? api : require(id))
    new Function('require', 'exports', 'module', code)(req, exports, { exports })
    return exports
  }

  it.each([
    ['legacy', true],
    ['standard', false],
  ])(
    'testResourcesMayHaveOptionalRelationshipsWithDefaultValues (ResourceTest), %s decorators',
    (_mode, legacy) => {
      const { PostResource: Decorated } = load(legacy)
      const expected = {
        author: 'Anonymous',
        comments_count: 0,
        votes: 'no votes',
        comments_exists: false,
        nickname: 'none',
        secret: 'hidden',
        bio: 'n/a',
        role: 'guest',
      }
      const post = new Decorated({ id: 1, nickname: null })
      expect(post.toPayload()).toEqual({ data: expected })
      expect(interpretedToArray(Decorated)(post, undefined)).toEqual(expected)
      // when the conditions hold, the values render and the defaults do not
      const loaded = new Decorated({
        author: { name: 'jrr' },
        comments_count: 2,
        comments_sum_votes: 7,
        comments_exists: 1,
        nickname: 'ann',
        bio: 'b',
      })
      expect(loaded.toPayload()).toEqual({
        data: {
          author: { name: 'jrr' },
          comments_count: 2,
          votes: 7,
          comments_exists: true,
          nickname: 'ann',
          secret: 'hidden',
          bio: 'b',
          role: 'guest',
        },
      })
    },
  )
})

describe('item 4: a JSON:API relationship declared on a getter uses the getter', () => {
  interface Person {
    id: number
    name: string
    // the model's own property of the relationship's name, which must not be read
    author?: Person | null
    writer?: Person | null
    friends?: Person[]
  }
  const calls: string[] = []

  class PersonResource extends api.JsonApiResource<Person> {
    static override resourceType = 'people'
    @api.Attribute() name!: string
    // the relationship's value is what the getter gives, with this.resource the model
    @api.Relationship(() => PersonResource) get author(): PersonResource | undefined {
      calls.push(`author:${this.resource.id}`)
      return this.resource.writer === undefined ? undefined : (this.resource.writer as never)
    }
    @api.Relationship(() => PersonResource) get friends(): PersonResource[] | undefined {
      calls.push(`friends:${this.resource.id}`)
      return this.resource.friends as never
    }
  }

  const render = (value: unknown, url: string) =>
    JSON.parse(
      api.runWithRequestContext(api.createRequestContext(url), () => JSON.stringify(value)),
    )

  beforeEach(() => {
    calls.length = 0
  })

  it('testResolvesClosureReturningRawModels (RelationResolverTest): the getter, not the property', () => {
    const ada: Person = { id: 1, name: 'Ada' }
    const bob: Person = { id: 2, name: 'Bob', author: ada, writer: null, friends: [ada] }
    const doc = render(new PersonResource(bob), '/?include=friends')
    expect(doc.data.relationships).toEqual({
      author: { data: null },
      friends: { data: [{ type: 'people', id: '1' }] },
    })
    expect(doc.included.map((o: { id: string }) => o.id)).toEqual(['1'])
    // a getter that gives undefined: not loaded, no relationship member
    expect(doc.included[0].relationships).toBeUndefined()
  })

  it('testResolvesClosureReturningSingleResource / ...ResourceCollection (RelationResolverTest)', () => {
    class Wrapped extends api.JsonApiResource<Person> {
      static override resourceType = 'people'
      @api.Attribute() name!: string
      @api.Relationship(() => Wrapped) get author(): Wrapped | null {
        return this.resource.writer == null ? null : new Wrapped(this.resource.writer)
      }
      @api.Relationship(() => Wrapped) get friends(): Wrapped[] {
        return Wrapped.collection(this.resource.friends ?? []) as never
      }
    }
    const ada: Person = { id: 1, name: 'Ada' }
    const cy: Person = { id: 3, name: 'Cy' }
    const bob: Person = { id: 2, name: 'Bob', writer: ada, friends: [ada, cy] }
    const doc = render(new Wrapped(bob), '/?include=author,friends')
    expect(doc.data.relationships).toEqual({
      author: { data: { type: 'people', id: '1' } },
      friends: {
        data: [
          { type: 'people', id: '1' },
          { type: 'people', id: '3' },
        ],
      },
    })
    expect(doc.included.map((o: { id: string }) => o.id)).toEqual(['1', '3'])
  })

  it('testResolvesClosureReturningNull (RelationResolverTest): null is an empty to-one linkage', () => {
    const doc = render(new PersonResource({ id: 2, name: 'Bob', writer: null }), '/')
    expect(doc.data.relationships).toEqual({ author: { data: null } })
  })

  it('a relationship on a method (legacy decorators) is refused, naming the getter form', () => {
    class Methods extends api.JsonApiResource<Person> {
      static override resourceType = 'people'
      author(): Person | null | undefined {
        return this.resource.writer
      }
    }
    const decorate = api.Relationship(() => Methods) as (...args: unknown[]) => void
    const descriptor = Object.getOwnPropertyDescriptor(Methods.prototype, 'author')
    const run = () => decorate(Methods.prototype, 'author', descriptor)
    expect(run).toThrow(
      /@Relationship\(\) must decorate an instance field or getter with a string name; got the method author\(\); write it as a getter, get author\(\) \{ \.\.\. \}/,
    )
    expect(run).toThrow(expect.objectContaining({ code: 'ERR_DECORATOR_TARGET' }))
  })

  it('the getter runs once per object per document, however often it is included', () => {
    const ada: Person = { id: 1, name: 'Ada' }
    const bob: Person = { id: 2, name: 'Bob', writer: ada, friends: [ada] }
    ada.writer = bob
    ada.friends = [bob]
    const doc = render(
      PersonResource.collection([bob, ada]),
      '/?include=author.author.friends,friends.friends.author,author.friends',
    )
    expect(doc.data.map((o: { id: string }) => o.id)).toEqual(['2', '1'])
    expect(doc.data[0].relationships.author).toEqual({ data: { type: 'people', id: '1' } })
    expect([...calls].sort()).toEqual(['author:1', 'author:2', 'friends:1', 'friends:2'])
  })
})

describe('item 9: toResource() and toResourceCollection() on models and lists', () => {
  class UserCollection extends ResourceCollection {
    static override collects = () => AuthorResource
    override with() {
      return { meta: { kind: 'users' } }
    }
  }
  const ada: Author = { name: 'Ada' }

  it('testItCanTransformToExplicitResource (DatabaseEloquentResourceModelTest)', () => {
    const resource = api.toResource(ada, AuthorResource)
    expect(resource).toBeInstanceOf(AuthorResource)
    expect(resource.resource).toBe(ada)
    expect(resource.toPayload()).toEqual({ data: { name: 'Ada' } })
  })

  it('testItCanTransformToExplicitResource (DatabaseEloquentResourceCollectionTest)', () => {
    const collection = api.toResourceCollection([ada, { name: 'Bob' }], AuthorResource)
    expect(collection).toBeInstanceOf(ResourceCollection)
    expect(collection.toPayload()).toEqual({ data: [{ name: 'Ada' }, { name: 'Bob' }] })
    // a Map, and a paginator, as AuthorResource.collection() takes them
    expect(api.toResourceCollection(new Map([['a', ada]]), AuthorResource).toPayload()).toEqual({
      data: [{ name: 'Ada' }],
    })
    const page = new LengthAwarePaginator([ada], {
      total: 1,
      perPage: 1,
      currentPage: 1,
      path: '/u',
    })
    expect(api.toResourceCollection(page, AuthorResource).toPayload()).toEqual(
      AuthorResource.collection(page).toPayload(),
    )
  })

  it('testItCanTransformToResourceViaUseResourceCollectionAttribute: a collection class', () => {
    const collection = api.toResourceCollection([ada], UserCollection)
    expect(collection).toBeInstanceOf(UserCollection)
    expect(collection.toPayload()).toEqual({ data: [{ name: 'Ada' }], meta: { kind: 'users' } })
  })

  it('testItThrowsExceptionWhenResourceCannotBeFound: anything but a resource class is refused', () => {
    class NotAResource {}
    for (const bad of [undefined, null, NotAResource, () => AuthorResource, 'AuthorResource']) {
      expect(() => api.toResource(ada, bad as never)).toThrow(api.ArgumentError)
      expect(() => api.toResource(ada, bad as never)).toThrow(
        /resourceClass must be a resource class/,
      )
      expect(() => api.toResourceCollection([ada], bad as never)).toThrow(api.ArgumentError)
    }
    expect(() => api.toResource(ada, UserCollection as never)).toThrow(api.ArgumentError)
  })

  it('is typed as the resource, and checks the model type', () => {
    const resource: AuthorResource = api.toResource(ada, AuthorResource)
    const collection: UserCollection = api.toResourceCollection([ada], UserCollection)
    expect([resource, collection]).toHaveLength(2)
    // @ts-expect-error a number is not an Author
    expect(() => api.toResource(3, AuthorResource)).not.toThrow()
  })
})
