// Cursor pagination over the same SQLite table of 1,000,000 rows, 20 per page, at pages 1, 100,
// 10,000 and 50,000: api-resources' Knex cursorPaginate() vs a hand-written keyset query
// (`where id > ? order by id limit 21`) through the same Knex instance, and the ratio of each to
// the OFFSET page of the same depth.
//
//   npm run bench -- cursor-pagination                          (harness table)
//   node -r @swc-node/register bench/cursor-pagination.bench.ts (depth table with per-depth ratios)
import type { Knex } from 'knex'
import type { BenchCase, BenchOp, Scenario } from './harness'
import { DEPTHS, PER_PAGE, ROWS, ensureDatabase, openKnex } from './pagination.bench'

type Implementation = 'api-resources' | 'hand-written keyset' | 'offset'

/** The id of the last row before `page` (ordered by id): what a next-page cursor carries. */
const lastIdBefore = (page: number) => (page - 1) * PER_PAGE

function makeRunner(kind: Implementation, db: Knex): (page: number) => Promise<number[]> {
  const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id)
  if (kind === 'api-resources') {
    const { cursorPaginate } =
      require('../src/adapters/knex') as typeof import('../src/adapters/knex/index.js')
    const { Cursor } = require('../src') as typeof import('../src/index.js')
    return async (page) => {
      const cursor = page === 1 ? null : new Cursor({ id: lastIdBefore(page) })
      const p = await cursorPaginate(db('posts').orderBy('id'), PER_PAGE, cursor)
      p.nextPageUrl()
      return ids(p.items() as Array<{ id: number }>)
    }
  }
  if (kind === 'hand-written keyset')
    return async (page) => {
      const rows = await db('posts')
        .where('id', '>', lastIdBefore(page))
        .orderBy('id')
        .limit(PER_PAGE + 1)
      const pageRows = rows.slice(0, PER_PAGE)
      // what a hand-written endpoint hands out too: the next cursor
      if (rows.length > PER_PAGE)
        Buffer.from(JSON.stringify({ id: pageRows[PER_PAGE - 1].id })).toString('base64url')
      return ids(pageRows)
    }
  return async (page) =>
    ids(
      await db('posts')
        .orderBy('id')
        .limit(PER_PAGE)
        .offset((page - 1) * PER_PAGE),
    )
}

/** All three give the same rows; api-resources runs exactly one query and no COUNT. */
async function verify(kind: Implementation, db: Knex, page: number): Promise<void> {
  // the first cursor page of a table also reads its catalog (once per connection and table)
  if (kind === 'api-resources') await makeRunner(kind, db)(page)
  const sql: string[] = []
  const listener = (q: { sql: string }) => sql.push(q.sql.toLowerCase())
  db.on('query', listener)
  const got = await makeRunner(kind, db)(page)
  db.off('query', listener)
  const first = lastIdBefore(page) + 1
  const expected = Array.from({ length: PER_PAGE }, (_, i) => first + i)
  if (JSON.stringify(got) !== JSON.stringify(expected))
    throw new Error(`${kind} page ${page}: got ${got.join(',')}`)
  if (kind === 'api-resources' && (sql.length !== 1 || sql[0].includes('count(')))
    throw new Error(`api-resources ran ${sql.join(' | ')}`)
}

function benchCase(kind: Implementation, page: number): BenchCase {
  return {
    name: `${kind} @ page ${page}`,
    setup: async () => {
      const db = openKnex()
      await verify(kind, db, page)
      const run = makeRunner(kind, db)
      const op: BenchOp = () => run(page)
      op.teardown = () => db.destroy()
      return op
    },
  }
}

const IMPLEMENTATIONS: readonly Implementation[] = [
  'api-resources',
  'hand-written keyset',
  'offset',
]

const scenario: Scenario = {
  name: `Cursor pagination, SQLite ${ROWS.toLocaleString('en')} rows, ${PER_PAGE} per page`,
  baseline: 'hand-written keyset @ page 50000',
  subject: 'api-resources @ page 50000',
  maxRatio: 1.5,
  note:
    'wall clock; one keyset query of perPage + 1 rows and no COUNT per page (checked in setup); ' +
    'both cursor cases also build the next cursor',
  samples: 9,
  sampleMs: 800,
  cases: DEPTHS.flatMap((page) => IMPLEMENTATIONS.map((kind) => benchCase(kind, page))),
}

export default scenario

// ---- the depth table (when run directly): interleaved rounds, CPU time, median ratios ----

const ROUNDS = Number(process.env.ROUNDS ?? 25)

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** CPU ms of `batch` runs (better-sqlite3 works synchronously on this thread). */
async function timeBatch(run: (page: number) => Promise<unknown>, page: number, batch: number) {
  const start = process.cpuUsage()
  for (let i = 0; i < batch; i++) await run(page)
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000 / batch
}

async function depthTable(): Promise<void> {
  ensureDatabase()
  const db = openKnex()
  const runners = new Map(IMPLEMENTATIONS.map((k) => [k, makeRunner(k, db)] as const))
  for (const kind of IMPLEMENTATIONS) for (const page of DEPTHS) await verify(kind, db, page)
  // warm-up: let the JIT settle on every code path before anything is timed
  for (const run of runners.values()) for (let i = 0; i < 1000; i++) await run(100)
  console.log(`\n## ${scenario.name}: CPU ms per page (median of ${ROUNDS} interleaved rounds)`)
  console.log('| page | api-resources | hand-written keyset | offset | vs keyset | vs offset |')
  console.log('|---:|---:|---:|---:|---:|---:|')
  let met = true
  for (const page of DEPTHS) {
    const times = new Map<Implementation, number[]>(IMPLEMENTATIONS.map((k) => [k, []]))
    const batch = page >= 10_000 ? 3 : 50 // an OFFSET page that deep takes tens of ms
    for (let round = -2; round < ROUNDS; round++)
      for (const kind of [...IMPLEMENTATIONS].sort(() => Math.random() - 0.5)) {
        const ms = await timeBatch(runners.get(kind)!, page, batch)
        if (round >= 0) times.get(kind)!.push(ms)
      }
    const [ours, keyset, offset] = IMPLEMENTATIONS.map((k) => times.get(k)!)
    const ratio = (a: number[], b: number[]) => median(a.map((t, i) => t / b[i]))
    met &&= ratio(ours, keyset) <= 1.5
    const cells = [ours, keyset, offset].map((t) => median(t).toFixed(3))
    console.log(
      `| ${page.toLocaleString('en')} | ${cells.join(' | ')} | ${ratio(ours, keyset).toFixed(2)}x | ` +
        `${ratio(ours, offset).toFixed(3)}x |`,
    )
  }
  console.log('queries per api-resources page: 1 keyset query, no COUNT (verified)')
  console.log(
    `target: api-resources <= 1.5x hand-written keyset at every depth: ${met ? 'MET' : 'MISSED'}`,
  )
  await db.destroy()
  if (!met) process.exitCode = 1
}

if (require.main === module) void depthTable()
