import {
  knexColumnsWithSchema,
  knexCursorColumns,
  knexLikeCursorQuery,
  type KnexInternals,
  type KnexLikeBuilder,
} from '../orm-support/knex-like-cursor'
import type { CursorSource } from '../orm-support/orm-paginators'
import type { ObjectionQueryLike } from './objection-types'

/** The parts of an Objection builder the cursor step uses besides those of every query. */
export interface ObjectionCursorLike extends ObjectionQueryLike {
  toKnexQuery(): KnexInternals
  clearOrder(): ObjectionCursorLike
  clear(operation: string): ObjectionCursorLike
  hasSelects(): boolean
  modelClass(): object
  tableRefFor(modelClass: object): string
  select(...columns: unknown[]): ObjectionCursorLike
  onBuildKnex(change: (knex: KnexInternals) => void): ObjectionCursorLike
}

/**
 * The cursor step of an Objection query. Objection builds on Knex: its statements are a Knex
 * builder's (`toKnexQuery()`), and so are its WHERE and ORDER BY methods, so the step is the Knex
 * one: the order columns with what the catalog says of them (asked by `withSchema` when the page runs) (nullability, the exact text of
 * date-time, FLOAT and BIGINT columns), the keyset on a clone. The exact texts join the select list
 * beside the model's own columns (`<table>.*` when the query selects none). The SELECTs of a
 * `union`/`unionAll` are Knex builders once Objection builds the query, and get their keyset then
 * (`onBuildKnex`). @internal
 */
export function objectionCursorSource(
  query: ObjectionQueryLike,
  fn: string,
): CursorSource<unknown> {
  const q = query as ObjectionCursorLike
  const knex = q.toKnexQuery()
  const page = () => (q.clone() as ObjectionCursorLike).clearOrder().clear('limit').clear('offset')
  const source = knexLikeCursorQuery<unknown, KnexLikeBuilder>(
    () => page() as unknown as KnexLikeBuilder,
    knex,
    (builder, limit) => (builder as unknown as ObjectionQueryLike).limit(limit),
    (builder, expressions) => {
      const b = builder as unknown as ObjectionCursorLike
      if (!b.hasSelects()) b.select(`${b.tableRefFor(b.modelClass())}.*`)
      for (const { sql, bindings } of expressions) b.select(knex.client.raw(sql, bindings))
    },
    {
      knex: (builder) =>
        ((builder as unknown as ObjectionCursorLike).clone() as ObjectionCursorLike).toKnexQuery(),
      onKnex: (builder, change) => {
        ;(builder as unknown as ObjectionCursorLike).onBuildKnex((k) => {
          change(k)
        })
      },
    },
    // the model's `columnNameMappers` rename the keys of the rows it reads (`snakeCaseMappers()`)
    (key) => propertyOf(q.modelClass(), key),
  )
  return {
    ...source,
    columns: knexCursorColumns(fn, knex),
    withSchema: (columns) => knexColumnsWithSchema(knex, columns),
  }
}

/** The model's property for the database column `key` (its `columnNameMappers`), else `key`. @internal */
export function propertyOf(modelClass: object, key: string): string {
  const map = (modelClass as { columnNameToPropertyName?: (column: string) => unknown })
    .columnNameToPropertyName
  const name = typeof map === 'function' ? map.call(modelClass, key) : undefined
  return typeof name === 'string' ? name : key
}
