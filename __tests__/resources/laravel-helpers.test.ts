// whenHas, whenNull, mergeUnless, whenAggregated and whenExistsLoaded in toArray(): on plain objects,
// and on rows selected by Knex and Kysely from real databases (aggregates and EXISTS as subqueries).
import 'reflect-metadata'
import type { Knex } from 'knex'
import { sql } from 'kysely'
import { JsonResource, MISSING } from '../../src'
import { DIALECTS, uniqueName } from '../support/db'

interface Author {
  id: number
  name: string
  nickname?: string | null
  posts_sum_votes?: number | string | null
  posts_avg_votes?: number | string | null
  posts_max_created_at?: string | null
  posts_exists?: number | boolean | null
  is_admin?: boolean
}

class AuthorResource extends JsonResource<Author> {
  override toArray() {
    const a = this.resource
    return {
      id: a.id,
      nickname: this.whenHas('nickname'),
      shout: this.whenHas('nickname', (n: string | null) => (n === null ? null : n.toUpperCase())),
      label: this.whenHas('nickname', 'has one', 'none'),
      missing_nickname: this.whenNull(a.nickname),
      ...this.mergeUnless(a.is_admin, { limited: true }),
      votes: this.whenAggregated('posts', 'votes', 'sum', (v) => Number(v)),
      average: this.whenAggregated('posts', 'votes', 'avg', (v) => Math.round(Number(v))),
      latest: this.whenAggregated('posts', 'created_at', 'max'),
      has_posts: this.whenExistsLoaded('posts'),
    }
  }
}

describe('Laravel 13 helpers on plain objects', () => {
  it('whenHas: the attribute when present (null included), a value, a fallback', () => {
    expect(new AuthorResource({ id: 1, name: 'a', nickname: 'ada' }).toPayload()).toMatchObject({
      data: { nickname: 'ada', shout: 'ADA', label: 'has one' },
    })
    const withNull = new AuthorResource({ id: 1, name: 'a', nickname: null }).toArray()
    expect(withNull.nickname).toBeNull()
    const absent = new AuthorResource({ id: 1, name: 'a' })
    expect(absent.toArray().nickname).toBe(MISSING)
    expect(absent.toArray().label).toBe('none')
    expect(absent.toPayload()).not.toHaveProperty('data.nickname')
  })

  it('whenNull: null when null or undefined, no key otherwise', () => {
    expect(new AuthorResource({ id: 1, name: 'a' }).toPayload()).toMatchObject({
      data: { missing_nickname: null },
    })
    expect(new AuthorResource({ id: 1, name: 'a', nickname: 'x' }).toPayload()).not.toHaveProperty(
      'data.missing_nickname',
    )
  })

  it('mergeUnless: merges when the condition is false', () => {
    expect(new AuthorResource({ id: 1, name: 'a' }).toPayload()).toMatchObject({
      data: { limited: true },
    })
    expect(new AuthorResource({ id: 1, name: 'a', is_admin: true }).toPayload()).not.toHaveProperty(
      'data.limited',
    )
  })

  it('whenAggregated / whenExistsLoaded read Laravel-named attributes: absent means no key, null is null', () => {
    const data = (
      new AuthorResource({
        id: 1,
        name: 'a',
        posts_sum_votes: 12,
        posts_avg_votes: 4,
        posts_max_created_at: '2026-01-02',
        posts_exists: 1,
      }).toPayload() as { data: Record<string, unknown> }
    ).data
    expect(data).toMatchObject({ votes: 12, average: 4, latest: '2026-01-02', has_posts: true })
    const none = (
      new AuthorResource({ id: 2, name: 'b', posts_sum_votes: null }).toPayload() as {
        data: Record<string, unknown>
      }
    ).data
    expect(none).toHaveProperty('votes', null)
    expect(none).not.toHaveProperty('has_posts')
    expect(none).not.toHaveProperty('latest')
  })

  it('a camelCase relation is named in snake case, as Laravel does', () => {
    class R extends JsonResource<Record<string, unknown>> {
      override toArray() {
        return { n: this.whenAggregated('blogPosts', 'readCount', 'sum') }
      }
    }
    expect(new R({ blog_posts_sum_read_count: 3 }).toPayload()).toEqual({ data: { n: 3 } })
  })
})

