// A PostgreSQL column whose type is a domain (`create domain stamp as timestamp(6)`) is described by
// the domain's base type, and is NOT NULL when the domain says so: before, the catalog gave the
// domain's name, a type the cursor does not know, and a microsecond timestamp under a domain was
// refused (ERR_CURSOR_ORDER) with advice that did not apply.
import type { Knex } from 'knex'
import { cursorPaginate } from 'api-resources/knex'
import { DIALECTS, uniqueName } from '../support/db'

const postgres = DIALECTS.find((d) => d.name === 'postgres')
const run = postgres === undefined ? describe.skip : describe

run('cursor pages over PostgreSQL domain columns', () => {
  let db: Knex
  const table = uniqueName('domain_rows')
  const stamp = `${table}_stamp`
  const rank = `${table}_rank`

  beforeAll(async () => {
    db = postgres!.knex()
    await db.raw(`create domain ${stamp} as timestamp(6)`)
    await db.raw(`create domain ${rank} as integer not null`)
    await db.raw(`create table ${table} (id integer primary key, at ${stamp}, r ${rank})`)
    // 30 rows in 10 microseconds of one millisecond, 3 per microsecond
    await db(table).insert(
      Array.from({ length: 30 }, (_, i) => ({
        id: i + 1,
        at: `2024-03-10 02:30:00.1230${Math.floor(i / 3)}`,
        r: i % 4,
      })),
    )
  })

  afterAll(async () => {
    await db.schema.dropTableIfExists(table)
    await db.raw(`drop domain if exists ${stamp}`)
    await db.raw(`drop domain if exists ${rank}`)
    await db.destroy()
  })

  async function walk(query: () => Knex.QueryBuilder): Promise<number[]> {
    const ids: number[] = []
    let cursor: string | undefined
    for (let pages = 0; pages < 40; pages++) {
      const page = await cursorPaginate(query(), 4, cursor)
      ids.push(...page.items().map((row) => Number((row as { id: number }).id)))
      cursor = page.nextCursor()?.encode()
      if (cursor === undefined) return ids
    }
    throw new Error('the walk did not end')
  }

  it('walks a microsecond timestamp under a domain, every row once', async () => {
    const query = () => db(table).orderBy('at', 'desc').orderBy('id')
    const expected = (await query()).map((row: { id: number }) => Number(row.id))
    expect(await walk(query)).toEqual(expected)
  })

  it('reads a NOT NULL domain as NOT NULL: no NULL branch in the page query', async () => {
    const sql: string[] = []
    const log = (q: { sql: string }) => void sql.push(q.sql)
    db.on('query', log)
    const query = () => db(table).orderBy('r').orderBy('id')
    const expected = (await query()).map((row: { id: number }) => Number(row.id))
    expect(await walk(query)).toEqual(expected)
    db.off('query', log)
    expect(sql.filter((text) => /limit/i.test(text)).join('\n')).not.toMatch(/is null/i)
  })
})
