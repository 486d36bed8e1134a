/**
 * A query plan on a TypeORM `SelectQueryBuilder`: the plan's conditions as one bracketed
 * `andWhere` with named parameters (the builder's own WHERE in brackets too), its order as
 * `orderBy`/`addOrderBy` of main-entity properties, and its includes as find-options `relations`
 * with `relationLoadStrategy: 'query'`: TypeORM's own batch loading, one query per relation level for
 * the whole page (no join, so `skip`/`take` page entities). Relation names are the entity's.
 */
import type { FilterValue } from '../../query/declaration'
import type { QueryPlan } from '../../query/plan'
import { LIKE_ESCAPE, likePattern } from '../../query/apply'
import { planUnsupported, type OrmPlanSteps } from '../orm-support/orm-paginators'
import { includeTree, spellPlanWhere, type IncludeTree } from '../orm-support/plan-parts'
import type { TypeOrmQueryLike } from './typeorm-types'

interface ColumnLike {
  readonly databaseName: string
  readonly propertyName: string
  readonly type: unknown
}

interface RelationLike {
  readonly propertyName: string
  readonly isOneToMany: boolean
  readonly isManyToMany: boolean
  readonly inverseEntityMetadata: MetadataLike
}

interface MetadataLike {
  readonly name: string
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
  orderBy(): PlannedBuilder
  addOrderBy(sort: string, order: 'ASC' | 'DESC'): PlannedBuilder
  andWhere(condition: string, parameters: Record<string, unknown>): PlannedBuilder
  setFindOptions(options: object): PlannedBuilder
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
  if (plan.counts.length > 0)
    throw planUnsupported(
      fn,
      'a plan without counts (TypeORM 1 has no loadRelationCountAndMap: declare the count as a @VirtualColumn and render it as an attribute)',
      `a count (${plan.counts.map((c) => c.name).join(', ')})`,
    )
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
    // a date-time compared with a text column (or on SQLite, which has no date type) as ISO text
    parameters[name] =
      value instanceof Date && (sqlite || STRING_TYPES.test(type)) ? value.toISOString() : value
    return `:${name}`
  }
  const SQL = { eq: '=', ne: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const
  const where = spellPlanWhere<string>(plan, {
    compare: (property, op, value) => `${column(property)} ${SQL[op]} ${bind(property, value)}`,
    in: (property, values) =>
      `${column(property)} IN (${values.map((v) => bind(property, v)).join(', ')})`,
    isNull: (property, negated) => `${column(property)} IS ${negated ? 'NOT ' : ''}NULL`,
    like: (property, op, text) =>
      `${column(property)} LIKE ${bind(property, likePattern(op, text))} ESCAPE '${LIKE_ESCAPE}'`,
    and: (parts) => `(${parts.join(' AND ')})`,
    or: (parts) => `(${parts.join(' OR ')})`,
  })
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

/** To-many relations loaded by TypeORM in no stated order: ordered by the related primary key. */
function orderLoaded(entities: readonly object[], metadata: MetadataLike, tree: IncludeTree): void {
  for (const [name, children] of Object.entries(tree)) {
    const relation = metadata.findRelationWithPropertyPath(name)
    if (relation === undefined) continue
    const related = relation.inverseEntityMetadata
    const key =
      related.primaryColumns.length === 1 ? related.primaryColumns[0].propertyName : undefined
    const next: object[] = []
    for (const entity of entities) {
      const value = (entity as Record<string, unknown>)[name]
      if (Array.isArray(value)) {
        if (key !== undefined)
          value.sort((a: Record<string, unknown>, b: Record<string, unknown>) =>
            compare(a[key], b[key]),
          )
        next.push(...(value as object[]))
      } else if (typeof value === 'object' && value !== null) next.push(value)
    }
    if (next.length > 0) orderLoaded(next, related, children)
  }
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  const x = String(a)
  const y = String(b)
  return x < y ? -1 : x > y ? 1 : 0
}

/** The plan steps of the TypeORM adapter. @internal */
export const typeOrmPlanSteps: OrmPlanSteps<TypeOrmQueryLike> = {
  apply,
  load: async (query, rows, plan, fn) => {
    if (plan.include.length > 0)
      orderLoaded(rows, metadataOf(fn, query as PlannedBuilder), includeTree(plan))
  },
}
