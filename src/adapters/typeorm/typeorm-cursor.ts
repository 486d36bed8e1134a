import { ArgumentError } from '../../errors/base'
import type { CursorValue } from '../../pagination/cursor'
import { setExactCursorValues, type ExactRows } from '../../pagination/cursor-paginator'
import type { CursorColumn } from '../../pagination/cursor-query'
import * as catalog from '../orm-support/column-schema'
import * as keysets from '../orm-support/keyset-where'
import type { CursorSource } from '../orm-support/orm-paginators'
import type { TypeOrmQueryLike } from './typeorm-types'

type OrderValue = string | { readonly order: string; readonly nulls?: string }

/** A column's metadata (`ColumnMetadata`) as the cursor step reads it. */
interface ColumnMetadataLike {
  readonly databaseName: string
  /** The type the entity declares: a string (`'datetime'`) or a constructor (`Date`). */
  readonly type?: unknown
}

/** The entity's metadata (`EntityMetadata`) as the cursor step reads it. */
interface EntityMetadataLike {
  readonly tableName?: string
  readonly schema?: string
  readonly database?: string
  readonly primaryColumns?: readonly ColumnMetadataLike[]
  findColumnWithPropertyPath(path: string): ColumnMetadataLike | undefined
}

/** What runs SQL: a `DataSource` or the builder's own `QueryRunner`. */
interface QueryRunnerLike {
  query(sql: string, parameters?: unknown[]): Promise<unknown>
}

interface DataSourceLike extends QueryRunnerLike {
  readonly options: { readonly type: string }
}

/** The parts of a TypeORM `SelectQueryBuilder` the cursor step reads (internal in its typings). */
interface TypeOrmCursorLike<T> extends TypeOrmQueryLike<T> {
  readonly alias: string
  readonly dataSource?: DataSourceLike
  readonly connection?: DataSourceLike
  readonly queryRunner?: QueryRunnerLike
  readonly expressionMap: {
    readonly mainAlias?: { readonly metadata?: EntityMetadataLike }
    orderBys: Record<string, OrderValue>
    wheres: unknown[]
    readonly joinAttributes: readonly unknown[]
  }
  escape(name: string): string
  orderBy(): TypeOrmCursorLike<T>
  addOrderBy(sort: string, order: 'ASC' | 'DESC', nulls?: string): TypeOrmCursorLike<T>
  andWhere(condition: string, parameters: Record<string, unknown>): TypeOrmCursorLike<T>
  addSelect(selection: string, alias: string): TypeOrmCursorLike<T>
  limit(n: number): TypeOrmCursorLike<T>
  getRawAndEntities(): Promise<{ raw: Record<string, unknown>[]; entities: T[] }>
}

/** Does the query's database sort NULL as the largest value (PostgreSQL, CockroachDB)? */
function nullsAreLargest(query: TypeOrmCursorLike<unknown>): boolean {
  const type = (query.dataSource ?? query.connection)?.options.type ?? ''
  return /postgres|cockroach|oracle/.test(type)
}

function isMysql(query: TypeOrmCursorLike<unknown>): boolean {
  return /mysql|mariadb/.test((query.dataSource ?? query.connection)?.options.type ?? '')
}

/** An order item with the metadata of the column it names. */
interface TypeOrmOrderItem extends keysets.OrderItem {
  readonly meta: ColumnMetadataLike
}

/**
 * The order items of the builder: `alias.property` (or a bare property) of the main entity, each
 * compared in the WHERE as its escaped database column; anything else is an `ArgumentError`.
 */
function orderItems(fn: string, query: TypeOrmCursorLike<unknown>): TypeOrmOrderItem[] {
  const { mainAlias, orderBys } = query.expressionMap
  return Object.entries(orderBys).map(([key, value]) => {
    const direction = keysets.parseDirection(
      typeof value === 'string' ? value : `${value.order} ${value.nulls ?? ''}`,
    )
    const path = key.startsWith(`${query.alias}.`) ? key.slice(query.alias.length + 1) : key
    const meta = mainAlias?.metadata?.findColumnWithPropertyPath(path)
    if (direction === undefined || meta === undefined || path.includes('.'))
      throw ArgumentError.cursorOrder(
        fn,
        `ORDER BY ${JSON.stringify(key)} is not a column of the main entity "${query.alias}"`,
      )
    const sql = `${query.escape(query.alias)}.${query.escape(meta.databaseName)}`
    return { name: key, column: sql, meta, ...direction }
  })
}

/** Does TypeORM read the column through a JS Date (on SQLite, where the catalog cannot tell)? */
function readsDate(meta: ColumnMetadataLike): boolean {
  return (
    meta.type === Date || (typeof meta.type === 'string' && /^(datetime|timestamp)/.test(meta.type))
  )
}

/** The entity's table as the catalog names it (MySQL/MariaDB: its database is the schema). */
function tableRef(
  family: catalog.SqlFamily,
  metadata: EntityMetadataLike,
  table: string,
): catalog.TableRef {
  const schema = family === 'mysql' ? (metadata.database ?? metadata.schema) : metadata.schema
  return schema === undefined ? { table } : { schema, table }
}

/** The internal alias of the `i`-th primary key column, which ties raw rows to their entity. */
const keyAlias = (i: number) => `api_resources_cursor_key_${i}`

/**
 * The cursor step of a `SelectQueryBuilder`: its order columns of the main entity with what the
 * database's catalog says of them (read through the builder's query runner or data source, once
 * per data source and table: nullability, the type a cursor value must fit, the exact text of
 * date-time, `FLOAT` and `BIGINT` columns; on SQLite the stored value of a column TypeORM reads as
 * a `Date`). The keyset is ANDed (in brackets) with the builder's own WHERE in the form the
 * dialect's index serves, the order rewritten, `take` when there are joins (whole entities) and
 * `limit` otherwise; the exact texts are selected beside the entity's columns and read from the raw
 * rows, so the entities are the ones TypeORM makes. @internal
 */
