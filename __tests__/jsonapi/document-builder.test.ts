import { buildCollectionData, buildSingleData } from '../../src/jsonapi/document-builder'
import { jsonApiBody } from '../../src/response/body'
import { resolveIncludeTree } from '../../src/jsonapi/include-tree'
import type { Fieldsets, TypeDescriptor } from '../../src/jsonapi/types'
import { assertJsonApiDocument } from '../support/jsonapi-schema'
import {
  assertClientGraph,
  parseWithJsona,
  parseWithKitsu,
  type ClientModel,
} from '../support/jsonapi-clients'
import { blogDescriptors } from './plain-descriptors'

type Row = Record<string, unknown>

function blog() {
  const ada: Row = { id: 1, name: 'Ada' }
  const bob: Row = { id: 2, name: 'Bob' }
  const c1: Row = { id: 10, body: 'first', author: bob }
  const c2: Row = { id: 11, body: 'second', author: ada }
  const p1: Row = { id: 100, title: 'Hello', body: 'b1', author: ada, comments: [c1, c2] }
  const p2: Row = { id: 101, title: 'Again', body: 'b2', author: ada, comments: [] }
  ada.posts = [p1, p2]
  return { ada, bob, c1, c2, p1, p2 }
}

function doc(
  descriptor: TypeDescriptor,
  primary: Row | Row[] | null,
  include: string[] = [],
  fields?: Fieldsets,
  maxDepth?: number,
) {
  const input = {
    descriptor,
    include: resolveIncludeTree(descriptor, include, maxDepth),
    request: undefined,
    fields,
  }
  const members = Array.isArray(primary)
    ? buildCollectionData(input, primary)
    : buildSingleData(input, primary)
  const document = jsonApiBody({
    owner: 'test',
    ...members,
    additional: undefined,
    request: undefined,
  }) as {
    data: any
    included?: any[]
    jsonapi: unknown
  }
  assertJsonApiDocument(document, { sparse: fields !== undefined })
  assertClientGraph(document)
  return document
}

const keys = (objects: Array<{ type: string; id: string }> = []) =>
  objects.map((o) => `${o.type}:${o.id}`)

