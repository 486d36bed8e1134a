import { EntitySchema, raw, type MikroORM, type Options } from '@mikro-orm/core'
import knexFactory, { type Knex } from 'knex'
import { Cursor } from 'api-resources'
import { cursorPaginate, paginate } from 'api-resources/mikro-orm'
import { dialectNames, prepareDatabase, uniqueName, type OrmDatabase } from '../../support/db'
import type { WalkRow } from '../cursor-walk'
import { cursorSuite } from '../orm-cursor-suite'

async function open(
  db: OrmDatabase,
  table: string,
  log: string[],
  schemas?: EntitySchema[],
): Promise<MikroORM> {
  const Row = new EntitySchema<WalkRow>({
    name: 'CursorRow',
    tableName: table,
    properties: {
      id: { type: 'number', primary: true },
      a: { type: 'number', nullable: true },
      b: { type: 'number', nullable: true },
      c: { type: 'string', nullable: true },
    },
  })
  const common: Options = {
    entities: schemas ?? [Row],
    allowGlobalContext: true,
    debug: ['query'],
    logger: (message: string) => void log.push(message),
    discovery: { disableDynamicFileAccess: true },
  }
  if (db.dialect === 'postgres') {
    const { MikroORM: Orm } = await import('@mikro-orm/postgresql')
    return Orm.init({ clientUrl: db.url, ...common } as never)
  }
  if (db.dialect === 'mysql') {
    const { MikroORM: Orm } = await import('@mikro-orm/mysql')
    return Orm.init({ clientUrl: db.url, ...common } as never)
  }
  const { MikroORM: Orm } = await import('@mikro-orm/better-sqlite')
  return Orm.init({ dbName: db.file, ...common } as never)
}

cursorSuite('mikro_orm', dialectNames(), async (db, table) => {
  const log: string[] = []
  const orm = await open(db, table, log)
  const em = orm.em.fork() as unknown as {
    createQueryBuilder(entity: string, alias: string): any
  }
  const rows = () =>
    em.createQueryBuilder('CursorRow', 'r').where({ $or: [{ id: { $gt: 0 } }, { id: { $lt: 0 } }] })
  return {
    page: (c, cursor, options) => {
      const order = c.order.map((o) => ({
        [o.column === 'id' ? 'r.id' : o.column]:
          `${o.descending ? 'desc' : 'asc'}${o.nulls === undefined ? '' : ` nulls ${o.nulls}`}`,
      }))
      return cursorPaginate(rows().orderBy(order), c.perPage, cursor, options)
    },
    unordered: () => cursorPaginate(rows(), 2),
    expression: () => cursorPaginate(rows().orderBy({ [raw('a + 1')]: 'asc' }), 2),
    close: () => orm.close(),
    log,
  }
})

