import request from 'supertest'
import type { Knex } from 'knex'
import { seededDemo } from './demo-db'

const JSON_API = 'application/vnd.api+json'
let db: Knex
let app: Awaited<ReturnType<typeof seededDemo>>['app']

beforeAll(async () => {
  ;({ db, app } = await seededDemo())
})
afterAll(() => db.destroy())

async function commentsCount(postId: number): Promise<number> {
  const [{ n }] = await db('comments').where('post_id', postId).count({ n: '*' })
  return Number(n)
}

describe('demo JSON endpoints', () => {
  it('/json/users: every user with posts_count, no posts key (not loaded)', async () => {
    const res = await request(app).get('/json/users').expect(200)
    expect(res.headers['content-type']).toBe('application/json')
    const users = res.body.data
    expect(users).toHaveLength(50)
    expect(Object.keys(users[0])).toEqual(
      expect.arrayContaining(['id', 'name', 'email', 'posts_count', 'joined_at']),
    )
    expect(users.some((u: any) => 'posts' in u)).toBe(false)
    expect(users.reduce((sum: number, u: any) => sum + u.posts_count, 0)).toBe(2000)
    // bio is @WhenNotNull: absent, never null
    expect(users.some((u: any) => u.bio === null)).toBe(false)
    expect(users.some((u: any) => !('bio' in u))).toBe(true)
  })

  it('/json/users/:id: the user with its posts, each with comments_count', async () => {
    const res = await request(app).get('/json/users/3').expect(200)
    const user = res.body.data
    expect(user.id).toBe(3)
    expect(user.posts).toHaveLength(user.posts_count)
    const first = user.posts[0]
    expect(first.comments_count).toBe(await commentsCount(first.id))
    expect(first).not.toHaveProperty('author')
    const ids = user.posts.map((p: any) => p.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
  })

  it('/json/posts: a page of the newest posts, loading only the included relations', async () => {
    const res = await request(app).get('/json/posts').expect(200)
    const { data, meta, links } = res.body
    expect(meta).toMatchObject({ current_page: 1, per_page: 15, total: 2000 })
    const created = data.map((p: any) => p.id)
    const newest = await db('posts').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(15)
    expect(created).toEqual(newest.map((p: { id: number }) => p.id))
    for (const post of data) {
      expect(post).not.toHaveProperty('author')
      expect(post).not.toHaveProperty('tags')
      expect(post.comments_count).toBe(await commentsCount(post.id))
    }
    expect(links.next).toBe('/json/posts?page=2')
    const withTags = await request(app)
      .get('/json/posts?include=author,tags&sort=id&per_page=5')
      .expect(200)
    expect(withTags.body.data.map((p: any) => p.id)).toEqual([1, 2, 3, 4, 5])
    for (const post of withTags.body.data) {
      expect(post.author).toEqual(expect.objectContaining({ id: expect.any(Number) }))
      expect(post.tags.map((t: any) => t.pivot.position)).toEqual(
        post.tags.map((_: unknown, i: number) => i + 1),
      )
    }
    expect(withTags.body.links.next).toBe(
      '/json/posts?page=2&include=author%2Ctags&sort=id&per_page=5',
    )
  })

  it('/json/posts: filters, sorts and comments with their authors', async () => {
    const res = await request(app)
      .get(
        '/json/posts?filter[author]=2,3&filter[published]=true&sort=-published_at&per_page=50&include=comments.author',
      )
      .expect(200)
    const want = await db('posts')
      .whereIn('user_id', [2, 3])
      .whereNotNull('published_at')
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(50)
    expect(res.body.data.map((p: any) => p.id)).toEqual(want.map((p: { id: number }) => p.id))
    for (const post of res.body.data)
      for (const comment of post.comments) expect(comment.author.id).toEqual(expect.any(Number))
    const drafts = await request(app).get('/json/posts?filter[published]=false&per_page=50')
    for (const post of drafts.body.data) expect(post.is_draft).toBe(true)
    const titled = await request(app).get('/json/posts?filter[title][contains]=a&per_page=100')
    expect(titled.body.meta.per_page).toBe(50)
    const since = await request(app).get(
      '/json/posts?filter[published_at][gte]=2024-01-01&filter[published_at][lte]=2099-01-01',
    )
    expect(since.status).toBe(200)
    // the silent default: an unknown include is ignored
    await request(app).get('/json/posts?include=secrets').expect(200)
  })

  it('/json/posts/:id: comments with their authors; drafts have no published_at', async () => {
    const res = await request(app).get('/json/posts/1').expect(200)
    const post = res.body.data
    expect(post.comments).toHaveLength(post.comments_count)
    for (const comment of post.comments) expect(comment.author.id).toEqual(expect.any(Number))
    const draft = await db('posts').whereNull('published_at').first()
    const d = (await request(app).get(`/json/posts/${draft.id}`).expect(200)).body.data
    expect(d.is_draft).toBe(true)
    expect(d).not.toHaveProperty('published_at')
  })

  it('a missing or malformed id is a 404, JSON or JSON:API', async () => {
    await request(app).get('/json/posts/999999').expect(404, { message: 'Post not found.' })
    await request(app).get('/json/users/abc').expect(404, { message: 'User not found.' })
    const doc = await request(app).get('/json/posts/0').set('Accept', JSON_API).expect(404)
    expect(doc.headers['content-type']).toBe(JSON_API)
    expect(JSON.parse(doc.text).errors[0]).toEqual({
      status: '404',
      title: 'Not Found',
      detail: 'Post not found.',
    })
  })

  it('a query parameter that is not allowed is a 400 naming it, JSON or JSON:API', async () => {
    const res = await request(app).get('/json/posts?sort=secret&filter[author]=abc').expect(400)
    expect(Object.keys(res.body.errors)).toEqual(['sort', 'filter[author]'])
    const doc = await request(app)
      .get('/jsonapi/posts?include=secrets')
      .set('Accept', JSON_API)
      .expect(400)
    expect(doc.headers['content-type']).toBe(JSON_API)
    expect(JSON.parse(doc.text).errors[0]).toMatchObject({
      status: '400',
      title: 'Invalid Query Parameter',
      source: { parameter: 'include' },
    })
  })

  it('/paginated/cursor walks a sort with cursors bound to it', async () => {
    const seen: number[] = []
    let url: string | null = '/paginated/cursor?sort=title&per_page=50'
    for (let i = 0; url !== null && i < 60; i++) {
      const page: any = (await request(app).get(url).expect(200)).body
      seen.push(...page.data.map((p: any) => p.id))
      url = page.links.next
    }
    const want = await db('posts').orderBy('title').orderBy('id').select('id')
    expect(seen).toEqual(want.map((p: { id: number }) => p.id))
    const first = (await request(app).get('/paginated/cursor?sort=title').expect(200)).body
    const cursor = new URL(first.links.next, 'http://x').searchParams.get('cursor')!
    await request(app)
      .get(`/paginated/cursor?sort=-title&cursor=${encodeURIComponent(cursor)}`)
      .expect(400)
  })

  it('POST /json/posts creates a post (201) or answers 422', async () => {
    const created = await request(app)
      .post('/json/posts')
      .send({ user_id: 2, title: 'Hello there', body: 'A body long enough.' })
      .expect(201)
    expect(created.body.data).toMatchObject({
      title: 'Hello there',
      is_draft: true,
      comments_count: 0,
      tags: [],
      author: { id: 2 },
    })
    await request(app).get(`/json/posts/${created.body.data.id}`).expect(200)
    const invalid = await request(app).post('/json/posts').send({ title: 'x' }).expect(422)
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['body', 'title', 'user_id'])
    await request(app)
      .post('/json/posts')
      .send({ user_id: 9999, title: 'Hello there', body: 'A body long enough.' })
      .expect(422, {
        message: 'The selected user does not exist.',
        errors: { user_id: ['The selected user does not exist.'] },
      })
    await request(app)
      .post('/json/posts')
      .set('Content-Type', 'application/json')
      .send('{bad')
      .expect(400)
  })

  it('concurrent requests for different posts each get their own post', async () => {
    const ids = Array.from({ length: 60 }, (_, i) => 1 + ((i * 37) % 2000))
    const answers = await Promise.all(ids.map((id) => request(app).get(`/json/posts/${id}`)))
    expect(answers.map((a) => a.body.data.id)).toEqual(ids)
  })
})
