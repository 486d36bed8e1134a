/**
 * A query plan (`queryPlan(Resource)`) as Drizzle's own arguments. On a relational query
 * (`db.query.posts.findMany()`): the conditions as its `where` (ANDed with the query's own), the
 * order as its `orderBy` (replacing the query's own), the includes as `with` (Drizzle loads them in
 * the page's one statement; to-many relations ordered by the related primary key), the counts as
 * `extras` subqueries. On a MySQL-dialect session (MySQL, MariaDB, PlanetScale) the includes are
 * loaded after the page instead, in batches: Drizzle's relational SQL for a relation needs LEFT JOIN
 * LATERAL or derived tables referring to the outer row, which MariaDB cannot run, so each relation
 * of each include level is one relational query of its own table keyed by the page's keys
 * (`where key in (...)`), attached in the shape `with` gives. On a select builder
 * (`db.select().from(posts)`): the conditions and the order only, as select builders know no
 * relations. Names are the tables' property names (the resource's renames applied), which are
 * Drizzle's relation and column keys.
 */
import { LIKE_ESCAPE, likePattern } from '../../query/apply'
import type { FilterValue } from '../../query/declaration'
import type { QueryPlan } from '../../query/plan'
import { planUnsupported, type OrmPlanSteps } from '../orm-support/orm-paginators'
import {
  includeTree,
  spellPlanWhere,
  type IncludeTree,
  type PlanWhereSpelling,
} from '../orm-support/plan-parts'
import { drizzle, loadedDrizzle } from './drizzle-cursor'
import type { DrizzleQueryLike } from './drizzle-paginate'
import { hasOwn } from '../../util/objects'

/** The operators Drizzle hands to a relational query's `where` (and `drizzle-orm` exports). */
interface WhereOperators {
  and(...parts: unknown[]): unknown
  or(...parts: unknown[]): unknown
  eq(column: unknown, value: unknown): unknown
  ne(column: unknown, value: unknown): unknown
  lt(column: unknown, value: unknown): unknown
  lte(column: unknown, value: unknown): unknown
  gt(column: unknown, value: unknown): unknown
  gte(column: unknown, value: unknown): unknown
  inArray(column: unknown, values: unknown[]): unknown
  isNull(column: unknown): unknown
  isNotNull(column: unknown): unknown
  sql: ((strings: TemplateStringsArray, ...values: unknown[]) => unknown) & {
    identifier(name: string): unknown
    raw(text: string): unknown
  }
}

interface OrderOperators {
  asc(column: unknown): unknown
  desc(column: unknown): unknown
}

type Fields = Readonly<Record<string, unknown>>
type Where = (fields: Fields, ops: WhereOperators) => unknown

/** A column as the plan reads it. */
interface ColumnLike {
  readonly name: string
}

/** A relation of Drizzle's `relations()` as the plan reads it. */
interface RelationLike {
  readonly referencedTable: unknown
  readonly referencedTableName: string
  readonly relationName?: string
  /** A `one()`'s keys; a `many()` has only its `relationName` here. */
  readonly config?: {
    readonly fields?: readonly ColumnLike[]
    readonly references?: readonly ColumnLike[]
  }
  readonly constructor: Function
}

/** A table of the relational schema (what `db.query.<table>` reads). */
interface TableConfig {
  readonly tsName: string
  readonly dbName: string
  readonly columns: Readonly<Record<string, ColumnLike>>
  readonly relations: Readonly<Record<string, RelationLike>>
  readonly primaryKey: readonly ColumnLike[]
}

/** A relational query (`db.query.posts.findMany(config)`). */
interface RelationalQuery extends DrizzleQueryLike {
  readonly schema: Readonly<Record<string, TableConfig>>
  readonly tableConfig: TableConfig
  config: RelationalConfig
  readonly fullSchema: unknown
  readonly tableNamesMap: unknown
  readonly dialect: unknown
  readonly mode: unknown
}