describe.each(DIALECTS.map((d) => [d.name, d] as const))(
  'aggregates and EXISTS selected from %s',
  (_name, dialect) => {
    let db: Knex
    const users = uniqueName('agg_users')
    const posts = uniqueName('agg_posts')

    beforeAll(async () => {
      db = dialect.knex()
      await db.schema.createTable(users, (t) => {
        t.integer('id').primary()
        t.string('name')
      })
      await db.schema.createTable(posts, (t) => {
        t.integer('id').primary()
        t.integer('user_id')
        t.integer('votes')
        t.string('created_at')
      })
      await db(users).insert([
        { id: 1, name: 'Ada' },
        { id: 2, name: 'Bob' },
      ])
      await db(posts).insert([
        { id: 1, user_id: 1, votes: 3, created_at: '2026-01-01' },
        { id: 2, user_id: 1, votes: 6, created_at: '2026-03-01' },
      ])
    })

    afterAll(async () => {
      if (db === undefined) return
      await db.schema.dropTableIfExists(posts)
      await db.schema.dropTableIfExists(users)
      await db.destroy()
    })

    const expected = [
      { id: 1, votes: 9, average: 5, latest: '2026-03-01', has_posts: true },
      // a SUM, AVG or MAX over no rows is NULL: it renders null, as in Laravel
      { id: 2, votes: null, average: null, latest: null, has_posts: false },
    ]

    function shaped(rows: Author[]) {
      const out = AuthorResource.collection(rows).toPayload() as { data: Record<string, unknown>[] }
      return out.data.map(({ id, votes, average, latest, has_posts }) =>
        Object.fromEntries(
          Object.entries({ id, votes, average, latest, has_posts }).filter(
            ([, v]) => v !== undefined,
          ),
        ),
      )
    }

    it('through Knex subqueries', async () => {
      const sub = (fn: string, column: string) =>
        db(posts)
          .whereRaw('??.user_id = ??.id', [posts, users])
          .select(db.raw(`${fn}(??)`, [column]))
      const rows: Author[] = await db(users)
        .select(`${users}.id`, `${users}.name`)
        .select(sub('sum', 'votes').as('posts_sum_votes'))
        .select(sub('avg', 'votes').as('posts_avg_votes'))
        .select(sub('max', 'created_at').as('posts_max_created_at'))
        .select(
          db.raw('exists (select 1 from ?? where ??.user_id = ??.id) as posts_exists', [
            posts,
            posts,
            users,
          ]),
        )
        .orderBy(`${users}.id`)
      expect(shaped(rows)).toEqual(expected)
    })

    it('through Kysely subqueries', async () => {
      const k = dialect.kysely<Record<string, Record<string, unknown>>>()
      try {
        if (dialect.name === 'sqlite') {
          // a new in-memory database: the same tables and rows
          for (const statement of [
            `create table ${users} (id integer primary key, name varchar(50))`,
            `create table ${posts} (id integer primary key, user_id integer, votes integer, created_at varchar(20))`,
            `insert into ${users} values (1, 'Ada'), (2, 'Bob')`,
            `insert into ${posts} values (1, 1, 3, '2026-01-01'), (2, 1, 6, '2026-03-01')`,
          ])
            await sql.raw(statement).execute(k)
        }
        const rows = (await k
          .selectFrom(`${users} as u`)
          .select(['u.id', 'u.name'])
          .select((eb) => [
            eb
              .selectFrom(`${posts} as p`)
              .whereRef('p.user_id', '=', 'u.id')
              .select(eb.fn.sum('p.votes').as('s'))
              .as('posts_sum_votes'),
            eb
              .selectFrom(`${posts} as p`)
              .whereRef('p.user_id', '=', 'u.id')
              .select(eb.fn.avg('p.votes').as('a'))
              .as('posts_avg_votes'),
            eb
              .selectFrom(`${posts} as p`)
              .whereRef('p.user_id', '=', 'u.id')
              .select(eb.fn.max('p.created_at').as('m'))
              .as('posts_max_created_at'),
            eb
              .exists(
                eb
                  .selectFrom(`${posts} as p`)
                  .whereRef('p.user_id', '=', 'u.id')
                  .select(sql`1`.as('one')),
              )
              .as('posts_exists'),
          ])
          .orderBy('u.id')
          .execute()) as unknown as Author[]
        expect(shaped(rows)).toEqual(expected)
      } finally {
        await k.destroy()
      }
    })
  },
)
