import { ArgumentError } from '../../errors/base'
import { setExactCursorValues } from '../../pagination/cursor-paginator'
import type { CursorColumn } from '../../pagination/cursor-query'
import * as catalog from '../orm-support/column-schema'
import * as keysets from '../orm-support/keyset-where'
import type { CursorSource } from '../orm-support/orm-paginators'
import { bindValue, sequelizeBinds } from './sequelize-bind'
import type { SequelizeFinder } from './sequelize-paginate'

/** The parts of `sequelize` the keyset is written with. */
interface SequelizeOrm {
  readonly Op: Record<'and', symbol>
  literal(sql: string): unknown
}

/** An attribute of a model (`Model.rawAttributes[name]`). */
interface AttributeLike {
  readonly field?: string
  readonly type?: { readonly key?: string }
}

/** The parts of a model class the cursor step reads. */
interface CursorModel {
  readonly name: string
  readonly rawAttributes?: Record<string, AttributeLike>
  getTableName?(): string | { readonly tableName: string; readonly schema?: string }
  readonly sequelize?: {
    getDialect(): string
    getQueryInterface(): { quoteIdentifier(name: string): string }
    query(sql: string, options: object): Promise<unknown>
    readonly options?: { readonly timezone?: string }
  }
}

/** A model instance as `findAll()` makes it (plain objects with `raw: true`). */
interface InstanceLike {
  readonly dataValues?: Record<string, unknown>
  readonly _previousDataValues?: Record<string, unknown>
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

/** The model's table as the catalog names it. */
function tableRef(model: CursorModel): catalog.TableRef | undefined {
  const table = model.getTableName?.()
  if (typeof table === 'string') return { table }
  if (table === undefined) return undefined
  return table.schema === undefined
    ? { table: table.tableName }
    : { schema: table.schema, table: table.tableName }
}

/**
 * The cursor step of a Sequelize query (`{ model, ...findAllOptions }`): its `order` attributes
 * with what the database's catalog says of their columns (read with `sequelize.query()`, once per
 * `Sequelize` instance and table: nullability, the type a cursor value must fit, the exact text of
 * date-time, `FLOAT` and `BIGINT` columns; on SQLite the stored value of a `DATE` attribute). The
 * keyset is a literal ANDed with its `where`, in the form the dialect's index serves, its values
 * bind parameters; the exact texts are extra attributes, taken off the instances before they are
 * returned. @internal
 */
export function sequelizeCursorSource<T>(
  model: SequelizeFinder,
  find: Record<string, unknown>,
  fn: string,
): CursorSource<T> {
  const m = model as unknown as CursorModel
  const sequelize = m.sequelize
  const dialect = sequelize?.getDialect() ?? ''
  const family = catalog.familyOfName(dialect)
  const largest = dialect === 'postgres'
  const order = find.order === undefined ? [] : find.order
  const items = (Array.isArray(order) ? order : [order]).map((item: unknown, i) => {
    const read = orderItem(item, m)
    if (read === undefined)
      throw ArgumentError.cursorOrder(fn, `the order item ${i + 1} is not [attribute, direction]`)
    return read
  })
  const columns = keysets.cursorColumns(fn, items, largest)
  const quote = (name: string) => sequelize?.getQueryInterface().quoteIdentifier(name) ?? name
  const fieldOf = (name: string) => m.rawAttributes?.[name]?.field ?? name
  const sqlOf = (name: string) => `${quote(m.name)}.${quote(fieldOf(name))}`
  return {
    columns,
    ...catalog.indexFormOf(family),
    withSchema: async (given) => {
      const ref = tableRef(m)
      if (sequelize === undefined || family === undefined || ref === undefined) return given.slice()
      const query = (sql: string, bindings: readonly unknown[]) =>
        sequelize.query(sql, { replacements: bindings, type: 'SELECT' })
      return catalog.withTableCatalog(
        given,
        { owner: sequelize, family, ref, query },
        (c) => fieldOf(c.name),
        (c) => (m.rawAttributes?.[c.name]?.type?.key === 'DATE' ? 'date' : undefined),
      )
    },
    fetch: async (orderBy, condition, limit) => {
      const { Op, literal } = await sequelizeOrm()
      const binds = sequelizeBinds(find, literal)
      const schemaColumns = orderBy as readonly catalog.SchemaColumn[]
      let where = find.where
      if (condition !== undefined) {
        const names = new Map(schemaColumns.map((c) => [c.column, c.name]))
        const keyset = literal(
          catalog.castKeysetSql(condition, family, schemaColumns, sqlOf, (column, value) =>
            binds.name(bindValue(m, names.get(column) ?? column, value)),
          ),
        )
        // a plain object, always: Sequelize adds a required include's filter to a plain-object
        // `where` as a key, and replaces a `where` that is a bare literal
        where = { [Op.and]: where === undefined ? [keyset] : [grouped(where, literal), keyset] }
      }
      const texts = schemaColumns.flatMap((c, i) =>
        c.exact === undefined
          ? []
          : [[literal(c.exact.text.replace('??', sqlOf(c.name))), catalog.exactAlias(i)]],
      )
      const attributes = texts.length === 0 ? {} : { attributes: withTexts(find.attributes, texts) }
      const terms = orderBy.flatMap((c) =>
        c.allNull === true ? [] : orderTerms(c, m, largest, dialect, literal),
      )
      const options = binds.into({ ...find, ...attributes, where, order: terms, limit }, fn)
      const rows = await model.findAll(options)
      const instances = rows as InstanceLike[]
      const values = catalog.takeExactValues(
        fn,
        family,
        schemaColumns,
        instances.map((row) => row.dataValues ?? row),
      )
      if (values !== undefined) {
        // Sequelize also keeps a copy of the values it read, to tell what changed
        for (const row of instances)
          schemaColumns.forEach((_, i) => delete row._previousDataValues?.[catalog.exactAlias(i)])
        setExactCursorValues(rows, values)
      }
      return rows as T[]
    },
  }
}

/** The `attributes` option with the exact texts added to the columns it selects. */
function withTexts(attributes: unknown, texts: unknown[]): unknown {
  if (attributes === undefined) return { include: texts }
  if (Array.isArray(attributes)) return [...(attributes as unknown[]), ...texts]
  const given = attributes as { include?: unknown[] }
  return { ...given, include: [...(given.include ?? []), ...texts] }
}

/**
 * The query's own `where`, a `literal()` in parentheses: Sequelize writes a literal as it is, so an
 * OR inside it would swallow the keyset (or the plan's conditions) ANDed with it. @internal
 */
export function grouped(where: unknown, literal: SequelizeOrm['literal']): unknown {
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
  // a column under another name is selected `field AS attribute`, and with a to-many include the
  // page is a subquery whose columns are the attributes: the alias names it in both
  const isNull = literal(
    field === c.name
      ? `(${quote(model.name)}.${quote(field)} IS NULL)`
      : `(${quote(c.name)} IS NULL)`,
  )
  return [
    [isNull, c.nullsFirst ? 'DESC' : 'ASC'],
    [c.name, direction],
  ]
}
