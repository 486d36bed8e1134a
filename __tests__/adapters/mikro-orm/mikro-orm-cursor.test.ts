import { EntitySchema, raw, type MikroORM, type Options } from '@mikro-orm/core'
import { cursorPaginate } from 'api-resources/mikro-orm'
import { dialectNames, type OrmDatabase } from '../../support/db'
import type { WalkRow } from '../cursor-walk'
import { cursorSuite } from '../orm-cursor-suite'

async function open(db: OrmDatabase, table: string, log: string[]): Promise<MikroORM> {
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
    entities: [Row],
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
