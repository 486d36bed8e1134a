import express, { type Express } from 'express'
import type { Knex } from 'knex'
import { z } from 'zod'
import { NotFoundError, ValidationError, queryPlan } from 'api-resources'
import { respond } from 'api-resources/express'
import { paginate } from 'api-resources/knex'
import { relations } from '../post-query'
import type { DemoEndpoint } from '../endpoints'
import { findPost, findUser, postsQuery, usersQuery, type UserRow } from '../repository'
import { PostResource, UserResource } from '../resources/json-resources'

/** The plain JSON endpoints (resources with eager-loaded relations and counts). */
export const jsonEndpoints: readonly DemoEndpoint[] = [
  { path: '/json/users', title: 'Users', description: 'Every user with posts_count.' },
  {
    path: '/json/users/1',
    title: 'One user',
    description: 'A user with posts_count and its posts, each with comments_count.',
  },
  {
    path: '/json/posts?include=author,tags&filter[published]=true&per_page=5',
    title: 'Newest posts',
    description:
      'Paginated posts, newest first: ?include= author, comments, comments.author, tags; ?sort= title, published_at, created_at, id; ?filter[author]=, [title][contains], [published_at][gte|lte], [published]; ?per_page= up to 50.',
  },
  {
    path: '/json/posts/1',
    title: 'One post',
    description: 'A post with author, tags with pivot data, comments with their authors.',
  },
  { path: '/json/posts/999999', title: 'A missing post', description: '404 from NotFoundError.' },
  {
    path: '/json/posts?sort=secret&filter[author]=abc',
    title: 'Invalid query',
    description:
      '400 naming each query parameter that is not allowed and what is (send Accept: application/vnd.api+json for JSON:API errors).',
  },
  {
    method: 'POST',
    path: '/json/posts',
    title: 'Create a post',
    description: '201 with the new post, or 422 with the field errors.',
  },
]

/** The input of POST /json/posts (also its request body schema in /openapi.json). */
export const newPost = z.object({
  user_id: z.number().int().positive(),
  title: z.string().trim().min(3),
  body: z.string().trim().min(10),
})

/** Registers the plain JSON endpoints on `app`. */
export function registerJsonRoutes(app: Express, db: Knex): void {
  app.get(
    '/json/users',
    respond(async () => UserResource.collection(await usersQuery(db).orderBy('id'))),
  )
  app.get(
    '/json/users/:id',
    respond(
      async (req) =>
        new UserResource(
          await required(findUser(db, idOf(req.params.id), { withPosts: true }), 'User'),
        ),
    ),
  )
  app.get(
    '/json/posts',
    respond(async () =>
      // the silent default: an include path that is not allowed is ignored
      PostResource.collection(
        await paginate(postsQuery(db), queryPlan(PostResource), { relations }),
      ),
    ),
  )
  app.get(
    '/json/posts/:id',
    respond(
      async (req) => new PostResource(await required(findPost(db, idOf(req.params.id)), 'Post')),
    ),
  )
  app.post(
    '/json/posts',
    express.json(),
    respond(async (req, res) => createPost(db, req.body, res)),
  )
}

async function createPost(db: Knex, input: unknown, res: express.Response): Promise<PostResource> {
  const data = parse(newPost, input)
  const author: UserRow | undefined = await db('users').where('id', data.user_id).first()
  if (author === undefined)
    throw new ValidationError({ user_id: ['The selected user does not exist.'] })
  const [row] = await db('posts')
    .insert({ ...data, published_at: null, created_at: new Date().toISOString() })
    .returning('id')
  res.status(201)
  return new PostResource((await findPost(db, typeof row === 'object' ? row.id : row))!)
}

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {})
  if (!result.success) throw ValidationError.fromZod(result.error)
  return result.data
}

// A non-numeric id cannot name a row: the same 404 as a missing one.
function idOf(param: string | string[] | undefined): number {
  const id = typeof param === 'string' && /^[0-9]{1,9}$/.test(param) ? Number(param) : 0
  return id
}

async function required<T>(found: Promise<T | undefined>, what: string): Promise<T> {
  const row = await found
  if (row === undefined) throw new NotFoundError(`${what} not found.`)
  return row
}
