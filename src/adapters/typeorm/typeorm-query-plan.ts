/**
 * A query plan on a TypeORM `SelectQueryBuilder`: the plan's conditions as one bracketed
 * `andWhere` with named parameters (the builder's own WHERE in brackets too), its order as
 * `orderBy`/`addOrderBy` of main-entity properties, and its includes as find-options `relations`
 * with `relationLoadStrategy: 'query'`: TypeORM's own batch loading, one query per relation level for
 * the whole page (no join, so `skip`/`take` page entities); the junction rows of an included
 * many-to-many relation as one more query for the page, each related entity then seen through a view
 * carrying its junction row as `pivot` (what `whenPivotLoaded()` reads); its counts as one grouped
 * COUNT per counted relation for the page. Relation names are the entity's.
 */
import type { FilterValue } from '../../query/declaration'
import type { QueryPlan } from '../../query/plan'
import { junctionRows, pivotView } from '../orm-support/attach-pivot'
import { planUnsupported, type OrmPlanSteps } from '../orm-support/orm-paginators'
import {
  includeTree,
  orderToMany,
  spellPlanWhere,
  sqlPlanSpelling,
  type IncludeTree,
} from '../orm-support/plan-parts'
import type { TypeOrmQueryLike } from './typeorm-types'

interface ColumnLike {
  readonly databaseName: string
  readonly propertyName: string
  readonly type: unknown
  readonly referencedColumn?: ColumnLike
}

interface RelationLike {
  readonly propertyName: string
  readonly isOneToMany: boolean
  readonly isManyToMany: boolean
  readonly isOwning: boolean
  readonly inverseEntityMetadata: MetadataLike
  readonly inverseRelation?: RelationLike
  readonly joinColumns: readonly ColumnLike[]
  readonly junctionEntityMetadata?: MetadataLike
}

interface MetadataLike {
  readonly name: string
  readonly tablePath: string
  readonly ownerColumns: readonly ColumnLike[]
  readonly inverseColumns: readonly ColumnLike[]
  readonly primaryColumns: readonly ColumnLike[]
  findColumnWithPropertyPath(path: string): ColumnLike | undefined
  findRelationWithPropertyPath(path: string): RelationLike | undefined
}

/** The parts of a `SelectQueryBuilder` a plan uses (internal in TypeORM's typings). */
interface PlannedBuilder extends TypeOrmQueryLike {
  readonly alias: string
  readonly connection?: { readonly options: { readonly type: string } }
  readonly dataSource?: { readonly options: { readonly type: string } }
  readonly expressionMap: {
    readonly mainAlias?: { readonly metadata?: MetadataLike }
    wheres: unknown[]
  }
  escape(name: string): string
  createQueryBuilder(): CountBuilder
  orderBy(): PlannedBuilder
  addOrderBy(sort: string, order: 'ASC' | 'DESC'): PlannedBuilder
  andWhere(condition: string, parameters: Record<string, unknown>): PlannedBuilder
  setFindOptions(options: object): PlannedBuilder
}

/** The grouped COUNT of one relation (a new builder on the same connection and query runner). */
interface CountBuilder {
  select(selection: string, alias?: string): CountBuilder
  addSelect(selection: string, alias: string): CountBuilder
  from(table: string, alias: string): CountBuilder
  where(condition: string, parameters: Record<string, unknown>): CountBuilder
  groupBy(group: string): CountBuilder
  getRawMany(): Promise<Record<string, unknown>[]>
}

const STRING_TYPES =
  /^(string|varchar|character varying|text|char|nvarchar|nchar|tinytext|mediumtext|longtext)$/i

function typeName(type: unknown): string {
  return typeof type === 'function' ? type.name : String(type)
}

function metadataOf(fn: string, qb: PlannedBuilder): MetadataLike {
  const metadata = qb.expressionMap.mainAlias?.metadata
  if (metadata === undefined)
    throw planUnsupported(
      fn,
      'a SelectQueryBuilder over an entity (repository.createQueryBuilder(alias))',
      'a builder without a main entity',
    )
  return metadata
}

function columnOf(fn: string, metadata: MetadataLike, property: string): ColumnLike {
  const column = metadata.findColumnWithPropertyPath(property)
  if (column === undefined)
    throw planUnsupported(
      fn,
      `sort and filter columns that are properties of the entity ${metadata.name} (give the property as the declaration's column)`,
      JSON.stringify(property),
    )
  return column
}

/** The `relations` find option of an include tree, checked against the entities. */
function relationsOf(
  fn: string,
  metadata: MetadataLike,
  tree: IncludeTree,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [name, children] of Object.entries(tree)) {
    const relation = metadata.findRelationWithPropertyPath(name)
    if (relation === undefined)
      throw planUnsupported(
        fn,
        `include paths that are relations of the entity ${metadata.name} (a resource member named otherwise gives the relation: @WhenLoaded(() => R, { relation: '<property>' }))`,
        JSON.stringify(name),
      )
    const nested = relationsOf(fn, relation.inverseEntityMetadata, children)
    out[name] = Object.keys(nested).length === 0 ? true : nested
  }
  return out
}

