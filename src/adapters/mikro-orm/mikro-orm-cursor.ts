import { ArgumentError } from '../../errors/base'
import * as keysets from '../orm-support/keyset-where'
import type { CursorSource } from '../orm-support/orm-paginators'
import type { MikroOrmQueryLike } from './mikro-orm-types'

/** The parts of a MikroORM `QueryBuilder` the cursor step reads (internal in its typings). */
interface MikroOrmCursorLike<T> extends MikroOrmQueryLike<T> {
  readonly alias: string
  readonly platform?: { readonly constructor: { readonly name: string } }
  readonly mainAlias?: {
    readonly metadata?: {
      readonly properties: Record<string, { readonly fieldNames?: readonly string[] }>
    }
  }
  readonly _orderBy: readonly Record<string, unknown>[]
  orderBy(order: Record<string, string>[]): MikroOrmCursorLike<T>
  andWhere(condition: object): MikroOrmCursorLike<T>
}

/** The property an order key names: `alias.property`, `property` or its column; else undefined. */
function propertyOf(query: MikroOrmCursorLike<unknown>, key: string): string | undefined {
  const path = key.startsWith(`${query.alias}.`) ? key.slice(query.alias.length + 1) : key
  const properties = query.mainAlias?.metadata?.properties ?? {}
  if (Object.hasOwn(properties, path)) return path
  return Object.keys(properties).find((name) => properties[name].fieldNames?.[0] === path)
}

/** MikroORM's numeric directions (`QueryOrderNumeric`): 1 ascending, -1 descending. */
function directionText(value: unknown): unknown {
  return value === 1 ? 'asc' : value === -1 ? 'desc' : value
}

/**
 * The cursor step of a MikroORM `QueryBuilder`: its `orderBy` properties of the main entity (the
 * `QueryOrder` directions, NULLS FIRST/LAST included), the keyset added with `andWhere`, on a clone.
 * @internal
 */
export function mikroOrmCursorSource<T>(query: MikroOrmQueryLike<T>, fn: string): CursorSource<T> {
  const qb = query as MikroOrmCursorLike<T>
  const largest = /postgre/i.test(qb.platform?.constructor.name ?? '')
  const items = qb._orderBy.flatMap((order) =>
    Object.entries(order).map(([key, value]): keysets.OrderItem => {
      const name = propertyOf(qb, key)
      const direction = keysets.parseDirection(directionText(value))
      if (name === undefined || direction === undefined)
        throw ArgumentError.cursorOrder(
          fn,
          `ORDER BY ${JSON.stringify(key)} is not a property of the main entity "${qb.alias}"`,
        )
      return { name, ...direction }
    }),
  )
  const columns = keysets.cursorColumns(fn, items, largest)
  return {
    columns,
    fetch: async (order, condition, limit) => {
      const page = qb.clone() as MikroOrmCursorLike<T>
      if (condition !== undefined)
        page.andWhere(
          keysets.spellCondition<object>(condition, {
            compare: (name, operator, value) => ({
              [name]: { [operator === '=' ? '$eq' : operator === '>' ? '$gt' : '$lt']: value },
            }),
            isNull: (name, negated) => ({ [name]: negated ? { $ne: null } : null }),
            and: (parts) => ({ $and: parts }),
            or: (parts) => ({ $or: parts }),
            none: () => ({
              $and: [{ [columns[0].name]: null }, { [columns[0].name]: { $ne: null } }],
            }),
          }),
        )
      page.orderBy(
        order.map((c) => {
          const direction = c.descending ? 'desc' : 'asc'
          const nulls = keysets.defaultNulls(c, largest)
            ? ''
            : c.nullsFirst
              ? ' nulls first'
              : ' nulls last'
          return { [c.name]: direction + nulls }
        }),
      )
      return page.limit(limit).getResultList()
    },
  }
}
