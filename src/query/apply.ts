/**
 * What the query-builder adapters share to apply a plan: the plan's brand, LIKE patterns, and the
 * batched loading of includes and counts over an adapter's three small queries (rows whose column is
 * in a key list, related rows through a pivot, counts grouped by a key). One query per include path
 * segment for the whole page; nothing loaded that the plan does not name.
 */
import type { BasePaginator } from '../pagination/base-paginator'
import { ArgumentError, QueryParameterError } from '../errors/base'
import { isValueKindError } from '../pagination/cursor-query'
import type { QueryPlan } from './plan'
import type { BelongsToManyDefinition, RelationDefinition, RelationMap } from './relations'

const plans = new WeakSet<object>()

/** Freezes and marks a plan. @internal */
export function markPlan(plan: QueryPlan): QueryPlan {
  Object.freeze(plan)
  plans.add(plan)
  return plan
}

/** Is `value` a plan made by `queryPlan()`? */
export function isQueryPlan(value: unknown): value is QueryPlan {
  return typeof value === 'object' && value !== null && plans.has(value)
}

/** The escape character of LIKE patterns (written as a literal by the adapters). */
export const LIKE_ESCAPE = '!'

/** The bound LIKE pattern of `contains` / `starts_with`: `%`, `_` and `!` in the value escaped. */
export function likePattern(op: 'contains' | 'starts_with', value: string): string {
  const escaped = value.replace(/[!%_]/g, (c) => `${LIKE_ESCAPE}${c}`)
  return op === 'contains' ? `%${escaped}%` : `${escaped}%`
}

/** A row as the loaders see it. */
export type Row = Record<string, unknown>

/** The queries an adapter runs for the loaders (every key list bound, never spliced). @internal */
export interface RelationQueries {
  /** `select * from table where column in (keys) order by orderBy`. */
  whereIn(table: string, column: string, keys: readonly unknown[], orderBy?: string): Promise<Row[]>
  /**
   * Related rows through the pivot: `select table.*, pivot.foreignPivotKey as <parentAlias>,
   * pivot.<pivotColumns[i]> as <pivotAlias + i> ...` for the parents' keys.
   */
  throughPivot(
    relation: BelongsToManyDefinition,
    keys: readonly unknown[],
    parentAlias: string,
    pivotAlias: string,
  ): Promise<Row[]>
  /** `select column as k, count(*) as n from table where column in (keys) group by column`. */
  countIn(
    table: string,
    column: string,
    keys: readonly unknown[],
  ): Promise<{ k: unknown; n: unknown }[]>
}

/** Options of the planned paginate functions. */
export interface PlanLoadOptions {
  /** The relation loaders (`defineRelations()`); needed when the plan includes anything. */
  readonly relations?: RelationMap
  /** The table of the query's rows; default the table the query selects from. */
  readonly table?: string
}

/** What the loaders of a plan's includes and counts need: the rows' table, the relations, the queries. @internal */
interface PlanLoaders {
  readonly table: string
  readonly relations: RelationMap | undefined
  readonly queries: RelationQueries
}

/**
 * A plan's page: `run` over the query with the plan applied, at the plan's page size; then the
 * plan's includes and counts are loaded onto its rows (when it has any) with what `loaders()`
 * gives (asked only then), and its links carry the plan's parameters. @internal
 */
export async function plannedPage<Q, P extends BasePaginator<unknown>>(
  plan: QueryPlan,
  applied: Q,
  run: (query: Q, perPage: number) => Promise<P>,
  loaders: () => PlanLoaders,
): Promise<P> {
  const page = await runPlanned(plan, () => run(applied, plan.perPage))
  if (plan.include.length > 0 || plan.counts.length > 0) {
    const { table, relations, queries } = loaders()
    await loadPlanned(page.items() as Row[], table, plan, relations, queries)
  }
  page.appends(plan.parameters)
  return page
}

/**
 * Runs the page query of a plan. A value the database could not compare with its column (an
 * integer past the column type's range on PostgreSQL, a date it cannot hold) came from the plan's
 * filters, the only client values in the query: a `QueryParameterError` (400) naming them, the
 * database's error as its `cause`, not a 500. @internal
 */
export async function runPlanned<P>(plan: QueryPlan, run: () => Promise<P>): Promise<P> {
  try {
    return await run()
  } catch (error) {
    const filters = Object.keys(plan.parameters).filter((name) => name.startsWith('filter['))
    if (filters.length === 0 || !isValueKindError(error)) throw error
    const [parameter, message] =
      filters.length === 1
        ? [filters[0], `the database could not compare the value of ${filters[0]} with its column`]
        : [
            'filter',
            `the database could not compare the values of ${filters.join(', ')} with their columns`,
          ]
    const why = ' (out of the range of its type, or not of its type).'
    throw new QueryParameterError({ [parameter]: [message + why] }, { cause: error })
  }
}

// lower case, no `_`: a row mapper that renames keys (camelCase <-> snake_case) leaves them as they are
const PARENT_ALIAS = 'apiresourcesparent'
const PIVOT_ALIAS = 'apiresourcespivot'
const CHUNK = 1000

