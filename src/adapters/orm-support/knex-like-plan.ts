/**
 * A query plan's conditions as the where calls of a Knex builder, which Objection's builders share
 * (Objection builds on Knex).
 */
import { LIKE_ESCAPE, likePattern } from '../../query/apply'
import { planValue, SQL_COMPARISONS, type PlanWhereSpelling } from './plan-parts'

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