/** The constructor of MySQL relational queries (`MySqlRelationalQuery`), as the batch loader calls it. */
type RelationalQueryClass = new (
  fullSchema: unknown,
  schema: unknown,
  tableNamesMap: unknown,
  table: unknown,
  tableConfig: TableConfig,
  dialect: unknown,
  session: unknown,
  config: RelationalConfig,
  queryMode: 'many',
  mode: unknown,
) => PromiseLike<Row[]>

type Row = Record<string, unknown>

interface RelationalConfig {
  readonly where?: unknown
  readonly orderBy?: unknown
  readonly with?: Record<string, unknown>
  readonly extras?: unknown
  readonly [key: string]: unknown
}

/** A select builder (`db.select().from(posts)`). */
interface SelectQuery extends DrizzleQueryLike {
  config: { readonly fields?: Fields; readonly where?: unknown; readonly orderBy?: unknown }
}

const ENTITY_KIND = Symbol.for('drizzle:entityKind')

function isMany(relation: RelationLike): boolean {
  return (relation.constructor as unknown as Record<symbol, unknown>)[ENTITY_KIND] === 'Many'
}

/** Is `query` a relational query (`db.query.x.findMany()`) rather than a select builder? */
export function isRelationalQuery(query: object): boolean {
  return 'tableConfig' in query && 'schema' in query
}

/**
 * A value as Drizzle binds it for `column`: on SQLite (no date type there) a date-time as ISO text,
 * unless the column maps a `Date` itself (`integer({ mode: 'timestamp' })`, its `dataType` is
 * `'date'`), which Drizzle then writes as the column stores it. A zone-less column in
 * `mode: 'string'` (PostgreSQL `timestamp`, MySQL `datetime`) reads as the database's text, which
 * Drizzle hands back as it is: the value is bound as that text in UTC (`2024-05-01 10:00:00.000`),
 * the text a page shows; a `Date` would be written by the driver in the process's zone.
 */
function bindable(sqlite: boolean, column: unknown, value: FilterValue): unknown {
  if (!(value instanceof Date)) return value
  if (isZonelessText(column)) return value.toISOString().replace('T', ' ').slice(0, -1)
  if (!sqlite) return value
  return (column as { dataType?: unknown }).dataType === 'date' ? value : value.toISOString()
}

/** Is `column` a zone-less date-time read as text (`timestamp({ mode: 'string' })`)? */
function isZonelessText(column: unknown): boolean {
  const kind = (column as { constructor: Record<symbol, unknown> }).constructor[ENTITY_KIND]
  if (kind === 'PgTimestampString')
    return (column as { withTimezone?: unknown }).withTimezone !== true
  return kind === 'MySqlDateTimeString'
}

/** A plan's conditions over `fields` (the query's columns by property name). */
function whereSpelling(
  fn: string,
  plan: QueryPlan,
  sqlite: boolean,
  fields: Fields,
  ops: WhereOperators,
): PlanWhereSpelling<unknown> {
  const field = (column: string) => {
    const found = hasOwn.call(fields, column) ? fields[column] : undefined
    if (found === undefined)
      throw planUnsupported(
        fn,
        `a column of the Drizzle query (${Object.keys(fields).join(', ')})`,
        `the filter column ${JSON.stringify(column)} of ${plan.resource.name}`,
      )
    return found
  }
  return {
    compare: (column, op, value) => ops[op](field(column), bindable(sqlite, field(column), value)),
    in: (column, values) =>
      ops.inArray(
        field(column),
        values.map((v) => bindable(sqlite, field(column), v)),
      ),
    isNull: (column, negated) =>
      negated ? ops.isNotNull(field(column)) : ops.isNull(field(column)),
    like: (column, op, text) =>
      ops.sql`${field(column)} like ${likePattern(op, text)} escape ${ops.sql.raw(`'${LIKE_ESCAPE}'`)}`,
    and: (parts) => ops.and(...parts),
    or: (parts) => ops.or(...parts),
  }
}

/** Drizzle's name of the query's dialect (`SQLiteSyncDialect`, `PgDialect`, `MySqlDialect`...). */
function dialectKind(query: object): string {
  const dialect = (query as { dialect?: { constructor: object } }).dialect
  const kind = (dialect?.constructor as Record<symbol, unknown> | undefined)?.[ENTITY_KIND]
  return typeof kind === 'string' ? kind : ''
}