/** Where a counted relation's rows are: the table, its column holding the parent's key, that key. */
interface CountSource {
  readonly table: string
  readonly column: string
  readonly key: string
}

/**
 * The table a count groups: a one-to-many relation's related table by its join column, or a
 * many-to-many relation's junction table by the column pointing at this entity. Other relations
 * (to-one, or keys of several columns) are refused before any query.
 */
function countedBy(fn: string, metadata: MetadataLike, name: string, count: string): CountSource {
  const relation = metadata.findRelationWithPropertyPath(name)
  const single = (columns: readonly ColumnLike[] | undefined) =>
    columns?.length === 1 && columns[0].referencedColumn !== undefined ? columns[0] : undefined
  let source: CountSource | undefined
  if (relation?.isOneToMany === true) {
    const column = single(relation.inverseRelation?.joinColumns)
    if (column !== undefined)
      source = {
        table: relation.inverseEntityMetadata.tablePath,
        column: column.databaseName,
        key: column.referencedColumn!.propertyName,
      }
  } else if (relation?.isManyToMany === true && relation.junctionEntityMetadata !== undefined) {
    const junction = relation.junctionEntityMetadata
    const column = single(relation.isOwning ? junction.ownerColumns : junction.inverseColumns)
    if (column !== undefined)
      source = {
        table: junction.tablePath,
        column: column.databaseName,
        key: column.referencedColumn!.propertyName,
      }
  }
  if (source === undefined)
    throw planUnsupported(
      fn,
      `counts of one-to-many or many-to-many relations of the entity ${metadata.name} with a one-column key (else declare the count as a @VirtualColumn and render it as an attribute)`,
      `${JSON.stringify(count)} of ${JSON.stringify(name)}`,
    )
  return source
}

/**
 * The plan's counts onto the page's entities: one grouped COUNT per counted relation for the whole
 * page (`SELECT fk, COUNT(*) ... WHERE fk IN (page keys) GROUP BY fk`), as numbers, 0 where none.
 */
async function loadCounts(
  qb: PlannedBuilder,
  metadata: MetadataLike,
  rows: readonly object[],
  plan: QueryPlan,
  fn: string,
): Promise<void> {
  for (const count of plan.counts) {
    const source = countedBy(fn, metadata, count.relation, count.name)
    const keys = [...new Set(rows.map((row) => (row as Record<string, unknown>)[source.key]))]
    const column = `${qb.escape('api_resources_count')}.${qb.escape(source.column)}`
    const found = await qb
      .createQueryBuilder()
      .select(column, 'api_resources_key')
      .addSelect('COUNT(*)', 'api_resources_count')
      .from(source.table, 'api_resources_count')
      .where(`${column} IN (:...api_resources_keys)`, { api_resources_keys: keys })
      .groupBy(column)
      .getRawMany()
    const byKey = new Map(
      found.map((r) => [String(r.api_resources_key), Number(r.api_resources_count)]),
    )
    for (const row of rows)
      (row as Record<string, unknown>)[count.name] =
        byKey.get(String((row as Record<string, unknown>)[source.key])) ?? 0
  }
}

/** A builder whose clones keep its find options (TypeORM's `clone()` drops them). */
function keepingFindOptions(qb: PlannedBuilder, options: object): PlannedBuilder {
  qb.setFindOptions(options)
  const own = (Object.getPrototypeOf(qb) as { clone(this: PlannedBuilder): PlannedBuilder }).clone
  qb.clone = function (this: PlannedBuilder) {
    return keepingFindOptions(own.call(this), options)
  }
  return qb
}

function apply(query: TypeOrmQueryLike, plan: QueryPlan, fn: string): TypeOrmQueryLike {
  const source = query as PlannedBuilder
  const metadata = metadataOf(fn, source)
  for (const count of plan.counts) countedBy(fn, metadata, count.relation, count.name)
  const relations = relationsOf(fn, metadata, includeTree(plan))
  const qb = source.clone() as PlannedBuilder
  const sqlite = /sqlite|sqljs|capacitor|expo/.test(
    (qb.dataSource ?? qb.connection)?.options.type ?? '',
  )
  const column = (property: string) =>
    `${qb.escape(qb.alias)}.${qb.escape(columnOf(fn, metadata, property).databaseName)}`
  const parameters: Record<string, unknown> = {}
  const bind = (property: string, value: FilterValue): string => {
    const name = `api_resources_plan_${Object.keys(parameters).length}`
    const type = typeName(columnOf(fn, metadata, property).type)
    // a date-time compared with a text column as ISO text; a `datetime` or `Date` column's as
    // TypeORM writes one, which it does for a Date parameter (on SQLite, which has no date type,
    // its UTC text `2024-05-01 10:00:00.000`); any other column's on SQLite as ISO text
    const text = STRING_TYPES.test(type) || (sqlite && !/^(datetime|Date)$/.test(type))
    parameters[name] = value instanceof Date && text ? value.toISOString() : value
    return `:${name}`
  }
  const where = spellPlanWhere(plan, sqlPlanSpelling(column, bind))
  if (where !== undefined) {
    const { wheres } = qb.expressionMap
    // the builder's own WHERE in brackets, so an OR inside it cannot swallow the plan's
    if (wheres.length > 0)
      qb.expressionMap.wheres = [
        { type: 'simple', condition: { operator: 'brackets', condition: wheres } },
      ]
    qb.andWhere(where, parameters)
  }
  qb.orderBy()
  for (const entry of plan.order) {
    columnOf(fn, metadata, entry.column)
    qb.addOrderBy(`${qb.alias}.${entry.column}`, entry.descending ? 'DESC' : 'ASC')
  }
  if (Object.keys(relations).length === 0) return qb
  return keepingFindOptions(qb, { relations, relationLoadStrategy: 'query' })
}

