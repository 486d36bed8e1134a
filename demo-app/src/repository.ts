/**
 * Rows of the demo database and eager-loading helpers. Knex has no relations, so a loaded relation
 * is a plain property (`post.author`, `post.comments`, `post.tags`), a count is `<relation>_count`
 * and pivot columns sit under `tag.pivot`: exactly what api-resources treats as "loaded". Each
 * helper runs one query for the whole list (no N+1).
 */
import type { Knex } from 'knex'

export interface UserRow {
  id: number
  name: string
  email: string
  bio: string | null
  created_at: string
  posts?: PostRow[]
  posts_count?: number
}

export interface TagRow {
  id: number
  name: string
  slug: string
  /** The post_tag row's own columns, when loaded through a post (with its keys through the query plan). */
  pivot?: { position: number; added_at: string; post_id?: number; tag_id?: number }
}

export interface CommentRow {
  id: number
  post_id: number
  user_id: number
  body: string
  created_at: string
  author?: UserRow
  post?: PostRow
}

export interface PostRow {
  id: number
  user_id: number
  title: string
  body: string
  published_at: string | null
  created_at: string
  author?: UserRow
  comments?: CommentRow[]
  tags?: TagRow[]
  comments_count?: number
  tags_count?: number
}

/** `(select count(*) ...) as <relation>_count`, for `query.select(countOf(...))`. */
export function countOf(
  db: Knex,
  relation: string,
  table: string,
  foreignKey: string,
  parent: string,
): Knex.Raw {
  return db.raw(`(select count(*) from ?? where ?? = ??) as ??`, [
    table,
    `${table}.${foreignKey}`,
    `${parent}.id`,
    `${relation}_count`,
  ])
}

/** Posts with `comments_count` (and `tags_count`), newest id first unless ordered otherwise. */
export function postsQuery(db: Knex): Knex.QueryBuilder {
  return db('posts')
    .select('posts.*', countOf(db, 'comments', 'comments', 'post_id', 'posts'))
    .select(countOf(db, 'tags', 'post_tag', 'post_id', 'posts'))
}

/** Users with `posts_count`. */
export function usersQuery(db: Knex): Knex.QueryBuilder {
  return db('users').select('users.*', countOf(db, 'posts', 'posts', 'user_id', 'users'))
}

/** Sets `row[as]` to the parent row whose id is `row[foreignKey]` (null when there is none). */
export async function loadBelongsTo<R extends object>(
  db: Knex,
  rows: R[],
  as: string,
  table: string,
  foreignKey: keyof R & string,
): Promise<R[]> {
  const ids = unique(rows.map((row) => row[foreignKey]))
  const parents = ids.length === 0 ? [] : await db(table).whereIn('id', ids as never[])
  const byId = new Map(parents.map((parent: { id: unknown }) => [parent.id, parent]))
  for (const row of rows) (row as Record<string, unknown>)[as] = byId.get(row[foreignKey]) ?? null
  return rows
}

/** Sets `row[as]` to the list of children whose `foreignKey` is `row.id` (always a list). */
export async function loadHasMany<R extends { id: number }>(
  db: Knex,
  rows: R[],
  as: string,
  children: Knex.QueryBuilder,
  foreignKey: string,
): Promise<R[]> {
  const ids = rows.map((row) => row.id)
  const found: Record<string, unknown>[] =
    ids.length === 0 ? [] : await children.whereIn(foreignKey, ids)
  const byParent = groupBy(found, (child) => child[foreignKey])
  for (const row of rows) (row as Record<string, unknown>)[as] = byParent.get(row.id) ?? []
  return rows
}

/** Sets `post.tags`, each tag with `pivot: { position, added_at }`, in pivot `position` order. */
export async function loadTags(db: Knex, posts: PostRow[]): Promise<PostRow[]> {
  const ids = posts.map((post) => post.id)
  const rows: (TagRow & { post_id: number; position: number; added_at: string })[] =
    ids.length === 0
      ? []
      : await db('post_tag')
          .join('tags', 'tags.id', 'post_tag.tag_id')
          .whereIn('post_tag.post_id', ids)
          .orderBy(['post_tag.post_id', 'post_tag.position'])
          .select('tags.*', 'post_tag.post_id', 'post_tag.position', 'post_tag.added_at')
  const byPost = groupBy(rows, (row) => row.post_id)
  for (const post of posts)
    post.tags = (byPost.get(post.id) ?? []).map(({ post_id: _p, position, added_at, ...tag }) => ({
      ...tag,
      pivot: { position, added_at },
    }))
  return posts
}

/** `post.author` for every post. */
export function loadAuthors<R extends { user_id: number }>(db: Knex, rows: R[]): Promise<R[]> {
  return loadBelongsTo(db, rows, 'author', 'users', 'user_id')
}

/** `post.comments` (oldest first), each with its `author` when `withAuthors`. */
export async function loadComments(
  db: Knex,
  posts: PostRow[],
  options: { withAuthors?: boolean } = {},
): Promise<PostRow[]> {
  await loadHasMany(db, posts, 'comments', db('comments').orderBy('id'), 'post_id')
  if (options.withAuthors)
    await loadAuthors(
      db,
      posts.flatMap((post) => post.comments ?? []),
    )
  return posts
}

/** `user.posts` (newest first) with their `comments_count`. */
export function loadPosts(db: Knex, users: UserRow[]): Promise<UserRow[]> {
  return loadHasMany(db, users, 'posts', postsQuery(db).orderBy('posts.id', 'desc'), 'user_id')
}

/** One post with author, tags (with pivot), comments with their authors, and the counts. */
export async function findPost(db: Knex, id: number): Promise<PostRow | undefined> {
  const post: PostRow | undefined = await postsQuery(db).where('posts.id', id).first()
  if (post === undefined) return undefined
  await Promise.all([loadAuthors(db, [post]), loadTags(db, [post])])
  await loadComments(db, [post], { withAuthors: true })
  return post
}

/** One user with `posts_count` and, when `withPosts`, the posts. */
export async function findUser(
  db: Knex,
  id: number,
  options: { withPosts?: boolean } = {},
): Promise<UserRow | undefined> {
  const user: UserRow | undefined = await usersQuery(db).where('users.id', id).first()
  if (user !== undefined && options.withPosts) await loadPosts(db, [user])
  return user
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)]
}

function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>()
  for (const item of items) {
    const key = keyOf(item)
    const group = groups.get(key)
    if (group === undefined) groups.set(key, [item])
    else group.push(item)
  }
  return groups
}
