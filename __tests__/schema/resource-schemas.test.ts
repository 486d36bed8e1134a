/**
 * The JSON Schema generated from resource metadata: member types (explicit `schema`, `design:type`,
 * the member's kind), `nullable`, required members, nested resources, open objects where the output
 * is code, the envelopes of every body kind checked against real output, JSON:API documents, and
 * one generation per class.
 */
import 'reflect-metadata'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import {
  Attribute,
  CursorPaginator,
  Field,
  JsonApiResource,
  JsonResource,
  LengthAwarePaginator,
  MergeWhen,
  Paginator,
  Relationship,
  When,
  WhenAggregated,
  WhenAppended,
  WhenCounted,
  WhenExistsLoaded,
  WhenLoaded,
  WhenNotNull,
  WhenPivotLoaded,
  type Merged as MergedKeys,
  type Related,
  type RelatedList,
} from '../../src'
import {
  bodySchema,
  classSchemas,
  componentName,
  sharedSchema,
} from '../../src/schema/resource-schemas'
import { ArgumentError } from '../../src/errors'

type Json = Record<string, unknown>

const ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true })
addFormats(ajv)

function validator(schema: Json): (body: unknown) => boolean {
  return ajv.compile(schema)
}

/** Valid against the schema, as the JSON text a response carries. */
function expectValid(schema: Json, body: unknown): void {
  const validate = ajv.compile(schema)
  const ok = validate(JSON.parse(JSON.stringify(body)))
  expect(validate.errors ?? []).toEqual([])
  expect(ok).toBe(true)
}

// loosely typed models: these resources test the schema, not the model-key checks
type Model = Record<string, unknown>

class TeamResource extends JsonResource<Model> {
  @Field({ from: 'id' as string }) id!: number
  @Field({ from: 'name' as string }) name!: string
}

class MemberResource extends JsonResource<Model> {
  @Field({ from: 'id' as string }) id!: number
  @Field({ from: 'name' as string }) name!: string
  @Field({ from: 'born' as string }) born!: Date
  @Field({ from: 'active' as string }) active!: boolean
  @Field({ from: 'tags' as string }) tags!: string[]
  // typed `string` so that every compiler records String; `nullable` adds null
  @Field({ from: 'nickname' as string, nullable: true }) nickname!: string
  @Field({ from: 'score' as string, schema: { type: 'integer', minimum: 0 } }) score!: unknown
  @Field() get label(): string {
    return String(this.resource.name)
  }
  @Field() get maybe(): unknown {
    return this.resource.maybe
  }
  @When(() => true, { from: 'secret' as string }) secret?: string
  @WhenNotNull({ from: 'bio' as string }) bio?: string
  @WhenCounted({ relation: 'posts' as string }) posts_count?: number
  @WhenLoaded(() => TeamResource, { relation: 'team' as string }) team?: TeamResource
  @WhenLoaded(() => TeamResource, { relation: 'teams' as string }) teams?: TeamResource[]
  @WhenLoaded(() => TeamResource, { relation: 'either' as string }) either!: unknown
  @WhenLoaded(() => [TeamResource], { relation: 'teams' as string }) listed!: unknown
  @WhenPivotLoaded() pivot!: unknown
  @WhenAggregated('posts', 'votes', 'sum') posts_sum_votes?: number
  @WhenExistsLoaded({ relation: 'posts' as string }) posts_exists?: boolean
}

const member = {
  id: 1,
  name: 'Ada',
  born: new Date('1815-12-10T00:00:00Z'),
  active: true,
  tags: ['math'],
  nickname: null,
  score: 3,
  maybe: 'x',
  secret: 's',
  bio: 'b',
  posts_count: 2,
  team: { id: 7, name: 'Engines' },
  teams: [{ id: 7, name: 'Engines' }],
  either: { id: 8, name: 'Looms' },
  listed: [{ id: 7, name: 'Engines' }],
  pivot: { role: 'lead' },
  posts_sum_votes: '12.50',
  posts_exists: 1,
}