describe('document builder over plain plans', () => {
  const { posts, users } = blogDescriptors()

  it('renders type, string id, attributes and linkage of loaded relations only', () => {
    const { p2 } = blog()
    delete p2.comments
    expect(doc(posts, p2)).toEqual({
      data: {
        type: 'posts',
        id: '101',
        attributes: { title: 'Again', body: 'b2' },
        relationships: { author: { data: { type: 'users', id: '1' } } },
      },
      jsonapi: { version: '1.1' },
    })
  })

  it('renders an empty to-one as null and an empty to-many as []', () => {
    const post = { id: 5, title: 't', body: 'b', author: null, comments: [] }
    expect(doc(posts, post).data.relationships).toEqual({
      author: { data: null },
      comments: { data: [] },
    })
  })

  it('renders no linkage for relations that are functions, promises or undefined', () => {
    const post = {
      id: 5,
      title: 't',
      body: 'b',
      author: () => ({ id: 1 }),
      comments: Promise.resolve([]),
    }
    expect(doc(posts, post).data.relationships).toBeUndefined()
  })

  it('includes each (type, id) once, never the primary data, with full linkage', () => {
    const { p1, p2 } = blog()
    const d = doc(posts, [p1, p2], ['author.posts', 'comments.author'])
    expect(keys(d.data)).toEqual(['posts:100', 'posts:101'])
    expect(keys(d.included)).toEqual(['users:1', 'comments:10', 'users:2', 'comments:11'])
    expect(d.included![0].relationships).toEqual({
      posts: {
        data: [
          { type: 'posts', id: '100' },
          { type: 'posts', id: '101' },
        ],
      },
    })
  })

  it('gives clients the same object graph', () => {
    const { p1, p2 } = blog()
    const d = doc(posts, [p1, p2], ['author', 'comments.author'])
    const [first, second] = parseWithJsona(d) as ClientModel[]
    const author = first.author as ClientModel
    expect(author.name).toBe('Ada')
    expect(second.author).toBe(author)
    const comments = first.comments as ClientModel[]
    expect(comments.map((c) => c.body)).toEqual(['first', 'second'])
    expect((comments[0].author as ClientModel).name).toBe('Bob')
    expect(comments[1].author).toBe(author)
    const kitsu = parseWithKitsu(d).data as Array<{ author: { data: { name: string } } }>
    expect(kitsu[1].author.data.name).toBe('Ada')
  })

  it('ends cycles and bounds the work by the loaded data for a 10,000-segment include', () => {
    const { p1 } = blog()
    const attributeCalls = { n: 0 }
    const counting = {
      ...users,
      attributesFor: (fieldset: ReadonlySet<string> | undefined) => {
        const read = users.attributesFor(fieldset)
        return (m: object, q: unknown) => (attributeCalls.n++, read(m, q))
      },
    }
    for (const r of posts.relations) if (r.target === users) r.target = counting
    try {
      const cycle = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? 'posts' : 'author')).join('.')
      const d = doc(posts, p1, [cycle, ...Array(10_000).fill('author..posts'), ',,'])
      expect(keys(d.included)).toEqual(['users:1', 'posts:101'])
      expect(attributeCalls.n).toBe(1)
    } finally {
      for (const r of posts.relations) if (r.target === counting) r.target = users
    }
  })

  it('follows includes to the given depth only', () => {
    const { p1 } = blog()
    expect(keys(doc(posts, p1, ['comments.author.posts'], undefined, 1).included)).toEqual([
      'comments:10',
      'comments:11',
    ])
    expect(keys(doc(posts, p1, ['comments.author.posts'], undefined, 3).included)).toEqual([
      'comments:10',
      'users:2',
      'comments:11',
      'users:1',
      'posts:101',
    ])
  })

  it('applies fields[type] to attributes and relationships of every object of that type', () => {
    const { p1 } = blog()
    const fields = new Map([
      ['posts', new Set(['title', 'comments', 'nope'])],
      ['users', new Set<string>()],
    ])
    const d = doc(posts, p1, ['author.posts'], fields)
    expect(d.data).toEqual({
      type: 'posts',
      id: '100',
      attributes: { title: 'Hello' },
      relationships: {
        comments: {
          data: [
            { type: 'comments', id: '10' },
            { type: 'comments', id: '11' },
          ],
        },
      },
    })
    // users: no attributes, no relationships; the author is still included (include names it)
    expect(d.included).toEqual([
      { type: 'users', id: '1' },
      {
        type: 'posts',
        id: '101',
        attributes: { title: 'Again' },
        relationships: { comments: { data: [] } },
      },
    ])
  })

  it('ignores fields for unknown types', () => {
    const { p2 } = blog()
    const d = doc(posts, p2, [], new Map([['nope', new Set(['x'])]]))
    expect(d.data.attributes).toEqual({ title: 'Again', body: 'b2' })
  })

  it('keeps one object for two instances of one record and adds the linkage it lacked', () => {
    const first: Row = { id: 1, name: 'Ada' }
    const second: Row = { id: 1, name: 'Ada', posts: [] }
    const a = { id: 100, title: 'a', body: '', author: first }
    const b = { id: 101, title: 'b', body: '', author: second }
    const d = doc(posts, [a, b], ['author'])
    expect(d.included).toEqual([
      {
        type: 'users',
        id: '1',
        attributes: { name: 'Ada' },
        relationships: { posts: { data: [] } },
      },
    ])
  })

  it('renders a repeated primary record once and skips null entries', () => {
    const { p1 } = blog()
    expect(keys(doc(posts, [p1, null as never, p1]).data)).toEqual(['posts:100'])
  })

  it('adds the linkage a second instance of a primary record has, and follows its includes', () => {
    const ada: Row = { id: 1, name: 'Ada' }
    const bare: Row = { id: 100, title: 'Hello', body: 'b1' }
    const loaded: Row = { id: 100, title: 'Hello', body: 'b1', author: ada }
    for (const primary of [
      [bare, loaded],
      [loaded, bare],
    ]) {
      const d = doc(posts, primary, ['author'])
      expect(d.data).toEqual([
        {
          type: 'posts',
          id: '100',
          attributes: { title: 'Hello', body: 'b1' },
          relationships: { author: { data: { type: 'users', id: '1' } } },
        },
      ])
      expect(keys(d.included)).toEqual(['users:1'])
    }
  })

  it('includes through a second instance of a record only what the kept rendering links to', () => {
    const ada: Row = { id: 1, name: 'Ada' }
    const bob: Row = { id: 2, name: 'Bob' }
    const c1: Row = { id: 10, body: 'x', author: bob }
    const post = (more: Row): Row => ({ id: 100, title: 'a', body: '', ...more })
    // the first rendering's linkage is the document's: [] / null / users:1
    const none = doc(posts, [post({ comments: [] }), post({ comments: [c1] })], ['comments'])
    expect([none.data[0].relationships.comments.data, none.included]).toEqual([[], undefined])
    const nobody = doc(posts, [post({ author: null }), post({ author: ada })], ['author'])
    expect([nobody.data[0].relationships.author.data, nobody.included]).toEqual([null, undefined])
    const other = doc(posts, [post({ author: ada }), post({ author: bob })], ['author'])
    expect(keys(other.included)).toEqual(['users:1'])
    // one level down: two instances of users:1, the first with no posts
    const p2: Row = { id: 101, title: 'b', body: '' }
    const nested = doc(
      posts,
      [post({ author: { ...ada, posts: [] } }), { ...p2, author: { ...ada, posts: [p2] } }],
      ['author.posts'],
    )
    expect(keys(nested.included)).toEqual(['users:1'])
    // a second instance that links what the first links still leads on (its own nested loads)
    const same = doc(
      posts,
      [post({ comments: [{ id: 10, body: 'x' }] }), post({ comments: [c1] })],
      ['comments.author'],
    )
    expect(keys(same.included)).toEqual(['comments:10', 'users:2'])
  })

  it('renders data: null for no model', () => {
    expect(doc(posts, null)).toEqual({ data: null, jsonapi: { version: '1.1' } })
  })
})
