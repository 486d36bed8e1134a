import 'reflect-metadata'
import {
  Field,
  JsonResource,
  LengthAwarePaginator,
  MISSING,
  Paginator,
  ResourceCollection,
  ResourceError,
  TO_RESPONSE,
  When,
  createRequestContext,
  runWithRequestContext,
} from '../../src'
import { PAGINATED_META_KEYS } from '../pagination/page-keys'

interface User {
  id: number
  name: string
}

class UserResource extends JsonResource<User> {
  @Field() id!: number
  @Field() name!: string
}

const users: User[] = [
  { id: 1, name: 'a' },
  { id: 2, name: 'b' },
]

describe('ResourceCollection over a list', () => {
  it('puts the mapped items under the resource wrap key', () => {
    expect(UserResource.collection(users).toPayload()).toEqual({
      data: [
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ],
    })
  })

  it('uses the resource static wrap; wrap = null gives a bare array', () => {
    class Named extends UserResource {
      static override wrap = 'users'
    }
    class Bare extends UserResource {
      static override wrap = null
    }
    expect(Named.collection(users).toPayload()).toEqual({ users: expect.any(Array) })
    expect(Bare.collection(users).toPayload()).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ])
  })

  it('wrap = null with additional() keys is wrapped under data after all', () => {
    class Bare extends UserResource {
      static override wrap = null
    }
    expect(
      Bare.collection(users.slice(0, 1))
        .additional({ meta: { n: 1 } })
        .toPayload(),
    ).toEqual({
      data: [{ id: 1, name: 'a' }],
      meta: { n: 1 },
    })
  })

  it('adds additional() keys after the wrap key; the wrap key itself is an error', () => {
    const c = UserResource.collection([]).additional({ meta: 1 })
    expect(c.toPayload()).toEqual({ data: [], meta: 1 })
    expect(() => c.additional({ data: 2 })).toThrow(ResourceError)
    expect(() => c.additional({ data: 2 })).toThrow(/ResourceCollection.*"data"/)
  })

  it('maps null items to null and accepts any iterable', () => {
    expect(UserResource.collection(new Set([users[0], null])).toPayload()).toEqual({
      data: [{ id: 1, name: 'a' }, null],
    })
  })

  it('rejects something that is neither a list nor a paginator', () => {
    expect(() => UserResource.collection(3 as never)).toThrow(
      /items must be a list, a Map, a plain object or a paginator; got 3/,
    )
  })

  it('resolves items that are already resources', () => {
    expect(new ResourceCollection([new UserResource(users[0])]).toPayload()).toEqual({
      data: [{ id: 1, name: 'a' }],
    })
  })

  it('maps an Array subclass or a holey list into a plain list', () => {
    class Rows<T> extends Array<T> {}
    const subclassed = Rows.from(users) as Rows<User>
    const data = UserResource.collection(subclassed).toArray()
    expect(data.constructor).toBe(Array)
    expect(data).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ])
    // eslint-disable-next-line no-sparse-arrays -- a hole, on purpose
    const holey = [users[0], , users[1]] as User[]
    expect(JSON.stringify(UserResource.collection(holey).toArray())).toBe(
      '[{"id":1,"name":"a"},null,{"id":2,"name":"b"}]',
    )
  })

  it('tells resources from rows whatever their constructor property says', () => {
    // the renderer's plain-row fast path reads `constructor`; rows that fool it take the full check
    const withColumn = { id: 3, name: 'c', constructor: 'a column' }
    const bare = Object.assign(Object.create(null) as object, { id: 4, name: 'd' })
    class Row {
      constructor(
        readonly id: number,
        readonly name: string,
      ) {}
    }
    const items = [users[0], withColumn, bare, new Row(5, 'e'), new UserResource(users[1])]
    expect(UserResource.collection(items).toPayload()).toEqual({
      data: [
        { id: 1, name: 'a' },
        { id: 3, name: 'c' },
        { id: 4, name: 'd' },
        { id: 5, name: 'e' },
        { id: 2, name: 'b' },
      ],
    })
  })

  it('a subclass may name the resource with static collects and its own wrap', () => {
    class UserCollection extends ResourceCollection<UserResource> {
      static override collects = () => UserResource
      static override wrap = 'people'
    }
    expect(new UserCollection(users).toPayload()).toEqual({ people: expect.any(Array) })
    expect(
      (new UserCollection(users).toPayload() as unknown as { people: unknown[] }).people[1],
    ).toEqual({
      id: 2,
      name: 'b',
    })
  })

  it('a subclass overriding toArray() sees the mapped items and may add to them', () => {
    class Counted extends ResourceCollection<UserResource> {
      static override collects = () => UserResource
      override toArray(request?: unknown) {
        return [...super.toArray(request), MISSING]
      }
    }
    expect(new Counted(users).toPayload()).toEqual({ data: [users[0], users[1]] })
  })

  it('passes the request to every item and implements TO_RESPONSE and toJSON', () => {
    class Secret extends JsonResource<User> {
      @Field() id!: number
      @When((_m: User, q: { admin?: boolean }) => q?.admin === true) name?: string
    }
    const c = Secret.collection(users)
    expect(c.toPayload({ admin: true })).toEqual({ data: users })
    expect(c[TO_RESPONSE]({ admin: false })).toEqual({
      status: 200,
      contentType: 'application/json',
      body: { data: [{ id: 1 }, { id: 2 }] },
    })
    runWithRequestContext(createRequestContext('/u', { admin: true }), () => {
      expect(JSON.parse(JSON.stringify(c))).toEqual({ data: users })
    })
  })
})

