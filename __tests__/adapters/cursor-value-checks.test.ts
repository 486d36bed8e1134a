// Cursor pages where the driver or the database would otherwise decide wrongly without a word:
// - better-sqlite3 with safeIntegers() reads the catalog's `pk` flag as 0n, which must not make
//   every INTEGER column the rowid (NOT NULL): NULL rows were skipped;
// - an impossible date in a cursor (`2024-02-30`, `2024-13-45 99:00:00`) is refused before SQL:
//   MariaDB turns it into NULL with a warning (a wrong page), PostgreSQL raises an error;
// - a database's value error wrapped by an ORM (Objection's DataError) is still a 400.
// - a value of the wrong kind for a SQLite column (a boolean or a number for TEXT, an integer past
//   64 bits) is refused before SQL: better-sqlite3 cannot bind a boolean (a 500), Knex binds it as
//   1, and SQLite compares a number with text or a huge number with integers (a wrong page); with
//   Kysely, a boolean for a column whose type is not known is bound as SQLite stores one (1 or 0);
//   with Drizzle, a SQLite `blob` column's values are known from its mode (`bigint`: an integer;
//   `buffer`: none, a Buffer is no cursor value), and a forged one of another kind is a 400;
// - a number past a MySQL/MariaDB decimal(p,s), or a non-finite one, is refused: MariaDB clamps it;
import BetterSqlite3 from 'better-sqlite3'
import { asc } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { blob, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import knexFactory, { type Knex } from 'knex'
import { Kysely, SqliteDialect } from 'kysely'
import { Model } from 'objection'
import { InvalidCursorError } from 'api-resources'
import { cursorPaginate as drizzleCursorPaginate } from 'api-resources/drizzle'
import { cursorPaginate } from 'api-resources/knex'
import { cursorPaginate as kyselyCursorPaginate } from 'api-resources/kysely'
import { cursorPaginate as objectionCursorPaginate } from 'api-resources/objection'
import { DIALECTS, uniqueName } from '../support/db'

const cursorOf = (values: Record<string, unknown>) =>
  Buffer.from(JSON.stringify({ ...values, _pointsToNextItems: true })).toString('base64url')

/**
 * Knex over one in-memory SQLite database (a single connection, so every query sees the same
 * tables); `safeIntegers`: every INTEGER read as a bigint.
 */
function memoryKnex(safeIntegers = false): Knex {
  return knexFactory({
    client: 'better-sqlite3',
    connection: { filename: ':memory:' },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate: (c: BetterSqlite3.Database, done: () => void) => {
        c.defaultSafeIntegers(safeIntegers)
        done()
      },
    },
  })
}

