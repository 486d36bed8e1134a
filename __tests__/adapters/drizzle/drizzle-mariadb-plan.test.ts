// Drizzle query plans on MariaDB. Drizzle's relational queries load relations with
// `left join lateral` (default mode; MariaDB has no LATERAL) or with derived tables that refer to the
// outer row (`planetscale` mode, for every one() relation and every ordered or limited many(); MariaDB
// cannot see the outer row from a derived table). Both failures are asserted here as Drizzle's own, so
// this file says when a Drizzle or MariaDB release lifts them. The adapter loads a plan's includes on
// a MySQL-dialect session in batches after the page instead (one relational query of the related
// table per relation of each level, keyed by the page's keys): in both modes, through a junction
// table, with bigint keys past 2^53, microsecond date-times, decimals, doubles and NULL keys, in the
// rows Drizzle's own select returns. (The shared suite, drizzle-planned-suite.test.ts, runs there.)
import knexFactory, { type Knex } from 'knex'
import mysql from 'mysql2/promise'
import { asc, inArray, relations } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/mysql2'
import * as my from 'drizzle-orm/mysql-core'
import {
  Field,
  JsonResource,
  UnsupportedQueryError,
  WhenLoaded,
  defineQuery,
  queryPlan,
} from 'api-resources'
import { cursorPaginate, paginate, simplePaginate } from 'api-resources/drizzle'
import { dialectNames } from '../../support/db'
import {
  PostResource,
  dropPlanTables,
  inRequest,
  planTableStatements,
  planTables,
} from '../../support/plan-fixture'

const t = planTables('drizzle_maria')
const users = my.mysqlTable(t.users, {
  id: my.int('id').primaryKey(),
  name: my.varchar('name', { length: 50 }).notNull(),
})
const posts = my.mysqlTable(t.posts, {
  id: my.int('id').primaryKey(),
  user_id: my.int('user_id').notNull(),
  title: my.varchar('title', { length: 80 }).notNull(),
  score: my.int('score').notNull(),
  published_at: my.varchar('published_at', { length: 30 }),
})
const comments = my.mysqlTable(t.comments, {
  id: my.int('id').primaryKey(),
  post_id: my.int('post_id').notNull(),
  user_id: my.int('user_id').notNull(),
  body: my.varchar('body', { length: 50 }).notNull(),
})
const tags = my.mysqlTable(t.tags, {
  id: my.int('id').primaryKey(),
  name: my.varchar('name', { length: 30 }).notNull(),
})
const postTag = my.mysqlTable(
  t.pivot,
  {
    post_id: my.int('post_id').notNull(),
    tag_id: my.int('tag_id').notNull(),
    position: my.int('position').notNull(),
  },
  (table) => [my.primaryKey({ columns: [table.post_id, table.tag_id] })],
)

// real column types: bigint keys past 2^53, microsecond date-times, decimals, doubles, NULL keys
const A = 'drizzle_maria_authors'
const B = 'drizzle_maria_books'
const C = 'drizzle_maria_chapters'
const authors = my.mysqlTable(A, {
  id: my.bigint('id', { mode: 'bigint' }).primaryKey(),
  name: my.varchar('name', { length: 30 }).notNull(),
  born_at: my.datetime('born_at', { fsp: 6 }),
  rating: my.double('rating'),
})
const books = my.mysqlTable(B, {
  id: my.int('id').primaryKey(),
  author_id: my.bigint('author_id', { mode: 'bigint' }),
  price: my.decimal('price', { precision: 12, scale: 4 }),
  printed_at: my.datetime('printed_at', { mode: 'string', fsp: 6 }),
})
const chapters = my.mysqlTable(C, {
  id: my.bigint('id', { mode: 'bigint' }).primaryKey(),
  book_id: my.int('book_id').notNull(),
  title: my.varchar('title', { length: 30 }).notNull(),
  words: my.double('words'),
})

// a page of more parents than one batch query binds keys for
const P = 'drizzle_maria_parents'
const K = 'drizzle_maria_kids'
const parents = my.mysqlTable(P, {
  id: my.int('id').primaryKey(),
  kid_id: my.int('kid_id').notNull(),
})
const kids = my.mysqlTable(K, { id: my.int('id').primaryKey() })

