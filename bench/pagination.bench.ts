// Length-aware pagination over SQLite with 1,000,000 rows, 20 per page, at pages 1, 100, 10,000 and
// 50,000: api-resources' Knex paginate() vs knex-paginate vs a hand-written COUNT(*) + LIMIT/OFFSET
// through the same Knex instance.
//
//   npm run bench -- pagination                          (harness table: all cases side by side)
//   node -r @swc-node/register bench/pagination.bench.ts (depth table with per-depth ratios)
//
// The database is built once into a temp file and reused by every worker and later runs.
import { existsSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { Knex } from 'knex'
import type { BenchCase, BenchOp, CaseResult, Scenario } from './harness'

const ROWS = 1_000_000
const PER_PAGE = 20
const DEPTHS = [1, 100, 10_000, 50_000] as const
const DB_FILE = join(tmpdir(), `api-resources-bench-posts-${ROWS}.sqlite`)

/** Builds the 1M-row database once (atomically: a temp file renamed into place). */
function ensureDatabase(): void {
  if (existsSync(DB_FILE)) return
  const Database = require('better-sqlite3') as typeof import('better-sqlite3')
  const building = `${DB_FILE}.${process.pid}.tmp`
  rmSync(building, { force: true })
  const db = new Database(building)
  db.pragma('journal_mode = OFF')
  db.pragma('synchronous = OFF')
  db.exec(
    'create table posts (id integer primary key, user_id integer not null, title text not null, status text not null, score integer not null)',
  )
  const insert = db.prepare(
    'insert into posts (id, user_id, title, status, score) values (?, ?, ?, ?, ?)',
  )
  db.transaction(() => {
    for (let i = 1; i <= ROWS; i++)
      insert.run(i, (i % 997) + 1, `Post number ${i}`, i % 4 === 0 ? 'draft' : 'published', i % 100)
  })()
  db.close()
  renameSync(building, DB_FILE)
}

function openKnex(): Knex {
  ensureDatabase()
  const knex = require('knex') as typeof import('knex').knex
  return knex({
    client: 'better-sqlite3',
    connection: { filename: DB_FILE, options: { readonly: true } },
    useNullAsDefault: true,
    pool: { min: 1, max: 1 },
  })
}

type Implementation = 'api-resources' | 'knex-paginate' | 'hand-written'

interface PageResult {
  total: number
  rows: number
}

async function makeRunner(
  kind: Implementation,
  db: Knex,
): Promise<(page: number) => Promise<PageResult>> {
  if (kind === 'api-resources') {
    const { paginate } =
      require('../src/adapters/knex') as typeof import('../src/adapters/knex/index.js')
    return async (page) => {
      const p = await paginate(db('posts').orderBy('id'), PER_PAGE, page)
      return { total: p.total(), rows: p.count() }
    }
  }
  if (kind === 'knex-paginate') {
    const { attachPaginate } = require('knex-paginate') as { attachPaginate(): void }
    const proto = Object.getPrototypeOf(db.queryBuilder()) as object
    if (!Object.prototype.hasOwnProperty.call(proto, 'paginate')) attachPaginate()
    return async (page) => {
      const query = db('posts').orderBy('id') as unknown as {
        paginate(o: object): Promise<{ data: unknown[]; pagination: { total: number } }>
      }
      const r = await query.paginate({ perPage: PER_PAGE, currentPage: page, isLengthAware: true })
      return { total: r.pagination.total, rows: r.data.length }
    }
  }
  return async (page) => {
    const [{ total }] = await db('posts').count({ total: '*' })
    const rows = await db('posts')
      .orderBy('id')
      .limit(PER_PAGE)
      .offset((page - 1) * PER_PAGE)
    return { total: Number(total), rows: rows.length }
  }
}

/** Checks the answer and, for api-resources, that a page is exactly one COUNT and one page query. */
async function verify(
  kind: Implementation,
  db: Knex,
  run: (page: number) => Promise<PageResult>,
  page: number,
) {
  const sql: string[] = []
  const listener = (q: { sql: string }) => sql.push(q.sql.toLowerCase())
  db.on('query', listener)
  const result = await run(page)
  db.off('query', listener)
  if (result.total !== ROWS || result.rows !== PER_PAGE)
    throw new Error(`${kind} page ${page}: got ${JSON.stringify(result)}`)
  if (kind === 'api-resources') {
    const counts = sql.filter((s) => s.includes('count(')).length
    if (sql.length !== 2 || counts !== 1)
      throw new Error(
        `api-resources ran ${sql.length} queries (${counts} COUNT): ${sql.join(' | ')}`,
      )
  }
}

function benchCase(kind: Implementation, page: number): BenchCase {
  return {
    name: `${kind} @ page ${page}`,
    setup: async () => {
      const db = openKnex()
      const run = await makeRunner(kind, db)
      await verify(kind, db, run, page)
      const op: BenchOp = () => run(page)
      op.teardown = () => db.destroy()
      return op
    },
  }
}

const IMPLEMENTATIONS: readonly Implementation[] = [
  'api-resources',
  'knex-paginate',
  'hand-written',
]

const scenario: Scenario = {
  name: `Length-aware pagination, SQLite ${ROWS.toLocaleString('en')} rows, ${PER_PAGE} per page`,
  baseline: 'hand-written @ page 50000',
  subject: 'api-resources @ page 50000',
  maxRatio: 1.1,
  note:
    'targets: api-resources never slower than knex-paginate at any depth; within 1.1x of hand-written; ' +
    'exactly one COUNT + one page query per page (checked in each case setup). ' +
    'Per-depth ratios: node -r @swc-node/register bench/pagination.bench.ts',
  // a deep page takes ~0.1 s: long samples, so each holds several operations
  samples: 9,
  sampleMs: 1500,
  cases: DEPTHS.flatMap((page) => IMPLEMENTATIONS.map((kind) => benchCase(kind, page))),
}

export default scenario

// ---- the depth table (when run directly) ----

function runCase(caseName: string): Promise<CaseResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(join(__dirname, 'worker.ts'), {
      workerData: { file: __filename, caseName },
      execArgv: ['-r', '@swc-node/register'], // --expose-gc is refused in workers on Node 20
    })
    worker.once('message', resolve)
    worker.once('error', reject)
    worker.once(
      'exit',
      (code) => code !== 0 && reject(new Error(`${caseName} exited with ${code}`)),
    )
  })
}

