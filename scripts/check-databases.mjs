// Fails unless both database servers named by PG_URL and MYSQL_URL answer a query.
import knexFactory from 'knex'

const targets = [
  ['PostgreSQL', 'pg', process.env.PG_URL],
  ['MariaDB', 'mysql2', process.env.MYSQL_URL],
]
let failed = false
for (const [name, client, url] of targets) {
  if (!url) {
    console.error(`${name}: no URL set`)
    failed = true
    continue
  }
  const db = knexFactory({
    client,
    connection: url,
    pool: { min: 0, max: 1 },
    acquireConnectionTimeout: 5000,
  })
  try {
    await db.raw('select 1')
    console.log(`${name}: reachable at ${url}`)
  } catch (err) {
    console.error(`${name}: unreachable at ${url}: ${err.message}`)
    failed = true
  } finally {
    await db.destroy()
  }
}
process.exit(failed ? 1 : 0)
