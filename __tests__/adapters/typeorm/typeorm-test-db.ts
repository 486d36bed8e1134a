import { DataSource, type Logger } from 'typeorm'
import type { OrmDatabase } from '../../support/db'
import { Comment, Post, PostTag, Tag, User } from './typeorm-entities'

/** An initialized DataSource on the prepared database (no synchronize: the schema already exists). */
export async function openDataSource(db: OrmDatabase): Promise<DataSource> {
  const entities = [User, Post, Comment, Tag, PostTag]
  const common = { entities, synchronize: false, logging: false }
  const ds =
    db.dialect === 'sqlite'
      ? new DataSource({ type: 'better-sqlite3', database: db.file, ...common })
      : new DataSource({ type: db.dialect, url: db.url, ...common })
  return ds.initialize()
}

/** A TypeORM logger that hands each query (its SQL and parameters) to `onQuery`, and logs nothing. */
export function queryLogger(
  onQuery: (sql: string, parameters?: Parameters<Logger['logQuery']>[1]) => void,
): Logger {
  return {
    logQuery: (sql, parameters) => onQuery(sql, parameters),
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  }
}
