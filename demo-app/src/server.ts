/**
 * `npm run demo`: creates and seeds an embedded SQLite database, then serves the demo app on
 * 127.0.0.1 (port from PORT, default 3000). DEMO_DB=file keeps the database in
 * demo-app/data/demo.sqlite (git-ignored) instead of memory.
 */
import { createApp, endpointSections } from './app'
import { createDb } from './db'
import { seed } from './seed'

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000)
  const db = createDb({ file: process.env.DEMO_DB === 'file' })
  const started = Date.now()
  const counts = await seed(db)
  const summary = Object.entries(counts)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ')
  console.log(`Seeded ${summary} in ${Date.now() - started} ms.`)
  // checked responses: every resource body is validated against /openapi.json's schemas (not in production)
  const server = createApp(db, { checkResponses: true }).listen(port, '127.0.0.1', () => {
    const base = `http://127.0.0.1:${port}`
    console.log(`api-resources demo listening on ${base}/ (API reference: ${base}/reference)`)
    for (const section of endpointSections())
      for (const endpoint of section.endpoints as { method?: string; path?: string }[])
        if (typeof endpoint.path === 'string')
          console.log(`  ${(endpoint.method ?? 'GET').padEnd(4)} ${base}${endpoint.path}`)
  })
  const stop = () => server.close(() => void db.destroy())
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
