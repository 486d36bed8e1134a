// The page query MikroORM's cursorPaginate() sends: the keyset in the form the dialect's index
// serves (row values on PostgreSQL and SQLite, a leading bound on MariaDB), without an IS NULL term
// for a column the catalog says is NOT NULL, and with it for a nullable one.
import { EntitySchema, type MikroORM, type Options } from '@mikro-orm/core'
import { cursorPaginate } from 'api-resources/mikro-orm'
import { DIALECTS, uniqueName, type DialectName } from '../../support/db'
import { initMikroOrm } from '../../support/mikro-orm'

async function open(name: DialectName, table: string, log: string[]): Promise<MikroORM> {
  const entity = new EntitySchema<{ id: number; n: number; m: number | null }>({
    name: 'SqlRow',
    tableName: table,
    properties: {
      id: { type: 'integer', primary: true },
      n: { type: 'integer' },
      m: { type: 'integer', nullable: true },
    },
  })
  const common: Options = {
    entities: [entity],
    allowGlobalContext: true,
    debug: ['query'],
    logger: (message: string) => void log.push(message),
    discovery: { disableDynamicFileAccess: true },
  }
  return initMikroOrm(name, common)
}

describe.each(DIALECTS.map((d) => [d.name] as const))(
  'MikroORM cursorPaginate() page query on %s',
  (name) => {
    const table = uniqueName('mikro_cursor_sql')
    const log: string[] = []
    let orm: MikroORM

    beforeAll(async () => {
      orm = await open(name, table, log)
      const connection = orm.em.getConnection()
      await connection.execute(
        `create table ${table} (id integer primary key, n integer not null, m integer null)`,
      )
      for (let i = 1; i <= 6; i++)
        await connection.execute(
          `insert into ${table} (id, n, m) values (${i}, ${i % 3}, ${i % 2 === 0 ? 'null' : i})`,
        )
    })

    afterAll(async () => {
      if (orm === undefined) return
      await orm.em.getConnection().execute(`drop table if exists ${table}`)
      await orm.close()
    })

    const query = (order: Record<string, string>[]) =>
      (orm.em.fork() as unknown as { createQueryBuilder(e: string, a: string): any })
        .createQueryBuilder('SqlRow', 'r')
        .orderBy(order)

    /** The SQL of the second page of `order` (the first query that has a cursor). */
    async function secondPage(order: Record<string, string>[]): Promise<string> {
      const first = await cursorPaginate(query(order), 2)
      const next = first.toJSON().next_cursor
      expect(next).not.toBeNull()
      log.length = 0
      await cursorPaginate(query(order), 2, next)
      const page = log.filter((line) => /select/i.test(line) && /limit/i.test(line))
      expect(page).toHaveLength(1)
      return page[0].toLowerCase()
    }

    it('compares NOT NULL columns of one direction in the form the index serves', async () => {
      const sql = await secondPage([{ n: 'desc' }, { id: 'desc' }])
      expect(sql).not.toMatch(/is null/)
      if (name === 'mysql') expect(sql).toMatch(/`r`\.`n` <= /)
      else expect(sql).toMatch(/\([`"]r[`"]\.[`"]n[`"], [`"]r[`"]\.[`"]id[`"]\) < \(/)
    })

    it('keeps the NULL order of a nullable column', async () => {
      const sql = await secondPage([{ m: 'asc' }, { id: 'asc' }])
      expect(sql).toMatch(/[`"]r[`"]\.[`"]m[`"] is (not )?null/)
    })
  },
)
