// A DECIMAL/NUMERIC order column whose driver is set to read it as a JS number (node-postgres'
// type parser, mysql2's decimalNumbers) still pages exactly: the cursor carries the column's text,
// selected beside the row, never the rounded double (which skipped rows).
import knexFactory, { type Knex } from 'knex'
import pg from 'pg'
import { cursorPaginate } from 'api-resources/knex'
import { DIALECTS, uniqueName } from '../support/db'
import { walk } from './cursor-walk'

const asNumbers: Record<string, (url: string) => Knex.Config> = {
  // node-postgres: a parser of this client only (1700 is numeric's type id)
  postgres: (url) => ({
    client: 'pg',
    connection: {
      connectionString: url,
      types: {
        getTypeParser: (id: number, format?: string) =>
          id === 1700 ? parseFloat : pg.types.getTypeParser(id, format as 'text'),
      },
    } as Knex.PgConnectionConfig,
  }),
  mysql: (url) => ({ client: 'mysql2', connection: { uri: url, decimalNumbers: true } as never }),
}

const dialects = DIALECTS.filter((d) => d.name in asNumbers).map((d) => [d.name] as const)
const run = dialects.length > 0 ? describe.each(dialects) : describe.skip.each([['none']])

run('a decimal read as a JS number on %s', (name) => {
  let knex: Knex
  const table = uniqueName('dec_numbers')

  beforeAll(async () => {
    const url = name === 'postgres' ? process.env.PG_URL! : process.env.MYSQL_URL!
    knex = knexFactory(asNumbers[name](url))
    await knex.schema.createTable(table, (t) => {
      t.integer('id').primary()
      t.decimal('d', 30, 20).notNullable()
    })
    // 1 and 2 differ past a double's 17 digits; 4 ties with 2
    await knex(table).insert([
      { id: 1, d: '0.12345678901234567891' },
      { id: 2, d: '0.12345678901234567890' },
      { id: 3, d: '0.5' },
      { id: 4, d: '0.12345678901234567890' },
    ])
  })
  afterAll(async () => {
    await knex?.schema.dropTableIfExists(table)
    await knex?.destroy()
  })

  it('walks every row once, forwards and back, in either direction', async () => {
    const [row] = await knex(table).where('id', 3)
    expect(typeof row.d).toBe('number') // the driver does read numbers
    for (const perPage of [1, 2]) {
      await walk(
        (cursor) => cursorPaginate(knex(table).orderBy('d').orderBy('id'), perPage, cursor),
        [2, 4, 1, 3],
        perPage,
      )
      await walk(
        (cursor) =>
          cursorPaginate(knex(table).orderBy('d', 'desc').orderBy('id', 'desc'), perPage, cursor),
        [3, 1, 4, 2],
        perPage,
      )
    }
  })
})
