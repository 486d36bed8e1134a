// HTTP throughput: a 20-item page served through apiResources() + respond() against a bare res.json of
// the same hand-shaped object, measured with wrk or autocannon (below) on 127.0.0.1. Each server runs in its own
// process and is warmed up first, for 10 s of load (HTTP_BENCH_WARMUP): a Node server's JIT keeps
// optimizing for about that long, and a bare server keeps getting faster through it (a 2 s warm-up
// measured servers half-way there, and flattered whichever did more per request, by 5-15% in the
// Fastify pair); then samples rotate over the servers (each round starts with a
// different one, so no server always follows the same neighbour). The target is judged on the median
// of the per-round ratios (each server against bare res.json in the same round, seconds apart), which
// cancels the slow drift of a shared machine; the ratio of the req/s medians is printed beside it.
// The rounds are split over several generations of fresh server processes (3 by default): how fast
// one Node process serves depends on its own JIT decisions, and that moved a single process pair's
// ratio by +-5% between runs, which one generation cannot tell from a real difference.
// A third server, bare res.json behind a no-op AsyncLocalStorage.run() middleware, shows what the
// request context's AsyncLocalStorage alone costs on this Node version. Besides req/s, each server
// reports the CPU time it spent per request (process.cpuUsage over the sample), which is less
// disturbed than req/s by other processes competing for the same cores.
//
// Pinning: with `taskset` and at least two CPUs, the load generator (this process) runs on CPU 0 and
// every server on the last CPU, so a server never shares its core with the load generator (on a 2-core
// machine they would otherwise swap cores under load and the ratio would move by +-10%).
// HTTP_BENCH_PIN=0 turns it off.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'

const SAMPLES = Number(process.env.HTTP_BENCH_SAMPLES ?? 15)
const GENERATIONS = Math.max(1, Number(process.env.HTTP_BENCH_PROCESSES ?? 3))
const SECONDS = Number(process.env.HTTP_BENCH_SECONDS ?? 3)
// Seconds of load each fresh server gets before its samples count.
const WARMUP = Number(process.env.HTTP_BENCH_WARMUP ?? 10)
const TARGET = 0.95

// `node ... bench/http.ts fastify` measures the Fastify plugin against a bare Fastify reply.send of
// the same hand-shaped object instead (servers in bench/http-fastify-server.ts).
const FASTIFY = process.argv[2] === 'fastify'

const ALL_CASES = FASTIFY
  ? ([
      { mode: 'fastify-bare', label: 'bare Fastify reply.send (hand-shaped)' },
      {
        mode: 'fastify-bare-als',
        label: 'bare Fastify reply.send + no-op AsyncLocalStorage.run()',
      },
      {
        mode: 'fastify-plugin-sync',
        label: 'Fastify + apiResources({ syncHandlers: true }) plugin',
        target: true,
      },
      { mode: 'fastify-plugin', label: 'Fastify + apiResources() plugin', target: true },
    ] as const)
  : ([
      { mode: 'bare', label: 'bare res.json (hand-shaped)' },
      { mode: 'bare-als', label: 'bare res.json + no-op AsyncLocalStorage.run()' },
      { mode: 'respond', label: 'apiResources() + respond()', target: true },
    ] as const)

type Mode = (typeof ALL_CASES)[number]['mode']

// HTTP_BENCH_CASES=<mode>,<mode> measures only those servers beside the bare one (the first case),
// for instance `fastify-plugin-sync`.
const ONLY = process.env.HTTP_BENCH_CASES?.split(',').map((m) => m.trim())
const CASES = ALL_CASES.filter((c, i) => i === 0 || ONLY === undefined || ONLY.includes(c.mode))

/** The cases the target applies to, each measured against the first one (the bare server). */
const SUBJECTS = CASES.flatMap((c, i) => ('target' in c ? [i] : []))

interface Server {
  child: ChildProcess
  port: number
}

interface CpuUsage {
  user: number
  system: number
}

