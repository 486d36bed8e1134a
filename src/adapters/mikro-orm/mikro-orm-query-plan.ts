/**
 * A query plan on a MikroORM `QueryBuilder`: the plan's conditions as one `andWhere` of SQL over
 * the main entity's columns with `?` parameters, its order as `orderBy` of properties, and its
 * includes loaded after the page with `em.populate(rows, paths, { strategy: 'select-in' })`:
 * MikroORM's own batch loading, one query per relation level for the whole page (to-many relations
 * ordered by the related primary key); the pivot rows of an included m:n relation as one more
 * query for the page, each related entity then rendered through a view carrying its pivot row as
 * `pivot` (what `whenPivotLoaded()` reads; `installMikroOrm()` gives the views); its counts as one
 * grouped COUNT per counted relation for the page. Relation names are the entity's.
 */
import type { FilterValue } from '../../query/declaration'
import type { QueryPlan } from '../../query/plan'
import { junctionRows, pivotView } from '../orm-support/attach-pivot'
import { planUnsupported, type OrmPlanSteps } from '../orm-support/orm-paginators'
import {
  includePaths,
  includeTree,
  spellPlanWhere,
  sqlPlanSpelling,
  type IncludeTree,
} from '../orm-support/plan-parts'
import { setPivotViews } from './mikro-orm-rules'
import { freshClone, type MikroOrmQueryLike } from './mikro-orm-types'

interface PropertyLike {
  readonly name: string
  readonly kind: string
  readonly type?: string
  /** `'Date'` for a property MikroORM reads as a `Date`. */
  readonly runtimeType?: string
  readonly fieldNames?: readonly string[]
  readonly targetMeta?: MetadataLike
  readonly mappedBy?: string
  readonly owner?: boolean
  readonly pivotTable?: string
  readonly joinColumns?: readonly string[]
  readonly inverseJoinColumns?: readonly string[]
}

interface MetadataLike {
  readonly className: string
  readonly tableName: string
  readonly primaryKeys: readonly string[]
  readonly properties: Readonly<Record<string, PropertyLike>>
}

/** The parts of a `QueryBuilder` a plan uses (protected in MikroORM's typings). */
interface PlannedBuilder extends MikroOrmQueryLike {
  readonly alias: string
  readonly em?: {
    populate(entities: object[], paths: string[], options: object): Promise<unknown>
    execute?(sql: string, params: unknown[]): Promise<Record<string, unknown>[]>
  }
  readonly platform?: {
    readonly constructor: { readonly name: string }
    quoteIdentifier(name: string): string
    /** What MikroORM writes for a `Date` property's value (SQLite: epoch milliseconds). */
    processDateProperty?(value: Date): unknown
  }
  readonly mainAlias?: { readonly metadata?: MetadataLike }
  orderBy(order: Record<string, string>[]): PlannedBuilder
  andWhere(condition: string, params: unknown[]): PlannedBuilder
}

const STRING_TYPES = /^(string|varchar|text|character varying|char)$/i
const RELATION_KINDS = new Set(['m:1', '1:1', '1:m', 'm:n'])

function metadataOf(fn: string, qb: PlannedBuilder): MetadataLike {
  const metadata = qb.mainAlias?.metadata
  if (metadata === undefined || qb.platform === undefined)
    throw planUnsupported(
      fn,
      'a QueryBuilder over an entity (em.createQueryBuilder(Entity, alias))',
      'a builder without a main entity',
    )
  return metadata
}

/**
 * The property a plan column names: a scalar property, or a to-one relation (its foreign key), by
 * property name or by column name.
 */
function scalar(fn: string, metadata: MetadataLike, name: string): PropertyLike {
  const comparable = (p: PropertyLike | undefined): p is PropertyLike =>
    p !== undefined &&
    (p.kind === 'scalar' || p.kind === 'm:1' || p.kind === '1:1') &&
    p.fieldNames?.length === 1
  const own = metadata.properties[name]
  const property = comparable(own)
    ? own
    : Object.values(metadata.properties).find((p) => comparable(p) && p.fieldNames![0] === name)
  if (property === undefined)
    throw planUnsupported(
      fn,
      `sort and filter columns that are properties of the entity ${metadata.className} or their columns`,
      JSON.stringify(name),
    )
  return property
}

/** Checks the tree's relations; returns the `orderBy` of its to-many relations by primary key. */
function checkedOrder(
  fn: string,
  metadata: MetadataLike,
  tree: IncludeTree,
): Record<string, unknown> {
  const order: Record<string, unknown> = {}
  for (const [name, children] of Object.entries(tree)) {
    const property = metadata.properties[name]
    if (
      property === undefined ||
      !RELATION_KINDS.has(property.kind) ||
      property.targetMeta === undefined
    )
      throw planUnsupported(
        fn,
        `include paths that are relations of the entity ${metadata.className} (a resource member named otherwise gives the relation: @WhenLoaded(() => R, { relation: '<property>' }))`,
        JSON.stringify(name),
      )
    const target = property.targetMeta
    const nested = checkedOrder(fn, target, children)
    const own =
      (property.kind === '1:m' || property.kind === 'm:n') && target.primaryKeys.length === 1
    if (own || Object.keys(nested).length > 0)
      order[name] = { ...(own ? { [target.primaryKeys[0]]: 'asc' } : {}), ...nested }
  }
  return order
}

