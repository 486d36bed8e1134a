// Knex and Kysely cursorPaginate() ordered by a column of a joined table: the catalog describes it
// as it does the query's own table's columns (a MySQL/MariaDB FLOAT travels as its double's text,
// a DECIMAL or numeric read as a JS number as its text, an inner-joined NOT NULL column has no
// IS NULL term, a left-joined one keeps it), and a number the catalog cannot vouch for (a column
// of a sub-query) fails the first page naming the column, instead of a `next` link that loops.
import knexFactory, { type Knex } from 'knex'
import { Kysely, MysqlDialect, PostgresDialect, type SelectQueryBuilder } from 'kysely'
import pg from 'pg'
import { createPool } from 'mysql2'
import { ArgumentError, type CursorPaginator } from 'api-resources'
import { cursorPaginate as knexCursorPaginate } from 'api-resources/knex'
import { cursorPaginate as kyselyCursorPaginate } from 'api-resources/kysely'
import { DIALECTS, uniqueName } from '../support/db'
import { walk } from './cursor-walk'

const servers = DIALECTS.filter((d) => d.name !== 'sqlite').map((d) => [d.name] as const)
const run = servers.length > 0 ? describe.each(servers) : describe.skip.each([['none']])

type Query = SelectQueryBuilder<any, any, any>

/** node-postgres reading `numeric` (type 1700) as a JS number, for this client only. */
const numericAsNumber = {
  getTypeParser: (id: number, format?: string) =>
    id === 1700 ? parseFloat : pg.types.getTypeParser(id, format as 'text'),
}

