// What the ORM adapter rules cost: 1,000 TypeORM entities (each with its author loaded and a lazy
// relation left alone) shaped by a decorated ResourceCollection and serialized, against the same data
// as plain objects (default rules) and a hand-written map (baseline). The setup loads the entities
// from a real in-memory SQLite database once (not timed) and checks that all three give the same JSON.
import 'reflect-metadata'
import { spawnSync } from 'node:child_process'
import {
  Column,
  DataSource,
  Entity,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
} from 'typeorm'
import { Field, JsonResource, WhenLoaded, type Nested } from '../src'
import { installTypeOrm } from '../src/adapters/typeorm'
import type { BenchOp, Scenario } from './harness'

const COUNT = 1000

@Entity('bench_users')
class BenchUser {
  @PrimaryGeneratedColumn() id!: number
  @Column() name!: string
}

@Entity('bench_posts')
class BenchPost {
  @PrimaryGeneratedColumn() id!: number
  @Column() title!: string
  @Column() views!: number
  @ManyToOne(() => BenchUser)
  @JoinColumn({ name: 'user_id' })
  author?: BenchUser
  @OneToMany(() => BenchComment, (c) => c.post, { lazy: true }) comments!: Promise<BenchComment[]>
}

@Entity('bench_comments')
class BenchComment {
  @PrimaryGeneratedColumn() id!: number
  @ManyToOne(() => BenchPost, (p) => p.comments)
  @JoinColumn({ name: 'post_id' })
  post?: BenchPost
}

class UserResource extends JsonResource<BenchUser> {
  @Field() id!: number
  @Field() name!: string
}

class PostResource extends JsonResource<BenchPost> {
  @Field() id!: number
  @Field() title!: string
  @Field() views!: number
  @WhenLoaded(() => UserResource) author?: Nested<typeof UserResource>
  @WhenLoaded() comments?: unknown
}

/** 1,000 posts with their authors, as TypeORM entities, from a seeded in-memory database. */
async function loadEntities(): Promise<{ posts: BenchPost[]; ds: DataSource }> {
  const ds = new DataSource({
    type: 'better-sqlite3',
    database: ':memory:',
    entities: [BenchUser, BenchPost, BenchComment],
    synchronize: true,
  })
  await ds.initialize()
  const users = await ds.getRepository(BenchUser).save([{ name: 'alice' }, { name: 'bob' }])
  const rows = Array.from({ length: COUNT }, (_, i) => ({
    title: `Post ${i + 1}`,
    views: i * 7,
    author: users[i % 2],
  }))
  await ds.getRepository(BenchPost).save(rows, { chunk: 100 })
  const posts = await ds.getRepository(BenchPost).find({ relations: { author: true } })
  return { posts, ds }
}

function handWritten(posts: readonly BenchPost[]): string {
  return JSON.stringify({
    data: posts.map((p) => ({
      id: p.id,
      title: p.title,
      views: p.views,
      author: { id: p.author!.id, name: p.author!.name },
    })),
  })
}

function toPlain(posts: readonly BenchPost[]): BenchPost[] {
  return posts.map((p) => ({
    id: p.id,
    title: p.title,
    views: p.views,
    author: { id: p.author!.id, name: p.author!.name },
  })) as BenchPost[]
}

/** A case over freshly loaded entities; every case must render exactly what the baseline renders. */
function caseOf(render: (posts: BenchPost[]) => () => string): () => Promise<BenchOp> {
  return async () => {
    const { posts, ds } = await loadEntities()
    installTypeOrm(ds)
    const op = render(posts) as BenchOp
    if (op() !== handWritten(posts)) throw new Error('orm-adapters: outputs differ from baseline')
    op.teardown = () => ds.destroy()
    return op
  }
}

const TYPEORM = 'api-resources (TypeORM rules)'
const PLAIN = 'api-resources (plain objects)'
/** The TypeORM rules must stay within this of the hand-written map (judged on the CPU table). */
const MAX_RATIO = 1.3