function apply(query: MikroOrmQueryLike, plan: QueryPlan, fn: string): MikroOrmQueryLike {
  const source = query as PlannedBuilder
  const metadata = metadataOf(fn, source)
  for (const count of plan.counts) countedBy(fn, metadata, count.relation, count.name)
  checkedOrder(fn, metadata, includeTree(plan))
  const qb = freshClone(source) as PlannedBuilder
  const platform = qb.platform!
  const sqlite = /sqlite/i.test(platform.constructor.name)
  const params: unknown[] = []
  const column = (name: string) =>
    `${platform.quoteIdentifier(qb.alias)}.${platform.quoteIdentifier(scalar(fn, metadata, name).fieldNames![0])}`
  const bind = (name: string, value: FilterValue): string => {
    const property = scalar(fn, metadata, name)
    // a date-time compared with a text column as ISO text; a `Date` property's as MikroORM writes
    // one (on SQLite, which has no date type, epoch milliseconds); any other column's on SQLite as
    // ISO text
    let bound: unknown = value
    if (value instanceof Date) {
      if (STRING_TYPES.test(property.type ?? '')) bound = value.toISOString()
      else if (property.runtimeType === 'Date')
        bound = platform.processDateProperty?.(value) ?? value
      else if (sqlite) bound = value.toISOString()
    }
    params.push(bound)
    return '?'
  }
  const where = spellPlanWhere(plan, sqlPlanSpelling(column, bind))
  if (where !== undefined) qb.andWhere(where, params)
  qb.orderBy(
    plan.order.map((entry) => {
      const property = scalar(fn, metadata, entry.column)
      return { [property.name]: entry.descending ? 'desc' : 'asc' }
    }),
  )
  return qb
}

/** Where a counted relation's rows are: the table and its column holding this entity's key. */
interface CountSource {
  readonly table: string
  readonly column: string
}

/**
 * The table a count groups: a 1:m relation's related table by the inverse relation's column, or an
 * m:n relation's pivot table by the column pointing at this entity. Other relations (to-one, or
 * keys of several columns) are refused before any query.
 */
function countedBy(fn: string, metadata: MetadataLike, name: string, count: string): CountSource {
  const property = metadata.properties[name]
  let source: CountSource | undefined
  if (metadata.primaryKeys.length === 1 && property?.targetMeta !== undefined) {
    if (property.kind === '1:m' && property.mappedBy !== undefined) {
      const columns = property.targetMeta.properties[property.mappedBy]?.fieldNames
      if (columns?.length === 1)
        source = { table: property.targetMeta.tableName, column: columns[0] }
    } else if (
      property.kind === 'm:n' &&
      property.pivotTable !== undefined &&
      property.joinColumns?.length === 1
    )
      source = { table: property.pivotTable, column: property.joinColumns[0] }
  }
  if (source === undefined)
    throw planUnsupported(
      fn,
      `counts of 1:m or m:n relations of the entity ${metadata.className} with a one-column key (else declare the count as a @Formula property and render it as an attribute)`,
      `${JSON.stringify(count)} of ${JSON.stringify(name)}`,
    )
  return source
}

/**
 * The plan's counts onto the page's entities: one grouped COUNT per counted relation for the whole
 * page (`select fk, count(*) ... where fk in (page keys) group by fk`), as numbers, 0 where none.
 */
async function loadCounts(
  qb: PlannedBuilder,
  rows: readonly object[],
  plan: QueryPlan,
  fn: string,
): Promise<void> {
  const metadata = metadataOf(fn, qb)
  const execute = qb.em?.execute
  if (execute === undefined)
    throw planUnsupported(
      fn,
      'a QueryBuilder made by a SQL EntityManager (em.createQueryBuilder()) to count with',
      'a builder without one',
    )
  const quote = (name: string) => qb.platform!.quoteIdentifier(name)
  const key = metadata.primaryKeys[0]
  const keys = [...new Set(rows.map((row) => (row as Record<string, unknown>)[key]))]
  for (const count of plan.counts) {
    const source = countedBy(fn, metadata, count.relation, count.name)
    const column = quote(source.column)
    const found = await execute.call(
      qb.em,
      `select ${column} as ${quote('api_resources_key')}, count(*) as ${quote('api_resources_count')} from ${quote(source.table)} where ${column} in (${keys.map(() => '?').join(', ')}) group by ${column}`,
      keys,
    )
    const byKey = new Map(
      found.map((r) => [String(r.api_resources_key), Number(r.api_resources_count)]),
    )
    for (const row of rows)
      (row as Record<string, unknown>)[count.name] =
        byKey.get(String((row as Record<string, unknown>)[key])) ?? 0
  }
}