function sqliteOf(query: DrizzleQueryLike): boolean {
  return dialectKind(query).startsWith('SQLite')
}

/**
 * Does the query load its includes in batches after the page? A relational query on a MySQL-dialect
 * session: MariaDB runs neither of Drizzle's ways of loading a relation inside the page's statement.
 */
function batchesIncludes(query: object): boolean {
  return isRelationalQuery(query) && dialectKind(query) === 'MySqlDialect'
}

/**
 * A Drizzle query with another config, the query itself untouched. Drizzle builders have no
 * clone(), and their `execute`/`all` are arrow functions bound to the builder, so a copy of its
 * fields would still run the builder's own config: the copy inherits from the builder and, while it
 * builds its SQL (synchronously, as `getSQL()` and `execute()` do), puts its config on the builder,
 * then the builder's own back.
 */
function withConfig<Q extends DrizzleQueryLike>(query: Q, config: object): Q {
  const copy = Object.create(query) as Q
  copy.config = config
  const run = <R>(fn: () => R): R => {
    const saved = query.config
    query.config = copy.config
    try {
      return fn()
    } finally {
      query.config = saved
    }
  }
  Object.assign(copy, {
    execute: () => run(() => query.execute()),
    getSQL: () => run(() => query.getSQL()),
    toSQL: () => run(() => (query as unknown as { toSQL(): unknown }).toSQL()),
    then: (ok?: (rows: unknown[]) => unknown, fail?: (error: unknown) => unknown) =>
      copy.execute().then(ok, fail),
  })
  return copy
}

function tableOf(fn: string, query: RelationalQuery, relation: RelationLike): TableConfig {
  const found = Object.values(query.schema).find(
    (table) => table.dbName === relation.referencedTableName,
  )
  if (found === undefined)
    throw planUnsupported(
      fn,
      'a table of the relational schema',
      `the table ${JSON.stringify(relation.referencedTableName)}`,
    )
  return found
}

function relationOf(
  fn: string,
  plan: QueryPlan,
  path: string,
  table: TableConfig,
  name: string,
): RelationLike {
  const relation = hasOwn.call(table.relations, name) ? table.relations[name] : undefined
  if (relation === undefined)
    throw planUnsupported(
      fn,
      `a relation of the Drizzle table ${table.tsName} (${Object.keys(table.relations).join(', ') || 'none: declare them with relations()'}); name the relation with the member's relation option`,
      `include ${JSON.stringify(path)} of ${plan.resource.name} (relation ${JSON.stringify(name)})`,
    )
  return relation
}

/** The property name of one of a table's columns (its key in the table's rows). */
function propertyOf(table: TableConfig, column: ColumnLike): string {
  return Object.entries(table.columns).find(([, c]) => c === column)?.[0] ?? column.name
}

/** The property names of a table's primary key columns. */
function keyNames(table: TableConfig): string[] {
  return table.primaryKey.map((column) => propertyOf(table, column))
}

/** The `with` of an include tree: to-many relations ordered by the related primary key. */
function withOf(
  fn: string,
  plan: QueryPlan,
  query: RelationalQuery,
  table: TableConfig,
  tree: IncludeTree,
  path = '',
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [name, children] of Object.entries(tree)) {
    const here = path === '' ? name : `${path}.${name}`
    const relation = relationOf(fn, plan, here, table, name)
    const related = tableOf(fn, query, relation)
    const nested = withOf(fn, plan, query, related, children, here)
    const keys = keyNames(related)
    const config: Record<string, unknown> = {}
    if (Object.keys(nested).length > 0) config.with = nested
    if (isMany(relation) && keys.length > 0)
      config.orderBy = (fields: Fields, ops: OrderOperators) => keys.map((k) => ops.asc(fields[k]))
    out[name] = Object.keys(config).length === 0 ? true : config
  }
  return out
}