// The load generator: autocannon (the default, as in every earlier run of bench/RESULTS.md) or
// `wrk` (HTTP_BENCH_CLIENT=wrk, when it is on the PATH). Both keep 10 connections busy, one request
// at a time each. wrk takes less of its core: on the 2-core machine of bench/RESULTS.md it spends
// about 9.5 us of CPU per request (mostly the kernel's socket work) against about 14 us for
// autocannon (a Node process), so at 55,000 req/s it keeps half of its core busy against three
// quarters.
const CLIENT = client()

function client(): 'wrk' | 'autocannon' {
  const asked = process.env.HTTP_BENCH_CLIENT ?? 'autocannon'
  if (asked === 'wrk' || asked === 'autocannon') return asked
  throw new Error(`HTTP_BENCH_CLIENT is wrk or autocannon, not ${asked}`)
}

// V8 flags for every server process, for diagnosis: HTTP_BENCH_NODE_FLAGS=--no-concurrent-recompilation
// makes each server's JIT decisions the same in every process (Turbofan then compiles on the main
// thread, so what it sees no longer depends on when a background compile finishes). By default a
// Fastify server settles in one of two steady states about 10-15% apart, decided per process;
// with that flag the states are reproducible, which is how the cost of the plugin's former
// preSerialization hook was found. The targets are judged with the default flags.
const NODE_FLAGS = (process.env.HTTP_BENCH_NODE_FLAGS ?? '').split(' ').filter((f) => f !== '')

// The CPU the servers are pinned to, or undefined when pinning is off or impossible.
const SERVER_CPU = pinning()

function pinning(): number | undefined {
  const cpus = availableParallelism()
  if (process.env.HTTP_BENCH_PIN === '0' || cpus < 2) return undefined
  try {
    execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' })
    return cpus - 1
  } catch {
    return undefined // no taskset (not Linux, or util-linux missing): run unpinned
  }
}

function start(mode: Mode): Promise<Server> {
  const node = [
    process.execPath,
    ...NODE_FLAGS,
    '-r',
    '@swc-node/register',
    join(__dirname, FASTIFY ? 'http-fastify-server.ts' : 'http-server.ts'),
    mode,
  ]
  const [command, ...args] =
    SERVER_CPU === undefined ? node : ['taskset', '-c', String(SERVER_CPU), ...node]
  // spawn with an 'ipc' slot gives the child node the same IPC channel as fork()
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] })
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolve({ child, port: Number(String(d).trim()) }))
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)))
  })
}

// The server's own CPU time (user + system, microseconds), asked over the IPC channel.
// A server that died fails the run instead of leaving it waiting for an answer.
function cpuOf(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    const died = (code: number | null) => reject(new Error(`a server exited with ${code}`))
    server.child.once('exit', died)
    server.child.once('message', (u: CpuUsage) => {
      server.child.off('exit', died)
      resolve(u.user + u.system)
    })
    if (server.child.exitCode !== null || !server.child.connected) died(server.child.exitCode)
    else server.child.send('cpu')
  })
}

async function body(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/users?page=2`)
  return res.text()
}

interface Sample {
  rps: number
  cpuPerRequest: number
}

async function sample(server: Server, seconds = SECONDS): Promise<Sample> {
  const before = await cpuOf(server)
  const url = `http://127.0.0.1:${server.port}/users?page=2`
  const { requests, rps } = CLIENT === 'wrk' ? await wrk(url, seconds) : await cannon(url, seconds)
  const cpu = (await cpuOf(server)) - before
  return { rps, cpuPerRequest: cpu / requests }
}

async function cannon(url: string, seconds: number): Promise<{ requests: number; rps: number }> {
  const result = await autocannon({ url, connections: 10, pipelining: 1, duration: seconds })
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(`errors: ${result.errors}, non-2xx: ${result.non2xx}`)
  return { requests: result.requests.total, rps: result.requests.average }
}

/** One wrk run (one thread, 10 connections), read from its report. */
function wrk(url: string, seconds: number): Promise<{ requests: number; rps: number }> {
  return new Promise((resolve, reject) => {
    execFile('wrk', ['-t1', '-c10', `-d${seconds}s`, url], (error, stdout) => {
      if (error) return reject(error)
      const requests = /(\d+) requests in/.exec(stdout)
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(stdout)
      if (/Non-2xx|Socket errors/.test(stdout) || requests === null || rps === null)
        return reject(new Error(`wrk: ${stdout}`))
      resolve({ requests: Number(requests[1]), rps: Number(rps[1]) })
    })
  })
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]

