// A loaded count is a number, as its type (`posts_count?: number`) and its schema (`integer`) say:
// node-postgres reads `count(*)` (a bigint) as its digits, and a driver may give a `bigint`. Before,
// `@WhenCounted()` and `whenCounted()` passed the string on, so the payload held "2" on PostgreSQL
// and `checkResponses` refused it.
import 'reflect-metadata'
import type { Knex } from 'knex'
import { Field, JsonResource, WhenCounted } from '../../src'
import { bodySchema } from '../../src/openapi'
import Ajv2020 from 'ajv/dist/2020'
import { DIALECTS, uniqueName } from '../support/db'

interface User {
  id: number
  posts_count?: unknown
}

class UserResource extends JsonResource<User> {
  @Field() id!: number
  @WhenCounted() posts_count?: number
}

class HelperResource extends JsonResource<User> {
  override toArray() {
    return {
      id: this.resource.id,
      posts_count: this.whenCounted('posts'),
      doubled: this.whenCounted('posts', (count) => count * 2),
    }
  }
}

/** The payload items of `rows` through `resource`. */
function counts(resource: 'decorator' | 'helper', rows: User[]): Record<string, unknown>[] {
  const body =
    resource === 'decorator'
      ? UserResource.collection(rows).toPayload()
      : HelperResource.collection(rows).toPayload()
  return (body as { data: Record<string, unknown>[] }).data
}

describe('a loaded count is a number', () => {
  it.each([
    ['digits', '2', 2],
    ['zero', '0', 0],
    ['a bigint', 7n, 7],
    ['a number', 3, 3],
  ])('from %s (decorator and helper)', (_label, given, expected) => {
    expect(counts('decorator', [{ id: 1, posts_count: given }])).toEqual([
      { id: 1, posts_count: expected },
    ])
    expect(counts('helper', [{ id: 1, posts_count: given }])).toEqual([
      { id: 1, posts_count: expected, doubled: expected * 2 },
    ])
  })

  it('leaves what is not a count a number holds exactly as it is', () => {
    for (const given of ['12345678901234567890', '2.5', ' 2', '-1', 'x', 2n ** 60n])
      // (a bigint payload value is written as its digits)
      expect(counts('decorator', [{ id: 1, posts_count: given }])[0].posts_count).toBe(
        typeof given === 'bigint' ? String(given) : given,
      )
    // null renders null; no key when the count was not loaded
    expect(counts('decorator', [{ id: 1, posts_count: null }])).toEqual([
      { id: 1, posts_count: null },
    ])
    expect(counts('decorator', [{ id: 1 }])).toEqual([{ id: 1 }])
  })
})

describe.each(DIALECTS.map((d) => [d.name, d] as const))(
  'a count selected as a subquery on %s',
  (_name, dialect) => {
    let db: Knex
    const users = uniqueName('cnt_users')
    const posts = uniqueName('cnt_posts')

    beforeAll(async () => {
      db = dialect.knex()
      await db.schema.createTable(users, (t) => t.integer('id').primary())
      await db.schema.createTable(posts, (t) => {
        t.integer('id').primary()
        t.integer('user_id')
      })
      await db(users).insert([{ id: 1 }, { id: 2 }])
      await db(posts).insert([
        { id: 1, user_id: 1 },
        { id: 2, user_id: 1 },
      ])
    })

    afterAll(async () => {
      if (db === undefined) return
      await db.schema.dropTableIfExists(posts)
      await db.schema.dropTableIfExists(users)
      await db.destroy()
    })

    it('renders a number, valid against the generated schema', async () => {
      const rows: User[] = await db(users)
        .select(`${users}.id`)
        .select(
          db(posts).count('*').whereRaw('??.user_id = ??.id', [posts, users]).as('posts_count'),
        )
        .orderBy(`${users}.id`)
      const body = UserResource.collection(rows).toPayload()
      expect((body as { data: unknown }).data).toEqual([
        { id: 1, posts_count: 2 },
        { id: 2, posts_count: 0 },
      ])
      const validate = new Ajv2020({ strict: false }).compile(
        bodySchema(UserResource, 'collection'),
      )
      expect(validate(JSON.parse(JSON.stringify(body)))).toBe(true)
    })
  },
)
