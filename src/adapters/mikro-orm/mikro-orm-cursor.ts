import { ArgumentError } from '../../errors/base'
import type { CursorValue } from '../../pagination/cursor'
import { setExactCursorValues, type ExactRows } from '../../pagination/cursor-paginator'
import * as catalog from '../orm-support/column-schema'
import { knexFamily, type KnexInternals } from '../orm-support/knex-like-cursor'
import * as keysets from '../orm-support/keyset-where'
import type { CursorSource } from '../orm-support/orm-paginators'
import { freshClone, type MikroOrmQueryLike } from './mikro-orm-types'
import { hasOwn } from '../../util/objects'

/** A property's metadata as the cursor step reads it. */
interface PropertyMeta {
  readonly fieldNames?: readonly string[]
  readonly runtimeType?: string
  readonly formula?: unknown
  /** `'scalar'`, or a relation's kind (`'m:1'`, `'1:1'`, ...). */
  readonly kind?: string
  /** A relation's target entity. */
  readonly targetMeta?: { readonly primaryKeys?: readonly string[] }
}

/**
 * The key a to-one relation's value holds (an entity, a stub or a `Reference`): its target's
 * primary key, the value of the foreign key column the order names; `null` for none.
 */
function referenceKey(value: unknown, property: PropertyMeta): CursorValue {
  if (value === null || value === undefined) return null
  const ref = value as { unwrap?: () => unknown }
  const entity = (typeof ref.unwrap === 'function' ? ref.unwrap() : value) as Record<
    string,
    unknown
  >
  const key = entity[property.targetMeta?.primaryKeys?.[0] ?? 'id']
  if (typeof key === 'bigint') return key.toString()
  return key === undefined ? null : (key as CursorValue)
}

/** The parts of an `EntityManager` the cursor step uses. */
interface EntityManagerLike {
  getConnection(): {
    getKnex(): KnexInternals & { raw(sql: string): unknown }
    execute(sql: string, params: readonly unknown[], method: 'all'): Promise<unknown>
  }
  map(entityName: string, row: object, options: { schema?: string }): unknown
  tryFlush(entityName: string, options: { flushMode?: unknown }): Promise<void>
}

/** The parts of a MikroORM `QueryBuilder` the cursor step reads (internal in its typings). */
interface MikroOrmCursorLike<T> extends MikroOrmQueryLike<T> {
  readonly alias: string
  readonly em?: EntityManagerLike
  readonly _schema?: string
  readonly _fields?: readonly unknown[]
  readonly platform: { quoteIdentifier(id: string): string }
  readonly mainAlias: {
    readonly entityName: string
    readonly metadata?: {
      readonly tableName?: string
      readonly schema?: string
      readonly properties: Record<string, PropertyMeta>
    }
  }
  readonly _orderBy: readonly Record<string, unknown>[]
  readonly flushMode?: unknown
  orderBy(order: Record<string, string>[]): MikroOrmCursorLike<T>
  andWhere(condition: string, params: unknown[]): MikroOrmCursorLike<T>
  select(fields: string): MikroOrmCursorLike<T>
  addSelect(fields: unknown[]): MikroOrmCursorLike<T>
  execute(method: 'all', mapResults: boolean): Promise<Record<string, unknown>[]>
}

/**
 * What `getResultList()` does first and `getCount()` does not: the pending changes of the builder's
 * entity flushed, as the EntityManager's flush mode (or the builder's) says. @internal
 */
export async function flushPending(query: MikroOrmQueryLike<unknown>): Promise<void> {
  const qb = query as Partial<MikroOrmCursorLike<unknown>>
  if (qb.em === undefined || qb.mainAlias === undefined) return
  await qb.em.tryFlush(qb.mainAlias.entityName, { flushMode: qb.flushMode })
}

/** The property an order key names: `alias.property`, `property` or its column; else undefined. */
function propertyOf(query: MikroOrmCursorLike<unknown>, key: string): string | undefined {
  const path = key.startsWith(`${query.alias}.`) ? key.slice(query.alias.length + 1) : key
  const properties = query.mainAlias.metadata?.properties ?? {}
  if (hasOwn.call(properties, path)) return path
  return Object.keys(properties).find((name) => properties[name].fieldNames?.[0] === path)
}

/** MikroORM's numeric directions (`QueryOrderNumeric`): 1 ascending, -1 descending. */
function directionText(value: unknown): unknown {
  return value === 1 ? 'asc' : value === -1 ? 'desc' : value
}

/**
 * The cursor step of a MikroORM `QueryBuilder`: its `orderBy` properties of the main entity (the
 * `QueryOrder` directions, NULLS FIRST/LAST included), with what the catalog says of their columns
 * (nullability, the type a cursor value must fit, the exact text of date-time, FLOAT and BIGINT
 * columns). The keyset is raw SQL ANDed with the builder's own condition, on a clone, in the form
 * the dialect's index serves; a page is `getResultList()`, or, when it selects the exact texts
 * beside the entity's fields, that method's steps (flush, map, one entity per row). @internal
 */
