// One Hono app for every runtime: Node.js (node.ts), Bun (bun.ts), Deno (deno.ts) and Cloudflare
// Workers (worker.ts, with the `nodejs_compat` flag). No decorators and nothing Node-only, so each
// runtime runs it as its users run their apps; scripts/runtime-matrix.mjs checks that they answer the
// same bytes.
import { Hono } from 'hono'
import {
  Cursor,
  CursorPaginator,
  JsonApiResource,
  JsonResource,
  LengthAwarePaginator,
  NotFoundError,
  tryGetRequestContext,
} from 'api-resources'
import { apiResources, resourceErrors, respond } from 'api-resources/hono'

interface User {
  id: number
  name: string
}
interface Post {
  id: number
  title: string
  author: User
}

const users: User[] = Array.from({ length: 42 }, (_, i) => ({ id: i + 1, name: `User ${i + 1}` }))
const posts: Post[] = users.map((u) => ({ id: u.id, title: `Post ${u.id}`, author: u }))

/** Signs the cursors of /feed: a cursor signed on one runtime verifies on every other. */
const CURSOR_SECRET = 'example-cursor-secret'

class UserResource extends JsonResource<User> {
  override toArray() {
    return { id: this.resource.id, name: this.resource.name }
  }
}

class UserApiResource extends JsonApiResource<User> {
  static override resourceType = 'users'
}

class PostApiResource extends JsonApiResource<Post> {
  static override resourceType = 'posts'
  static override relationships = { author: () => UserApiResource }
}

function findUser(id: string): User {
  const user = users.find((u) => u.id === Number(id))
  if (user === undefined) throw new NotFoundError('User not found.')
  return user
}

export const app = new Hono()
app.use(apiResources())
// a resource
app.get(
  '/users/:id',
  respond((c) => new UserResource(findUser(c.req.param('id') ?? ''))),
)
// a paginated collection: 15 a page, the page and path from the request
app.get(
  '/users',
  respond(() => {
    const page = tryGetRequestContext()?.page ?? 1
    const rows = users.slice((page - 1) * 15, page * 15)
    return UserResource.collection(
      new LengthAwarePaginator(rows, { total: users.length, perPage: 15 }),
    )
  }),
)
// a cursor page with signed cursors (?cursor=<signed cursor>)
app.get(
  '/feed',
  respond((c) => {
    const given = c.req.query('cursor')
    const cursor = given === undefined ? null : Cursor.fromEncoded(given, CURSOR_SECRET)
    const after = cursor === null ? 0 : Number(cursor.parameter('id'))
    const rows = users.filter((u) => u.id > after).slice(0, 11)
    const page = new CursorPaginator(rows, {
      perPage: 10,
      parameters: ['id'],
      cursor,
      cursorSecret: CURSOR_SECRET,
    })
    return UserResource.collection(page)
  }),
)
// a JSON:API document; ?include=author adds the author to `included`
app.get(
  '/posts/:id',
  respond((c) => {
    const post = posts.find((p) => p.id === Number(c.req.param('id')))
    if (post === undefined) throw new NotFoundError('Post not found.')
    return new PostApiResource(post)
  }),
)
app.onError(resourceErrors())