/** The items of a loaded relation value: a collection's, an entity, or none. */
function itemsOf(value: unknown): object[] {
  if (typeof value !== 'object' || value === null) return []
  const collection = value as { isInitialized?(): boolean; getItems?(): object[] }
  if (typeof collection.getItems === 'function' && typeof collection.isInitialized === 'function')
    return collection.isInitialized() ? collection.getItems() : []
  return [value]
}

/**
 * The pivot table of an m:n relation: its table, the column pointing at the parent, the column
 * pointing at the related entity (from the owning side's metadata; keys of one column).
 */
function pivotOf(
  metadata: MetadataLike,
  property: PropertyLike,
): { table: string; parent: string; related: string } | undefined {
  const target = property.targetMeta
  if (property.kind !== 'm:n' || target === undefined) return undefined
  if (metadata.primaryKeys.length !== 1 || target.primaryKeys.length !== 1) return undefined
  // the inverse side (mappedBy) reads the owning side's pivot columns, the other way round
  const owner = property.mappedBy === undefined ? property : target.properties[property.mappedBy]
  const [parent, related] =
    owner === property
      ? [owner.joinColumns, owner.inverseJoinColumns]
      : [owner?.inverseJoinColumns, owner?.joinColumns]
  if (owner?.pivotTable === undefined || parent?.length !== 1 || related?.length !== 1)
    return undefined
  return { table: owner.pivotTable, parent: parent[0], related: related[0] }
}

/**
 * The pivot rows of every included m:n relation: one query of the pivot table per relation for the
 * page (`select * ... where parent_key in (page keys)`), each parent's related entities then seen
 * through views (their prototype is the entity) whose own `pivot` is the pivot row, by column name,
 * as the Knex adapter's `belongsToMany` gives it.
 */
async function attachPivots(
  qb: PlannedBuilder,
  execute: NonNullable<NonNullable<PlannedBuilder['em']>['execute']>,
  entities: readonly object[],
  metadata: MetadataLike,
  tree: IncludeTree,
): Promise<void> {
  const quote = (name: string) => qb.platform!.quoteIdentifier(name)
  for (const [name, children] of Object.entries(tree)) {
    const property = metadata.properties[name]
    if (property?.targetMeta === undefined) continue
    const loaded = [
      ...new Set(entities.flatMap((e) => itemsOf((e as Record<string, unknown>)[name]))),
    ]
    if (loaded.length === 0) continue
    if (Object.keys(children).length > 0)
      await attachPivots(qb, execute, loaded, property.targetMeta, children)
    const pivot = pivotOf(metadata, property)
    if (pivot === undefined) continue
    const parentKey = metadata.primaryKeys[0]
    const relatedKey = property.targetMeta.primaryKeys[0]
    const keys = [...new Set(entities.map((e) => (e as Record<string, unknown>)[parentKey]))]
    const rows = await execute.call(
      qb.em,
      `select * from ${quote(pivot.table)} where ${quote(pivot.parent)} in (${keys.map(() => '?').join(', ')})`,
      keys,
    )
    const find = junctionRows(rows, pivot.parent, pivot.related)
    for (const entity of entities) {
      const parent = entity as Record<string, unknown>
      const items = itemsOf(parent[name])
      if (items.length === 0) continue
      // a view for every item (the rules hand out all of them or none), with its row where found
      const views = items.map((item) => {
        const row = find(parent[parentKey], (item as Record<string, unknown>)[relatedKey])
        return row === undefined ? (Object.create(item) as object) : pivotView(item, row)
      })
      setPivotViews(entity, name, views)
    }
  }
}

async function load(
  query: MikroOrmQueryLike,
  rows: object[],
  plan: QueryPlan,
  fn: string,
): Promise<void> {
  const qb = query as PlannedBuilder
  if (plan.counts.length > 0) await loadCounts(qb, rows, plan, fn)
  if (plan.include.length === 0) return
  if (qb.em === undefined)
    throw planUnsupported(
      fn,
      'a QueryBuilder made by an EntityManager (em.createQueryBuilder()) to load includes with',
      'a builder without one',
    )
  const orderBy = checkedOrder(fn, metadataOf(fn, qb), includeTree(plan))
  await qb.em.populate(rows, includePaths(plan), { strategy: 'select-in', orderBy })
  if (qb.em.execute !== undefined)
    await attachPivots(qb, qb.em.execute, rows, metadataOf(fn, qb), includeTree(plan))
}

/** The plan steps of the MikroORM adapter. @internal */
export const mikroOrmPlanSteps: OrmPlanSteps<MikroOrmQueryLike> = { apply, load }
