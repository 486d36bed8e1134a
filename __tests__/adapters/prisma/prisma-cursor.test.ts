import { cursorPaginate } from 'api-resources/prisma'
import { cursorSuite } from '../orm-cursor-suite'
import { openPrisma, prismaDialects } from './prisma-test-db'

type CursorRowDelegate = { findMany(args: object): Promise<unknown[]> }

cursorSuite(
  'prisma',
  prismaDialects(),
  async (db) => {
    const client = openPrisma(db)
    const log: string[] = []
    // every operation the client runs, by name (`findMany`, `count`...)
    const counted = (client as unknown as { $extends(extension: object): unknown }).$extends({
      query: {
        $allOperations: ({
          operation,
          args,
          query,
        }: {
          operation: string
          args: unknown
          query: (args: unknown) => unknown
        }) => {
          log.push(operation)
          return query(args)
        },
      },
    })
    const rows = (counted as { cursorRow: CursorRowDelegate }).cursorRow
    const where = { OR: [{ id: { gt: 0 } }, { id: { lt: 0 } }] }
    return {
      page: (c, cursor, options) => {
        const orderBy = c.order.map((o) => {
          const sort = o.descending ? 'desc' : 'asc'
          return {
            [o.column]:
              o.nulls === undefined || o.column === 'id' ? sort : { sort, nulls: o.nulls },
          }
        })
        return cursorPaginate(rows, { where, orderBy }, c.perPage, cursor, options)
      },
      unordered: () => cursorPaginate(rows, { where }, 2),
      expression: () => cursorPaginate(rows, { orderBy: { _count: 'asc' } }, 2),
      close: () => client.$disconnect(),
      log,
    }
  },
  { table: 'cursor_walk_rows' },
)