/**
 * The columns a relation is joined on: `fields` of `table`, `references` of the related table. A
 * `one()` relation declares them; a `many()` (or a `one()` without `fields`) takes the reverse
 * `one()` relation's.
 */
function joinKeys(
  fn: string,
  query: RelationalQuery,
  table: TableConfig,
  relation: RelationLike,
): { related: TableConfig; fields: readonly ColumnLike[]; references: readonly ColumnLike[] } {
  const related = tableOf(fn, query, relation)
  const own = relation.config
  if (!isMany(relation) && own?.fields !== undefined && own.references !== undefined)
    return { related, fields: own.fields, references: own.references }
  const reverse = Object.values(related.relations).find(
    (r) =>
      r.config?.fields !== undefined &&
      (relation.relationName !== undefined
        ? r.relationName === relation.relationName
        : r.referencedTableName === table.dbName),
  )
  const keys = reverse?.config
  if (keys?.fields === undefined || keys.references === undefined)
    throw planUnsupported(
      fn,
      `a one() relation of ${related.tsName} back to ${table.tsName} (with fields and references)`,
      `the table ${JSON.stringify(relation.referencedTableName)}`,
    )
  return { related, fields: keys.references, references: keys.fields }
}

/**
 * A column's name in the database: its own, or, for one declared without a name under the
 * database's `casing` option (`drizzle({ casing: 'snake_case' })`), its key cased as Drizzle cases
 * it (`postId` -> `post_id`).
 */
function databaseName(
  query: RelationalQuery,
  column: { name: string; keyAsName?: boolean },
): string {
  if (column.keyAsName !== true) return column.name
  const casing = (query.dialect as { casing?: { getColumnCasing?(column: unknown): unknown } })
    .casing
  const name = casing?.getColumnCasing?.(column)
  return typeof name === 'string' ? name : column.name
}

/** The counts as `extras`: a correlated `count(*)` subquery each. */
function extrasOf(fn: string, plan: QueryPlan, query: RelationalQuery): unknown {
  if (plan.counts.length === 0) return query.config.extras
  const table = query.tableConfig
  const counts = plan.counts.map((count) => {
    const relation = relationOf(fn, plan, count.name, table, count.relation)
    if (!isMany(relation))
      throw planUnsupported(
        fn,
        'a count of a many() relation',
        `a count of the one() relation "${count.relation}"`,
      )
    const keys = joinKeys(fn, query, table, relation)
    return {
      name: count.name,
      keys,
      own: databaseName(query, keys.fields[0]),
      column: databaseName(query, keys.references[0]),
    }
  })
  const ownExtras = query.config.extras
  return (fields: Fields, ops: WhereOperators & { sql: { raw?: unknown } }) => {
    const base =
      typeof ownExtras === 'function'
        ? (ownExtras as (f: Fields, o: unknown) => object)(fields, ops)
        : (ownExtras ?? {})
    const out: Record<string, unknown> = { ...base }
    for (const { name, keys, own, column: related } of counts) {
      const { sql } = ops
      const t = sql.identifier(keys.related.dbName)
      const column = sql.identifier(related)
      // the root table's alias in a relational query is its property name in the schema
      const owner = sql`${sql.identifier(table.tsName)}.${sql.identifier(own)}`
      const counted = sql`(select count(*) from ${t} where ${t}.${column} = ${owner})` as {
        as(alias: string): unknown
      }
      out[name] = counted.as(name)
    }
    return out
  }
}

/**
 * The query's own WHERE ANDed with the plan's conditions, in parentheses: and() does not wrap a raw
 * `sql` condition, whose OR would swallow the plan's.
 */
function andOwn(ops: WhereOperators, own: unknown, planned: unknown): unknown {
  if (own === undefined) return planned
  return planned === undefined ? own : ops.and(ops.sql`(${own})`, planned)
}

/** The query's own `where` and the plan's, for a relational query. */
function relationalWhere(fn: string, plan: QueryPlan, own: unknown, sqlite: boolean): unknown {
  if (plan.where.length === 0) return own
  const where: Where = (fields, ops) => {
    const planned = spellPlanWhere(plan, whereSpelling(fn, plan, sqlite, fields, ops))
    const mine = typeof own === 'function' ? (own as Where)(fields, ops) : own
    return andOwn(ops, mine, planned)
  }
  return where
}

