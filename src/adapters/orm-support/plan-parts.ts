/**
 * The parts of a query plan every ORM adapter reads the same way: its conditions spelled in the
 * ORM's own where language (values handed over to be bound, never spliced), and its include paths as
 * a tree of relation names (the model properties, after the resource's renames).
 */
import { LIKE_ESCAPE, likePattern } from '../../query/apply'
import type { FilterValue, QueryCondition } from '../../query/declaration'
import type { QueryPlan } from '../../query/plan'

/** A comparison of a plan condition. */
export type PlanComparison = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte'

/** Each comparison of a plan condition as its SQL operator. */
export const SQL_COMPARISONS: Readonly<Record<PlanComparison, string>> = {
  eq: '=',
  ne: '<>',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
}

/**
 * A plan value as an SQL driver binds it. SQLite has no date or boolean type (and better-sqlite3
 * binds neither): a date-time goes as ISO text, a boolean as 1 or 0.
 */
export function planValue(value: FilterValue, sqlite: boolean): unknown {
  if (!sqlite) return value
  if (value instanceof Date) return value.toISOString()
  return typeof value === 'boolean' ? Number(value) : value
}

/**
 * How one ORM spells a plan's conditions (Prisma's `{ a: { gt: 1 } }`, TypeORM's `MoreThan(1)`...).
 * `column` is the condition's column: the ORM's property name.
 */
export interface PlanWhereSpelling<W> {
  compare(column: string, op: PlanComparison, value: FilterValue): W
  in(column: string, values: readonly FilterValue[]): W
  isNull(column: string, negated: boolean): W
  /** `contains` / `starts_with` of the raw text (see `likePattern` for a bound LIKE pattern). */
  like(column: string, op: 'contains' | 'starts_with', text: string): W
  and(parts: W[]): W
  or(parts: W[]): W
}

/** One condition in the ORM's where language. */
export function spellPlanCondition<W>(
  condition: QueryCondition,
  spelling: PlanWhereSpelling<W>,
): W {
  if ('all' in condition)
    return spelling.and(condition.all.map((c) => spellPlanCondition(c, spelling)))
  if ('any' in condition)
    return spelling.or(condition.any.map((c) => spellPlanCondition(c, spelling)))
  switch (condition.op) {
    case 'null':
      return spelling.isNull(condition.column, !condition.value)
    case 'in':
      return spelling.in(condition.column, condition.value)
    case 'contains':
    case 'starts_with':
      return spelling.like(condition.column, condition.op, String(condition.value))
    default:
      return spelling.compare(condition.column, condition.op, condition.value)
  }
}

/**
 * A plan's conditions as raw SQL, for an ORM whose where takes it (MikroORM, TypeORM): each column
 * as `column` writes it (quoted), each value as the placeholder `bind` gives it (and binds).
 */
export function sqlPlanSpelling(
  column: (name: string) => string,
  bind: (name: string, value: FilterValue) => string,
): PlanWhereSpelling<string> {
  return {
    compare: (name, op, value) => `${column(name)} ${SQL_COMPARISONS[op]} ${bind(name, value)}`,
    in: (name, values) => `${column(name)} in (${values.map((v) => bind(name, v)).join(', ')})`,
    isNull: (name, negated) => `${column(name)} is ${negated ? 'not ' : ''}null`,
    like: (name, op, text) =>
      `${column(name)} like ${bind(name, likePattern(op, text))} escape '${LIKE_ESCAPE}'`,
    and: (parts) => `(${parts.join(' and ')})`,
    or: (parts) => `(${parts.join(' or ')})`,
  }
}

/** All of a plan's conditions ANDed in the ORM's where language; `undefined` when it has none. */
export function spellPlanWhere<W>(plan: QueryPlan, spelling: PlanWhereSpelling<W>): W | undefined {
  if (plan.where.length === 0) return undefined
  const parts = plan.where.map((c) => spellPlanCondition(c, spelling))
  return parts.length === 1 ? parts[0] : spelling.and(parts)
}

/** Include paths as a tree of relation names: `author, comments.author` -> `{ author: {}, comments: { author: {} } }`. */
export interface IncludeTree {
  readonly [relation: string]: IncludeTree
}

/** The plan's includes as a tree of relation names (the model property of each segment). */
export function includeTree(plan: QueryPlan): IncludeTree {
  const root: Record<string, Record<string, unknown>> = {}
  for (const include of plan.include) {
    let node: Record<string, Record<string, unknown>> = root
    for (const relation of include.relations)
      node = (node[relation] ??= {}) as Record<string, Record<string, unknown>>
  }
  return root as IncludeTree
}

/** A relation of a model as {@link orderToMany} walks it. @internal */
export interface LoadedRelation<M> {
  /** The related model. */
  readonly target: M
  /** The related key a to-many array of it is ordered by; left out, the array is kept as loaded. */
  readonly key?: string
}