/** One generation: fresh servers, identical bodies checked, warmed up, then `rounds` rotated rounds. */
async function generation(rounds: number, offset: number): Promise<Sample[][]> {
  const servers: Server[] = []
  try {
    for (const c of CASES) servers.push(await start(c.mode))
    const bodies = await Promise.all(servers.map((s) => body(s.port)))
    if (bodies.some((b) => b !== bodies[0])) throw new Error(`bodies differ:\n${bodies.join('\n')}`)
    for (const s of servers) await sample(s, WARMUP) // warm-up: JIT, sockets
    const samples: Sample[][] = servers.map(() => [])
    for (let round = 0; round < rounds; round++) {
      for (let k = 0; k < servers.length; k++) {
        const i = (offset + round + k) % servers.length
        samples[i].push(await sample(servers[i]))
      }
    }
    return samples
  } finally {
    for (const s of servers) s.child.kill()
  }
}

/** Every case's samples over all generations, and the subject's per-round ratios per generation. */
async function measure(): Promise<{ samples: Sample[][]; perGeneration: number[][] }> {
  const samples: Sample[][] = CASES.map(() => [])
  const perGeneration: number[][] = SUBJECTS.map(() => [])
  let done = 0
  for (let g = 0; g < GENERATIONS; g++) {
    const rounds = Math.ceil((SAMPLES - done) / (GENERATIONS - g))
    const got = await generation(rounds, done)
    got.forEach((xs, i) => samples[i].push(...xs))
    SUBJECTS.forEach((i, k) =>
      perGeneration[k].push(median(got[i].map((x, r) => x.rps / got[0][r].rps))),
    )
    done += rounds
  }
  return { samples, perGeneration }
}

function report({ samples, perGeneration }: Awaited<ReturnType<typeof measure>>): boolean {
  const rps = samples.map((s) => s.map((x) => x.rps))
  const base = median(rps[0])
  const pinned =
    SERVER_CPU === undefined ? 'unpinned' : `servers on CPU ${SERVER_CPU}, ${CLIENT} on CPU 0`
  console.log(
    `\n## http: a 20-item page, ${CLIENT} 10 connections, ${SAMPLES} x ${SECONDS} s samples each ` +
      `over ${GENERATIONS} generations of fresh server processes (each warmed up ${WARMUP} s), ` +
      `rotated, ${pinned}, Node ${process.version}`,
  )
  console.log(
    '| case | req/s (median) | min-max | ratio to bare, per round (median) | ratio of medians | server CPU us/req (median) |',
  )
  console.log('|---|---:|---:|---:|---:|---:|')
  const paired = rps.map((xs) => median(xs.map((x, round) => x / rps[0][round])))
  CASES.forEach((c, i) => {
    const m = median(rps[i])
    const spread = `${Math.min(...rps[i]).toFixed(0)}-${Math.max(...rps[i]).toFixed(0)}`
    const cpu = median(samples[i].map((x) => x.cpuPerRequest))
    console.log(
      `| ${c.label} | ${m.toFixed(0)} | ${spread} | ${paired[i].toFixed(2)}x | ${(m / base).toFixed(2)}x | ${cpu.toFixed(0)} |`,
    )
  })
  let ok = true
  SUBJECTS.forEach((i, k) => {
    const label = CASES[i].label
    const met = paired[i] >= TARGET
    ok &&= met
    console.log(
      `${label} per generation (median of its rounds): ${perGeneration[k].map((r) => `${r.toFixed(2)}x`).join(', ')}`,
    )
    console.log(
      `target: ${label} >= ${TARGET}x ${CASES[0].label} req/s (median of per-round ratios): ${paired[i].toFixed(2)}x ${met ? 'MET' : 'MISSED'}`,
    )
  })
  return ok
}

async function main(): Promise<void> {
  if (!report(await measure())) process.exitCode = 1
}

void main()