async function depthTable(): Promise<void> {
  ensureDatabase()
  const ms = new Map<string, number>()
  for (const c of scenario.cases) ms.set(c.name, (await runCase(c.name)).msPerOp)
  const at = (kind: Implementation, page: number) => ms.get(`${kind} @ page ${page}`)!
  console.log(`\n## ${scenario.name} (ms per page, median)`)
  console.log(
    '| page | api-resources | knex-paginate | hand-written | vs knex-paginate | vs hand-written | growth from page 1 |',
  )
  console.log('|---:|---:|---:|---:|---:|---:|---:|')
  let ok = true
  for (const page of DEPTHS) {
    const [ours, peer, hand] = IMPLEMENTATIONS.map((k) => at(k, page))
    ok &&= ours <= peer && ours / hand <= 1.1
    console.log(
      `| ${page.toLocaleString('en')} | ${ours.toFixed(3)} | ${peer.toFixed(3)} | ${hand.toFixed(3)} | ` +
        `${(ours / peer).toFixed(2)}x | ${(ours / hand).toFixed(2)}x | ${(ours / at('api-resources', 1)).toFixed(1)}x |`,
    )
  }
  console.log(
    `targets (never slower than knex-paginate, <= 1.1x hand-written): ${ok ? 'MET' : 'MISSED'}`,
  )
  if (!ok) process.exitCode = 1
}

if (require.main === module) void depthTable()