/**
 * Orders, in place, the to-many arrays the ORM loaded for an include tree by their related key (as
 * the Knex loaders order them), at every level: for an ORM that loads them in the order of a join.
 * `relation(model, name)` describes a relation (`undefined`: not one), `value(entity, name)` reads
 * what the ORM loaded under it. @internal
 */
export function orderToMany<M>(
  entities: readonly object[],
  model: M,
  tree: IncludeTree,
  relation: (model: M, name: string) => LoadedRelation<M> | undefined,
  value: (entity: object, name: string) => unknown,
): void {
  for (const [name, children] of Object.entries(tree)) {
    const related = relation(model, name)
    if (related === undefined) continue
    const { key } = related
    const next: object[] = []
    for (const entity of entities) {
      const loaded = value(entity, name)
      if (Array.isArray(loaded)) {
        if (key !== undefined)
          loaded.sort((a: object, b: object) => compareKeys(value(a, key), value(b, key)))
        next.push(...(loaded as object[]))
      } else if (typeof loaded === 'object' && loaded !== null) next.push(loaded)
    }
    if (next.length > 0) orderToMany(next, related.target, children, relation, value)
  }
}

/**
 * Key values in their order: numbers and dates by value, integers (a bigint, or the string of
 * digits an ORM reads a `bigint` column as: `"9"` before `"10"`) by value, anything else as text.
 */
function compareKeys(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime()
  const i = integerOf(a)
  const j = integerOf(b)
  if (i !== undefined && j !== undefined) return i < j ? -1 : i > j ? 1 : 0
  const x = String(a)
  const y = String(b)
  return x < y ? -1 : x > y ? 1 : 0
}

/** An integer key (a number, a bigint, or a string of digits) as a bigint, else `undefined`. */
function integerOf(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : undefined
  return typeof value === 'string' && /^-?\d+$/.test(value) ? BigInt(value) : undefined
}

/** The plan's includes as dot paths of relation names (`comments.author`), parents first. */
export function includePaths(plan: QueryPlan): string[] {
  return plan.include.map((include) => include.relations.join('.'))
}

/**
 * A query plan's conditions as the where calls of a Knex builder, which Objection's builders share
 * (Objection builds on Knex).
 */

/** The where methods of a Knex builder (and of Objection's) a plan's conditions call. @internal */
export interface KnexWhereBuilder {
  where(...args: unknown[]): this
  orWhere(callback: (builder: this) => void): this
  whereIn(column: string, values: readonly unknown[]): this
  whereNull(column: string): this
  whereNotNull(column: string): this
  whereRaw(sql: string, bindings?: readonly unknown[]): this
}

/**
 * A plan's conditions as where calls on a Knex builder, every value bound (`sqlite`: a date-time
 * as ISO text, see `planValue`); a group of conditions is a `where` callback. @internal
 */
export function knexWhereSpelling<B extends KnexWhereBuilder>(
  sqlite: boolean,
): PlanWhereSpelling<(builder: B) => void> {
  return {
    compare: (column, op, value) => (b) =>
      b.where(column, SQL_COMPARISONS[op], planValue(value, sqlite)),
    in: (column, values) => (b) =>
      b.whereIn(
        column,
        values.map((v) => planValue(v, sqlite)),
      ),
    isNull: (column, negated) => (b) => (negated ? b.whereNotNull(column) : b.whereNull(column)),
    like: (column, op, text) => (b) =>
      b.whereRaw(`?? like ? escape '${LIKE_ESCAPE}'`, [column, likePattern(op, text)]),
    and: (parts) => (b) =>
      b.where((inner: B) => {
        for (const part of parts) part(inner)
      }),
    or: (parts) => (b) =>
      b.where((inner: B) => {
        for (const part of parts) inner.orWhere(part)
      }),
  }
}

/** A Knex builder's statements (its WHERE among them), as Knex keeps them. @internal */
export interface KnexStatements {
  readonly _statements: readonly WhereStatement[]
}

interface WhereStatement {
  readonly grouping: string
  readonly type?: string
  readonly bool?: string
}

/**
 * Puts the WHERE of a Knex builder in parentheses when ANDing one more condition could change what
 * it means: it has a top-level OR, or raw SQL, which may hold one (`a = 1 or a = 2` ANDed with the
 * keyset reads `a = 1 or (a = 2 and keyset)`), as a plan's conditions and a cursor's keyset are.
 * A WHERE of ANDed terms is left as it is. @internal
 */
export function groupOwnWhere(knex: KnexStatements): void {
  const statements = knex._statements as WhereStatement[]
  const own = statements.filter((s) => s.grouping === 'where')
  if (!own.some((s) => s.bool === 'or' || s.type === 'whereRaw')) return
  const others = statements.filter((s) => s.grouping !== 'where')
  statements.splice(0, statements.length, ...others)
  // Knex calls a where callback with the group's own builder when it compiles the query
  ;(knex as unknown as KnexWhereBuilder).where(function (this: KnexStatements) {
    ;(this._statements as WhereStatement[]).push(...own)
  })
}
