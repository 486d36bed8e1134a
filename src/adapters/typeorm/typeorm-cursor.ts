import { ArgumentError } from '../../errors/base'
import type { CursorColumn } from '../../pagination/cursor-query'
import * as keysets from '../orm-support/keyset-where'
import type { CursorSource } from '../orm-support/orm-paginators'
import type { TypeOrmQueryLike } from './typeorm-types'

type OrderValue = string | { readonly order: string; readonly nulls?: string }

/** The parts of a TypeORM `SelectQueryBuilder` the cursor step reads (internal in its typings). */
interface TypeOrmCursorLike<T> extends TypeOrmQueryLike<T> {
  readonly alias: string
  readonly dataSource?: { readonly options: { readonly type: string } }
  readonly connection?: { readonly options: { readonly type: string } }
  readonly expressionMap: {
    readonly mainAlias?: {
      readonly metadata?: {
        findColumnWithPropertyPath(path: string): { databaseName: string } | undefined
      }
    }
    orderBys: Record<string, OrderValue>
    wheres: unknown[]
    readonly joinAttributes: readonly unknown[]
  }
  escape(name: string): string
  orderBy(): TypeOrmCursorLike<T>
  addOrderBy(sort: string, order: 'ASC' | 'DESC', nulls?: string): TypeOrmCursorLike<T>
  andWhere(condition: string, parameters: Record<string, unknown>): TypeOrmCursorLike<T>
  limit(n: number): TypeOrmCursorLike<T>
}

/** Does the query's database sort NULL as the largest value (PostgreSQL, CockroachDB)? */
function nullsAreLargest(query: TypeOrmCursorLike<unknown>): boolean {
  const type = (query.dataSource ?? query.connection)?.options.type ?? ''
  return /postgres|cockroach|oracle/.test(type)
}

function isMysql(query: TypeOrmCursorLike<unknown>): boolean {
  return /mysql|mariadb/.test((query.dataSource ?? query.connection)?.options.type ?? '')
}

/**
 * The order items of the builder: `alias.property` (or a bare property) of the main entity, each
 * compared in the WHERE as its escaped database column; anything else is an `ArgumentError`.
 */
function orderItems(fn: string, query: TypeOrmCursorLike<unknown>): keysets.OrderItem[] {
  const { mainAlias, orderBys } = query.expressionMap
  return Object.entries(orderBys).map(([key, value]) => {
    const direction = keysets.parseDirection(
      typeof value === 'string' ? value : `${value.order} ${value.nulls ?? ''}`,
    )
    const path = key.startsWith(`${query.alias}.`) ? key.slice(query.alias.length + 1) : key
    const column = mainAlias?.metadata?.findColumnWithPropertyPath(path)
    if (direction === undefined || column === undefined || path.includes('.'))
      throw ArgumentError.cursorOrder(
        fn,
        `ORDER BY ${JSON.stringify(key)} is not a column of the main entity "${query.alias}"`,
      )
    const sql = `${query.escape(query.alias)}.${query.escape(column.databaseName)}`
    return { name: key, column: sql, ...direction }
  })
}

/**
 * The cursor step of a `SelectQueryBuilder`: the keyset ANDed (in brackets) with the builder's own
 * WHERE, the order rewritten, `take` when there are joins (whole entities) and `limit` otherwise.
 * @internal
 */
export function typeOrmCursorSource<T>(query: TypeOrmQueryLike<T>, fn: string): CursorSource<T> {
  const qb = query as TypeOrmCursorLike<T>
  const largest = nullsAreLargest(qb)
  const columns = keysets.cursorColumns(fn, orderItems(fn, qb), largest)
  const names = new Map(columns.map((c) => [c.column, c.name]))
  return {
    columns,
    fetch: async (order, condition, limit) => {
      const page = qb.clone() as TypeOrmCursorLike<T>
      if (condition !== undefined) {
        const { wheres } = page.expressionMap
        // the builder's own WHERE in brackets, so an OR inside it cannot swallow the keyset
        if (wheres.length > 0)
          page.expressionMap.wheres = [
            { type: 'simple', condition: { operator: 'brackets', condition: wheres } },
          ]
        const parameters: Record<string, unknown> = {}
        const sql = keysets.spellCondition<string>(condition, {
          compare: (column, operator, value) => {
            const name = `cursor_${Object.keys(parameters).length}`
            parameters[name] = value
            return `${column} ${operator} :${name}`
          },
          isNull: (column, negated) => `${column} IS ${negated ? 'NOT ' : ''}NULL`,
          and: (parts) => `(${parts.join(' AND ')})`,
          or: (parts) => `(${parts.join(' OR ')})`,
          none: () => '1 = 0',
        })
        page.andWhere(sql, parameters)
      }
      page.orderBy()
      for (const column of order) addOrder(page, column, names.get(column.column) ?? '', largest)
      const joined = page.expressionMap.joinAttributes.length > 0
      return joined ? page.take(limit).getMany() : page.limit(limit).getMany()
    },
  }
}

/** ORDER BY one column, stating NULL placement only when it is not the database's own. */
function addOrder(
  page: TypeOrmCursorLike<unknown>,
  column: CursorColumn,
  name: string,
  largest: boolean,
): void {
  const direction = column.descending ? 'DESC' : 'ASC'
  if (keysets.defaultNulls(column, largest)) page.addOrderBy(name, direction)
  else if (!isMysql(page))
    page.addOrderBy(name, direction, column.nullsFirst ? 'NULLS FIRST' : 'NULLS LAST')
  else {
    // MySQL/MariaDB have no NULLS FIRST: (x IS NULL) is 1 for NULL, so DESC puts NULLs first
    page.addOrderBy(`(${column.column} IS NULL)`, column.nullsFirst ? 'DESC' : 'ASC')
    page.addOrderBy(name, direction)
  }
}