describe('member schemas', () => {
  const schema = classSchemas(MemberResource).components.Member as Json & {
    properties: Record<string, unknown>
    required: string[]
  }

  it('types members from design:type, the kind, and the schema option', () => {
    const p = schema.properties
    expect(p.id).toEqual({ type: 'number' })
    expect(p.name).toEqual({ type: 'string' })
    expect(p.born).toEqual({ type: 'string', format: 'date-time' })
    expect(p.active).toEqual({ type: 'boolean' })
    expect(p.tags).toEqual({ type: 'array' })
    expect(p.nickname).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] })
    expect(p.score).toEqual({ type: 'integer', minimum: 0 })
    expect(p.label).toEqual({ type: 'string' })
    expect(p.maybe).toBe(true)
    expect(p.posts_count).toEqual({ type: 'integer', minimum: 0 })
    expect(p.pivot).toEqual({ type: 'object' })
    expect(p.posts_sum_votes).toEqual({ type: ['number', 'string', 'null'] })
    expect(p.posts_exists).toEqual({ type: 'boolean' })
  })

  it('allows null for an aggregate over no rows (it renders null)', () => {
    const body = new MemberResource({ ...member, posts_sum_votes: null })
    expect((body.toPayload() as { data: Json }).data.posts_sum_votes).toBeNull()
    expectValid(bodySchema(MemberResource, 'resource') as Json, body)
  })

  it("types a getter by its own type, not by the kind's attribute (a count, a flag, a pivot)", () => {
    class Getters extends JsonResource<Model> {
      @WhenCounted({ relation: 'posts' as string }) get posts_count(): string {
        return `${String(this.resource.posts_count)} posts`
      }
      @WhenExistsLoaded({ relation: 'posts' as string }) get posts_exists(): string {
        return this.resource.posts_exists ? 'yes' : 'no'
      }
      @WhenPivotLoaded() get pivot(): string {
        return 'lead'
      }
    }
    const p = (classSchemas(Getters).components.Getters as { properties: Record<string, unknown> })
      .properties
    expect(p).toEqual({
      posts_count: { type: 'string' },
      posts_exists: { type: 'string' },
      pivot: { type: 'string' },
    })
    // and the body they give is valid against it
    expectValid(
      bodySchema(Getters, 'resource') as Json,
      new Getters({ posts_count: 2, posts_exists: 1, pivot: { role: 'lead' } }),
    )
  })

  it('refers to nested resources: a list when the thunk or design:type says so, else one', () => {
    const team = { $ref: '#/$defs/Team' }
    expect(schema.properties.team).toEqual({ anyOf: [team, { type: 'null' }] })
    // a loaded list is a list (only a to-one may be loaded as null)
    expect(schema.properties.teams).toEqual({ type: 'array', items: team })
    // a plain thunk is one object; `() => [R]` a list, whatever design:type says
    expect(schema.properties.either).toEqual({ anyOf: [team, { type: 'null' }] })
    expect(schema.properties.listed).toEqual({ type: 'array', items: team })
  })

  it("takes the model's schema for members that read an attribute, after the type and the thunk", () => {
    class Typed extends JsonResource<Model> {
      static modelSchema = {
        type: 'object',
        properties: {
          title: { type: 'string', maxLength: 9 },
          full: { type: 'string', minLength: 1 },
          team: { type: 'object', properties: { raw: { type: 'integer' } } },
          code: { type: 'integer' },
        },
      }
      @Field({ from: 'title' as string }) title!: unknown
      @WhenAppended({ from: 'full' as string }) full?: unknown
      // the value is rendered through TeamResource: its $ref, not the model's raw object
      @Field(() => TeamResource, { from: 'team' as string }) team!: unknown
      // a compact type says what the member writes, over the thunk and the model
      @Field(() => TeamResource, { from: 'team' as string, type: 'string' }) teamName!: unknown
      @Field({ from: 'code' as string, type: 'string' }) code!: unknown
      @Field() get derived(): unknown {
        return 1
      }
    }
    const p = (classSchemas(Typed).components.Typed as { properties: Record<string, unknown> })
      .properties
    expect(p.title).toEqual({ type: 'string', maxLength: 9 })
    expect(p.full).toEqual({ type: 'string', minLength: 1 })
    expect(p.team).toEqual({ $ref: '#/$defs/Team' })
    expect(p.teamName).toEqual({ type: 'string' })
    expect(p.code).toEqual({ type: 'string' })
    expect(p.derived).toBe(true)
  })

  it('requires the unconditional members only (a getter only with a known type)', () => {
    expect(schema.required).toEqual([
      'id',
      'name',
      'born',
      'active',
      'tags',
      'nickname',
      'score',
      'label',
    ])
    expect(schema.additionalProperties).toBe(false)
  })

  it('requires a conditional member with a default, which its key always has', () => {
    class Defaulted extends JsonResource<Model> {
      @Field({ from: 'id' as string }) id!: number
      @WhenCounted({ relation: 'posts' as string, default: 0 }) posts_count!: number
      @When(() => false, { from: 'secret' as string, default: 'hidden' }) secret!: string
      @WhenNotNull({ from: 'bio' as string }) bio?: string
    }
    const own = classSchemas(Defaulted).components.Defaulted as Json & { required: string[] }
    expect(own.required).toEqual(['id', 'posts_count', 'secret'])
    const body = new Defaulted({ id: 1 }).toPayload()
    expect(body).toEqual({ data: { id: 1, posts_count: 0, secret: 'hidden' } })
    expectValid(bodySchema(Defaulted, 'resource'), body)
  })

  it('describes the real output, and rejects it without a required member', () => {
    const body = new MemberResource(member).toPayload()
    const schemaOfBody = bodySchema(MemberResource, 'resource')
    expectValid(schemaOfBody, body)
    const validate = validator(schemaOfBody)
    const broken = JSON.parse(JSON.stringify(body)) as { data: Json }
    delete broken.data.label
    expect(validate(broken)).toBe(false)
    expectValid(
      bodySchema(MemberResource, 'resource'),
      new MemberResource(null as unknown as Model).toPayload(),
    )
  })

  it('checks the decorator options', () => {
    expect(() => Field({ schema: 'string' as never })).toThrow(ArgumentError)
    expect(() => Field({ nullable: 'yes' as never })).toThrow(/@Field\(\) nullable/)
    expect(() => Field({ raw: 'yes' as never })).toThrow(/@Field\(\) raw.*a boolean/)
    expect(() => Field({ raw: true })).not.toThrow()
  })
})

