// Cursor pages on PostgreSQL, 1,000,000 rows, 20 per page, at pages 1, 1,000 and 45,000 (the page
// after row 899,980): api-resources' `cursorPaginate()` through Knex and through Kysely against a
// hand-written row-value keyset query through the same instance (`where id > $1`, and
// `where (created_at, id) < ($1, $2)` for `created_at desc, id desc`), each also building the next
// cursor. Then the SQLite table of bench/pagination.bench.ts in `id` order at the same pages.
//
//   PG_URL=postgres://... node -r @swc-node/register bench/cursor-postgres.ts
//
// The two sides of a pair run in alternating batches (a random order each round), and the verdict
// is the median of the per-round ratios, so that load from other processes lands on both sides
// alike: on wall time for PostgreSQL (the database's own time is the point, and the process's CPU
// time does not see it), on CPU time for SQLite (better-sqlite3 works on this thread). Both are
// printed. The library is the built package (`npm run build` first; `npm run bench` does).
// The table `bench_cursor_posts` is created (once, kept between runs unless BENCH_DROP=1) in the
// database of PG_URL, with `created_at timestamptz not null` holding microseconds and an index on
// (created_at, id).
import { performance } from 'node:perf_hooks'
import { loadavg } from 'node:os'
import type { Knex } from 'knex'
import type { Kysely } from 'kysely'
import { openKnex as openSqlite, PER_PAGE } from './pagination.bench'

const ROWS = 1_000_000
const PAGES = [1, 1_000, 45_000] as const
const TABLE = 'bench_cursor_posts'
const ROUNDS = Number(process.env.ROUNDS ?? 31)
const MAX_RATIO = 1.5

type Order = 'id' | 'created_at desc, id desc'
type Run = () => Promise<number[]>

interface Key {
  id: number
  /** `created_at` as PostgreSQL's text (microseconds, the session's zone). */
  created_at: string
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

const nextCursor = (row: object) => Buffer.from(JSON.stringify(row)).toString('base64url')

async function ensureTable(db: Knex): Promise<void> {
  const exists = await db.schema.hasTable(TABLE)
  if (exists) {
    const [{ n }] = await db(TABLE).count<{ n: string }[]>({ n: '*' })
    if (Number(n) === ROWS) return
    await db.schema.dropTable(TABLE)
  }
  console.log(`building ${TABLE} (${ROWS.toLocaleString('en')} rows)...`)
  await db.raw(
    `create table ${TABLE} (id integer primary key, user_id integer not null, ` +
      'title text not null, created_at timestamptz not null)',
  )
  // microsecond timestamps, ties every few rows (the same created_at for ids 4k+1..4k+4 ordered
  // by id within): the second order column is needed
  await db.raw(
    `insert into ${TABLE} select i, i % 997 + 1, 'Post number ' || i, ` +
      "timestamptz '2020-01-01 00:00:00+00' + ((i + 3) / 4) * interval '1.000001 second' " +
      'from generate_series(1, ?) as i',
    [ROWS],
  )
  await db.raw(`create index ${TABLE}_created_at_id on ${TABLE} (created_at, id)`)
  await db.raw(`analyze ${TABLE}`)
}

/** The order key of the last row before `page` in `order`. */
async function keyBefore(db: Knex, order: Order, page: number): Promise<Key | null> {
  if (page === 1) return null
  const rows = await db(TABLE)
    .select('id', db.raw('created_at::text as created_at'))
    .orderByRaw(order)
    .offset((page - 1) * PER_PAGE - 1)
    .limit(1)
  return rows[0] as Key
}

interface Pair {
  label: string
  ours: Run
  theirs: Run
}

async function pairs(knex: Knex, kysely: Kysely<any>, order: Order, page: number): Promise<Pair[]> {
  const { cursorPaginate: knexCursor } =
    require('api-resources/knex') as typeof import('../src/adapters/knex/index.js')
  const { cursorPaginate: kyselyCursor } =
    require('api-resources/kysely') as typeof import('../src/adapters/kysely/index.js')
  const { Cursor } = require('api-resources') as typeof import('../src/index.js')
  const { sql } = require('kysely') as typeof import('kysely')
  const key = await keyBefore(knex, order, page)
  const byId = order === 'id'
  const cursor =
    key === null
      ? null
      : new Cursor(byId ? { id: key.id } : { created_at: key.created_at, id: key.id })
  const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id)
  const page20 = (rows: Array<{ id: number; created_at_text?: string }>) => {
    const shown = rows.slice(0, PER_PAGE)
    const last = shown[shown.length - 1]
    if (rows.length > PER_PAGE)
      nextCursor(byId ? { id: last.id } : { created_at: last.created_at_text, id: last.id })
    return ids(shown)
  }
  const knexOrdered = () =>
    byId
      ? knex(TABLE).orderBy('id')
      : knex(TABLE).orderBy('created_at', 'desc').orderBy('id', 'desc')
  const kyselyOrdered = () => {
    const q = kysely.selectFrom(TABLE).selectAll()
    return byId ? q.orderBy('id') : q.orderBy('created_at', 'desc').orderBy('id', 'desc')
  }
  // the hand-written query selects created_at as text too in that order (for its next cursor): a Date would lose the microseconds
  const handKnex: Run = async () => {
    const q = byId
      ? knex(TABLE)
      : knex(TABLE).select('*', knex.raw('created_at::text as created_at_text'))
    if (key !== null) {
      if (byId) q.where('id', '>', key.id)
      else q.whereRaw('(created_at, id) < (?::timestamptz, ?)', [key.created_at, key.id])
    }
    if (byId) q.orderBy('id')
    else q.orderBy('created_at', 'desc').orderBy('id', 'desc')
    return page20(await q.limit(PER_PAGE + 1))
  }
  const handKysely: Run = async () => {
    const all = kysely.selectFrom(TABLE).selectAll()
    let q = byId ? all : all.select(sql<string>`created_at::text`.as('created_at_text'))
    if (key !== null)
      q = byId
        ? q.where('id', '>', key.id)
        : q.where(sql<boolean>`(created_at, id) < (${key.created_at}::timestamptz, ${key.id})`)
    q = byId ? q.orderBy('id') : q.orderBy('created_at', 'desc').orderBy('id', 'desc')
    return page20(
      (await q.limit(PER_PAGE + 1).execute()) as Array<{ id: number; created_at_text: string }>,
    )
  }
  const ours = (p: { items(): unknown[]; nextPageUrl(): string | null }) => {
    p.nextPageUrl()
    return ids(p.items() as Array<{ id: number }>)
  }
  return [
    {
      label: 'Knex',
      ours: async () => ours(await knexCursor(knexOrdered(), PER_PAGE, cursor)),
      theirs: handKnex,
    },
    {
      label: 'Kysely',
      ours: async () => ours(await kyselyCursor(kyselyOrdered(), PER_PAGE, cursor)),
      theirs: handKysely,
    },
  ]
}

