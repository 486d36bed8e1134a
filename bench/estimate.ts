// The 'estimate' count strategy on PostgreSQL: a length-aware page of a 1,000,000-row table through
// the Knex paginate() with { total: 'estimate' } (the planner's row estimate from EXPLAIN) beside
// the same page with the exact COUNT, for the whole table and for a filtered query. Wall time per
// page (median of interleaved runs after a warm-up), with the page's own query included in both.
//
//   PG_URL=postgres://user@host:5432/db node -r @swc-node/register bench/estimate.ts
//
// Without PG_URL it prints a note and exits. The table (bench_estimate_1m) is built once with
// generate_series and ANALYZEd, and kept between runs; it is rebuilt when its row count is not
// 1,000,000. An advisory lock keeps two runs from building it at the same time.
import type { Knex } from 'knex'
import { createRequestContext, runWithRequestContext } from '../src'
import { paginate } from '../src/adapters/knex'

const TABLE = 'bench_estimate_1m'
const ROWS = 1_000_000
const PER_PAGE = 20
const RUNS = Number(process.env.ESTIMATE_BENCH_RUNS ?? 31)
const TARGET_MS = 5

async function ensureTable(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [TABLE])
    const exists = await trx.schema.hasTable(TABLE)
    if (exists) {
      const [{ total }] = (await trx(TABLE).count({ total: '*' })) as Array<{ total: string }>
      if (Number(total) === ROWS) return
      await trx.schema.dropTable(TABLE)
    }
    const started = performance.now()
    await trx.raw(
      `create table ${TABLE} (id integer primary key, user_id integer not null, ` +
        'status text not null, score integer not null, title text not null)',
    )
    await trx.raw(
      `insert into ${TABLE} (id, user_id, status, score, title) ` +
        `select i, i % 997 + 1, case when i % 4 = 0 then 'draft' else 'published' end, i % 100, ` +
        `'Post number ' || i from generate_series(1, ${ROWS}) as i`,
    )
    console.log(
      `built ${TABLE} (${ROWS.toLocaleString('en-US')} rows) in ${ms(performance.now() - started)}`,
    )
  })
  await db.raw(`analyze ${TABLE}`)
}

function ms(value: number): string {
  return `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]

interface Workload {
  readonly label: string
  readonly query: (db: Knex) => Knex.QueryBuilder
}

const WORKLOADS: Workload[] = [
  { label: 'whole table', query: (db) => db(TABLE).orderBy('id') },
  {
    label: "where status = 'published' and score < 50",
    query: (db) => db(TABLE).where('status', 'published').where('score', '<', 50).orderBy('id'),
  },
]

async function main(): Promise<void> {
  const url = process.env.PG_URL
  if (url === undefined || url === '') {
    console.log("\n## PostgreSQL 'estimate' total: skipped (set PG_URL=postgres://... to run it)")
    return
  }
  const knex = require('knex') as typeof import('knex').knex
  const db = knex({ client: 'pg', connection: url, pool: { min: 1, max: 1 } })
  let ok = true
  try {
    await ensureTable(db)
    console.log(
      `\n## PostgreSQL 'estimate' total: a ${PER_PAGE}-row page of a ${ROWS.toLocaleString('en-US')}-row ` +
        `table through Knex paginate(), median wall time of ${RUNS} interleaved runs`,
    )
    console.log(
      "| query | { total: 'estimate' } | exact COUNT | estimate / exact | estimated total | exact total |",
    )
    console.log('|---|---:|---:|---:|---:|---:|')
    for (const w of WORKLOADS) {
      const times = { estimate: [] as number[], exact: [] as number[] }
      let estimated = 0
      let exact = 0
      for (let run = -3; run < RUNS; run++) {
        // alternate which one goes first, so neither always finds the other's cache state
        const order: Array<'estimate' | 'exact'> =
          run % 2 === 0 ? ['estimate', 'exact'] : ['exact', 'estimate']
        for (const kind of order) {
          const started = performance.now()
          // inside a request's context, as in an app (page 1, links on /posts)
          const page = await runWithRequestContext(createRequestContext('/posts'), () =>
            paginate(w.query(db), PER_PAGE, 1, kind === 'estimate' ? { total: 'estimate' } : {}),
          )
          const elapsed = performance.now() - started
          if (page.count() !== PER_PAGE) throw new Error(`${w.label}: ${page.count()} rows`)
          if (kind === 'estimate') estimated = page.total()
          else exact = page.total()
          if (run >= 0) times[kind].push(elapsed)
        }
      }
      const e = median(times.estimate)
      const x = median(times.exact)
      ok &&= e < TARGET_MS
      console.log(
        `| ${w.label} | ${ms(e)} | ${ms(x)} | ${(e / x).toFixed(3)}x | ${estimated.toLocaleString('en-US')} | ${exact.toLocaleString('en-US')} |`,
      )
    }
    console.log(
      `target: every 'estimate' page < ${TARGET_MS} ms on the ${ROWS.toLocaleString('en-US')}-row table: ${ok ? 'MET' : 'MISSED'}`,
    )
  } finally {
    await db.destroy()
  }
  if (!ok) process.exitCode = 1
}

void main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
