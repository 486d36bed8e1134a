// Runs once before the suite: says which databases the database suites will use. SQLite always runs;
// PostgreSQL and MariaDB run when PG_URL / MYSQL_URL are set (.ci/run sets both).
export default async function globalSetup(): Promise<void> {
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