async function sqlitePair(db: Knex, page: number): Promise<Pair> {
  const { cursorPaginate } =
    require('api-resources/knex') as typeof import('../src/adapters/knex/index.js')
  const { Cursor } = require('api-resources') as typeof import('../src/index.js')
  const last = (page - 1) * PER_PAGE
  const cursor = page === 1 ? null : new Cursor({ id: last })
  return {
    label: 'Knex',
    ours: async () => {
      const p = await cursorPaginate(db('posts').orderBy('id'), PER_PAGE, cursor)
      p.nextPageUrl()
      return (p.items() as Array<{ id: number }>).map((r) => r.id)
    },
    theirs: async () => {
      const rows = (await db('posts')
        .where('id', '>', last)
        .orderBy('id')
        .limit(PER_PAGE + 1)) as Array<{ id: number }>
      const shown = rows.slice(0, PER_PAGE)
      if (rows.length > PER_PAGE) nextCursor({ id: shown[PER_PAGE - 1].id })
      return shown.map((r) => r.id)
    },
  }
}

interface Times {
  wall: number
  cpu: number
}

/** Wall and CPU ms per call of `run`, over `batch` calls. */
async function timeBatch(run: Run, batch: number): Promise<Times> {
  const cpu = process.cpuUsage()
  const start = performance.now()
  for (let i = 0; i < batch; i++) await run()
  const wall = (performance.now() - start) / batch
  const used = process.cpuUsage(cpu)
  return { wall, cpu: (used.user + used.system) / 1000 / batch }
}

interface Measured {
  ours: Times
  theirs: Times
  /** Median per-round ratios of wall and CPU time. */
  ratio: Times
}