const scenario: Scenario = {
  name: 'orm-adapters: 1,000 TypeORM entities (author loaded, lazy comments untouched)',
  baseline: 'hand-written',
  subject: TYPEORM,
  note:
    'plain objects = the same data through the default rules; wall clock, one worker per case ' +
    `after another. The target (<= ${MAX_RATIO}x) is judged on the interleaved CPU table below.`,
  cases: [
    {
      name: 'hand-written',
      setup: caseOf((posts) => () => handWritten(posts)),
    },
    {
      name: TYPEORM,
      setup: caseOf((posts) => () => JSON.stringify(PostResource.collection(posts))),
    },
    {
      name: PLAIN,
      setup: caseOf((posts) => {
        const plain = toPlain(posts)
        return () => JSON.stringify(PostResource.collection(plain))
      }),
    },
  ],
}

export default scenario

// ---- the CPU table (when run directly) ----
// Each subject runs in a process of its own (so the compiled function sees one kind of model, as in
// the worker runs), timed against the hand-written map in alternating batches in a random order:
// load from other processes hits both alike. Ratios are medians of per-round ratios.

const ROUNDS = Number(process.env.ROUNDS ?? 150)
const BATCH = Number(process.env.BATCH ?? 40)

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** CPU ms per operation over one batch (user + system of this process). */
function cpuMsPerOp(op: BenchOp): number {
  const start = process.cpuUsage()
  for (let i = 0; i < BATCH; i++) op()
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000 / BATCH
}

interface Interleaved {
  readonly subject: number
  readonly baseline: number
  readonly ratio: number
}

/** In this process: `subject` against the baseline, `ROUNDS` interleaved batches (5 warm-up rounds). */
async function interleaved(subject: string): Promise<Interleaved> {
  const setup = (name: string) => scenario.cases.find((c) => c.name === name)!.setup()
  // the baseline first: the subject's entities come from the last DataSource initialized, as in a
  // worker that sets up one case
  const baseline = await setup(scenario.baseline)
  const ops = { subject: await setup(subject), baseline }
  const times = { subject: [] as number[], baseline: [] as number[] }
  for (let round = -5; round < ROUNDS; round++) {
    const order =
      Math.random() < 0.5 ? (['subject', 'baseline'] as const) : (['baseline', 'subject'] as const)
    for (const k of order) {
      const ms = cpuMsPerOp(ops[k])
      if (round >= 0) times[k].push(ms)
    }
  }
  await ops.subject.teardown?.()
  await ops.baseline.teardown?.()
  return {
    subject: median(times.subject),
    baseline: median(times.baseline),
    ratio: median(times.subject.map((t, i) => t / times.baseline[i])),
  }
}

function cpuTable(): void {
  console.log(
    `\n## ${scenario.name}: CPU ms per operation, each case interleaved with ${scenario.baseline} ` +
      `in a process of its own (median of ${ROUNDS} rounds of ${BATCH})`,
  )
  console.log(`| case | ms/op | ${scenario.baseline} ms/op (same process) | ratio (per round) |`)
  console.log('|---|---:|---:|---:|')
  let ratio = Infinity
  for (const name of [TYPEORM, PLAIN]) {
    const child = spawnSync(process.execPath, [...process.execArgv, __filename], {
      env: { ...process.env, ORM_BENCH_CASE: name },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    if (child.status !== 0) throw new Error(`orm-adapters: ${name} exited with ${child.status}`)
    const r = JSON.parse(child.stdout.trim().split('\n').pop()!) as Interleaved
    if (name === scenario.subject) ratio = r.ratio
    console.log(
      `| ${name} | ${r.subject.toFixed(3)} | ${r.baseline.toFixed(3)} | ${r.ratio.toFixed(2)}x |`,
    )
  }
  const met = ratio <= MAX_RATIO
  console.log(
    `target: ${scenario.subject} <= ${MAX_RATIO}x ${scenario.baseline} (CPU, per round): ` +
      `${ratio.toFixed(2)}x ${met ? 'MET' : 'MISSED'}`,
  )
  if (!met) process.exitCode = 1
}

if (require.main === module) {
  const only = process.env.ORM_BENCH_CASE
  if (only === undefined) cpuTable()
  else void interleaved(only).then((r) => console.log(JSON.stringify(r)))
}