describe('classes whose output is code', () => {
  class Merged extends JsonResource<Model> {
    @Field({ from: 'id' as string }) id!: number
    @MergeWhen(() => true) get extra(): MergedKeys<{ anything: number }> {
      return { anything: 1 }
    }
  }
  class Coded extends JsonResource<Model> {
    override toArray(): Record<string, unknown> {
      return { whatever: this.resource.id }
    }
  }
  class Declared extends JsonResource<Model> {
    static jsonSchema = {
      type: 'object',
      properties: { whatever: { type: 'integer' } },
      required: ['whatever'],
    }
    override toArray(): Record<string, unknown> {
      return { whatever: this.resource.id }
    }
  }

  it('a @MergeWhen leaves the object open', () => {
    const schema = classSchemas(Merged).components.Merged
    expect(schema.additionalProperties).toBeUndefined()
    expectValid(bodySchema(Merged, 'resource'), new Merged({ id: 1 }).toPayload())
  })

  it('an overridden toArray() over decorated members is any object: it need not write them', () => {
    class Overridden extends JsonResource<Model> {
      @Field({ from: 'id' as string }) id!: number
      override toArray(): Record<string, unknown> {
        return { title: `post ${String(this.resource.id)}` }
      }
    }
    expect(classSchemas(Overridden).components.Overridden).toEqual({ type: 'object' })
    expectValid(bodySchema(Overridden, 'resource'), new Overridden({ id: 1 }).toPayload())
  })

  it('an overridden toArray() is an open object, or the class’s declared static jsonSchema', () => {
    expect(classSchemas(Coded).components.Coded).toEqual({ type: 'object', properties: {} })
    expectValid(bodySchema(Coded, 'resource'), new Coded({ id: 1 }).toPayload())
    expect(classSchemas(Declared).components.Declared).toBe(Declared.jsonSchema)
    expectValid(bodySchema(Declared, 'collection'), Declared.collection([{ id: 1 }]).toPayload())
    const validate = validator(bodySchema(Declared, 'resource'))
    expect(validate({ data: { whatever: 'no' } })).toBe(false)
  })
})

