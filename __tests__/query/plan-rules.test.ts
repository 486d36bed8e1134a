// The plan's reading of include and per_page at their edges, and of which parameters are filters:
// an include path stops at its last allowed prefix (the relations before an unknown or too deep
// segment still load), a route narrowed to a.b allows and loads a, a per_page of any length above
// the maximum is the maximum, an undecodable include is a 400 under strict, strict checks every
// include entry as written (none escapes past 200 repeats; blanks around a path make another
// name), and only `filter` and `filter[...]` are filters.
import {
  Field,
  JsonResource,
  QueryParameterError,
  WhenLoaded,
  defineQuery,
  queryPlan,
} from 'api-resources'

interface User {
  id: number
  posts?: Post[]
}
interface Comment {
  id: number
  author?: User
}
interface Post {
  id: number
  author?: User
  comments?: Comment[]
}

class UserResource extends JsonResource<User> {
  @Field() id!: number
  @WhenLoaded(() => PostResource) posts?: unknown
}
class CommentResource extends JsonResource<Comment> {
  @Field() id!: number
  @WhenLoaded(() => UserResource) author?: unknown
}
class PostResource extends JsonResource<Post> {
  static query = defineQuery<Post>()({
    sort: ['id'],
    filters: {
      id: { type: 'integer', operators: ['eq'] },
      title: { column: 'id', type: 'string', operators: ['eq'] },
      score: { column: 'id', type: 'number', operators: ['eq'] },
    },
    perPage: { default: 3, max: 5 },
  })
  @Field() id!: number
  @WhenLoaded(() => UserResource) author?: unknown
  @WhenLoaded(() => CommentResource) comments?: unknown
}

const paths = (query: string, options: Parameters<typeof queryPlan>[1] = {}) =>
  queryPlan(PostResource, { ...options, query }).include.map((i) => i.path)

describe('include', () => {
  it('stops a path at its last allowed prefix', () => {
    expect(paths('include=author.nope')).toEqual(['author'])
    expect(paths('include=comments.author.nope.deeper')).toEqual(['comments', 'comments.author'])
    // deeper than the default depth (5): the first five segments load
    expect(paths('include=author.posts.author.posts.author.posts')).toEqual([
      'author',
      'author.posts',
      'author.posts.author',
      'author.posts.author.posts',
      'author.posts.author.posts.author',
    ])
    expect(paths('include=nope.author')).toEqual([])
    // the links carry what was accepted
    expect(queryPlan(PostResource, { query: 'include=author.nope' }).parameters).toMatchObject({
      include: 'author',
    })
    // strict still refuses the path
    expect(() => paths('include=author.nope', { strict: true })).toThrow(QueryParameterError)
  })

  it("follows the class's maxIncludeDepth (any depth), else 5", () => {
    class Shallow extends UserResource {
      static maxIncludeDepth = 2
    }
    class Deep extends UserResource {
      static maxIncludeDepth = 7
    }
    const deepest = (cls: typeof UserResource) =>
      queryPlan(cls, { query: 'include=posts.author.posts.author.posts.author.posts.author' })
        .include.map((i) => i.path.split('.').length)
        .reduce((a, b) => Math.max(a, b), 0)
    expect(deepest(Shallow)).toBe(2)
    expect(deepest(UserResource)).toBe(5)
    expect(deepest(Deep)).toBe(7)
  })

  it('keeps the shallow paths of a wide graph (breadth first, at most 1000 paths)', () => {
    class Wide extends JsonResource<Record<string, unknown>> {
      static relationships: Record<string, () => typeof Wide> = Object.fromEntries(
        Array.from({ length: 12 }, (_, i) => [`r${i + 1}`, () => Wide]),
      )
    }
    // 12 + 144 paths to depth 2 fit; depth-first, r1's subtree alone used the budget
    expect(() => queryPlan(Wide, { query: 'include=r12.r12', strict: true })).not.toThrow()
    expect(queryPlan(Wide, { query: 'include=r12.r12' }).include.map((i) => i.path)).toEqual([
      'r12',
      'r12.r12',
    ])
  })

  it('carries into links the paths no other path extends, sorted (every prefix is still loaded)', () => {
    const plan = queryPlan(PostResource, { query: 'include=comments.author,comments,author' })
    expect(plan.include.map((i) => i.path)).toEqual(['comments', 'author', 'comments.author'])
    expect(plan.parameters.include).toBe('author,comments.author')
    expect(queryPlan(PostResource, { query: 'include=comments' }).parameters.include).toBe(
      'comments',
    )
  })

  it('a route narrowed to a.b allows and loads a', () => {
    const narrowed = { include: ['comments.author'] }
    expect(paths('include=comments.author', narrowed)).toEqual(['comments', 'comments.author'])
    expect(paths('include=comments', { ...narrowed, strict: true })).toEqual(['comments'])
    expect(paths('include=author', narrowed)).toEqual([])
    expect(() => paths('include=author', { ...narrowed, strict: true })).toThrow(
      /"author" cannot be included; allowed: comments, comments\.author/,
    )
  })

  it('an include that does not decode is a 400 under strict, ignored otherwise', () => {
    expect(paths('include=%ZZ')).toEqual([])
    expect(paths('include=author%ZZ')).toEqual([])
    expect(() => paths('include=author%ZZ', { strict: true })).toThrow(
      expect.objectContaining({ errors: { include: [expect.stringMatching(/percent-encoding/)] } }),
    )
  })

  it('strict checks every entry: none escapes after 200 repeats, and a repeat counts once', () => {
    const repeated = Array.from({ length: 200 }, () => 'author').join(',')
    for (const query of [`include=${repeated},nope`, `include=${repeated}&include=nope`])
      expect(() => paths(query, { strict: true })).toThrow(/"nope" cannot be included/)
    // 300 entries naming two paths are two paths
    const many = Array.from({ length: 150 }, () => 'author,comments').join(',')
    expect(paths(`include=${many}`, { strict: true })).toEqual(['author', 'comments'])
    // more than 50 distinct paths are refused
    const distinct = Array.from({ length: 51 }, (_, i) => `p${i}`).join(',')
    expect(() => paths(`include=${distinct}`, { strict: true })).toThrow(
      expect.objectContaining({
        errors: { include: expect.arrayContaining(['at most 50 include paths may be asked for.']) },
      }),
    )
    // not strict: the first 200 entries are read
    expect(paths(`include=${repeated},comments`)).toEqual(['author'])
  })

  it('strict compares a path as written: blanks around it make another name', () => {
    for (const query of ['include=%20author', 'include=author%20', 'include=author,%20comments'])
      expect(() => paths(query, { strict: true })).toThrow(/cannot be included/)
    // empty entries are no path
    expect(paths('include=author,,comments,', { strict: true })).toEqual(['author', 'comments'])
    // not strict: trimmed
    expect(paths('include=%20author,comments%20')).toEqual(['author', 'comments'])
  })
})

