// Cursor pages where the driver or the database would otherwise decide wrongly without a word:
// - better-sqlite3 with safeIntegers() reads the catalog's `pk` flag as 0n, which must not make
//   every INTEGER column the rowid (NOT NULL): NULL rows were skipped;
// - an impossible date in a cursor (`2024-02-30`, `2024-13-45 99:00:00`) is refused before SQL:
//   MariaDB turns it into NULL with a warning (a wrong page), PostgreSQL raises an error;
// - a database's value error wrapped by an ORM (Objection's DataError) is still a 400.
import BetterSqlite3 from 'better-sqlite3'
import knexFactory, { type Knex } from 'knex'
import { Model } from 'objection'
import { InvalidCursorError } from 'api-resources'
import { cursorPaginate } from 'api-resources/knex'
import { cursorPaginate as objectionCursorPaginate } from 'api-resources/objection'
import { DIALECTS, uniqueName } from '../support/db'

const cursorOf = (values: Record<string, unknown>) =>
  Buffer.from(JSON.stringify({ ...values, _pointsToNextItems: true })).toString('base64url')

describe('SQLite with safeIntegers(): a nullable INTEGER order column', () => {
  let knex: Knex
  beforeAll(async () => {
    knex = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: ':memory:' },
      useNullAsDefault: true,
      pool: {
        afterCreate: (c: BetterSqlite3.Database, done: () => void) => {
          c.defaultSafeIntegers(true)
          done()
        },
      },
    })
    await knex.raw('create table t (id integer primary key, n integer)')
    await knex('t').insert([
      { id: 1, n: 1 },
      { id: 2, n: 2 },
      { id: 3, n: null },
      { id: 4, n: null },
      { id: 5, n: 3 },
    ])
  })
  afterAll(() => knex.destroy())

  it.each([
    ['desc', [5, 2, 1, 3, 4]],
    ['asc', [3, 4, 1, 2, 5]],
  ] as const)('walks every row once, %s', async (direction, expected) => {
    const seen: number[] = []
    let cursor: string | null = null
    for (let i = 0; i < 10; i++) {
      const page: { items(): unknown[]; nextCursor(): { encode(): string } | null } =
        await cursorPaginate(knex('t').orderBy('n', direction).orderBy('id'), 2, cursor)
      seen.push(...page.items().map((r) => Number((r as { id: bigint }).id)))
      cursor = page.nextCursor()?.encode() ?? null
      if (cursor === null) break
    }
    expect(seen).toEqual(expected)
  })
})

const servers = DIALECTS.filter((d) => d.name !== 'sqlite').map((d) => [d.name, d] as const)
const run = servers.length > 0 ? describe.each(servers) : describe.skip.each([['none', null]])

run('a cursor value the column cannot hold, on %s', (name, dialect) => {
  let knex: Knex
  const table = uniqueName('cursor_checks')
  beforeAll(async () => {
    knex = dialect!.knex()
    await knex.schema.createTable(table, (t) => {
      t.integer('id').primary()
      t.specificType('ts', name === 'postgres' ? 'timestamp(6)' : 'datetime(6)').notNullable()
    })
    await knex(table).insert([
      { id: 1, ts: '2024-01-01 00:00:00' },
      { id: 2, ts: '2024-06-01 00:00:00' },
    ])
  })
  afterAll(async () => {
    await knex?.schema.dropTableIfExists(table)
    await knex?.destroy()
  })

  const page = (ts: string) =>
    cursorPaginate(knex(table).orderBy('ts', 'desc').orderBy('id'), 1, cursorOf({ ts, id: 1 }))

  it.each([
    '2024-13-45 99:00:00',
    '2024-02-30 10:00:00',
    '2023-02-29',
    '2024-01-01 24:00:00',
    '2024-01-01 10:61:00',
  ])('refuses %s as a 400 before it reaches SQL', async (ts) => {
    await expect(page(ts)).rejects.toBeInstanceOf(InvalidCursorError)
  })

  // PostgreSQL raises 22009; MariaDB would drop the offset with a warning (a wrong page)
  it('refuses a zone offset out of range as a 400', async () => {
    await expect(page('2024-01-01 10:00:00+99:99')).rejects.toBeInstanceOf(InvalidCursorError)
  })

  it('takes a date that exists (a leap day)', async () => {
    expect((await page('2024-02-29 10:00:00.123456')).items().map((r) => r.id)).toEqual([1])
  })

  // MariaDB reads an offset it cannot use as none, with a warning: PostgreSQL raises 22009
  const onPostgres = name === 'postgres' ? it : it.skip
  onPostgres('answers 400 when the database refuses a value an ORM wraps (Objection)', async () => {
    class Row extends Model {
      static override tableName = table
    }
    const bound = Row.bindKnex(knex)
    // passes the date check (an offset of that shape), which PostgreSQL refuses (22009)
    const error = await objectionCursorPaginate(
      bound.query().orderBy('ts').orderBy('id'),
      1,
      cursorOf({ ts: '2024-01-01 10:00:00+99:99', id: 1 }),
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidCursorError)
  })
})

const mysql = DIALECTS.filter((d) => d.name === 'mysql').map((d) => [d.name, d] as const)
const onMysql = mysql.length > 0 ? describe.each(mysql) : describe.skip.each([['none', null]])

onMysql('the range of an unsigned and a small integer column, on %s', (_name, dialect) => {
  let knex: Knex
  const table = uniqueName('cursor_ranges')
  beforeAll(async () => {
    knex = dialect!.knex()
    await knex.raw(
      `create table ${table} (id int unsigned primary key, s tinyint not null, b tinyint(1) not null)`,
    )
    await knex(table).insert([
      { id: 1, s: -128, b: 0 },
      { id: 4294967295, s: 127, b: 1 },
    ])
  })
  afterAll(async () => {
    await knex?.schema.dropTableIfExists(table)
    await knex?.destroy()
  })

  const byId = (id: unknown) => cursorPaginate(knex(table).orderBy('id'), 1, cursorOf({ id }))
  const byS = (s: unknown) =>
    cursorPaginate(knex(table).orderBy('s').orderBy('id'), 1, cursorOf({ s, id: 1 }))

  it.each([-1, 4294967296])('refuses id %p, outside int unsigned', async (id) => {
    await expect(byId(id)).rejects.toBeInstanceOf(InvalidCursorError)
  })
  it.each([-129, 128])('refuses s %p, outside tinyint', async (s) => {
    await expect(byS(s)).rejects.toBeInstanceOf(InvalidCursorError)
  })
  it('takes the bounds themselves', async () => {
    expect((await byId(0)).items().map((r) => Number(r.id))).toEqual([1])
    expect((await byS(-128)).items().map((r) => Number(r.id))).toEqual([4294967295])
  })
  it('takes a boolean for a tinyint(1)', async () => {
    const page = await cursorPaginate(
      knex(table).orderBy('b').orderBy('id'),
      1,
      cursorOf({ b: false, id: 1 }),
    )
    expect(page.items().map((r) => Number(r.id))).toEqual([4294967295])
  })
})