// A page is what getResultList() gives: with the default flush mode, an entity persisted but
// not flushed yet is on it, whether the page reads the exact text of an order column (a date-time
// column; on SQLite also an integer one: its own select) or not (getResultList itself).
describe.each(dialectNames())('mikro_orm pages and pending changes on %s', (dialect) => {
  interface Stamp {
    id: number
    at: Date
  }
  const table = uniqueName('mo_flush')
  let knex: Knex
  let orm: MikroORM

  beforeAll(async () => {
    const db = await prepareDatabase(dialect, 'mikro_flush')
    knex = knexFactory(db.knexConfig)
    await knex.schema.createTable(table, (t) => {
      t.integer('id').primary()
      t.timestamp('at', { precision: 6 }).notNullable()
    })
    // (MikroORM keeps a SQLite date as its epoch milliseconds)
    const at = (text: string) =>
      dialect === 'sqlite' ? Date.parse(`${text.replace(' ', 'T').slice(0, 23)}Z`) : text
    await knex(table).insert([
      { id: 1, at: at('2024-01-01 00:00:00.123456') },
      { id: 2, at: at('2024-01-01 00:00:00.124457') },
    ])
    orm = await open(
      db,
      table,
      [],
      [
        new EntitySchema<Stamp>({
          name: 'Stamp',
          tableName: table,
          properties: { id: { type: 'number', primary: true }, at: { type: 'Date' } },
        }),
      ],
    )
  })
  afterAll(async () => {
    await orm?.close()
    await knex?.schema.dropTableIfExists(table)
    await knex?.destroy()
  })

  it.each([
    ['by id', [{ 's.id': 'asc' }]],
    ['by a date-time column, then id', [{ at: 'asc' }, { 's.id': 'asc' }]],
  ])('%s', async (_, order) => {
    const em = orm.em.fork()
    em.persist(em.create('Stamp', { id: 3, at: new Date('2024-01-02T00:00:00Z') }))
    const qb = () =>
      (em as unknown as { createQueryBuilder(e: string, a: string): any }).createQueryBuilder(
        'Stamp',
        's',
      )
    const page = await cursorPaginate(qb().orderBy(order), 10)
    expect(page.items().map((s) => (s as Stamp).id)).toEqual([1, 2, 3])
    em.persist(em.create('Stamp', { id: 4, at: new Date('2024-01-03T00:00:00Z') }))
    // a length-aware page counts what it lists (the COUNT runs after the same flush)
    const counted = await paginate(qb().orderBy(order), 2, 2)
    expect([counted.total(), counted.items().map((s) => (s as Stamp).id)]).toEqual([4, [3, 4]])
    await knex(table).where('id', 4).delete()
    await knex(table).where('id', 3).delete()
    // the exact text of a microsecond timestamp is what the next cursor carries
    const first = await cursorPaginate(qb().orderBy(order), 1)
    const carried = Cursor.fromEncoded(first.nextCursor()!.encode()).names()
    expect(carried).toEqual(order.length === 1 ? ['id'] : ['at', 'id'])
    if (order.length === 2 && dialect !== 'sqlite')
      expect(String(first.nextCursor()!.parameter('at'))).toContain('.123456')
  })
})

// better-sqlite3 reads an integer as a JS number, rounded past 2^53 before MikroORM makes a bigint
// (or a number) of it: a cursor carrying that value repeated the same row for ever. The cursor
// carries the integer's exact text instead.
describe('mikro_orm on SQLite, ordered by integers past 2^53', () => {
  const table = uniqueName('mo_big')
  let orm: MikroORM
  const values = ['9007199254740993', '9007199254740995', '9007199254740997', '-9007199254740995']

  beforeAll(async () => {
    const db = await prepareDatabase('sqlite', 'mikro_big')
    orm = await open(
      db,
      table,
      [],
      [
        new EntitySchema<{ id: number; n: bigint; m: number }>({
          name: 'BigRow',
          tableName: table,
          properties: {
            id: { type: 'integer', primary: true },
            n: { type: 'bigint' },
            m: { type: 'integer' },
          },
        }),
      ],
    )
    const connection = orm.em.getConnection()
    await connection.execute(
      `create table ${table} (id integer primary key, n bigint not null, m integer not null)`,
    )
    for (const [i, v] of values.entries())
      await connection.execute(`insert into ${table} values (${i + 1}, ${v}, ${v})`)
  })
  afterAll(async () => {
    await orm?.getSchemaGenerator().execute(`drop table if exists ${table}`)
    await orm?.close()
  })

  it.each([
    ['n', 'asc', [4, 1, 2, 3]],
    ['n', 'desc', [3, 2, 1, 4]],
    ['m', 'asc', [4, 1, 2, 3]],
  ] as const)('walks %s %s, every row once', async (column, direction, expected) => {
    const seen: number[] = []
    let cursor: string | null = null
    for (let i = 0; i < 10 && (i === 0 || cursor !== null); i++) {
      const em = orm.em.fork() as unknown as { createQueryBuilder(e: string, a: string): any }
      const qb = em.createQueryBuilder('BigRow', 'r').orderBy({ [column]: direction, id: 'asc' })
      const page: { items(): unknown[]; nextCursor(): { encode(): string } | null } =
        await cursorPaginate(qb, 1, cursor)
      seen.push(...page.items().map((r) => Number((r as { id: number }).id)))
      cursor = page.nextCursor()?.encode() ?? null
    }
    expect(seen).toEqual(expected)
  })
})