describe('envelopes', () => {
  const rows = [member, { ...member, id: 2 }]

  it('collection and paginated bodies match the real output', () => {
    expectValid(
      bodySchema(MemberResource, 'collection'),
      MemberResource.collection(rows).toPayload(),
    )
    const page = new LengthAwarePaginator(rows, { total: 12, perPage: 2, currentPage: 2 })
    expectValid(
      bodySchema(MemberResource, 'paginated'),
      MemberResource.collection(page).toPayload(),
    )
    const simple = new Paginator(rows, { perPage: 2, currentPage: 1, hasMore: true })
    expectValid(
      bodySchema(MemberResource, 'simplePaginated'),
      MemberResource.collection(simple).toPayload(),
    )
    const cursor = new CursorPaginator(rows, { perPage: 2, parameters: ['id'] })
    expectValid(
      bodySchema(MemberResource, 'cursorPaginated'),
      MemberResource.collection(cursor).toPayload(),
    )
    expectValid(sharedSchema('LengthAwarePage'), page.toJSON())
    expectValid(sharedSchema('SimplePage'), simple.toJSON())
    expectValid(sharedSchema('CursorPage'), cursor.toJSON())
  })

  it("lists a bare page's keys in the order the page's JSON writes them", () => {
    const keysOf = (schema: { $ref?: string; $defs?: Record<string, unknown> }) => {
      const target = schema.$defs?.[String(schema.$ref).split('/').pop() as string]
      return Object.keys((target as { properties: Record<string, unknown> }).properties)
    }
    const page = new LengthAwarePaginator(rows, { total: 5, perPage: 2, totalIsEstimate: true })
    expect(keysOf(sharedSchema('LengthAwarePage'))).toEqual(Object.keys(page.toJSON()))
    const simple = new Paginator(rows, { perPage: 2, currentPage: 1, hasMore: true })
    expect(keysOf(sharedSchema('SimplePage'))).toEqual(Object.keys(simple.toJSON()))
    const cursor = new CursorPaginator(rows, { perPage: 2, parameters: ['id'] })
    expect(keysOf(sharedSchema('CursorPage'))).toEqual(Object.keys(cursor.toJSON()))
  })

  it('a length-aware envelope is not a simple one', () => {
    const simple = new Paginator(rows, { perPage: 2, currentPage: 1, hasMore: false })
    const body = MemberResource.collection(simple).toPayload()
    expect(validator(bodySchema(MemberResource, 'paginated'))(body)).toBe(false)
  })

  it('follows the wrap key, and a resource without one', () => {
    class Bare extends JsonResource<Model> {
      static override wrap = null
      @Field({ from: 'id' as string }) id!: number
    }
    class Wrapped extends JsonResource<Model> {
      static override wrap = 'item'
      @Field({ from: 'id' as string }) id!: number
    }
    expectValid(bodySchema(Bare, 'resource'), new Bare({ id: 1 }).toPayload())
    expectValid(bodySchema(Bare, 'collection'), Bare.collection([{ id: 1 }]).toPayload())
    // with keys of its own, a bare collection puts its items under `data` after all
    const withMeta = Bare.collection([{ id: 1 }]).additional({ meta: { n: 1 } })
    expect(withMeta.toPayload()).toEqual({ data: [{ id: 1 }], meta: { n: 1 } })
    expectValid(bodySchema(Bare, 'collection'), withMeta.toPayload())
    expect(validator(bodySchema(Bare, 'collection'))({ data: [{ id: 'x' }] })).toBe(false)
    // and a bare resource over null with keys of its own is `{ data: null, ... }`
    const nothing = new Bare(null as unknown as Model).additional({ meta: { n: 1 } })
    expect(nothing.toPayload()).toEqual({ data: null, meta: { n: 1 } })
    expectValid(bodySchema(Bare, 'resource'), nothing.toPayload())
    // a bare resource takes its keys beside its members, which keep their schemas
    const one = new Bare({ id: 1 }).additional({ meta: { n: 1 } })
    expect(one.toPayload()).toEqual({ id: 1, meta: { n: 1 } })
    expectValid(bodySchema(Bare, 'resource'), one.toPayload())
    expect(validator(bodySchema(Bare, 'resource'))({ id: 'x', meta: {} })).toBe(false)
    expect(validator(bodySchema(Bare, 'resource'))({ meta: {} })).toBe(false)
    expectValid(bodySchema(Wrapped, 'resource'), new Wrapped({ id: 1 }).toPayload())
    expect(validator(bodySchema(Wrapped, 'resource'))({ data: { id: 1 } })).toBe(false)
  })

  it('names components after the class, without a trailing Resource, unique per class', () => {
    expect(componentName(MemberResource)).toBe('Member')
    const Other = (() => class MemberResource extends JsonResource {})()
    expect(componentName(Other)).toBe('Member2')
    expect(Object.keys(classSchemas(MemberResource).components)).toEqual([
      'Member',
      'MemberResponse',
      'MemberCollection',
      'PaginatedMember',
      'SimplePaginatedMember',
      'CursorPaginatedMember',
    ])
  })

  it('does not keep a class alive by its component name', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const make = () => (() => class GoneResource extends JsonResource {})()
    // the first class is named, then only a weak reference to it is kept
    const ref = ((cls: Function) => {
      expect(componentName(cls)).toBe('Gone')
      return new WeakRef(cls)
    })(make())
    // WeakRef targets stay alive until the current job ends
    await new Promise((resolve) => setTimeout(resolve, 0))
    gc()
    expect(ref.deref()).toBeUndefined()
    const second = make()
    expect(componentName(second)).toBe('Gone')
    expect(componentName(make())).toBe('Gone2')
    expect(componentName(second)).toBe('Gone')
  })

  it('generates once per class', () => {
    expect(classSchemas(MemberResource)).toBe(classSchemas(MemberResource))
  })
})

