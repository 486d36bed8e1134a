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
