import type { Knex } from 'knex'
import type { CursorQuery } from '../../pagination/cursor-query'
import {
  knexCursorColumns as columnsOf,
  knexFamily,
  knexLikeCursorQuery,
  knexNullsAreLargest,
  type KnexInternals,
  type KnexLikeBuilder,
} from '../orm-support/knex-like-cursor'

/**
 * The cursor columns of a Knex query: its `orderBy` columns in order, each with its direction and
 * NULL placement; an aliased column (`select('posts.score as s').orderBy('s')`) compares the
 * underlying column. No ORDER BY, `orderByRaw` or an expression: an `ArgumentError`.
 */
export function knexCursorColumns(fn: string, query: Knex.QueryBuilder) {
  return columnsOf(fn, query as unknown as KnexInternals)
}

/** The cursor query step of a Knex query (which the caller's query never sees: it is cloned). */
export function knexCursorQuery<T>(query: Knex.QueryBuilder): CursorQuery<T> {
  const internals = query as unknown as KnexInternals
  return knexLikeCursorQuery<T, KnexLikeBuilder>(
    () => query.clone().clearOrder().clear('limit').clear('offset') as unknown as KnexLikeBuilder,
    knexNullsAreLargest(internals),
    (page, limit) => (page as unknown as Knex.QueryBuilder).limit(limit),
    knexFamily(internals),
  )
}
