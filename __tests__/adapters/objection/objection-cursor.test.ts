import knexFactory, { type Knex } from 'knex'
import { Model } from 'objection'
import { cursorPaginate } from 'api-resources/objection'
import { dialectNames } from '../../support/db'
import { cursorSuite } from '../orm-cursor-suite'

cursorSuite('objection', dialectNames(), async (db, table) => {
  const knex: Knex = knexFactory(db.knexConfig)
  const log: string[] = []
  knex.on('query', (q: { sql: string }) => log.push(q.sql))
  class Row extends Model {
    static override tableName = table
  }
  const rows = () => Row.query(knex)
  return {
    page: (c, cursor, options) => {
      let q = rows()
      for (const o of c.order) {
        const direction = o.descending ? 'desc' : 'asc'
        q =
          o.nulls === undefined
            ? q.orderBy(o.column, direction)
            : q.orderBy(o.column, direction, o.nulls)
      }
      return cursorPaginate(q, c.perPage, cursor, options)
    },
    unordered: () => cursorPaginate(rows(), 2),
    expression: () => cursorPaginate(rows().orderByRaw('a + 1'), 2),
    close: () => knex.destroy(),
    log,
  }
})
