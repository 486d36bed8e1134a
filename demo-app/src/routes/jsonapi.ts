// JSON:API endpoints: documents with linkage, ?include= (dot-paths) and ?fields[type]= over the
// seeded database. Relations are eager-loaded according to `include`, one query per relation.
import type { Express } from 'express'
import type { Knex } from 'knex'
import { NotFoundError, queryPlan, tryGetRequestContext } from 'api-resources'
import { relations } from '../post-query'
import { respond } from 'api-resources/express'
import { paginate } from 'api-resources/knex'
import type { DemoEndpoint } from '../endpoints'
import {
  loadAuthors,
  loadComments,
  loadPosts,
  loadTags,
  postsQuery,
  usersQuery,
  type CommentRow,
  type PostRow,
  type UserRow,
} from '../repository'
import {
  CommentApiResource,
  PostApiResource,
  TagApiResource,
  UserApiResource,
} from '../resources/jsonapi'

/** The endpoints this module serves (linked from the index page). */
export const jsonApiEndpoints: readonly DemoEndpoint[] = [
  {
    path: '/jsonapi/posts?include=author,comments.author&fields[posts]=title,author,comments',
    title: 'Posts, included authors and comments',
    description:
      'A paginated collection document (15 per page): links and meta, each (type, id) once in included.',
  },
  {
    path: '/jsonapi/posts/1?include=author.posts,tags,comments.author',
    title: 'One post with dot-path includes',
    description: 'Linkage for every loaded relation; tags use their slug as id.',
  },
  {
    path: '/jsonapi/posts/1?fields[posts]=title&fields[users]=name&include=author',
    title: 'Sparse fieldsets',
    description: 'fields[type] keeps only the named attributes and relationships of that type.',
  },
  {
    path: '/jsonapi/users?include=posts&fields[posts]=title',
    title: 'Users with their posts',
    description: 'A paginated collection of users; relationships from the static map.',
  },
  {
    path: '/jsonapi/users/1?include=posts.comments.author',
    title: 'One user, three levels deep',
    description: 'Includes follow eager-loaded data only, to a depth of 5.',
  },
  {
    path: '/jsonapi/posts/1/comments?include=author',
    title: "A relationship's related link",
    description: 'relationships.comments.links.related of a post: its comments, as a collection.',
  },
  {
    path: '/jsonapi/users/2/posts',
    title: "A user's posts",
    description:
      'Paginated; the related link of users.posts, rendered whether posts were loaded or not.',
  },
  {
    path: '/jsonapi/posts/999999',
    title: 'A missing post',
    description: '404; a JSON:API error document when Accept asks for application/vnd.api+json.',
  },
]

/** Does `?include=` name `path` (or a path below it)? */
function includes(path: string): boolean {
  const wanted = tryGetRequestContext()?.include ?? []
  return wanted.some((p) => p === path || p.startsWith(`${path}.`))
}

/** Loads what the post documents can show: authors and tags always, comments when included. */
async function loadPostRelations(db: Knex, posts: PostRow[]): Promise<PostRow[]> {
  await Promise.all([loadAuthors(db, posts), loadTags(db, posts)])
  if (includes('comments')) await loadComments(db, posts, { withAuthors: true })
  if (includes('author.posts')) {
    const authors = posts.flatMap((post) => (post.author ? [post.author] : []))
    await loadPosts(db, [...new Set(authors)])
  }
  return posts
}

/** Loads what the user documents can show: posts when included, with comments below them. */
async function loadUserRelations(db: Knex, users: UserRow[]): Promise<UserRow[]> {
  if (!includes('posts')) return users
  await loadPosts(db, users)
  const posts = users.flatMap((user) => user.posts ?? [])
  if (includes('posts.comments')) await loadComments(db, posts, { withAuthors: true })
  return users
}

/** The row `found` resolves to, or a 404 naming `what`. */
async function required<T>(found: Promise<T | undefined>, what: string): Promise<T> {
  const row = await found
  if (row === undefined) throw new NotFoundError(`${what} not found.`)
  return row
}

function idOf(param: unknown): number {
  return typeof param === 'string' && /^[0-9]{1,9}$/.test(param) ? Number(param) : 0
}

/** Registers the JSON:API endpoints on `app`. */
export function registerJsonApiRoutes(app: Express, db: Knex): void {
  app.get(
    '/jsonapi/posts',
    respond(async () => {
      // strict (JSON:API's MUST): an include path that is not allowed is a 400; the plan's
      // includes are loaded in batches and its parameters carried into the page links
      const plan = queryPlan(PostApiResource, { strict: true })
      return PostApiResource.collection(await paginate(postsQuery(db), plan, { relations }))
    }),
  )
  app.get(
    '/jsonapi/posts/:id',
    respond(async (req) => {
      const post: PostRow | undefined = await postsQuery(db)
        .where('posts.id', idOf(req.params.id))
        .first()
      if (post === undefined) throw new NotFoundError('Post not found.')
      await loadPostRelations(db, [post])
      return new PostApiResource(post)
    }),
  )
  app.get(
    '/jsonapi/users',
    respond(async () => {
      const page = (await paginate(usersQuery(db).orderBy('users.id'), 15)).withQueryString()
      await loadUserRelations(db, page.items() as UserRow[])
      return UserApiResource.collection(page)
    }),
  )
  app.get(
    '/jsonapi/posts/:id/comments',
    respond(async (req) => {
      const post = await required(db('posts').where('id', idOf(req.params.id)).first(), 'Post')
      const comments: CommentRow[] = await db('comments').where('post_id', post.id).orderBy('id')
      if (includes('author')) await loadAuthors(db, comments)
      return CommentApiResource.collection(comments)
    }),
  )
  app.get(
    '/jsonapi/posts/:id/tags',
    respond(async (req) => {
      const post: PostRow = await required(
        db('posts').where('id', idOf(req.params.id)).first(),
        'Post',
      )
      await loadTags(db, [post])
      return TagApiResource.collection(post.tags ?? [])
    }),
  )
  app.get(
    '/jsonapi/comments/:id',
    respond(async (req) => {
      const comment: CommentRow = await required(
        db('comments').where('id', idOf(req.params.id)).first(),
        'Comment',
      )
      await loadAuthors(db, [comment])
      return new CommentApiResource(comment)
    }),
  )
  app.get(
    '/jsonapi/tags/:slug',
    respond(async (req) => {
      const slug = typeof req.params.slug === 'string' ? req.params.slug : ''
      return new TagApiResource(await required(db('tags').where('slug', slug).first(), 'Tag'))
    }),
  )
  app.get(
    '/jsonapi/users/:id/posts',
    respond(async (req) => {
      const user = await required(db('users').where('id', idOf(req.params.id)).first(), 'User')
      const query = postsQuery(db).where('posts.user_id', user.id).orderBy('posts.id', 'desc')
      const page = (await paginate(query, 15)).withQueryString()
      await loadPostRelations(db, page.items() as PostRow[])
      return PostApiResource.collection(page)
    }),
  )
  app.get(
    '/jsonapi/users/:id',
    respond(async (req) => {
      const user: UserRow | undefined = await usersQuery(db)
        .where('users.id', idOf(req.params.id))
        .first()
      if (user === undefined) throw new NotFoundError('User not found.')
      await loadUserRelations(db, [user])
      return new UserApiResource(user)
    }),
  )
}