export function mikroOrmCursorSource<T>(query: MikroOrmQueryLike<T>, fn: string): CursorSource<T> {
  const qb = query as MikroOrmCursorLike<T>
  const em = qb.em
  const knex = em?.getConnection().getKnex()
  const family = knex === undefined ? undefined : knexFamily(knex)
  const largest = family === 'postgres'
  const properties = qb.mainAlias.metadata?.properties ?? {}
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
  const fieldOf = (name: string) => properties[name]?.fieldNames?.[0] ?? name
  const sqlOf = (name: string) => qb.platform.quoteIdentifier(`${qb.alias}.${fieldOf(name)}`)
  return {
    columns,
    ...catalog.indexFormOf(family),
    withSchema: async (given) => {
      const meta = qb.mainAlias.metadata
      if (em === undefined || family === undefined || meta?.tableName === undefined)
        return given.slice()
      const schema = qb._schema ?? meta.schema
      const ref =
        schema === undefined || schema === '*'
          ? { table: meta.tableName }
          : { schema, table: meta.tableName }
      const connection = em.getConnection()
      const query = (sql: string, bindings: readonly unknown[]) =>
        connection.execute(sql, bindings, 'all')
      return catalog.withTableCatalog(
        given,
        { owner: connection, family, ref, query },
        (c) => {
          const property = properties[c.name]
          return property === undefined || property.formula !== undefined
            ? undefined
            : fieldOf(c.name)
        },
        // (a column the catalog does not know keeps the value MikroORM reads); better-sqlite3
        // reads an integer as a JS number, rounded past 2^53 before MikroORM makes a bigint of it
        (c) =>
          c.type === undefined
            ? undefined
            : properties[c.name].runtimeType === 'Date'
              ? 'date'
              : 'number',
      )
    },
    fetch: async (order, condition, limit) => {
      const page = freshClone(qb) as MikroOrmCursorLike<T>
      const schemaColumns = order as readonly catalog.SchemaColumn[]
      if (condition !== undefined) {
        const params: CursorValue[] = []
        const sql = catalog.castKeysetSql(condition, family, schemaColumns, sqlOf, (_, value) => {
          params.push(value)
          return '?'
        })
        page.andWhere(sql, params)
      }
      const exact = schemaColumns.flatMap((c, i) =>
        c.exact === undefined
          ? []
          : [{ sql: c.exact.text, column: c.name, alias: catalog.exactAlias(i) }],
      )
      // (exact texts come from the catalog, read only with an EntityManager and its Knex)
      const readsExact = exact.length > 0 && knex !== undefined && em !== undefined
      if (readsExact) {
        // a Knex raw expression: MikroORM hands a select entry that is not its own to Knex as is
        if (page._fields === undefined || page._fields.length === 0) page.select('*')
        page.addSelect(
          exact.map((e) =>
            knex.raw(
              `${e.sql.replace('??', sqlOf(e.column))} as ${qb.platform.quoteIdentifier(e.alias)}`,
            ),
          ),
        )
      }
      page.orderBy(
        order
          .filter((c) => c.allNull !== true)
          .map((c) => {
            const direction = c.descending ? 'desc' : 'asc'
            const nulls = keysets.defaultNulls(c, largest)
              ? ''
              : c.nullsFirst
                ? ' nulls first'
                : ' nulls last'
            return { [c.name]: direction + nulls }
          }),
      )
      page.limit(limit)
      // a to-one relation's value is an entity: its cursor value is the foreign key's
      const references = schemaColumns.filter(
        (c) =>
          c.exact === undefined &&
          (properties[c.name]?.kind === 'm:1' || properties[c.name]?.kind === '1:1'),
      )
      const withKeys = (list: T[], texts: ExactRows | undefined): T[] => {
        if (references.length > 0)
          setExactCursorValues(
            list,
            list.map((entity, i) => {
              const values = new Map(texts?.[i] ?? [])
              for (const c of references)
                values.set(
                  c.name,
                  referenceKey((entity as Record<string, unknown>)[c.name], properties[c.name]),
                )
              return values
            }),
          )
        else if (texts !== undefined) setExactCursorValues(list, texts)
        return list
      }
      if (!readsExact) return withKeys(await page.getResultList(), undefined)
      // getResultList()'s steps, the exact texts taken off the rows before they become entities:
      // pending changes of the entity flushed first (the EntityManager's flush mode), one entity
      // per row, a row repeated by a join given once
      await flushPending(page)
      const rows = await page.execute('all', true)
      const texts = catalog.takeExactValues(fn, family, schemaColumns, rows)
      const schema = page._schema
      const entities = new Set<T>()
      const kept: ExactRows[number][] = []
      rows.forEach((row, i) => {
        const entity = em.map(qb.mainAlias.entityName, row, schema === undefined ? {} : { schema })
        if (entities.has(entity as T)) return
        entities.add(entity as T)
        kept.push(texts?.[i])
      })
      return withKeys([...entities], texts === undefined ? undefined : kept)
    },
  }
}