async function measure(pair: Pair): Promise<Measured> {
  const a = await pair.ours()
  const b = await pair.theirs()
  if (a.length !== PER_PAGE || JSON.stringify(a) !== JSON.stringify(b))
    throw new Error(`${pair.label}: the pages differ: ${a.join(',')} | ${b.join(',')}`)
  for (let i = 0; i < 200; i++) {
    await pair.ours()
    await pair.theirs()
  }
  const one = (await timeBatch(pair.theirs, 20)).wall
  const batch = Math.max(5, Math.round(20 / Math.max(one, 0.01)))
  const ours: Times[] = []
  const theirs: Times[] = []
  for (let round = -2; round < ROUNDS; round++) {
    const first = Math.random() < 0.5
    const x = await timeBatch(first ? pair.ours : pair.theirs, batch)
    const y = await timeBatch(first ? pair.theirs : pair.ours, batch)
    if (round < 0) continue
    ours.push(first ? x : y)
    theirs.push(first ? y : x)
  }
  const of = (times: Times[], k: keyof Times) => times.map((t) => t[k])
  const ratio = (k: keyof Times) => median(ours.map((t, i) => t[k] / theirs[i][k]))
  return {
    ours: { wall: median(of(ours, 'wall')), cpu: median(of(ours, 'cpu')) },
    theirs: { wall: median(of(theirs, 'wall')), cpu: median(of(theirs, 'cpu')) },
    ratio: { wall: ratio('wall'), cpu: ratio('cpu') },
  }
}

async function main(): Promise<void> {
  const url = process.env.PG_URL
  if (url === undefined) {
    console.log('\n(cursor-postgres: PG_URL is not set, the PostgreSQL cursor table is skipped)')
    return
  }
  const knexFactory = require('knex') as typeof import('knex').knex
  const { Kysely, PostgresDialect } = require('kysely') as typeof import('kysely')
  const { Pool } = require('pg') as typeof import('pg')
  const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 1, max: 1 } })
  const kysely = new Kysely<any>({
    dialect: new PostgresDialect({ pool: new Pool({ connectionString: url, max: 1 }) }),
  })
  await ensureTable(knex)
  const loads: number[] = [loadavg()[0]]
  console.log(
    `\n## Cursor pages, ${ROWS.toLocaleString('en')} rows, ${PER_PAGE} per page: ms per page ` +
      `(median of ${ROUNDS} interleaved rounds) and the median of the per-round ratios ` +
      '(the judged one in bold)',
  )
  console.log(
    '| database | order | page | adapter | cursorPaginate wall ms | hand-written wall ms | wall ratio | ' +
      'cursorPaginate CPU ms | hand-written CPU ms | CPU ratio |',
  )
  console.log('|---|---|---:|---|---:|---:|---:|---:|---:|---:|')
  let met = true
  // PostgreSQL: judged on wall time (the database's work is the point, and runs in its own
  // process); SQLite: on CPU time (better-sqlite3 runs on this thread, so CPU time holds it all and
  // leaves out the time other processes take the CPU)
  const row = (database: string, order: string, page: number, label: string, r: Measured) => {
    const judged = database === 'SQLite' ? r.ratio.cpu : r.ratio.wall
    met &&= judged <= MAX_RATIO
    const bold = (x: number, on: boolean) => (on ? `**${x.toFixed(2)}x**` : `${x.toFixed(2)}x`)
    console.log(
      `| ${database} | ${order} | ${page.toLocaleString('en')} | ${label} | ${r.ours.wall.toFixed(3)} | ` +
        `${r.theirs.wall.toFixed(3)} | ${bold(r.ratio.wall, database !== 'SQLite')} | ` +
        `${r.ours.cpu.toFixed(3)} | ${r.theirs.cpu.toFixed(3)} | ${bold(r.ratio.cpu, database === 'SQLite')} |`,
    )
  }
  for (const order of ['id', 'created_at desc, id desc'] as const)
    for (const page of PAGES)
      for (const pair of await pairs(knex, kysely, order, page)) {
        row('PostgreSQL', order, page, pair.label, await measure(pair))
        loads.push(loadavg()[0])
      }
  const sqlite = openSqlite()
  for (const page of PAGES) {
    row('SQLite', 'id', page, 'Knex', await measure(await sqlitePair(sqlite, page)))
    loads.push(loadavg()[0])
  }
  await sqlite.destroy()
  console.log(
    `load average (1 min) during the run: ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} on 2 CPUs`,
  )
  console.log(
    `target: cursorPaginate <= ${MAX_RATIO}x the hand-written keyset at every page: ${met ? 'MET' : 'MISSED'}`,
  )
  if (process.env.BENCH_DROP === '1') await knex.schema.dropTableIfExists(TABLE)
  await knex.destroy()
  await kysely.destroy()
  if (!met) process.exitCode = 1
}

void main()