/** The to-many relations TypeORM loaded, ordered by the related primary key. */
function orderLoaded(entities: readonly object[], metadata: MetadataLike, tree: IncludeTree): void {
  orderToMany(
    entities,
    metadata,
    tree,
    (model, name) => {
      const related = model.findRelationWithPropertyPath(name)?.inverseEntityMetadata
      if (related === undefined) return undefined
      const keys = related.primaryColumns
      return keys.length === 1
        ? { target: related, key: keys[0].propertyName }
        : { target: related }
    },
    (entity, name) => (entity as Record<string, unknown>)[name],
  )
}

/** The junction columns of a many-to-many relation: the one pointing at the parent, at the related. */
function junctionOf(
  relation: RelationLike,
): { table: string; parent: ColumnLike; related: ColumnLike } | undefined {
  const junction = relation.junctionEntityMetadata
  if (!relation.isManyToMany || junction === undefined) return undefined
  const [parent, related] = relation.isOwning
    ? [junction.ownerColumns, junction.inverseColumns]
    : [junction.inverseColumns, junction.ownerColumns]
  // keys of one column each (a composite key's junction keeps TypeORM's entities without pivot)
  if (parent.length !== 1 || related.length !== 1) return undefined
  if (parent[0].referencedColumn === undefined || related[0].referencedColumn === undefined)
    return undefined
  return { table: junction.tablePath, parent: parent[0], related: related[0] }
}

/**
 * The junction rows of every included many-to-many relation onto the loaded entities: one query of
 * the junction table per relation for the page (`SELECT * ... WHERE parent_key IN (page keys)`);
 * each related entity in the parent's array is replaced by a view of it (its prototype is the
 * entity, so its properties, class and loaded relations stay visible) whose own `pivot` is the
 * junction row, by column name, as the Knex adapter's `belongsToMany` gives it.
 */
async function attachPivots(
  qb: PlannedBuilder,
  entities: readonly object[],
  metadata: MetadataLike,
  tree: IncludeTree,
): Promise<void> {
  for (const [name, children] of Object.entries(tree)) {
    const relation = metadata.findRelationWithPropertyPath(name)
    if (relation === undefined) continue
    const loaded: object[] = []
    for (const entity of entities) {
      const value = (entity as Record<string, unknown>)[name]
      if (Array.isArray(value)) loaded.push(...(value as object[]))
      else if (typeof value === 'object' && value !== null) loaded.push(value)
    }
    if (Object.keys(children).length > 0 && loaded.length > 0)
      await attachPivots(qb, [...new Set(loaded)], relation.inverseEntityMetadata, children)
    const junction = junctionOf(relation)
    if (junction === undefined || loaded.length === 0) continue
    const parentKey = junction.parent.referencedColumn!.propertyName
    const relatedKey = junction.related.referencedColumn!.propertyName
    const keys = [...new Set(entities.map((e) => (e as Record<string, unknown>)[parentKey]))]
    const alias = 'api_resources_pivot'
    const column = `${qb.escape(alias)}.${qb.escape(junction.parent.databaseName)}`
    const rows = await qb
      .createQueryBuilder()
      .select('*')
      .from(junction.table, alias)
      .where(`${column} IN (:...api_resources_keys)`, { api_resources_keys: keys })
      .getRawMany()
    const find = junctionRows(rows, junction.parent.databaseName, junction.related.databaseName)
    for (const entity of entities) {
      const parent = entity as Record<string, unknown>
      const value = parent[name]
      if (!Array.isArray(value)) continue
      parent[name] = value.map((item: Record<string, unknown>) => {
        const pivot = find(parent[parentKey], item[relatedKey])
        return pivot === undefined ? item : pivotView(item, pivot)
      })
    }
  }
}

/** The plan steps of the TypeORM adapter. @internal */
export const typeOrmPlanSteps: OrmPlanSteps<TypeOrmQueryLike> = {
  apply,
  load: async (query, rows, plan, fn) => {
    const qb = query as PlannedBuilder
    if (plan.include.length > 0) {
      orderLoaded(rows, metadataOf(fn, qb), includeTree(plan))
      await attachPivots(qb, rows, metadataOf(fn, qb), includeTree(plan))
    }
    if (plan.counts.length > 0) await loadCounts(qb, metadataOf(fn, qb), rows, plan, fn)
  },
}
