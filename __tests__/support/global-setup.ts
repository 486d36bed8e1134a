// Runs once before the suite: says which databases the database suites will use. SQLite always runs;
// PostgreSQL and MariaDB run when PG_URL / MYSQL_URL are set (.ci/run sets both). With
// REQUIRE_DATABASES=1 a missing URL stops the run here (each suite would fail on it anyway, see
// support/db.ts; an unreachable server fails the suites that connect to it).
export default async function globalSetup(): Promise<void> {
  const required = process.env.REQUIRE_DATABASES === '1'
  const missing = ['PG_URL', 'MYSQL_URL'].filter((name) => !process.env[name])
  if (required && missing.length > 0)
    throw new Error(`REQUIRE_DATABASES=1 but ${missing.join(' and ')} not set`)
  const lines = ['database suites: SQLite (always)']
  lines.push(
    process.env.PG_URL
      ? `PostgreSQL at ${process.env.PG_URL}`
      : 'PostgreSQL skipped (PG_URL not set)',
  )
  lines.push(
    process.env.MYSQL_URL
      ? `MariaDB/MySQL at ${process.env.MYSQL_URL}`
      : 'MariaDB skipped (MYSQL_URL not set)',
  )
  process.stdout.write(`\n${lines.join('; ')}\n`)
}
