import { MikroORM } from '@mikro-orm/better-sqlite'
import type { OrmDatabase } from '../orm-support/orm-db'
import { Comment, Post, PostTag, Tag, User } from './mikro-orm-entities'

/** A MikroORM instance on the prepared SQLite database (the schema already exists). */
export function openOrm(db: OrmDatabase): Promise<MikroORM> {
  return MikroORM.init({
    dbName: db.file,
    entities: [User, Post, Comment, Tag, PostTag],
    allowGlobalContext: true,
    debug: false,
    discovery: { disableDynamicFileAccess: true },
  })
}
