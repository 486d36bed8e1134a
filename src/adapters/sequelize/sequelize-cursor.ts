import { ArgumentError } from '../../errors/base'
import type { CursorColumn } from '../../pagination/cursor-query'
import * as keysets from '../orm-support/keyset-where'
import type { CursorSource } from '../orm-support/orm-paginators'
import { bindValue, sequelizeBinds } from './sequelize-bind'
import type { SequelizeFinder } from './sequelize-types'

/** The parts of `sequelize` the keyset is written with. */
interface SequelizeOrm {
  readonly Op: Record<'and' | 'or' | 'eq' | 'gt' | 'lt' | 'ne', symbol>
  literal(sql: string): unknown
}

/** The parts of a model class the cursor step reads. */
interface CursorModel {
  readonly name: string
  readonly rawAttributes?: Record<string, { readonly field?: string; readonly type?: unknown }>
  readonly sequelize?: {
    getDialect(): string
    getQueryInterface(): { quoteIdentifier(name: string): string }
    readonly options?: { readonly timezone?: string }
  }
}

let loaded: Promise<SequelizeOrm> | undefined

function sequelizeOrm(): Promise<SequelizeOrm> {
  // loaded when a Sequelize query is first cursor-paginated (the entry point never needs it), with
  // an import() bundlers follow
  return (loaded ??= import('sequelize') as Promise<unknown> as Promise<SequelizeOrm>)
}

/** The `order` option's items: `'id'`, `['id']` or `['id', 'DESC NULLS FIRST']`; else undefined. */
function orderItem(item: unknown, model: CursorModel): keysets.OrderItem | undefined {
  const [name, direction = 'ASC'] = (Array.isArray(item) ? item : [item]) as unknown[]
  const parsed = keysets.parseDirection(direction)
  if (Array.isArray(item) && item.length > 2) return undefined
  if (typeof name !== 'string' || parsed === undefined) return undefined
  return model.rawAttributes?.[name] === undefined ? undefined : { name, ...parsed }
}

/**
 * The cursor step of a Sequelize query (`{ model, ...findAllOptions }`): its `order` attributes, the
 * keyset ANDed with its `where`, the cursor's values bind parameters. @internal
 */
export function sequelizeCursorSource<T>(
  model: SequelizeFinder,
  find: Record<string, unknown>,
  fn: string,
): CursorSource<T> {
  const m = model as unknown as CursorModel
  const dialect = m.sequelize?.getDialect() ?? ''
  const largest = dialect === 'postgres'
  const order = find.order === undefined ? [] : find.order
  const items = (Array.isArray(order) ? order : [order]).map((item: unknown, i) => {
    const read = orderItem(item, m)
    if (read === undefined)
      throw ArgumentError.cursorOrder(fn, `the order item ${i + 1} is not [attribute, direction]`)
    return read
  })
  const columns = keysets.cursorColumns(fn, items, largest)
  return {
    columns,
    fetch: async (orderBy, condition, limit) => {
      const { Op, literal } = await sequelizeOrm()
      const binds = sequelizeBinds(find, literal)
      const where = keysets.withKeyset<unknown>(
        find.where,
        condition,
        {
          compare: (name, operator, value) => ({
            [name]: {
              [operator === '=' ? Op.eq : operator === '>' ? Op.gt : Op.lt]: binds.ref(
                bindValue(m, name, value),
              ),
            },
          }),
          isNull: (name, negated) => ({ [name]: negated ? { [Op.ne]: null } : null }),
          and: (parts) => ({ [Op.and]: parts }),
          or: (parts) => ({ [Op.or]: parts }),
          none: () => literal('1 = 0'),
        },
        (own) => grouped(own, literal),
      )
      const terms = orderBy.flatMap((c) => orderTerms(c, m, largest, dialect, literal))
      const options = binds.into({ ...find, where, order: terms, limit }, fn)
      return (await model.findAll(options)) as T[]
    },
  }
}

/**
 * The query's own `where`, a `literal()` in parentheses: Sequelize writes a literal as it is, so an
 * OR inside it would swallow the keyset.
 */
function grouped(where: unknown, literal: SequelizeOrm['literal']): unknown {
  const val = (where as { val?: unknown } | null)?.val
  const isLiteral = (where as object | null)?.constructor?.name === 'Literal'
  return isLiteral && typeof val === 'string' ? literal(`(${val})`) : where
}

/** The `order` items of one column, stating NULL placement only when it is not the dialect's. */
function orderTerms(
  c: CursorColumn,
  model: CursorModel,
  largest: boolean,
  dialect: string,
  literal: SequelizeOrm['literal'],
): unknown[] {
  const direction = c.descending ? 'DESC' : 'ASC'
  if (keysets.defaultNulls(c, largest)) return [[c.name, direction]]
  const nulls = c.nullsFirst ? 'NULLS FIRST' : 'NULLS LAST'
  if (dialect !== 'mysql' && dialect !== 'mariadb') return [[c.name, `${direction} ${nulls}`]]
  // MySQL/MariaDB have no NULLS FIRST: (x IS NULL) is 1 for NULL, so DESC puts NULLs first
  const quote = (name: string) => model.sequelize?.getQueryInterface().quoteIdentifier(name)
  const field = model.rawAttributes?.[c.name]?.field ?? c.name
  const isNull = literal(`(${quote(model.name)}.${quote(field)} IS NULL)`)
  return [
    [isNull, c.nullsFirst ? 'DESC' : 'ASC'],
    [c.name, direction],
  ]
}
