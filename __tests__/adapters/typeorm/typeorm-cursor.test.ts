import { DataSource, EntitySchema } from 'typeorm'
import { cursorPaginate } from 'api-resources/typeorm'
import { dialectNames } from '../../support/db'
import type { WalkRow } from '../cursor-walk'
import { cursorSuite } from '../orm-cursor-suite'
import { queryLogger } from './typeorm-test-db'

cursorSuite('typeorm', dialectNames(), async (db, table) => {
  const Row = new EntitySchema<WalkRow>({
    name: 'CursorRow',
    tableName: table,
    columns: {
      id: { type: Number, primary: true },
      a: { type: Number, nullable: true },
      b: { type: Number, nullable: true },
      c: { type: String, nullable: true },
    },
  })
  const log: string[] = []
  const logger = queryLogger((sql: string) => void log.push(sql))
  const common = { entities: [Row], synchronize: false, logging: true, logger }
  const ds = await (
    db.dialect === 'sqlite'
      ? new DataSource({ type: 'better-sqlite3', database: db.file, ...common })
      : new DataSource({ type: db.dialect, url: db.url, ...common })
  ).initialize()
  const rows = () => ds.getRepository(Row).createQueryBuilder('row')
  return {
    page: (c, cursor, options) => {
      const q = rows()
      for (const o of c.order) {
        const nulls =
          o.nulls === undefined ? undefined : o.nulls === 'first' ? 'NULLS FIRST' : 'NULLS LAST'
        q.addOrderBy(`row.${o.column}`, o.descending ? 'DESC' : 'ASC', nulls)
      }
      return cursorPaginate(
        q.where('row.id > :min OR row.id < :min', { min: 0 }),
        c.perPage,
        cursor,
        options,
      )
    },
    unordered: () => cursorPaginate(rows(), 2),
    expression: () => cursorPaginate(rows().orderBy('row.a + 1'), 2),
    close: () => ds.destroy(),
    log,
  }
})
