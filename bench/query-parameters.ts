// Query parameters: parsing and checking a typical query (3 includes, 2 sorts, 3 filters) against
// the resource's declaration, beside serving the page it belongs to (the same plan applied to a
// Knex query on SQLite, the includes loaded in batches, the collection rendered and stringified).
// The two are interleaved in one process, round by round; the target is parse + check < 5% of the
// page.
//
//   npm run bench -- query-parameters
//   node -r @swc-node/register bench/query-parameters.ts
import 'reflect-metadata'
import knexFactory, { type Knex } from 'knex'
import type * as Core from '../src/index'
import type * as KnexAdapter from '../src/adapters/knex/index'

const core = require('../src') as typeof Core
const { paginate } = require('../src/adapters/knex') as typeof KnexAdapter
const {
  Field,
  JsonResource,
  WhenLoaded,
  belongsTo,
  belongsToMany,
  defineQuery,
  defineRelations,
  hasMany,
  queryPlan,
} = core

interface Post {
  id: number
  user_id: number
  title: string
  published_at: string | null
  author?: unknown
  comments?: unknown
  tags?: unknown
}

class UserResource extends JsonResource<{ id: number; name: string }> {
  @Field() id!: number
  @Field() name!: string
}
class CommentResource extends JsonResource<{ id: number; body: string }> {
  @Field() id!: number
  @Field() body!: string
}
class TagResource extends JsonResource<{ id: number; name: string }> {
  @Field() id!: number
  @Field() name!: string
}
class PostResource extends JsonResource<Post> {
  static query = defineQuery<Post>()({
    sort: ['title', 'published_at', 'id'],
    defaultSort: '-id',
    filters: {
      author: { column: 'user_id', type: 'integer', operators: ['eq', 'in'] },
      title: { type: 'string', operators: ['contains'] },
      published: {
        type: 'boolean',
        where: (v) => ({ column: 'published_at', op: 'null', value: v !== true }),
      },
    },
    perPage: { default: 15, max: 50 },
  })
  @Field() id!: number
  @Field() title!: string
  @WhenLoaded(() => UserResource) author?: unknown
  @WhenLoaded(() => CommentResource) comments?: unknown
  @WhenLoaded(() => TagResource) tags?: unknown
}

const QUERY =
  'include=author,comments,tags&sort=-published_at,title&filter[author]=1,2,3,4,5,6,7,8' +
  '&filter[published]=true&filter[title][contains]=a&per_page=15'

const relations = defineRelations({
  posts: {
    author: belongsTo('users', { foreignKey: 'user_id' }),
    comments: hasMany('comments', { foreignKey: 'post_id' }),
    tags: belongsToMany('tags', {
      pivot: 'post_tag',
      foreignPivotKey: 'post_id',
      relatedPivotKey: 'tag_id',
    }),
  },
})

async function seed(db: Knex): Promise<void> {
  await db.schema.createTable('users', (t) => {
    t.integer('id').primary()
    t.string('name')
  })
  await db.schema.createTable('posts', (t) => {
    t.integer('id').primary()
    t.integer('user_id').index()
    t.string('title')
    t.string('published_at').nullable()
    t.index(['published_at', 'title', 'id'])
  })
  await db.schema.createTable('comments', (t) => {
    t.integer('id').primary()
    t.integer('post_id').index()
    t.string('body')
  })
  await db.schema.createTable('tags', (t) => {
    t.integer('id').primary()
    t.string('name')
  })
  await db.schema.createTable('post_tag', (t) => {
    t.integer('post_id').index()
    t.integer('tag_id')
  })
  await db.batchInsert(
    'users',
    Array.from({ length: 50 }, (_, i) => ({ id: i + 1, name: `User ${i + 1}` })),
    500,
  )
  await db.batchInsert(
    'posts',
    Array.from({ length: 5000 }, (_, i) => ({
      id: i + 1,
      user_id: (i % 50) + 1,
      title: `title ${i % 97} ${i % 3 === 0 ? 'a' : 'b'}`,
      published_at:
        i % 7 === 0 ? null : new Date(Date.UTC(2024, 0, 1) + i * 3600_000).toISOString(),
    })),
    500,
  )
  await db.batchInsert(
    'comments',
    Array.from({ length: 15000 }, (_, i) => ({
      id: i + 1,
      post_id: (i % 5000) + 1,
      body: `c${i}`,
    })),
    500,
  )
  await db.batchInsert(
    'tags',
    Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `tag${i}` })),
    500,
  )
  await db.batchInsert(
    'post_tag',
    Array.from({ length: 10000 }, (_, i) => ({ post_id: (i % 5000) + 1, tag_id: (i % 20) + 1 })),
    500,
  )
}

async function main(): Promise<void> {
  const db = knexFactory({
    client: 'better-sqlite3',
    connection: { filename: ':memory:' },
    useNullAsDefault: true,
  })
  await seed(db)
  const parse = () => queryPlan(PostResource, { query: QUERY })
  const serve = async () => {
    const plan = queryPlan(PostResource, { query: QUERY })
    const page = await paginate(db('posts'), plan, { relations })
    return JSON.stringify(PostResource.collection(page))
  }
  const sample = JSON.parse(await serve()) as { data: unknown[] }
  if (sample.data.length !== 15) throw new Error(`expected a page of 15, got ${sample.data.length}`)
  // warm up both
  for (let i = 0; i < 5000; i++) parse()
  for (let i = 0; i < 200; i++) await serve()
  const ratios: number[] = []
  const parseUs: number[] = []
  const serveUs: number[] = []
  for (let round = 0; round < 15; round++) {
    let t = process.hrtime.bigint()
    for (let i = 0; i < 2000; i++) parse()
    const p = Number(process.hrtime.bigint() - t) / 1000 / 2000
    t = process.hrtime.bigint()
    for (let i = 0; i < 100; i++) await serve()
    const s = Number(process.hrtime.bigint() - t) / 1000 / 100
    parseUs.push(p)
    serveUs.push(s)
    ratios.push(p / s)
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]
  const ratio = median(ratios)
  console.log(
    '## query parameters: parse + check vs the page it belongs to (interleaved, 15 rounds)',
  )
  console.log('| case | us/op (median) |')
  console.log('|---|---:|')
  console.log(`| queryPlan(): 3 includes, 2 sorts, 3 filters | ${median(parseUs).toFixed(2)} |`)
  console.log(
    `| the page: plan + paginate() on SQLite (COUNT, rows, 3 includes) + render | ${median(serveUs).toFixed(0)} |`,
  )
  const met = ratio < 0.05
  console.log(
    `target: parse + check < 5% of serving the page (median of per-round ratios): ${(ratio * 100).toFixed(2)}% ${met ? 'MET' : 'MISSED'}`,
  )
  await db.destroy()
  if (!met) process.exitCode = 1
}

void main()
