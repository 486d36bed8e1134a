// Runs one case of one scenario and posts its CaseResult to the parent (see run.ts).
import { parentPort, workerData } from 'node:worker_threads'
import type { BenchOp, CaseResult, Scenario } from './harness'

interface Job {
  readonly file: string
  readonly caseName: string
}

async function timeSample(op: BenchOp, ms: number): Promise<{ ops: number; elapsed: number }> {
  let ops = 0
  const start = process.hrtime.bigint()
  const deadline = start + BigInt(ms) * 1_000_000n
  let now = start
  while (now < deadline) {
    const r = op()
    if (r instanceof Promise) await r
    ops++
    now = process.hrtime.bigint()
  }
  return { ops, elapsed: Number(now - start) / 1e6 }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

async function main(): Promise<void> {
  const job = workerData as Job
  const mod = (await import(job.file)) as { default: Scenario }
  const scenario = mod.default
  const bench = scenario.cases.find((c) => c.name === job.caseName)
  if (!bench) throw new Error(`no case ${job.caseName} in ${scenario.name}`)
  const op = await bench.setup()
  const sampleMs = scenario.sampleMs ?? 300
  const samples = Math.max(7, scenario.samples ?? 7)
  await timeSample(op, sampleMs) // warm-up
  const msPerOp: number[] = []
  for (let i = 0; i < samples; i++) {
    const { ops, elapsed } = await timeSample(op, sampleMs)
    msPerOp.push(elapsed / Math.max(ops, 1))
  }
  await op.teardown?.()
  const med = median(msPerOp)
  const result: CaseResult = {
    scenario: scenario.name,
    name: bench.name,
    msPerOp: med,
    opsPerSec: 1000 / med,
    samples,
  }
  parentPort!.postMessage(result)
}

void main()
