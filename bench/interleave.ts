// `node -r @swc-node/register bench/interleave.ts <scenario file>`: the scenario's subject timed
// against its baseline in one process, in alternating batches (a random order each round), CPU time
// of this process; prints {"subject", "baseline", "ratio", "rounds"} as JSON, the ratio being the
// median of the per-round ratios. Load from other processes hits both sides of a round alike, which
// the worker table (one case after another, wall clock) cannot promise; run.ts judges `maxRatio`
// targets on this ratio.
import type { BenchOp, Scenario } from './harness'

const ROUNDS = Number(process.env.INTERLEAVE_ROUNDS ?? 61)
/** CPU milliseconds one batch should take (its size is calibrated once). */
const BATCH_MS = 15

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

async function cpuMsPerOp(op: BenchOp, batch: number): Promise<number> {
  const start = process.cpuUsage()
  for (let i = 0; i < batch; i++) {
    const r = op()
    if (r instanceof Promise) await r
  }
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000 / batch
}

async function main(): Promise<void> {
  const file = process.argv[2]
  const scenario = ((await import(file)) as { default: Scenario }).default
  const setup = (name: string) => {
    const found = scenario.cases.find((c) => c.name === name)
    if (found === undefined) throw new Error(`no case ${name} in ${scenario.name}`)
    return found.setup()
  }
  const ops = { baseline: await setup(scenario.baseline), subject: await setup(scenario.subject) }
  // calibrate: how many operations make a batch of about BATCH_MS
  const one = Math.max(await cpuMsPerOp(ops.baseline, 3), 1e-4)
  const batch = Math.max(1, Math.round(BATCH_MS / one))
  const times = { subject: [] as number[], baseline: [] as number[] }
  for (let round = -5; round < ROUNDS; round++) {
    const order =
      Math.random() < 0.5 ? (['subject', 'baseline'] as const) : (['baseline', 'subject'] as const)
    for (const k of order) {
      const ms = await cpuMsPerOp(ops[k], batch)
      if (round >= 0) times[k].push(ms)
    }
  }
  await ops.subject.teardown?.()
  await ops.baseline.teardown?.()
  const result = {
    subject: median(times.subject),
    baseline: median(times.baseline),
    ratio: median(times.subject.map((t, i) => t / times.baseline[i])),
    rounds: ROUNDS,
  }
  console.log(JSON.stringify(result))
}

void main()