describe('per_page', () => {
  it.each([
    ['4', 4],
    ['999999999999999', 5],
    ['1000000000000000', 5],
    ['99999999999999999999', 5],
    ['9'.repeat(40), 5],
    ['0000000000000004', 4],
    ['0', 3],
    ['-1', 3],
    ['2.5', 3],
    ['', 3],
  ])('per_page=%s gives %d', (value, expected) => {
    expect(queryPlan(PostResource, { query: `per_page=${value}` }).perPage).toBe(expected)
  })

  it("a route's perPage is laid over the resource's key by key, its max never above the declared", () => {
    const plan = (query: string, perPage: { default?: number; max?: number }) =>
      queryPlan(PostResource, { query, perPage }).perPage
    expect(plan('', { default: 2 })).toBe(2)
    expect(plan('per_page=4', { default: 2 })).toBe(4) // the declared max (5) still lets clients choose
    expect(plan('per_page=50', { default: 2 })).toBe(5)
    expect(plan('per_page=50', { max: 50 })).toBe(5)
    expect(plan('per_page=50', { max: 4 })).toBe(4)
  })
})

describe('filters', () => {
  it('reads only filter and filter[...]; filters= or filterBy= are other parameters', () => {
    expect(queryPlan(PostResource, { query: 'filters=1&filterBy=x' }).where).toEqual([])
    expect(() => queryPlan(PostResource, { query: 'filter=1' })).toThrow(QueryParameterError)
    expect(() => queryPlan(PostResource, { query: 'filter[nope]=1' })).toThrow(QueryParameterError)
    expect(queryPlan(PostResource, { query: 'filter[id]=2' }).where).toHaveLength(1)
  })

  it('a number value is any decimal number a page may show; one a double would round is refused', () => {
    const valueOf = (text: string) =>
      (
        queryPlan(PostResource, { query: `filter[score][eq]=${text}` }).where[0] as {
          value: unknown
        }
      ).value
    expect(valueOf('0.30000000000000004')).toBe(0.30000000000000004)
    expect(valueOf('12345678901234568')).toBe(12345678901234568)
    expect(valueOf('-.5')).toBe(-0.5)
    expect(valueOf('1.5e-300')).toBe(1.5e-300)
    expect(valueOf('000123.4500')).toBe(123.45)
    expect(valueOf('1.7976931348623157e308')).toBe(Number.MAX_VALUE)
    expect(valueOf('5e-324')).toBe(Number.MIN_VALUE)
    // what a double holds exactly: the page links write the value the client wrote
    expect(queryPlan(PostResource, { query: 'filter[score][eq]=1.50E2' }).parameters).toEqual({
      'filter[score]': '150',
    })
    for (const bad of [
      // a double would round these: they would select other rows than the client asked for
      '12345678901234567',
      '12345678901234.123456',
      '9007199254740993',
      '0.1000000000000000000001',
      '1e-400',
      '1e999',
      '1.2.3',
      '0x10',
      'NaN',
      'Infinity',
      '',
      '-',
      '1e',
      '5' + '0'.repeat(400),
    ])
      expect(() =>
        queryPlan(PostResource, { query: `filter[score][eq]=${encodeURIComponent(bad)}` }),
      ).toThrow(QueryParameterError)
  })

  it('a string value too long is refused with the limit named', () => {
    expect(() => queryPlan(PostResource, { query: `filter[title]=${'x'.repeat(1001)}` })).toThrow(
      /at most 1000 characters/,
    )
  })

  it('refuses a string value holding U+0000, which PostgreSQL text cannot hold and SQLite LIKE cuts at', () => {
    for (const query of ['filter[title]=%00', 'filter[title]=a%00b', 'filter[title][eq]=x%00'])
      expect(() => queryPlan(PostResource, { query })).toThrow(/without U\+0000/)
    expect(queryPlan(PostResource, { query: 'filter[title]=a%01b' }).where).toHaveLength(1)
  })

  it('counts characters as JSON Schema does: an emoji is one, as the document says', () => {
    const emoji = (n: number) => encodeURIComponent('\u{1F600}'.repeat(n))
    expect(queryPlan(PostResource, { query: `filter[title]=${emoji(1000)}` }).where).toHaveLength(1)
    expect(() => queryPlan(PostResource, { query: `filter[title]=${emoji(1001)}` })).toThrow(
      /at most 1000 characters/,
    )
    const mixed = encodeURIComponent('\u{1F600}'.repeat(999) + 'xy')
    expect(() => queryPlan(PostResource, { query: `filter[title]=${mixed}` })).toThrow(
      /at most 1000 characters/,
    )
  })
})