describe('ResourceCollection over a paginator', () => {
  const page = () =>
    new LengthAwarePaginator(users, { total: 5, perPage: 2, currentPage: 2, path: '/users' })

  it('is { data, links, meta } in that order', () => {
    const payload = UserResource.collection(page()).toPayload() as Record<string, unknown>
    expect(Object.keys(payload)).toEqual(['data', 'links', 'meta'])
    expect(payload).toEqual({
      data: [
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ],
      links: {
        first: '/users?page=1',
        last: '/users?page=3',
        prev: '/users?page=1',
        next: '/users?page=3',
      },
      meta: {
        current_page: 2,
        from: 3,
        last_page: 3,
        path: '/users',
        per_page: 2,
        to: 4,
        total: 5,
      },
    })
  })

  it('a simple paginator has links.last null and no last_page or total', () => {
    const simple = new Paginator(users, { perPage: 2, currentPage: 1, path: '/u', hasMore: true })
    const payload = UserResource.collection(simple).toPayload() as Record<string, any>
    expect(payload.links).toEqual({ first: '/u?page=1', last: null, prev: null, next: '/u?page=2' })
    expect(payload.meta).not.toHaveProperty('total')
    expect(payload.meta).not.toHaveProperty('last_page')
  })

  it('a custom wrap key holds the items, links and meta beside it', () => {
    class Named extends UserResource {
      static override wrap = 'users'
    }
    class Bare extends UserResource {
      static override wrap = null
    }
    expect(Object.keys(Named.collection(page()).toPayload() as object)).toEqual([
      'users',
      'links',
      'meta',
    ])
    expect(Object.keys(Bare.collection(page()).toPayload() as object)).toEqual([
      'data',
      'links',
      'meta',
    ])
  })

  it('additional({ meta }) and ({ links }) add keys after the standard ones', () => {
    const payload = UserResource.collection(page())
      .additional({ meta: { api: 'v1' }, links: { self: '/users?page=2' }, extra: true })
      .toPayload() as Record<string, any>
    expect(Object.keys(payload)).toEqual(['data', 'links', 'meta', 'extra'])
    expect(Object.keys(payload.meta)).toEqual([...PAGINATED_META_KEYS, 'api'])
    expect(Object.keys(payload.links)).toEqual(['first', 'last', 'prev', 'next', 'self'])
  })

  it("finishes what a paginator subclass's toResourceMeta() adds (a resource, MISSING)", () => {
    class TaggedPage<T> extends LengthAwarePaginator<T> {
      override toResourceMeta() {
        return { ...super.toResourceMeta(), owner: new UserResource(users[0]), hidden: MISSING }
      }
    }
    const payload = UserResource.collection(
      new TaggedPage(users, { total: 2, perPage: 2 }),
    ).toPayload() as Record<string, any>
    expect(payload.meta.owner).toEqual({ id: 1, name: 'a' })
    expect('hidden' in payload.meta).toBe(false)
    expect(JSON.stringify(payload.meta)).not.toContain('hidden')
  })

  it('additional meta that is not an object is an error naming the key', () => {
    const c = UserResource.collection(page()).additional({ meta: 3 })
    expect(() => c.toPayload()).toThrow(/additional\(\) key "meta"/)
  })

  it('toArray() gives only the mapped items of the page', () => {
    expect(UserResource.collection(page()).toArray()).toEqual(users)
  })

  it("reads the page's rows without copying them, and never changes them", () => {
    const paginator = page()
    const collection = UserResource.collection(paginator)
    collection.toPayload()
    expect(paginator.items()).toEqual(users)
    // through() after the collection was made does not reach it (the collection holds the rows)
    paginator.through((u) => ({ ...u, name: u.name.toUpperCase() }))
    expect(collection.toArray()).toEqual(users)
  })

  it("uses a paginator subclass's own items()", () => {
    class Reversed<T> extends LengthAwarePaginator<T> {
      override items(): T[] {
        return super.items().reverse()
      }
    }
    const paginator = new Reversed(users, { total: 5, perPage: 2, currentPage: 1, path: '/u' })
    expect(UserResource.collection(paginator).toArray()).toEqual([...users].reverse())
  })
})
