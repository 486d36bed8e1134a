import type { Knex } from 'knex'
import type { CursorQuery } from '../../pagination/cursor-query'
import {
  knexLikeCursorQuery,
  type KnexInternals,
  type KnexLikeBuilder,
} from '../orm-support/knex-like-cursor'

/**
 * A copy of `query` without its order, limit and offset. Knex keeps a limit and an offset in
 * `_single`; clearing one the query does not have would filter all its statements for nothing.
 */
function unpaged(query: Knex.QueryBuilder): KnexLikeBuilder {
  const page = query.clone().clearOrder()
  const single = (query as unknown as KnexInternals)._single ?? {}
  if ('limit' in single) page.clear('limit')
  if ('offset' in single) page.clear('offset')
  return page as unknown as KnexLikeBuilder
}

/** The cursor query step of a Knex query (which the caller's query never sees: it is cloned). */
export function knexCursorQuery<T>(query: Knex.QueryBuilder): CursorQuery<T> {
  return knexLikeCursorQuery<T, KnexLikeBuilder>(
    () => unpaged(query),
    query as unknown as KnexInternals,
    (page, limit) => (page as unknown as Knex.QueryBuilder).limit(limit),
  )
}