run('a cursor over a joined column on %s', (name) => {
  const url = name === 'postgres' ? process.env.PG_URL! : process.env.MYSQL_URL!
  const a = uniqueName('jc_a')
  const b = uniqueName('jc_b')
  let knex: Knex
  /** Reads DECIMAL/numeric as JS numbers (mysql2's decimalNumbers, a pg type parser). */
  let knexNumbers: Knex
  let kysely: Kysely<any>
  let kyselyNumbers: Kysely<any>
  const log: string[] = []

  beforeAll(async () => {
    knex = knexFactory(
      name === 'postgres'
        ? { client: 'pg', connection: url }
        : { client: 'mysql2', connection: url },
    )
    knex.on('query', (q: { sql: string }) => log.push(q.sql))
    knexNumbers = knexFactory(
      name === 'postgres'
        ? { client: 'pg', connection: { connectionString: url, types: numericAsNumber } as never }
        : { client: 'mysql2', connection: { uri: url, decimalNumbers: true } as never },
    )
    const kyselyOf = (numbers: boolean) =>
      new Kysely<any>({
        dialect:
          name === 'postgres'
            ? new PostgresDialect({
                pool: new pg.Pool({
                  connectionString: url,
                  max: 2,
                  ...(numbers ? { types: numericAsNumber } : {}),
                }),
              })
            : new MysqlDialect({
                pool: createPool({ uri: url, connectionLimit: 2, decimalNumbers: numbers }),
              }),
        log: (event) => {
          if (event.level === 'query') log.push(event.query.sql)
        },
      })
    kysely = kyselyOf(false)
    kyselyNumbers = kyselyOf(true)
    const float = name === 'postgres' ? 'real' : 'float'
    await knex.raw(`create table ?? (id int primary key, b_id int not null)`, [a])
    await knex.raw(
      `create table ?? (id int primary key, fl ${float} not null, dc decimal(30,10) not null)`,
      [b],
    )
    // the decimals differ past a double's 17 digits
    await knex(b).insert([
      { id: 1, fl: 0.1, dc: '12345678901234567890.1234567891' },
      { id: 2, fl: 0.2, dc: '12345678901234567890.1234567892' },
      { id: 3, fl: 0.3, dc: '12345678901234567890.1234567893' },
    ])
    // 7 and 8 join no row of b
    await knex(a).insert(
      [1, 2, 3, 4, 5, 6, 7, 8].map((id) => ({ id, b_id: id > 6 ? 99 : ((id - 1) % 3) + 1 })),
    )
  })

  afterAll(async () => {
    await knex?.schema.dropTableIfExists(a)
    await knex?.schema.dropTableIfExists(b)
    await Promise.all([knex?.destroy(), knexNumbers?.destroy()])
    await Promise.all([kysely?.destroy(), kyselyNumbers?.destroy()])
  })

  type Join = 'inner' | 'left' | 'subquery'

  /** The page of `runner` ordered by `column` of the joined table (as `t`), then `a.id`. */
  function pager(
    runner: 'knex' | 'kysely',
    column: 'fl' | 'dc',
    join: Join,
    numbers = false,
    direction: 'asc' | 'desc' = 'asc',
  ): (cursor: string | null) => Promise<CursorPaginator<{ id: number }>> {
    const t = join === 'subquery' ? 's' : b
    if (runner === 'knex') {
      const db = numbers ? knexNumbers : knex
      const query = () => {
        const q = db(a).select(`${a}.id`, `${t}.${column}`)
        if (join === 'inner') q.join(b, `${b}.id`, `${a}.b_id`)
        else if (join === 'left') q.leftJoin(b, `${b}.id`, `${a}.b_id`)
        else q.join(db(b).select('id', column).as('s'), 's.id', `${a}.b_id`)
        return q.orderBy(`${t}.${column}`, direction).orderBy(`${a}.id`)
      }
      return (cursor) => knexCursorPaginate(query(), 2, cursor)
    }
    const db = numbers ? kyselyNumbers : kysely
    const query = (): Query => {
      let q: Query = db.selectFrom(a)
      if (join === 'inner') q = q.innerJoin(b, `${b}.id`, `${a}.b_id`)
      else if (join === 'left') q = q.leftJoin(b, `${b}.id`, `${a}.b_id`)
      else q = q.innerJoin(db.selectFrom(b).select(['id', column]).as('s'), 's.id', `${a}.b_id`)
      return q
        .select([`${a}.id`, `${t}.${column}`])
        .orderBy(`${t}.${column}`, direction)
        .orderBy(`${a}.id`)
    }
    return (cursor) => kyselyCursorPaginate(query(), 2, cursor)
  }

  const runners = ['knex', 'kysely'] as const

  it.each(runners)('%s: a joined FLOAT (real) walks every row once', async (runner) => {
    await walk(pager(runner, 'fl', 'inner'), [1, 4, 2, 5, 3, 6], 2)
  })

  it.each(runners)(
    '%s: a joined DECIMAL (numeric) the driver reads as a JS number walks every row once',
    async (runner) => {
      const [row] = await knexNumbers(b).where('id', 1)
      expect(typeof row.dc).toBe('number') // the driver does read numbers
      await walk(pager(runner, 'dc', 'inner', true), [1, 4, 2, 5, 3, 6], 2)
    },
  )

  it.each(runners)(
    '%s: an inner-joined NOT NULL column has no IS NULL term; a left-joined one keeps it',
    async (runner) => {
      // NULLs last (PostgreSQL: ascending; MySQL/MariaDB: descending), so "after" may hold them
      const direction = name === 'postgres' ? 'asc' : 'desc'
      const after = (join: Join) => pager(runner, 'dc', join, false, direction)
      const inner = name === 'postgres' ? [1, 4, 2, 5, 3, 6] : [3, 6, 2, 5, 1, 4]
      const first = await after('inner')(null)
      log.length = 0
      const second = await after('inner')(first.toJSON().next_cursor)
      expect(second.items().map((r) => Number(r.id))).toEqual(inner.slice(2, 4))
      expect(log[log.length - 1].toLowerCase()).not.toContain('is null')
      await walk(after('inner'), inner, 2)
      await walk(after('left'), [...inner, 7, 8], 2)
      log.length = 0
      const leftFirst = await after('left')(null)
      await after('left')(leftFirst.toJSON().next_cursor)
      expect(log[log.length - 1].toLowerCase()).toContain('is null')
    },
  )

  it.each(runners)(
    '%s: an inexact number of a column the catalog does not describe fails the first page',
    async (runner) => {
      if (name === 'postgres') {
        // PostgreSQL reads the cursor's number as the column's type: a real compares exactly
        await walk(pager(runner, 'fl', 'subquery'), [1, 4, 2, 5, 3, 6], 2)
      } else {
        // a sub-query's MySQL FLOAT: its number may not be the value it holds
        const error = await pager(runner, 'fl', 'subquery')(null).catch((e: unknown) => e)
        expect(error).toBeInstanceOf(ArgumentError)
        expect(error).toMatchObject({ code: 'ERR_CURSOR_ORDER' })
        expect((error as Error).message).toContain('"s.fl"')
        expect((error as Error).message).toContain('0.1')
      }
      // a sub-query's DECIMAL read as a rounded JS number (an integer past 2^53 on PostgreSQL)
      const decimal = await pager(runner, 'dc', 'subquery', true)(null).catch((e: unknown) => e)
      expect(decimal).toBeInstanceOf(ArgumentError)
      expect((decimal as Error).message).toContain('"s.dc"')
    },
  )
})