const schema = {
  users,
  posts,
  comments,
  tags,
  postTag,
  authors,
  books,
  chapters,
  postsRelations: relations(posts, ({ one, many }) => ({
    writer: one(users, { fields: [posts.user_id], references: [users.id] }),
    comments: many(comments),
    postTags: many(postTag),
  })),
  commentsRelations: relations(comments, ({ one }) => ({
    post: one(posts, { fields: [comments.post_id], references: [posts.id] }),
    author: one(users, { fields: [comments.user_id], references: [users.id] }),
  })),
  postTagRelations: relations(postTag, ({ one }) => ({
    post: one(posts, { fields: [postTag.post_id], references: [posts.id] }),
    tag: one(tags, { fields: [postTag.tag_id], references: [tags.id] }),
  })),
  authorsRelations: relations(authors, ({ many }) => ({ books: many(books) })),
  booksRelations: relations(books, ({ one, many }) => ({
    author: one(authors, { fields: [books.author_id], references: [authors.id] }),
    chapters: many(chapters),
  })),
  parents,
  kids,
  parentsRelations: relations(parents, ({ one }) => ({
    kid: one(kids, { fields: [parents.kid_id], references: [kids.id] }),
  })),
  chaptersRelations: relations(chapters, ({ one }) => ({
    book: one(books, { fields: [chapters.book_id], references: [books.id] }),
  })),
}

// many-to-many through the junction table, as Drizzle models it: postTags (the pivot rows), each
// with its tag
interface TagRow {
  id: number
  name: string
}
class TagOut extends JsonResource<TagRow> {
  @Field() id!: number
  @Field() name!: string
}
interface PivotRow {
  position: number
  tag?: TagRow
}
class PivotOut extends JsonResource<PivotRow> {
  @Field() position!: number
  @WhenLoaded(() => TagOut) tag?: unknown
}
interface TaggedRow {
  id: number
  postTags?: PivotRow[]
}
class TaggedPost extends JsonResource<TaggedRow> {
  static query = defineQuery<TaggedRow>()({ sort: ['id'], perPage: { default: 10, max: 100 } })
  @Field() id!: number
  @WhenLoaded(() => PivotOut) postTags?: unknown
}

interface BookRow {
  id: number
  author_id: bigint | null
  author?: object | null
  chapters?: object[]
}
class BookOut extends JsonResource<BookRow> {
  static query = defineQuery<BookRow>()({ sort: ['id'], perPage: { default: 10, max: 100 } })
  @Field() id!: number
  @WhenLoaded(() => TagOut) author?: unknown
  @WhenLoaded(() => TagOut) chapters?: unknown
}

interface AuthorRow {
  id: bigint
  name: string
  books?: BookRow[]
}
class AuthorOut extends JsonResource<AuthorRow> {
  static query = defineQuery<AuthorRow>()({ sort: ['id'], perPage: { default: 10 } })
  @Field() name!: string
  @WhenLoaded(() => BookOut) books?: unknown
}

interface ParentRow {
  id: number
  kid_id: number
  kid?: { id: number } | null
}
class ParentOut extends JsonResource<ParentRow> {
  static query = defineQuery<ParentRow>()({ sort: ['id'], perPage: { default: 10, max: 2000 } })
  @Field() id!: number
  @WhenLoaded(() => TagOut) kid?: unknown
}

const BIG = 9007199254740993n // 2^53 + 1

const url = process.env.MYSQL_URL
const onMariaDb = dialectNames().includes('mysql') && url !== undefined ? describe : describe.skip