export function typeOrmCursorSource<T>(query: TypeOrmQueryLike<T>, fn: string): CursorSource<T> {
  const qb = query as TypeOrmCursorLike<T>
  const dataSource = qb.dataSource ?? qb.connection
  const family =
    dataSource === undefined ? undefined : catalog.familyOfName(dataSource.options.type)
  const largest = nullsAreLargest(qb)
  const items = orderItems(fn, qb)
  const metas = new Map(items.map((item) => [item.column as string, item.meta]))
  const columns = keysets.cursorColumns(fn, items, largest)
  const names = new Map(columns.map((c) => [c.column, c.name]))
  const metadata = qb.expressionMap.mainAlias?.metadata
  return {
    columns,
    ...catalog.indexFormOf(family),
    withSchema: async (given) => {
      if (dataSource === undefined || family === undefined || metadata?.tableName === undefined)
        return given.slice()
      const runner = qb.queryRunner ?? dataSource
      const query = (sql: string, bindings: readonly unknown[]) => {
        // PostgreSQL drivers number their placeholders
        let n = 0
        const text = family === 'postgres' ? sql.replace(/\?/g, () => `$${++n}`) : sql
        return runner.query(text, bindings.slice())
      }
      const ref = tableRef(family, metadata, metadata.tableName)
      return catalog.withTableCatalog(
        given,
        { owner: dataSource, family, ref, query },
        (c) => metas.get(c.column)?.databaseName,
        (c) => {
          const meta = metas.get(c.column)
          return meta !== undefined && readsDate(meta) ? 'date' : undefined
        },
      )
    },
    fetch: async (order, condition, limit) => {
      const page = qb.clone() as TypeOrmCursorLike<T>
      const schemaColumns = order as readonly catalog.SchemaColumn[]
      if (condition !== undefined) {
        const { wheres } = page.expressionMap
        // the builder's own WHERE in brackets, so an OR inside it cannot swallow the keyset
        if (wheres.length > 0)
          page.expressionMap.wheres = [
            { type: 'simple', condition: { operator: 'brackets', condition: wheres } },
          ]
        const parameters: Record<string, unknown> = {}
        const sql = catalog.castKeysetSql(
          condition,
          family,
          schemaColumns,
          (column) => column,
          (_, value) => {
            const name = `cursor_${Object.keys(parameters).length}`
            parameters[name] = value
            return `:${name}`
          },
        )
        page.andWhere(sql, parameters)
      }
      const exact = schemaColumns.some((c) => c.exact !== undefined)
      if (exact) {
        schemaColumns.forEach((c, i) => {
          if (c.exact !== undefined)
            page.addSelect(c.exact.text.replace('??', c.column), catalog.exactAlias(i))
        })
        metadata?.primaryColumns?.forEach((key, i) =>
          page.addSelect(`${qb.escape(qb.alias)}.${qb.escape(key.databaseName)}`, keyAlias(i)),
        )
      }
      page.orderBy()
      order.forEach((column, i) => {
        if (column.allNull !== true)
          addOrder(page, column, names.get(column.column) ?? '', largest, i)
      })
      const joined = page.expressionMap.joinAttributes.length > 0
      const paged = (joined ? page.take(limit) : page.limit(limit)) as TypeOrmCursorLike<T>
      const { raw, entities } = await paged.getRawAndEntities()
      // a Date or an unsafe integer of a column without an exact text is refused
      catalog.takeExactValues(
        fn,
        family,
        schemaColumns.filter((c) => c.exact === undefined),
        entities,
      )
      if (exact) {
        const texts = catalog.takeExactValues(fn, family, schemaColumns, raw)
        if (texts !== undefined)
          setExactCursorValues(entities, perEntity(raw, texts, metadata?.primaryColumns ?? []))
      }
      return entities
    },
  }
}

/**
 * The exact texts of each entity, from those of the raw rows: TypeORM makes one entity of the raw
 * rows that share a primary key (a join repeats them), in the order the keys first appear.
 */
function perEntity(
  raw: readonly Record<string, unknown>[],
  texts: ExactRows,
  keys: readonly unknown[],
): ExactRows {
  const byKey = new Map<string, ReadonlyMap<string, CursorValue> | undefined>()
  raw.forEach((row, i) => {
    const key =
      keys.length === 0 ? String(i) : keys.map((_, k) => String(row[keyAlias(k)])).join('\u0000')
    if (!byKey.has(key)) byKey.set(key, texts[i])
  })
  return [...byKey.values()]
}

/** ORDER BY one column, stating NULL placement only when it is not the database's own. */
function addOrder(
  page: TypeOrmCursorLike<unknown>,
  column: CursorColumn,
  name: string,
  largest: boolean,
  index: number,
): void {
  const direction = column.descending ? 'DESC' : 'ASC'
  if (keysets.defaultNulls(column, largest)) page.addOrderBy(name, direction)
  else if (!isMysql(page))
    page.addOrderBy(name, direction, column.nullsFirst ? 'NULLS FIRST' : 'NULLS LAST')
  else {
    // MySQL/MariaDB have no NULLS FIRST: (x IS NULL) is 1 for NULL, so DESC puts NULLs first. It is
    // selected and ordered by its alias: a builder with joins pages its entities in a DISTINCT
    // sub-select, which carries an order by alias but cannot read an expression
    const alias = `api_resources_nulls_${index}`
    page.addSelect(`(${column.column} IS NULL)`, alias)
    page.addOrderBy(alias, column.nullsFirst ? 'DESC' : 'ASC')
    page.addOrderBy(name, direction)
  }
}
