// JSON:API: 1,000 posts, each with an author (100 distinct) and 3 comments, as the document for
// `?include=author,comments&fields[posts]=title`, finished as a JSON string (JSON.stringify included).
// api-resources (resource classes, request context, JSON.stringify of the collection) against a
// hand-written builder and the peers jsonapi-serializer, json-api-serializer, ts-japi and jsona.
// The setup checks that every case yields the same primary data and the same included objects.
import 'reflect-metadata'
import { Attribute, JsonApiResource, createRequestContext, runWithRequestContext } from '../src'
import type { BenchOp, Scenario } from './harness'
import {
  handWritten,
  jsonApiSerializerCase,
  jsonaCase,
  jsonapiSerializerCase,
  makePosts,
  tsJapiCase,
  type Comment,
  type Post,
  type User,
} from './jsonapi-peers'

class UserResource extends JsonApiResource<User> {
  static override resourceType = 'users'
  @Attribute() name!: string
  @Attribute() email!: string
}

class CommentResource extends JsonApiResource<Comment> {
  static override resourceType = 'comments'
  @Attribute() body!: string
  @Attribute() created_at!: string
}

class PostResource extends JsonApiResource<Post> {
  static override resourceType = 'posts'
  static override relationships = { author: () => UserResource, comments: () => CommentResource }
  @Attribute() title!: string
  @Attribute() body!: string
  @Attribute() published_at!: string
}

// The same classes with links on: every resource object's `links.self`, every relationship's
// `related` link (a URL template), and the document's `links.self`. Informational: the cost of links.
class LinkedUserResource extends UserResource {
  override toLinks() {
    return { self: `/users/${this.resource.id}` }
  }
}

class LinkedCommentResource extends CommentResource {
  override toLinks() {
    return { self: `/comments/${this.resource.id}` }
  }
}

class LinkedPostResource extends PostResource {
  static override selfLink = true
  static override relationships = {
    author: () => LinkedUserResource,
    comments: () => LinkedCommentResource,
  }
  static override relationshipLinks = {
    author: { related: (post: Post) => `/users/${post.author.id}` },
    comments: { related: '/posts/{id}/comments' },
  }
  override toLinks() {
    return { self: `/posts/${this.resource.id}` }
  }
}

const URL = '/posts?include=author,comments&fields[posts]=title'

function apiResourcesWithLinks(posts: readonly Post[]): string {
  return runWithRequestContext(createRequestContext(URL), () =>
    JSON.stringify(LinkedPostResource.collection(posts)),
  )
}

function apiResources(posts: readonly Post[]): string {
  // a fresh context per operation, as per request (its query is parsed on first use)
  return runWithRequestContext(createRequestContext(URL), () =>
    JSON.stringify(PostResource.collection(posts)),
  )
}

interface Doc {
  data: Array<{ type: string; id: string; attributes?: Record<string, unknown> }>
  included: Array<{ type: string; id: string; attributes?: Record<string, unknown> }>
}

/** Primary data and included objects (type, id, attributes), independent of order. */
function summary(json: string): string {
  const doc = JSON.parse(json) as Doc
  const line = (r: Doc['data'][number]) =>
    `${r.type}:${String(r.id)}:${JSON.stringify(r.attributes)}`
  return JSON.stringify([doc.data.map(line), doc.included.map(line).sort()])
}

function makeCase(
  name: string,
  build: () => (posts: readonly Post[]) => unknown,
): Scenario['cases'][number] {
  return {
    name,
    async setup(): Promise<BenchOp> {
      const posts = makePosts()
      const run = build()
      const out = await run(posts)
      if (summary(out as string) !== summary(handWritten(posts))) {
        throw new Error(`${name} does not produce the expected document`)
      }
      return () => run(posts)
    },
  }
}

const scenario: Scenario = {
  name: 'JSON:API: 1,000 posts, include=author,comments, fields[posts]=title',
  baseline: 'hand-written',
  subject: 'api-resources',
  maxRatio: 1.2,
  note: "peers render the posts' relationships (their sparse fieldsets cover attributes only); ts-japi emits numeric ids; 'links on' adds every resource object's links.self, each relationship's related link and the document's links.self (informational)",
  cases: [
    makeCase('hand-written', () => handWritten),
    makeCase('api-resources', () => apiResources),
    makeCase('api-resources, links on', () => apiResourcesWithLinks),
    makeCase('jsonapi-serializer', jsonapiSerializerCase),
    makeCase('json-api-serializer', jsonApiSerializerCase),
    makeCase('ts-japi', tsJapiCase),
    makeCase('jsona', jsonaCase),
  ],
}

export default scenario