/**
 * The plan in a copy of a Drizzle query. A relational query gets `where`, `orderBy`, `with` and
 * `extras`; a select builder `where` and `orderBy` (an include or a count is refused, naming the
 * relational query as the alternative).
 */
function applyDrizzlePlan<Q extends DrizzleQueryLike>(query: Q, plan: QueryPlan, fn: string): Q {
  const sqlite = sqliteOf(query)
  if (isRelationalQuery(query)) {
    const q = query as unknown as RelationalQuery
    if (fn === 'cursorPaginate')
      throw planUnsupported(
        fn,
        'a select builder (db.select().from(table)): Drizzle relational queries cannot carry a cursor; use paginate() or simplePaginate() for a relational query with include, or cursorPaginate() on a select builder',
        'a relational query (db.query.x.findMany())',
      )
    const include = withOf(fn, plan, q, q.tableConfig, includeTree(plan))
    const config: RelationalConfig = {
      ...q.config,
      where: relationalWhere(fn, plan, q.config.where, sqlite),
      orderBy: (fields: Fields, ops: OrderOperators) =>
        plan.order.map((entry) => {
          const column = fields[entry.column]
          if (column === undefined)
            throw planUnsupported(
              fn,
              `a column of the Drizzle table ${q.tableConfig.tsName}`,
              `sort ${JSON.stringify(entry.name)} of ${plan.resource.name} (column ${JSON.stringify(entry.column)})`,
            )
          return entry.descending ? ops.desc(column) : ops.asc(column)
        }),
      ...(Object.keys(include).length > 0 && !batchesIncludes(q)
        ? { with: { ...q.config.with, ...include } }
        : {}),
      ...(plan.counts.length > 0 ? { extras: extrasOf(fn, plan, q) } : {}),
    }
    return withConfig(query, config)
  }
  if (plan.include.length > 0 || plan.counts.length > 0)
    throw planUnsupported(
      fn,
      fn === 'cursorPaginate'
        ? 'no include: a Drizzle cursor page is a select builder, which knows no relations, and a relational query cannot carry a cursor; use paginate() or simplePaginate() on a relational query (db.query.x.findMany()) for include'
        : 'a relational query (db.query.x.findMany()) for include: select builders know no relations',
      `include=${plan.parameters.include}`,
    )
  const q = query as unknown as SelectQuery
  const fields = q.config.fields ?? {}
  const ops = loadedDrizzle() as unknown as WhereOperators & OrderOperators
  const planned = spellPlanWhere(plan, whereSpelling(fn, plan, sqlite, fields, ops))
  const own = q.config.where
  const orderBy = plan.order.map((entry) => {
    const column = hasOwn.call(fields, entry.column) ? fields[entry.column] : undefined
    if (column === undefined)
      throw planUnsupported(
        fn,
        `a selected column of the Drizzle query (${Object.keys(fields).join(', ')})`,
        `sort ${JSON.stringify(entry.name)} of ${plan.resource.name} (column ${JSON.stringify(entry.column)})`,
      )
    return entry.descending ? ops.desc(column) : ops.asc(column)
  })
  return withConfig(query, {
    ...q.config,
    where: andOwn(ops, own, planned),
    orderBy,
  })
}

/** The most keys one batch query binds. */
const KEYS_PER_QUERY = 1000

/** The values of `properties` in `row`, or `undefined` when one is null (no related row then). */
function keyOf(row: Row, properties: readonly string[]): unknown[] | undefined {
  const values = properties.map((p) => row[p])
  return values.some((v) => v === null || v === undefined) ? undefined : values
}

/** A key as a map key: the same for equal keys however the driver returns them (bigint, Date...). */
const keyText = (values: readonly unknown[]): string =>
  values.map((v) => (v instanceof Date ? v.toISOString() : String(v))).join('\u0000')

