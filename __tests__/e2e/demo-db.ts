import type { Knex } from 'knex'
import { createApp, type DemoAppOptions } from '../../demo-app/src/app'
import { createDb } from '../../demo-app/src/db'
import { seed } from '../../demo-app/src/seed'

/** A freshly seeded in-memory demo database and the app over it, for one test file. */
export async function seededDemo(
  options?: DemoAppOptions,
): Promise<{ db: Knex; app: ReturnType<typeof createApp> }> {
  const db = createDb()
  await seed(db)
  return { db, app: createApp(db, options) }
}
