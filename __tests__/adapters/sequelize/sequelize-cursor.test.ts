import { DataTypes, Model, Sequelize, literal, type Order } from 'sequelize'
import { cursorPaginate } from 'api-resources/sequelize'
import { dialectNames } from '../../support/db'
import { cursorSuite } from '../orm-cursor-suite'

class Row extends Model {}

cursorSuite('sequelize', dialectNames(), async (db, table) => {
  const log: string[] = []
  const logging = (sql: string) => void log.push(sql)
  const sequelize =
    db.dialect === 'sqlite'
      ? new Sequelize({ dialect: 'sqlite', storage: db.file, logging })
      : new Sequelize(db.url, { dialect: db.dialect, logging })
  Row.init(
    {
      id: { type: DataTypes.INTEGER, primaryKey: true },
      a: DataTypes.INTEGER,
      b: DataTypes.INTEGER,
      c: DataTypes.STRING(5),
    },
    { sequelize, tableName: table, timestamps: false },
  )
  return {
    page: (c, cursor, options) => {
      const order = c.order.map((o) => [
        o.column,
        `${o.descending ? 'DESC' : 'ASC'}${o.nulls === undefined ? '' : ` NULLS ${o.nulls.toUpperCase()}`}`,
      ]) as Order
      const filter = literal(`${sequelize.getQueryInterface().quoteIdentifier('id')} > 0 OR 1 = 0`)
      return cursorPaginate({ model: Row, where: filter, order }, c.perPage, cursor, options)
    },
    unordered: () => cursorPaginate({ model: Row }, 2),
    expression: () => cursorPaginate({ model: Row, order: [[literal('a + 1'), 'ASC']] }, 2),
    close: () => sequelize.close(),
    log,
  }
})