describe('JSON:API documents', () => {
  class AuthorApi extends JsonApiResource<Model> {
    static override resourceType = 'authors'
    @Attribute({ from: 'name' as string }) name!: string
    @Relationship(() => [BookApi], { relation: 'books' as string })
    books?: RelatedList<typeof BookApi>
  }
  class BookApi extends JsonApiResource<Model> {
    static override resourceType = 'books'
    @Attribute({ from: 'title' as string }) title!: string
    @Relationship(() => AuthorApi, { relation: 'author' as string })
    author?: Related<typeof AuthorApi>
    @Relationship(() => PublisherApi, { relation: 'publisher' as string })
    publisher?: Related<typeof PublisherApi>
  }
  class PublisherApi extends JsonApiResource<Model> {
    static override resourceType = 'publishers'
    @Attribute({ from: 'name' as string }) name!: string
  }

  const author = { id: 1, name: 'Ada' }
  const publisher = { id: 9, name: 'Press' }
  const book = { id: 5, title: 'Notes', author, publisher }
  ;(author as Model).books = [book]

  it('names the resource object, its documents and what included may hold', () => {
    const schemas = classSchemas(BookApi)
    expect(Object.keys(schemas.components)).toEqual([
      'BookApi',
      'BookApiDocument',
      'BookApiCollectionDocument',
      'PaginatedBookApiDocument',
      'SimplePaginatedBookApiDocument',
      'CursorPaginatedBookApiDocument',
      'JsonApiLink',
    ])
    const defs = bodySchema(BookApi, 'resource').$defs as Record<string, Json>
    // links and meta are open records (a client generator reads a bare object type as empty)
    const document = defs.BookApiDocument as { properties: Record<string, Json> }
    expect(document.properties.links).toEqual({
      type: 'object',
      properties: { self: { type: 'string' } },
      additionalProperties: { anyOf: [{ $ref: '#/$defs/JsonApiLink' }, { type: 'null' }] },
    })
    expect(document.properties.meta).toEqual({ type: 'object', additionalProperties: true })
    expectValid(bodySchema(BookApi, 'resource'), {
      ...new BookApi(book).toPayload(),
      links: { self: '/books/5', about: { href: '/about', meta: { n: [1] } }, gone: null },
      meta: { total: 1, tags: ['a'] },
    })
    expect(defs.BookApiIncluded).toEqual({
      oneOf: [
        { $ref: '#/$defs/AuthorApi' },
        { $ref: '#/$defs/BookApi' },
        { $ref: '#/$defs/PublisherApi' },
      ],
    })
    expect((bodySchema(PublisherApi, 'resource').$defs as Json).PublisherApiIncluded).toEqual({
      not: {},
    })
  })

  it('describes the real documents (with included, sparse fieldsets, pages)', () => {
    expectValid(bodySchema(BookApi, 'resource'), new BookApi(book).toPayload())
    expectValid(bodySchema(AuthorApi, 'collection'), AuthorApi.collection([author]).toPayload())
    const page = new LengthAwarePaginator([book], { total: 1, perPage: 10, currentPage: 1 })
    expectValid(bodySchema(BookApi, 'paginated'), BookApi.collection(page).toPayload())
  })

  it('takes a relationship object schema from @Relationship({ schema }), a name from schemaName', () => {
    const linkOnly = { type: 'object', properties: { links: { type: 'object' } } }
    class ShelfApi extends JsonApiResource<Model> {
      static override resourceType = 'shelves'
      static schemaName = 'Shelf'
      @Relationship(() => BookApi, { relation: 'books' as string, schema: linkOnly })
      books?: RelatedList<typeof BookApi>
    }
    const shelf = classSchemas(ShelfApi)
    expect(shelf.name).toBe('Shelf')
    const object = shelf.components.Shelf as { properties: { relationships: Json } }
    expect((object.properties.relationships.properties as Json).books).toBe(linkOnly)
  })

  it('rejects a document with a wrong type, a missing id or an unknown member', () => {
    const validate = validator(bodySchema(BookApi, 'resource'))
    const good = JSON.parse(JSON.stringify(new BookApi(book).toPayload())) as { data: Json }
    expect(validate(good)).toBe(true)
    expect(validate({ ...good, data: { ...good.data, type: 'authors' } })).toBe(false)
    const { id: _id, ...noId } = good.data
    expect(validate({ ...good, data: noId })).toBe(false)
    expect(validate({ ...good, extra: 1 })).toBe(false)
  })
})