describe('SQLite with safeIntegers(): a nullable INTEGER order column', () => {
  let knex: Knex
  beforeAll(async () => {
    knex = memoryKnex(true)
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

describe('a SQLite cursor value of the wrong kind for its column', () => {
  let raw: BetterSqlite3.Database
  let knex: Knex
  let kysely: Kysely<Record<string, { id: number; name: string; r: number }>>
  const table = sqliteTable('kinds', {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    r: real('r').notNull(),
  })
  beforeAll(() => {
    raw = new BetterSqlite3(':memory:')
    raw.exec(
      'create table kinds (id integer primary key, name text not null, r real not null); ' +
        "insert into kinds values (1, 'a', 1.5), (2, 'b', 2.5), (3, 'c', 3.5)",
    )
    knex = memoryKnex()
    kysely = new Kysely({ dialect: new SqliteDialect({ database: raw }) })
  })
  beforeAll(async () => {
    await knex.raw(
      'create table kinds (id integer primary key, name text not null, r real not null)',
    )
    await knex('kinds').insert([
      { id: 1, name: 'a', r: 1.5 },
      { id: 2, name: 'b', r: 2.5 },
      { id: 3, name: 'c', r: 3.5 },
    ])
  })
  afterAll(async () => {
    await knex.destroy()
    await kysely.destroy()
  })

  type Column = 'id' | 'name' | 'r'
  const cursor = (column: Column, value: unknown) =>
    cursorOf(column === 'id' ? { id: value } : { [column]: value, id: 1 })
  const pages: Record<string, (column: Column, value: unknown) => Promise<unknown[]>> = {
    knex: async (column, value) =>
      (
        await cursorPaginate(
          column === 'id'
            ? knex('kinds').orderBy('id')
            : knex('kinds').orderBy(column).orderBy('id'),
          2,
          cursor(column, value),
        )
      ).items(),
    kysely: async (column, value) =>
      (
        await kyselyCursorPaginate(
          column === 'id'
            ? kysely.selectFrom('kinds').selectAll().orderBy('id')
            : kysely.selectFrom('kinds').selectAll().orderBy(column).orderBy('id'),
          2,
          cursor(column, value),
        )
      ).items(),
    drizzle: async (column, value) =>
      (
        await drizzleCursorPaginate(
          column === 'id'
            ? drizzle(raw).select().from(table).orderBy(asc(table.id))
            : drizzle(raw).select().from(table).orderBy(asc(table[column]), asc(table.id)),
          2,
          cursor(column, value),
        )
      ).items(),
  }

  describe.each(Object.keys(pages))('%s', (adapter) => {
    const page = pages[adapter]
    it.each([
      ['name', true],
      ['name', 5],
      ['id', true],
      ['id', -1e30],
      ['id', 1e308],
      ['id', 2 ** 63],
      ['id', '9223372036854775808'],
      ['id', '-9223372036854775809'],
      ['id', 'abc'],
      ['r', true],
      ['r', 'abc'],
      ['r', '1e999'],
    ] as const)('refuses %s = %p as an InvalidCursorError', async (column, value) => {
      await expect(page(column, value)).rejects.toBeInstanceOf(InvalidCursorError)
    })

    it.each([
      ['name', 'a', 2],
      ['id', '-9223372036854775808', 2],
      ['id', '9223372036854775807', 0],
      ['r', 1.5, 2],
      ['r', '1.5', 2],
    ] as const)('takes %s = %p (%p rows follow it)', async (column, value, count) => {
      expect(await page(column, value)).toHaveLength(count)
    })
  })
})

describe('a SQLite datetime column: a possible date or a number, nothing else', () => {
  // NUMERIC affinity holds values of any kind, so a forged `true` or `'not-a-date'` compared as
  // sent (a wrong page); the ORMs store a date there as its text or as epoch milliseconds
  let raw: BetterSqlite3.Database
  let knex: Knex
  let kysely: Kysely<Record<string, { id: number; d: string }>>
  const rows = "(1, '2024-05-01 10:00:00.000'), (2, '2024-05-02 10:00:00.000'), (3, '2024-05-03')"
  beforeAll(async () => {
    raw = new BetterSqlite3(':memory:')
    raw.exec(
      `create table dates (id integer primary key, d datetime not null); insert into dates values ${rows}`,
    )
    kysely = new Kysely({ dialect: new SqliteDialect({ database: raw }) })
    knex = memoryKnex()
    await knex.raw('create table dates (id integer primary key, d datetime not null)')
    await knex.raw(`insert into dates values ${rows}`)
  })
  afterAll(async () => {
    await knex.destroy()
    await kysely.destroy()
  })
  const pages: Record<string, (value: unknown) => Promise<unknown[]>> = {
    knex: async (value) =>
      (
        await cursorPaginate(
          knex('dates').orderBy('d').orderBy('id'),
          2,
          cursorOf({ d: value, id: 1 }),
        )
      ).items(),
    kysely: async (value) =>
      (
        await kyselyCursorPaginate(
          kysely.selectFrom('dates').selectAll().orderBy('d').orderBy('id'),
          2,
          cursorOf({ d: value, id: 1 }),
        )
      ).items(),
  }
  describe.each(Object.keys(pages))('%s', (adapter) => {
    it.each([true, 'not-a-date', '2024-13-45 99:99:99', '2024-02-30'])(
      'refuses %p as an InvalidCursorError',
      async (value) => {
        await expect(pages[adapter](value)).rejects.toBeInstanceOf(InvalidCursorError)
      },
    )
    it.each([
      ['2024-05-01 10:00:00.000', 2],
      ['2024-05-01T10:00:00.000Z', 2],
      ['2024-05-01 10:00:00.000 +00:00', 2],
      ['2024-05-02', 2],
      [1714557600000, 2],
    ] as const)('takes %p (%p rows follow it)', async (value, count) => {
      expect(await pages[adapter](value)).toHaveLength(count)
    })
  })
})

describe('Kysely on SQLite: a boolean for a column whose kind is not known', () => {
  // better-sqlite3 cannot bind a boolean: a forged cursor's one was a 500; it reads as 1 or 0
  let raw: BetterSqlite3.Database
  let kysely: Kysely<{
    loose: { id: number; n: number }
    tags: { id: number; m: number }
  }>
  beforeAll(() => {
    raw = new BetterSqlite3(':memory:')
    raw.exec(
      'create table loose (id integer primary key, n not null); ' +
        'create table tags (id integer primary key, m not null); ' +
        'insert into loose values (1, 0), (2, 1), (3, 2); ' +
        'insert into tags values (1, 0), (2, 1), (3, 2)',
    )
    kysely = new Kysely({ dialect: new SqliteDialect({ database: raw }) })
  })
  afterAll(() => kysely.destroy())

  const ids = async (query: Parameters<typeof kyselyCursorPaginate>[0], cursor: string) =>
    (await kyselyCursorPaginate(query, 5, cursor)).items().map((r) => (r as { id: number }).id)

  it('an untyped column', async () => {
    const query = kysely.selectFrom('loose').selectAll().orderBy('n').orderBy('id')
    expect(await ids(query, cursorOf({ n: true, id: 1 }))).toEqual([2, 3])
    expect(await ids(query, cursorOf({ n: false, id: 1 }))).toEqual([2, 3])
  })

  it("a joined table's column named without its table", async () => {
    const query = kysely
      .selectFrom('loose')
      .innerJoin('tags', 'tags.id', 'loose.id')
      .select(['loose.id', 'm'])
      .orderBy('m')
      .orderBy('loose.id')
    expect(await ids(query, cursorOf({ m: true, 'loose.id': 2 }))).toEqual([3])
  })
})

describe('Drizzle on SQLite: a forged value for a blob column', () => {
  // the catalog's `blob` says nothing; Drizzle's mode does. A boolean for a buffer-mode column was
  // the driver's TypeError (a 500), and one for a bigint-mode column a wrong (empty) page
  const raw = new BetterSqlite3(':memory:')
  raw.exec(
    'create table blobs (id integer primary key, b blob, n blob); ' +
      "insert into blobs values (1, x'6162', cast('5' as blob)), (2, x'6364', cast('6' as blob))",
  )
  afterAll(() => raw.close())
  const table = sqliteTable('blobs', {
    id: integer('id').primaryKey(),
    b: blob('b', { mode: 'buffer' }),
    n: blob('n', { mode: 'bigint' }),
  })
  const page = async (column: 'b' | 'n', value: unknown) =>
    (
      await drizzleCursorPaginate(
        drizzle(raw).select().from(table).orderBy(asc(table[column]), asc(table.id)),
        1,
        cursorOf({ [column]: value, id: 1 }),
      )
    )
      .items()
      .map((r) => r.id)

  it.each([
    ['b', true],
    ['b', 12],
    ['b', 'ab'],
    ['n', true],
    ['n', 'zz'],
    ['n', 1.5],
  ] as const)('refuses %s = %p as a 400', async (column, value) => {
    const error: unknown = await page(column, value).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidCursorError)
    expect(error).toMatchObject({ status: 400 })
  })

  it('walks a bigint-mode column with the cursors it writes', async () => {
    const query = () => drizzle(raw).select().from(table).orderBy(asc(table.n), asc(table.id))
    const first = await drizzleCursorPaginate(query(), 1, null)
    expect(first.items().map((r) => r.id)).toEqual([1])
    const second = await drizzleCursorPaginate(query(), 1, first.nextCursor())
    expect(second.items().map((r) => r.id)).toEqual([2])
  })
})

describe('a binary order column', () => {
  // its NULLs come first, so the first page's cursor held only NULL: the page that read a Buffer
  // (a later one) failed instead of the first
  let knex: Knex
  beforeAll(async () => {
    knex = memoryKnex()
    await knex.raw('create table bins (id integer primary key, b blob)')
    await knex.raw("insert into bins values (1, null), (2, null), (3, x'01'), (4, x'02')")
  })
  afterAll(() => knex.destroy())

  it('is refused on the first page that reads one, naming the column and why', async () => {
    const error: unknown = await cursorPaginate(knex('bins').orderBy('b').orderBy('id'), 2, null)
      .then((page) => page.toJSON())
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'ERR_CURSOR_COLUMN' })
    expect((error as Error).message).toMatch(/"b".*a binary column is not one/)
  })
})

describe('an order that names a column twice', () => {
  let knex: Knex
  beforeAll(async () => {
    knex = memoryKnex()
    await knex.raw('create table twice (id integer primary key)')
    await knex('twice').insert([1, 2, 3, 4].map((id) => ({ id })))
  })
  afterAll(() => knex.destroy())

  const page = (cursor: string | null) =>
    cursorPaginate(knex('twice').orderBy('id').orderBy('id'), 2, cursor)

  it('refuses a cursor that carries another column beside it', async () => {
    await expect(page(cursorOf({ id: 2, zz: 'x' }))).rejects.toBeInstanceOf(InvalidCursorError)
  })

  it('walks with the cursors it writes', async () => {
    const first = await page(null)
    const second = await page(first.nextCursor()!.encode())
    expect(second.items().map((r) => r.id)).toEqual([3, 4])
  })
})

onMysql('a number past its column, on %s', (_name, dialect) => {
  let knex: Knex
  const table = uniqueName('cursor_numbers')
  beforeAll(async () => {
    knex = dialect!.knex()
    await knex.raw(
      `create table ${table} (id int primary key, n decimal(30,10) not null, ` +
        'u decimal(5,2) unsigned not null, f double not null)',
    )
    await knex(table).insert([
      { id: 1, n: '-99999999999999999999.9999999999', u: '0', f: 1 },
      { id: 2, n: '99999999999999999999.9999999999', u: '999.99', f: 1e308 },
    ])
  })
  afterAll(async () => {
    await knex?.schema.dropTableIfExists(table)
    await knex?.destroy()
  })

  const ids = async (column: string, value: unknown) =>
    (
      await cursorPaginate(
        knex(table).orderBy(column).orderBy('id'),
        2,
        cursorOf({ [column]: value, id: 0 }),
      )
    )
      .items()
      .map((r) => Number(r.id))

  it.each([
    ['n', '12345678901234567890123.1'],
    ['n', '100000000000000000000'],
    ['n', '-100000000000000000000'],
    ['n', '1e400'],
    ['n', 1e21],
    ['u', '1000'],
    ['u', '-1'],
    ['f', '1e999'],
    ['f', '-1e999'],
  ] as const)('refuses %s = %p as an InvalidCursorError', async (column, value) => {
    await expect(ids(column, value)).rejects.toBeInstanceOf(InvalidCursorError)
  })

  it.each([
    ['n', '-99999999999999999999.9999999999', [1, 2]],
    ['n', '99999999999999999999.9999999999', [2]],
    ['n', '1.5e19', [2]],
    ['u', '999.99', [2]],
    ['u', '0.00', [1, 2]],
    ['f', '1e300', [2]],
  ] as const)('takes %s = %p', async (column, value, expected) => {
    expect(await ids(column, value)).toEqual(expected)
  })
})
