// HTTP throughput: a 20-item page served through apiResources() + respond() against a bare res.json of
// the same hand-shaped object, measured with autocannon on 127.0.0.1. Each server runs in its own
// process; samples alternate between the two (7 each, bounded in time), and the medians are compared.
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import autocannon from 'autocannon'

const SAMPLES = 7
const SECONDS = Number(process.env.HTTP_BENCH_SECONDS ?? 4)
const TARGET = 0.95

function start(mode: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    ['-r', '@swc-node/register', join(__dirname, 'http-server.ts'), mode],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolve({ child, port: Number(String(d).trim()) }))
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)))
  })
}

async function body(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/users?page=2`)
  return res.text()
}

async function sample(port: number): Promise<number> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/users?page=2`,
    connections: 10,
    pipelining: 1,
    duration: SECONDS,
  })
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(`errors: ${result.errors}, non-2xx: ${result.non2xx}`)
  return result.requests.average
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]

async function main(): Promise<void> {
  const bare = await start('bare')
  const ours = await start('respond')
  try {
    const [a, b] = [await body(bare.port), await body(ours.port)]
    if (a !== b) throw new Error(`bodies differ:\n${a}\n${b}`)
    await sample(bare.port) // warm-up both
    await sample(ours.port)
    const rps: Record<'bare' | 'respond', number[]> = { bare: [], respond: [] }
    for (let i = 0; i < SAMPLES; i++) {
      rps.bare.push(await sample(bare.port))
      rps.respond.push(await sample(ours.port))
    }
    const base = median(rps.bare)
    const subject = median(rps.respond)
    console.log(
      `\n## http: a 20-item page, autocannon 10 connections, ${SAMPLES} x ${SECONDS} s samples each`,
    )
    console.log('| case | req/s (median) | ratio to bare res.json |')
    console.log('|---|---:|---:|')
    console.log(`| bare res.json (hand-shaped) | ${base.toFixed(0)} | 1.00x |`)
    console.log(
      `| apiResources() + respond() | ${subject.toFixed(0)} | ${(subject / base).toFixed(2)}x |`,
    )
    const ok = subject / base >= TARGET
    console.log(
      `target: respond() >= ${TARGET}x bare req/s: ${(subject / base).toFixed(2)}x ${ok ? 'MET' : 'MISSED'}`,
    )
    if (!ok) process.exitCode = 1
  } finally {
    bare.child.kill()
    ours.child.kill()
  }
}

void main()