/** Loads a plan's includes and counts onto `rows` (rows of `table`). */
async function loadPlanned(
  rows: readonly Row[],
  table: string,
  plan: QueryPlan,
  relations: RelationMap | undefined,
  queries: RelationQueries,
): Promise<void> {
  if (rows.length === 0 || (plan.include.length === 0 && plan.counts.length === 0)) return
  const levels = new Map<string, { rows: readonly Row[]; table: string }>([['', { rows, table }]])
  const byDepth = new Map<number, typeof plan.include>()
  for (const include of plan.include) {
    const depth = include.relations.length
    byDepth.set(depth, [...(byDepth.get(depth) ?? []), include])
  }
  const counts = plan.counts.map(async (count) => {
    const relation = relationOf(relations, table, count.relation)
    await loadCount(rows, count.name, relation, queries)
  })
  for (const depth of [...byDepth.keys()].sort((a, b) => a - b)) {
    await Promise.all(
      byDepth.get(depth)!.map(async (include) => {
        const parentPath = include.path.split('.').slice(0, -1).join('.')
        const parent = levels.get(parentPath)
        if (parent === undefined) return
        const name = include.relations[include.relations.length - 1]
        const relation = relationOf(relations, parent.table, name)
        const children = await loadRelation(parent.rows, name, relation, queries)
        levels.set(include.path, { rows: children, table: relation.table })
      }),
    )
  }
  await Promise.all(counts)
}

function relationOf(
  relations: RelationMap | undefined,
  table: string,
  name: string,
): RelationDefinition {
  const relation = relations?.[table]?.[name]
  if (relation === undefined)
    throw ArgumentError.decoratorOption(
      `relations.${table}.${name}`,
      'a relation loader (defineRelations({ ' + `${table}: { ${name}: belongsTo(...) } }))`,
      undefined,
    )
  return relation
}

function keysOf(rows: readonly Row[], column: string): unknown[] {
  const seen = new Map<string, unknown>()
  for (const row of rows) {
    const key = row[column]
    if (key !== null && key !== undefined) seen.set(String(key), key)
  }
  return [...seen.values()]
}

async function inChunks<T>(
  keys: readonly unknown[],
  run: (chunk: unknown[]) => Promise<T[]>,
): Promise<T[]> {
  if (keys.length === 0) return []
  if (keys.length <= CHUNK) return run([...keys])
  const out: T[] = []
  for (let i = 0; i < keys.length; i += CHUNK) out.push(...(await run(keys.slice(i, i + CHUNK))))
  return out
}

function group(rows: readonly Row[], column: string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>()
  for (const row of rows) {
    const key = String(row[column])
    const list = groups.get(key)
    if (list === undefined) groups.set(key, [row])
    else list.push(row)
  }
  return groups
}

/** Loads `name` onto every parent row; returns the related rows (for the next segment). */
async function loadRelation(
  parents: readonly Row[],
  name: string,
  relation: RelationDefinition,
  queries: RelationQueries,
): Promise<Row[]> {
  switch (relation.kind) {
    case 'belongsTo': {
      const keys = keysOf(parents, relation.foreignKey)
      const found = await inChunks(keys, (chunk) =>
        queries.whereIn(relation.table, relation.ownerKey, chunk),
      )
      const byKey = new Map(found.map((row) => [String(row[relation.ownerKey]), row]))
      for (const parent of parents) {
        const key = parent[relation.foreignKey]
        parent[name] = key === null || key === undefined ? null : (byKey.get(String(key)) ?? null)
      }
      return found
    }
    case 'hasMany': {
      const keys = keysOf(parents, relation.localKey)
      const found = await inChunks(keys, (chunk) =>
        queries.whereIn(relation.table, relation.foreignKey, chunk, relation.orderBy),
      )
      const groups = group(found, relation.foreignKey)
      for (const parent of parents)
        parent[name] = groups.get(String(parent[relation.localKey])) ?? []
      return found
    }
    case 'belongsToMany': {
      const keys = keysOf(parents, relation.parentKey)
      const found = await inChunks(keys, (chunk) =>
        queries.throughPivot(relation, chunk, PARENT_ALIAS, PIVOT_ALIAS),
      )
      const related: Row[] = []
      const groups = new Map<string, Row[]>()
      for (const raw of found) {
        const row: Row = {}
        const pivot: Row = {
          [relation.foreignPivotKey]: raw[PARENT_ALIAS],
          [relation.relatedPivotKey]: raw[relation.relatedKey],
        }
        const pivotColumns = relation.pivotColumns
        for (const [key, value] of Object.entries(raw)) {
          if (key === PARENT_ALIAS) continue
          const column = key.startsWith(PIVOT_ALIAS)
            ? pivotColumns[Number(key.slice(PIVOT_ALIAS.length))]
            : undefined
          if (column !== undefined) pivot[column] = value
          else row[key] = value
        }
        row[relation.as] = pivot
        related.push(row)
        const key = String(raw[PARENT_ALIAS])
        const list = groups.get(key)
        if (list === undefined) groups.set(key, [row])
        else list.push(row)
      }
      for (const parent of parents)
        parent[name] = groups.get(String(parent[relation.parentKey])) ?? []
      return related
    }
  }
}

/** Sets `<name>` (`comments_count`) on every parent row: one grouped COUNT for the page. */
async function loadCount(
  parents: readonly Row[],
  name: string,
  relation: RelationDefinition,
  queries: RelationQueries,
): Promise<void> {
  if (relation.kind === 'belongsTo')
    throw ArgumentError.decoratorOption(name, 'a hasMany or belongsToMany relation', relation.kind)
  const [table, column, localKey] =
    relation.kind === 'hasMany'
      ? [relation.table, relation.foreignKey, relation.localKey]
      : [relation.pivot, relation.foreignPivotKey, relation.parentKey]
  const keys = keysOf(parents, localKey)
  const found = await inChunks(keys, (chunk) => queries.countIn(table, column, chunk))
  const byKey = new Map(found.map(({ k, n }) => [String(k), Number(n)]))
  for (const parent of parents) parent[name] = byKey.get(String(parent[localKey])) ?? 0
}