/**
 * One relation of an include level onto `parents` (rows of `table`), by one relational query of the
 * related table for all of their keys: a `one()` as the related row or `null`, a `many()` as the
 * related rows ordered by their primary key (as `with` gives them). Returns the related rows, the
 * parents of the next level.
 */
async function loadRelation(
  fn: string,
  query: RelationalQuery,
  table: TableConfig,
  relation: RelationLike,
  name: string,
  parents: readonly Row[],
): Promise<Row[]> {
  const { related, fields, references } = joinKeys(fn, query, table, relation)
  const own = fields.map((c) => propertyOf(table, c))
  const theirs = references.map((c) => propertyOf(related, c))
  const many = isMany(relation)
  const keys = new Map<string, unknown[]>()
  for (const parent of parents) {
    const key = keyOf(parent, own)
    if (key !== undefined) keys.set(keyText(key), key)
  }
  const Query = query.constructor as RelationalQueryClass
  const order = keyNames(related)
  const run = (chunk: readonly unknown[][]) =>
    new Query(
      query.fullSchema,
      query.schema,
      query.tableNamesMap,
      relation.referencedTable,
      related,
      query.dialect,
      query.session,
      {
        where: (f: Fields, ops: WhereOperators) =>
          theirs.length === 1
            ? ops.inArray(
                f[theirs[0]],
                chunk.map((k) => k[0]),
              )
            : ops.or(...chunk.map((k) => ops.and(...theirs.map((p, i) => ops.eq(f[p], k[i]))))),
        ...(many && order.length > 0
          ? { orderBy: (f: Fields, ops: OrderOperators) => order.map((k) => ops.asc(f[k])) }
          : {}),
      },
      'many',
      query.mode,
    )
  // the keys in chunks of KEYS_PER_QUERY (one query for any page of up to that many keys)
  const all = [...keys.values()]
  const found: Row[] = []
  for (let i = 0; i < all.length; i += KEYS_PER_QUERY)
    found.push(...(await run(all.slice(i, i + KEYS_PER_QUERY))))
  const groups = new Map<string, Row[]>()
  for (const row of found) {
    const key = keyOf(row, theirs)
    if (key === undefined) continue
    const text = keyText(key)
    const list = groups.get(text)
    if (list === undefined) groups.set(text, [row])
    else list.push(row)
  }
  for (const parent of parents) {
    const key = keyOf(parent, own)
    const rows = key === undefined ? undefined : groups.get(keyText(key))
    parent[name] = many ? (rows ?? []) : (rows?.[0] ?? null)
  }
  return found
}

/** An include tree onto `rows` of `table`, level by level: one query per relation of each level. */
async function loadTree(
  fn: string,
  plan: QueryPlan,
  query: RelationalQuery,
  table: TableConfig,
  rows: readonly Row[],
  tree: IncludeTree,
  path = '',
): Promise<void> {
  for (const [name, children] of Object.entries(tree)) {
    const here = path === '' ? name : `${path}.${name}`
    const relation = relationOf(fn, plan, here, table, name)
    const found = await loadRelation(fn, query, table, relation, name, rows)
    if (found.length > 0 && Object.keys(children).length > 0)
      await loadTree(fn, plan, query, tableOf(fn, query, relation), found, children, here)
  }
}

/** The plan steps of the Drizzle paginators. @internal */
export const drizzlePlanSteps: OrmPlanSteps<PromiseLike<unknown[]>> = {
  prepare: () => drizzle(),
  apply: (query, plan, fn) =>
    applyDrizzlePlan(query as DrizzleQueryLike, plan, fn) as PromiseLike<unknown[]>,
  load: async (query, rows, plan, fn) => {
    // counts as numbers on every driver (PostgreSQL returns count(*) as text)
    for (const row of rows as Row[])
      for (const { name } of plan.counts)
        if (row[name] !== null && row[name] !== undefined) row[name] = Number(row[name])
    if (plan.include.length > 0 && batchesIncludes(query)) {
      const q = query as unknown as RelationalQuery
      await loadTree(fn, plan, q, q.tableConfig, rows as Row[], includeTree(plan))
    }
  },
}
