// Data and peer cases of bench/jsonapi.bench.ts: 1,000 posts, each with an author (100 distinct)
// and 3 comments; the document asked for is `include=author,comments&fields[posts]=title`.
import { Relator, Serializer as TsJapiSerializer } from 'ts-japi'
import JSONAPISerializer from 'json-api-serializer'
import type { Jsona as JsonaClass } from 'jsona' with { 'resolution-mode': 'import' }

// jsona is ESM-typed; its CommonJS build (exports "require") loads fine.
const { Jsona } = require('jsona') as { Jsona: typeof JsonaClass }

export interface User {
  id: number
  name: string
  email: string
}
export interface Comment {
  id: number
  body: string
  created_at: string
}
export interface Post {
  id: number
  title: string
  body: string
  published_at: string
  author: User
  comments: Comment[]
}

const TEXT = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. '

/** The rows, as an ORM would hand them over with `author` and `comments` eager-loaded. */
export function makePosts(): Post[] {
  const users: User[] = Array.from({ length: 100 }, (_, i) => ({
    id: i + 1,
    name: `User ${i + 1}`,
    email: `user${i + 1}@example.com`,
  }))
  return Array.from({ length: 1000 }, (_, i) => ({
    id: i + 1,
    title: `Post number ${i + 1}`,
    body: TEXT.repeat(3),
    published_at: new Date(Date.UTC(2024, 0, 1 + (i % 365))).toISOString(),
    author: users[(i * 7) % 100],
    comments: [0, 1, 2].map((k) => ({
      id: i * 3 + k + 1,
      body: `Comment ${k} on post ${i + 1}. ${TEXT}`,
      created_at: new Date(Date.UTC(2024, 1, 1 + k)).toISOString(),
    })),
  }))
}

/** The baseline: the document built by hand with a Map per type for de-duplication. */
export function handWritten(posts: readonly Post[]): string {
  const users = new Map<number, true>()
  const comments = new Map<number, true>()
  const data = new Array<unknown>(posts.length)
  const included: unknown[] = []
  for (let i = 0; i < posts.length; i++) {
    const p = posts[i]
    data[i] = { type: 'posts', id: String(p.id), attributes: { title: p.title } }
    const a = p.author
    if (!users.has(a.id)) {
      users.set(a.id, true)
      included.push({
        type: 'users',
        id: String(a.id),
        attributes: { name: a.name, email: a.email },
      })
    }
    for (let k = 0; k < p.comments.length; k++) {
      const c = p.comments[k]
      if (comments.has(c.id)) continue
      comments.set(c.id, true)
      included.push({
        type: 'comments',
        id: String(c.id),
        attributes: { body: c.body, created_at: c.created_at },
      })
    }
  }
  return JSON.stringify({ data, included, jsonapi: { version: '1.1' } })
}

interface LegacySerializer {
  serialize(data: unknown): unknown
}
type LegacyCtor = new (type: string, options: Record<string, unknown>) => LegacySerializer

/** jsonapi-serializer (SeyZ). It renders the post's relationships too: it cannot include without them. */
export function jsonapiSerializerCase(): (posts: readonly Post[]) => string {
  const { Serializer } = require('jsonapi-serializer') as { Serializer: LegacyCtor }
  const serializer = new Serializer('posts', {
    attributes: ['title', 'author', 'comments'],
    author: { ref: 'id', included: true, attributes: ['name', 'email'] },
    comments: { ref: 'id', included: true, attributes: ['body', 'created_at'] },
    keyForAttribute: (key: string) => key,
    typeForAttribute: (attr: string) => (attr === 'author' ? 'users' : attr),
    pluralizeType: false,
  })
  return (posts) => JSON.stringify(serializer.serialize(posts))
}

/** json-api-serializer (danivek): whitelist for the sparse fieldset; relationships stay. */
export function jsonApiSerializerCase(): (posts: readonly Post[]) => string {
  const serializer = new JSONAPISerializer()
  serializer.register('posts', {
    whitelist: ['title'],
    relationships: { author: { type: 'users' }, comments: { type: 'comments' } },
  })
  serializer.register('users', { whitelist: ['name', 'email'] })
  serializer.register('comments', { whitelist: ['body', 'created_at'] })
  return (posts) => JSON.stringify(serializer.serialize('posts', posts))
}

/** ts-japi: async relators; projection for the sparse fieldset. */
export function tsJapiCase(): (posts: readonly Post[]) => Promise<string> {
  const users = new TsJapiSerializer<User>('users')
  const comments = new TsJapiSerializer<Comment>('comments')
  const serializer = new TsJapiSerializer<Post>('posts', {
    relators: {
      author: new Relator<Post, User>(async (p) => p.author, users, { relatedName: 'author' }),
      comments: new Relator<Post, Comment>(async (p) => p.comments, comments, {
        relatedName: 'comments',
      }),
    },
    include: ['author', 'comments'],
    projection: { title: 1 },
  })
  return async (posts) => JSON.stringify(await serializer.serialize(posts as Post[]))
}

interface JsonaModel {
  type: string
  id: string
  relationshipNames?: string[]
  [key: string]: unknown
}

/**
 * jsona: it serializes models that carry `type` and `relationshipNames`, and has no sparse fieldsets,
 * so the timed operation maps the rows to that shape (the work an application has to do).
 */
export function jsonaCase(): (posts: readonly Post[]) => string {
  const jsona = new Jsona()
  return (posts) => {
    const users = new Map<number, JsonaModel>()
    const stuff = posts.map((p) => {
      let author = users.get(p.author.id)
      if (author === undefined) {
        const { id, name, email } = p.author
        users.set(id, (author = { type: 'users', id: String(id), name, email }))
      }
      const comments = p.comments.map((c) => ({
        type: 'comments',
        id: String(c.id),
        body: c.body,
        created_at: c.created_at,
      }))
      const model: JsonaModel = {
        type: 'posts',
        id: String(p.id),
        title: p.title,
        author,
        comments,
      }
      model.relationshipNames = ['author', 'comments']
      return model
    })
    return JSON.stringify(jsona.serialize({ stuff, includeNames: ['author', 'comments'] }))
  }
}
