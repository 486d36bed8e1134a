// A MikroORM instance on the test database of a dialect (SQLite: its own in-memory database), with
// the entities and options the suite gives.
import type { MikroORM, Options } from '@mikro-orm/core'
import type { DialectName } from './db'

export async function initMikroOrm(name: DialectName, options: Options): Promise<MikroORM> {
  if (name === 'postgres') {
    const { MikroORM: Orm } = await import('@mikro-orm/postgresql')
    return Orm.init({ clientUrl: process.env.PG_URL, ...options } as never)
  }
  if (name === 'mysql') {
    const { MikroORM: Orm } = await import('@mikro-orm/mysql')
    return Orm.init({ clientUrl: process.env.MYSQL_URL, ...options } as never)
  }
  const { MikroORM: Orm } = await import('@mikro-orm/better-sqlite')
  return Orm.init({ dbName: ':memory:', ...options } as never)
}
