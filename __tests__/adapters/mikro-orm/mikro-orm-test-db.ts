import type { MikroORM } from '@mikro-orm/core'
import type { OrmDatabase } from '../../support/db'
import { Comment, Post, PostTag, Tag, User } from './mikro-orm-entities'

const entities = [User, Post, Comment, Tag, PostTag]
const common = {
  entities,
  allowGlobalContext: true,
  debug: false,
  discovery: { disableDynamicFileAccess: true },
}

/** A MikroORM instance on the prepared database (the schema already exists), with that dialect's driver. */
export async function openOrm(db: OrmDatabase): Promise<MikroORM> {
  if (db.dialect === 'postgres') {
    const { MikroORM: Orm } = await import('@mikro-orm/postgresql')
    return Orm.init({ clientUrl: db.url, ...common })
  }
  if (db.dialect === 'mysql') {
    const { MikroORM: Orm } = await import('@mikro-orm/mysql')
    return Orm.init({ clientUrl: db.url, ...common })
  }
  const { MikroORM: Orm } = await import('@mikro-orm/better-sqlite')
  return Orm.init({ dbName: db.file, ...common })
}