onMariaDb('Drizzle query plans on MariaDB', () => {
  let knex: Knex
  let connection: mysql.Connection
  const log: string[] = []
  const logger = { logQuery: (query: string) => void log.push(query) }
  const open = (mode: 'default' | 'planetscale') => drizzle(connection, { schema, mode, logger })
  const plan = (query: string) => queryPlan(PostResource, { query })
  const body = (page: object) =>
    JSON.parse(JSON.stringify(PostResource.collection(page as never))) as unknown

  beforeAll(async () => {
    knex = knexFactory({ client: 'mysql2', connection: url })
    await dropPlanTables(knex, t)
    for (const statement of planTableStatements(knex, t)) await knex.raw(statement.toString())
    for (const table of [C, B, A, P, K]) await knex.schema.dropTableIfExists(table)
    await knex.raw(
      `create table ${A} (id bigint primary key, name varchar(30) not null, born_at datetime(6) null, rating double null)`,
    )
    await knex.raw(
      `create table ${B} (id int primary key, author_id bigint null, price decimal(12,4) null, printed_at datetime(6) null)`,
    )
    await knex.raw(
      `create table ${C} (id bigint primary key, book_id int not null, title varchar(30) not null, words double null)`,
    )
    await knex(A).insert([
      { id: BIG.toString(), name: 'big', born_at: '1999-12-31 23:59:59.123456', rating: 4.25 },
      { id: (BIG + 2n).toString(), name: 'bigger', born_at: null, rating: 0.1 },
      { id: '7', name: 'small', born_at: '2024-03-10 02:30:00.000001', rating: null },
    ])
    await knex(B).insert([
      {
        id: 1,
        author_id: BIG.toString(),
        price: '12345678.1234',
        printed_at: '2024-01-02 03:04:05.678901',
      },
      { id: 2, author_id: (BIG + 2n).toString(), price: '0.0001', printed_at: null },
      { id: 3, author_id: null, price: null, printed_at: '2024-03-31 01:00:00.5' },
      { id: 4, author_id: BIG.toString(), price: '-1.5000', printed_at: null },
      { id: 5, author_id: '7', price: '3.3333', printed_at: null },
    ])
    await knex(C).insert([
      { id: (BIG + 10n).toString(), book_id: 1, title: 'one-b', words: 1.5 },
      { id: (BIG + 1n).toString(), book_id: 1, title: 'one-a', words: null },
      { id: '3', book_id: 4, title: 'four', words: 1e-7 },
      { id: '4', book_id: 5, title: 'five', words: 123456789.125 },
    ])
    await knex.schema.createTable(P, (b) => {
      b.integer('id').primary()
      b.integer('kid_id').notNullable()
    })
    await knex.schema.createTable(K, (b) => b.integer('id').primary())
    const many = Array.from({ length: 1500 }, (_, i) => i + 1)
    await knex(K).insert(many.map((id) => ({ id })))
    await knex(P).insert(many.map((id) => ({ id, kid_id: 1501 - id })))
    // BIGINT as exact text (mysql2 reads it as a lossy number by default), which Drizzle's
    // bigint columns turn into bigints
    connection = await mysql.createConnection({
      uri: url!,
      supportBigNumbers: true,
      bigNumberStrings: true,
    })
    const [rows] = await connection.query('select version() as v')
    // this file is about MariaDB: on MySQL 8, Drizzle's relational SQL runs
    expect(String((rows as { v: string }[])[0].v)).toMatch(/mariadb/i)
  })

  afterAll(async () => {
    await connection?.end()
    if (knex !== undefined) {
      await dropPlanTables(knex, t)
      for (const table of [C, B, A, P, K]) await knex.schema.dropTableIfExists(table)
      await knex.destroy()
    }
  })

  it.each(['default', 'planetscale'] as const)(
    "Drizzle's own relational SQL with a relation fails on MariaDB (%s mode)",
    async (mode) => {
      const db = open(mode)
      const causes: string[] = []
      const one = db.query.posts.findMany({ with: { writer: true }, limit: 5 })
      const many = db.query.posts.findMany({
        with: { comments: { orderBy: [asc(comments.id)] } },
        limit: 5,
      })
      for (const query of [one, many] as PromiseLike<unknown>[]) {
        const error = (await query.then(
          () => undefined,
          (e: unknown) => e,
        )) as { cause?: { message?: string } } | undefined
        causes.push(String(error?.cause?.message))
      }
      const why = mode === 'default' ? /SQL syntax.*near '\(select/ : /Unknown column 'posts\./
      for (const cause of causes) expect(cause).toMatch(why)
    },
  )

  it.each(['default', 'planetscale'] as const)(
    'loads include=author,comments.author in batches, one query per relation of each level (%s mode)',
    async (mode) => {
      const db = open(mode)
      const query = 'include=author,comments.author&sort=-score,title&per_page=40'
      log.length = 0
      const page = await inRequest(`/posts?${query}`, () =>
        paginate(db.query.posts.findMany(), plan(query)),
      )
      // COUNT, the page, the writers, the comments, the comments' authors
      expect(log).toHaveLength(5)
      expect(log.some((q) => /lateral/i.test(q))).toBe(false)
      expect(log[2]).toMatch(new RegExp(`from \`${t.users}\``))
      expect(log[3]).toMatch(new RegExp(`from \`${t.comments}\``))
      // the relations as Knex computes them, row by row
      const items = page.items() as unknown as {
        id: number
        user_id: number
        writer: { id: number; name: string }
        comments: { id: number; user_id: number; author: { id: number } }[]
      }[]
      expect(items).toHaveLength(40)
      const allComments = (await knex(t.comments).orderBy('id')) as {
        id: number
        post_id: number
        user_id: number
      }[]
      for (const post of items) {
        expect(post.writer).toEqual({ id: post.user_id, name: `User ${post.user_id}` })
        const want = allComments.filter((c) => c.post_id === post.id)
        expect(post.comments.map((c) => c.id)).toEqual(want.map((c) => c.id))
        for (const c of post.comments) expect(c.author.id).toBe(c.user_id)
      }
      // the same body as the same request on the other mode
      const other = await inRequest(`/posts?${query}`, () =>
        simplePaginate(
          open(mode === 'default' ? 'planetscale' : 'default').query.posts.findMany(),
          plan(query),
        ),
      )
      expect((body(other) as { data: unknown }).data).toEqual(
        (body(page) as { data: unknown }).data,
      )
    },
  )

  it('loads a many-to-many relation through its junction table (pivot rows, then their tags), in queries not growing with the rows', async () => {
    const db = open('default')
    const pivot = (await knex(t.pivot).orderBy(['post_id', 'tag_id'])) as {
      post_id: number
      tag_id: number
      position: number
    }[]
    for (const perPage of [100, 9]) {
      const query = `include=postTags.tag&sort=id&per_page=${perPage}`
      log.length = 0
      const page = await inRequest(`/posts?${query}`, () =>
        paginate(db.query.posts.findMany(), queryPlan(TaggedPost, { query })),
      )
      // COUNT, the page, the junction rows, the tags
      expect(log).toHaveLength(4)
      const got = JSON.parse(JSON.stringify(TaggedPost.collection(page as never))) as {
        data: { id: number; postTags: { position: number; tag: TagRow }[] }[]
      }
      expect(got.data).toHaveLength(perPage)
      for (const post of got.data)
        expect(post.postTags).toEqual(
          pivot
            .filter((p) => p.post_id === post.id)
            .map((p) => ({ position: p.position, tag: { id: p.tag_id, name: `tag${p.tag_id}` } })),
        )
      expect(got.data.some((p) => p.postTags.length === 0)).toBe(perPage === 100)
    }
  })

  it("attaches the rows Drizzle's own select returns: bigint keys past 2^53, microsecond date-times, decimals, doubles, NULL keys", async () => {
    const db = open('default')
    const query = 'include=author,chapters&sort=id&per_page=10'
    log.length = 0
    const page = await inRequest(`/books?${query}`, () =>
      paginate(db.query.books.findMany(), queryPlan(BookOut, { query })),
    )
    expect(log).toHaveLength(4)
    const items = page.items() as unknown as BookRow[]
    expect(items.map((b) => b.id)).toEqual([1, 2, 3, 4, 5])
    const allAuthors = await db.select().from(authors)
    const allChapters = await db.select().from(chapters).orderBy(asc(chapters.id))
    expect(allAuthors.find((a) => a.id === BIG)?.born_at?.getTime()).toBeDefined()
    for (const book of items) {
      const author = allAuthors.find((a) => a.id === book.author_id) ?? null
      expect(book.author).toEqual(author)
      expect(book.chapters).toEqual(allChapters.filter((c) => c.book_id === book.id))
    }
    // the page's own values as Drizzle maps them: exact decimals and microsecond texts
    expect(items[0]).toMatchObject({
      price: '12345678.1234',
      printed_at: '2024-01-02 03:04:05.678901',
    })
    expect((items[0].chapters as { words: number | null }[]).map((c) => c.words)).toEqual([
      null,
      1.5,
    ])
    // the NULL key: no author, and no query for it
    expect(items[2].author).toBeNull()
    expect(items[0].author).toMatchObject({ id: BIG, name: 'big', rating: 4.25 })
    expect(items[1].author).toMatchObject({ id: BIG + 2n, name: 'bigger' })
    // chapters ordered by their bigint primary key (2^53 + 1 before 2^53 + 10)
    expect((items[0].chapters as { title: string }[]).map((c) => c.title)).toEqual([
      'one-a',
      'one-b',
    ])
    expect(log[2]).toMatch(/in \(\?, \?, \?\)/)
    expect(log.join('\n')).not.toContain(BIG.toString())
  })

  it('loads nested includes from the rows of the level before: books of authors, chapters of those books', async () => {
    const db = open('default')
    log.length = 0
    const query = 'include=books.chapters&sort=id'
    const page = await inRequest(`/authors?${query}`, () =>
      paginate(db.query.authors.findMany(), queryPlan(AuthorOut, { query })),
    )
    // COUNT, authors, their books, those books' chapters
    expect(log).toHaveLength(4)
    const items = page.items() as unknown as { id: bigint; books: BookRow[] }[]
    expect(items.map((a) => a.id)).toEqual([7n, BIG, BIG + 2n])
    expect(items[1].books.map((b) => b.id)).toEqual([1, 4])
    expect(items[1].books[0].chapters).toHaveLength(2)
    expect(items[1].books[1].chapters).toEqual(
      await db
        .select()
        .from(chapters)
        .where(inArray(chapters.book_id, [4])),
    )
    expect(items[2].books[0].chapters).toEqual([])
  })

  it('loads nothing when the page is empty, and refuses a relation the table does not have before any query', async () => {
    const db = open('default')
    log.length = 0
    const empty = await inRequest('/posts', () =>
      paginate(db.query.posts.findMany(), plan('include=author,comments&filter[score][gt]=100')),
    )
    expect(empty.items()).toEqual([])
    expect(log.some((q) => q.includes(t.users) || q.includes(t.comments))).toBe(false)
    log.length = 0
    const error = await paginate(db.query.posts.findMany(), plan('include=tags')).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(UnsupportedQueryError)
    expect((error as Error).message).toContain('"tags"')
    expect(log).toEqual([])
  })

  it('binds at most 1000 keys per batch query: a page of 1200 rows with 1200 related keys is 2 queries for them', async () => {
    const db = open('default')
    const query = 'include=kid&sort=id&per_page=1200'
    log.length = 0
    const page = await inRequest(`/parents?${query}`, () =>
      paginate(db.query.parents.findMany(), queryPlan(ParentOut, { query })),
    )
    const items = page.items() as unknown as ParentRow[]
    expect(items).toHaveLength(1200)
    for (const row of items) expect(row.kid).toEqual({ id: row.kid_id })
    // COUNT, the page, the kids in two queries (1000 and 200 keys)
    expect(log).toHaveLength(4)
    expect(log.slice(2).every((q) => q.includes(K))).toBe(true)
  })

  it('still refuses cursorPaginate() with a relational query, naming the select builder', async () => {
    const db = open('default')
    const error = await cursorPaginate(db.query.posts.findMany(), plan('include=author')).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(UnsupportedQueryError)
    expect((error as Error).message).toMatch(/select builder/)
  })

  it('loads counts on MariaDB (correlated subqueries in the select list run there) next to batched includes', async () => {
    const db = open('default')
    log.length = 0
    const page = await inRequest('/posts?include=comments_count,author&sort=id', () =>
      paginate(
        db.query.posts.findMany(),
        plan('include=comments_count,author&sort=id&per_page=50'),
      ),
    )
    const want = (await knex(t.comments)
      .select('post_id')
      .count({ n: '*' })
      .whereIn(
        'post_id',
        page.items().map((r) => (r as { id: number }).id),
      )
      .groupBy('post_id')) as { post_id: number; n: number | string }[]
    const byPost = new Map(want.map((r) => [Number(r.post_id), Number(r.n)]))
    const counted = page.items() as unknown as {
      id: number
      comments_count: unknown
      writer: { id: number }
      user_id: number
    }[]
    expect(counted).toHaveLength(50)
    for (const row of counted) {
      expect(row.comments_count).toBe(byPost.get(row.id) ?? 0)
      expect(row.writer.id).toBe(row.user_id)
    }
    // COUNT, the page with its counts, the writers
    expect(log).toHaveLength(3)
  })
})