run('the page query over a joined NOT NULL column on %s', (name) => {
  const url = name === 'postgres' ? process.env.PG_URL! : process.env.MYSQL_URL!
  const a = uniqueName('jp_a')
  const b = uniqueName('jp_b')
  let knex: Knex
  const log: Array<{ sql: string; bindings: unknown[] }> = []

  beforeAll(async () => {
    knex = knexFactory({ client: name === 'postgres' ? 'pg' : 'mysql2', connection: url })
    knex.on('query', (q: { sql: string; bindings: unknown[] }) => log.push(q))
    await knex.raw(`create table ?? (id int primary key, v int not null)`, [a])
    await knex.raw(`create table ?? (id int primary key, score int not null)`, [b])
    await knex.raw(`create index ?? on ?? (score, id)`, [`${b}_s`, b])
    const ids = Array.from({ length: 5000 }, (_, i) => i + 1)
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000)
      await knex(a).insert(chunk.map((id) => ({ id, v: id % 7 })))
      await knex(b).insert(chunk.map((id) => ({ id, score: id % 100 })))
    }
    for (const table of [a, b])
      await knex.raw(`analyze ${name === 'mysql' ? 'table ' : ''}??`, [table])
  }, 60_000)

  afterAll(async () => {
    await knex?.schema.dropTableIfExists(a)
    await knex?.schema.dropTableIfExists(b)
    await knex?.destroy()
  })

  it('is an index range on the joined table, with no IS NULL term', async () => {
    const query = () =>
      knex(a)
        .join(b, `${b}.id`, `${a}.id`)
        .select(`${a}.id`, `${b}.score`)
        .orderBy(`${b}.score`)
        .orderBy(`${b}.id`)
    const first = await knexCursorPaginate(query(), 10, null)
    log.length = 0
    const page = await knexCursorPaginate(query(), 10, first.toJSON().next_cursor)
    expect(page.items().map((r) => Number(r.id))).toEqual(
      Array.from({ length: 10 }, (_, i) => 100 * (i + 11)),
    )
    const { sql, bindings } = log[log.length - 1]
    expect(sql.toLowerCase()).not.toContain('is null')
    if (name === 'postgres') {
      const text = `explain (analyze, format json) ${sql.replace(/\$\d+/g, '?')}`
      const result = await knex.raw(text, bindings as never)
      const plan = JSON.stringify(result.rows[0]['QUERY PLAN'])
      expect(plan).toContain(`"Index Name":"${b}_s"`)
      expect(plan).toMatch(/"Index Cond":"\(ROW\(score, id\) > ROW\(/)
      expect(plan).not.toContain('"Sort"')
    } else {
      const result = await knex.raw(`analyze format=json ${sql}`, bindings as never)
      const json = JSON.parse(result[0][0].ANALYZE as string) as {
        query_block: { nested_loop: Array<{ table: Record<string, unknown> }> }
      }
      const scan = json.query_block.nested_loop[0].table
      expect(scan).toMatchObject({ table_name: b, access_type: 'range', key: `${b}_s` })
      expect(Number(scan.r_rows)).toBeLessThan(20)
      expect(JSON.stringify(json)).not.toContain('filesort')
    }
  })
})
