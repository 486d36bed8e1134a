// HTTP throughput: a 20-item page served through apiResources() + respond() against a bare res.json of
// the same hand-shaped object, measured with wrk or autocannon (below) on 127.0.0.1. Each server runs
// in its own process and is warmed up first, for 10 s of load (HTTP_BENCH_WARMUP): a Node server's
// JIT keeps optimizing for about that long, and a bare server keeps getting faster through it (a 2 s
// warm-up measured servers half-way there, and flattered whichever did more per request, by 5-15% in
// the Fastify pair).
//
// How the load is applied (HTTP_BENCH_LOAD):
//
// - `concurrent` (the default): every round loads all the servers at the same time, each with its
//   own load generator process, the servers sharing one CPU. The kernel's scheduler gives each the
//   same CPU time, so the ratio of their req/s is the ratio of what a request costs each of them, and
//   whatever slows the machine down during a round (another tenant of the host, a frequency change)
//   slows every server of that round alike. The same server measured 19,000 to 37,000 req/s in
//   consecutive 3 s samples on a shared 2-vCPU machine: sequential samples cannot tell a 5%
//   difference through that. The run checks that the servers' CPU was saturated and the load
//   generators' was not (otherwise the servers were not what limited the rate, and the ratios would
//   lean toward 1; the run then fails).
// - `rotate`: one server at a time, the rounds rotating over the servers (each round starts with a
//   different one, so no server always follows the same neighbour); the earlier method, kept for
//   comparison.
//
// Either way a second bare server (a control: the same code in another process) runs beside the
// others; its ratio to the first shows the harness's own bias and noise. The target is judged on the
// median of the per-round ratios (each server against the bare one in the same round), which cancels
// the slow drift of a shared machine; the ratio of the req/s medians is printed beside it. The rounds
// are split over several generations of fresh server processes (6 by default, 3 when rotating): how
// fast one Node process serves depends on its own JIT decisions, and that moves a single process
// pair's ratio by 5-15% between runs, which one generation cannot tell from a real difference.
// A bare server behind a no-op AsyncLocalStorage.run() shows what the request context's
// AsyncLocalStorage alone costs on this Node version. Besides req/s, each server reports the CPU time
// it spent per request (process.cpuUsage over the sample).
//
// Pinning: with `taskset` and at least two CPUs, every server runs on the last CPU and the load
// generators (this process and its children) on the others, so a server never shares its core with
// a load generator (on a 2-core machine they would otherwise swap cores under load and the ratio
// would move by +-10%). HTTP_BENCH_PIN=0 turns it off; the concurrent load then has no CPU to check.
import { execFile, execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'

// The load: every server at once (the default) or one at a time, rotating (see above).
const LOAD = loadMode()

function loadMode(): 'concurrent' | 'rotate' {
  const asked = process.env.HTTP_BENCH_LOAD ?? 'concurrent'
  if (asked === 'concurrent' || asked === 'rotate') return asked
  throw new Error(`HTTP_BENCH_LOAD is concurrent or rotate, not ${asked}`)
}

const CONCURRENT = LOAD === 'concurrent'
// Rounds in all, and the generations of fresh server processes they are split over. A concurrent
// round takes one sample's time for all the servers, so it affords more of both.
const SAMPLES = Number(process.env.HTTP_BENCH_SAMPLES ?? (CONCURRENT ? 30 : 15))
const GENERATIONS = Math.max(1, Number(process.env.HTTP_BENCH_PROCESSES ?? (CONCURRENT ? 6 : 3)))
const SECONDS = Number(process.env.HTTP_BENCH_SECONDS ?? 3)
// Seconds of load each fresh server gets before its samples count.
const WARMUP = Number(process.env.HTTP_BENCH_WARMUP ?? 10)
const TARGET = 0.95
// A concurrent round counts when the servers' CPU was at least this busy and the load generators'
// at most CLIENT_BUSY_MAX: then the servers, not the load generators, set the rate.
const SERVER_BUSY_MIN = 0.95
const CLIENT_BUSY_MAX = 0.9

// `node ... bench/http.ts fastify` measures the Fastify plugin against a bare Fastify reply.send of
// the same hand-shaped object instead (servers in bench/http-fastify-server.ts).
const FASTIFY = process.argv[2] === 'fastify'

// The first case is the baseline of every ratio; the second, the same bare server in another
// process, is the control (a server process answers any mode it does not know as bare).
const ALL_CASES = FASTIFY
  ? ([
      { mode: 'fastify-bare', label: 'bare Fastify reply.send (hand-shaped)' },
      { mode: 'fastify-bare-control', label: 'control: the same, another process' },
      {
        mode: 'fastify-bare-als',
        label: 'bare Fastify reply.send + no-op AsyncLocalStorage.run()',
      },
      { mode: 'fastify-plugin', label: 'Fastify + apiResources() plugin', target: true },
      {
        mode: 'fastify-plugin-sync',
        label: 'Fastify + apiResources({ syncHandlers: true }) (no AsyncLocalStorage)',
      },
    ] as const)
  : ([
      { mode: 'bare', label: 'bare res.json (hand-shaped)' },
      { mode: 'bare-control', label: 'control: the same, another process' },
      { mode: 'bare-als', label: 'bare res.json + no-op AsyncLocalStorage.run()' },
      { mode: 'respond', label: 'apiResources() + respond()', target: true },
    ] as const)

type Mode = (typeof ALL_CASES)[number]['mode']

// HTTP_BENCH_CASES=<mode>,<mode> measures only those servers beside the bare one and the control,
// for instance `fastify-plugin`.
const ONLY = process.env.HTTP_BENCH_CASES?.split(',').map((m) => m.trim())
const CASES = ALL_CASES.filter((c, i) => i < 2 || ONLY === undefined || ONLY.includes(c.mode))

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

// The load generator: `wrk` when it is on the PATH (Debian's package `wrk`), else autocannon;
// HTTP_BENCH_CLIENT=wrk|autocannon chooses. Both keep 10 connections busy, one request at a time
// each. wrk takes much less CPU: on the 2-core machine of bench/RESULTS.md it spends about 9.5 us
// per request (mostly the kernel's socket work) against about 14 us for autocannon (a Node process),
// and there five autocannon processes sharing one CPU could not saturate the servers' CPU (the
// concurrent load then fails its CPU check). Under the concurrent load each server gets its own load
// generator process (autocannon's command line, or wrk); rotating, autocannon runs in this process.
const CLIENT = client()

function client(): 'wrk' | 'autocannon' {
  const asked = process.env.HTTP_BENCH_CLIENT ?? (hasWrk() ? 'wrk' : 'autocannon')
  if (asked === 'wrk' || asked === 'autocannon') return asked
  throw new Error(`HTTP_BENCH_CLIENT is wrk or autocannon, not ${asked}`)
}

function hasWrk(): boolean {
  // `wrk -v` prints its version and exits with 1; only a missing command is an error here
  return spawnSync('wrk', ['-v'], { stdio: 'ignore' }).error === undefined
}

// V8 flags for every server process, for diagnosis: HTTP_BENCH_NODE_FLAGS=--no-concurrent-recompilation
// makes each server's JIT decisions the same in every process (Turbofan then compiles on the main
// thread, so what it sees no longer depends on when a background compile finishes). By default a
// Fastify server settles in one of two steady states about 10-15% apart, decided per process;
// with that flag the states are reproducible, which is how the cost of the plugin's former
// preSerialization hook was found. The targets are judged with the default flags.
const NODE_FLAGS = (process.env.HTTP_BENCH_NODE_FLAGS ?? '').split(' ').filter((f) => f !== '')

// The CPU the servers are pinned to (the last one; the load generators get all the others), or
// undefined when pinning is off or impossible.
const SERVER_CPU = pinning()

function pinning(): number | undefined {
  const cpus = availableParallelism()
  if (process.env.HTTP_BENCH_PIN === '0' || cpus < 2) return undefined
  try {
    const clients = cpus === 2 ? '0' : `0-${cpus - 2}`
    execFileSync('taskset', ['-a', '-p', '-c', clients, String(process.pid)], { stdio: 'ignore' })
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

interface Load {
  requests: number
  rps: number
}

const urlOf = (server: Server) => `http://127.0.0.1:${server.port}/users?page=2`

/** One server alone under load for `seconds` (the rotating load, and its warm-up). */
async function sample(server: Server, seconds = SECONDS): Promise<Sample> {
  const before = await cpuOf(server)
  const { requests, rps } =
    CLIENT === 'wrk' ? await wrk(urlOf(server), seconds) : await cannon(urlOf(server), seconds)
  const cpu = (await cpuOf(server)) - before
  return { rps, cpuPerRequest: cpu / requests }
}

/** How busy the load generators' CPU and the servers' CPU were over a concurrent round. */
interface Busy {
  client: number
  server: number
}

/**
 * Every server under load at the same time for `seconds`, each from its own load generator process,
 * and how busy the two CPUs were meanwhile (when pinned on Linux).
 */
async function concurrentSample(
  servers: Server[],
  seconds = SECONDS,
): Promise<{ samples: Sample[]; busy: Busy | undefined }> {
  const before = await Promise.all(servers.map(cpuOf))
  const ticks = cpuTicks()
  const loads = await Promise.all(
    servers.map((s) =>
      CLIENT === 'wrk' ? wrk(urlOf(s), seconds) : cannonProcess(urlOf(s), seconds),
    ),
  )
  const busy = busySince(ticks)
  const after = await Promise.all(servers.map(cpuOf))
  const samples = loads.map(({ requests, rps }, i) => ({
    rps,
    cpuPerRequest: (after[i] - before[i]) / requests,
  }))
  return { samples, busy }
}

/** Busy and total jiffies of each CPU, from /proc/stat; undefined off Linux or when unpinned. */
function cpuTicks(): number[][] | undefined {
  if (SERVER_CPU === undefined) return undefined
  try {
    const lines = readFileSync('/proc/stat', 'utf8').split('\n')
    const out: number[][] = []
    for (const line of lines) {
      const m = /^cpu(\d+) (.*)$/.exec(line)
      if (m === null) continue
      const f = m[2].trim().split(/\s+/).map(Number)
      // user nice system idle iowait irq softirq steal: idle and iowait are not busy
      const total = f.slice(0, 8).reduce((a, b) => a + b, 0)
      out[Number(m[1])] = [total - f[3] - f[4], total]
    }
    return out
  } catch {
    return undefined
  }
}

function busySince(before: number[][] | undefined): Busy | undefined {
  const now = cpuTicks()
  if (before === undefined || now === undefined || SERVER_CPU === undefined) return undefined
  let busy = 0
  let total = 0
  for (let cpu = 0; cpu < SERVER_CPU; cpu++) {
    busy += now[cpu][0] - before[cpu][0]
    total += now[cpu][1] - before[cpu][1]
  }
  const server = now[SERVER_CPU]
  return {
    client: busy / Math.max(1, total),
    server: (server[0] - before[SERVER_CPU][0]) / Math.max(1, server[1] - before[SERVER_CPU][1]),
  }
}

async function cannon(url: string, seconds: number): Promise<Load> {
  const result = await autocannon({ url, connections: 10, pipelining: 1, duration: seconds })
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(`errors: ${result.errors}, non-2xx: ${result.non2xx}`)
  return { requests: result.requests.total, rps: result.requests.average }
}

/** One run of autocannon's command line (a process of its own), read from its JSON report. */
function cannonProcess(url: string, seconds: number): Promise<Load> {
  const cli = require.resolve('autocannon/autocannon.js')
  const args = [cli, '-j', '-c', '10', '-p', '1', '-d', String(seconds), url]
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 1 << 24 }, (error, stdout) => {
      if (error) return reject(error)
      const result = JSON.parse(stdout) as {
        errors: number
        non2xx: number
        requests: { total: number; average: number }
      }
      if (result.errors > 0 || result.non2xx > 0)
        return reject(new Error(`errors: ${result.errors}, non-2xx: ${result.non2xx}`))
      resolve({ requests: result.requests.total, rps: result.requests.average })
    })
  })
}

/** One wrk run (one thread, 10 connections), read from its report. */
function wrk(url: string, seconds: number): Promise<Load> {
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

interface Generation {
  samples: Sample[][]
  busy: Busy[]
}

/** One generation: fresh servers, identical bodies checked, warmed up, then `rounds` rounds. */
async function generation(rounds: number, offset: number): Promise<Generation> {
  const servers: Server[] = []
  try {
    for (const c of CASES) servers.push(await start(c.mode))
    const bodies = await Promise.all(servers.map((s) => body(s.port)))
    if (bodies.some((b) => b !== bodies[0])) throw new Error(`bodies differ:\n${bodies.join('\n')}`)
    const samples: Sample[][] = servers.map(() => [])
    const busy: Busy[] = []
    if (CONCURRENT) {
      await concurrentSample(servers, WARMUP) // warm-up: JIT, sockets
      for (let round = 0; round < rounds; round++) {
        const got = await concurrentSample(servers)
        got.samples.forEach((x, i) => samples[i].push(x))
        if (got.busy !== undefined) busy.push(got.busy)
      }
    } else {
      for (const s of servers) await sample(s, WARMUP) // warm-up: JIT, sockets
      for (let round = 0; round < rounds; round++) {
        for (let k = 0; k < servers.length; k++) {
          const i = (offset + round + k) % servers.length
          samples[i].push(await sample(servers[i]))
        }
      }
    }
    return { samples, busy }
  } finally {
    for (const s of servers) s.child.kill()
  }
}

interface Measured {
  samples: Sample[][]
  /** Per subject, then the control: each generation's median per-round ratio. */
  perGeneration: number[][]
  busy: Busy[]
}

/** Every case's samples over all generations, and the per-round ratios' median per generation. */
async function measure(): Promise<Measured> {
  const samples: Sample[][] = CASES.map(() => [])
  const watched = [...SUBJECTS, 1]
  const perGeneration: number[][] = watched.map(() => [])
  const busy: Busy[] = []
  let done = 0
  for (let g = 0; g < GENERATIONS; g++) {
    const rounds = Math.ceil((SAMPLES - done) / (GENERATIONS - g))
    const got = await generation(rounds, done)
    got.samples.forEach((xs, i) => samples[i].push(...xs))
    busy.push(...got.busy)
    watched.forEach((i, k) =>
      perGeneration[k].push(median(got.samples[i].map((x, r) => x.rps / got.samples[0][r].rps))),
    )
    done += rounds
  }
  return { samples, perGeneration, busy }
}

const percent = (x: number) => `${(100 * x).toFixed(0)}%`

function report({ samples, perGeneration, busy }: Measured): boolean {
  const rps = samples.map((s) => s.map((x) => x.rps))
  const base = median(rps[0])
  const pinned =
    SERVER_CPU === undefined
      ? 'unpinned'
      : `servers on CPU ${SERVER_CPU}, ${CLIENT} on ${SERVER_CPU === 1 ? 'CPU 0' : `CPUs 0-${SERVER_CPU - 1}`}`
  const load = CONCURRENT
    ? 'all servers loaded at once, each by its own load generator'
    : 'one server at a time, rotated'
  console.log(
    `\n## http: a 20-item page, ${CLIENT} 10 connections, ${SAMPLES} rounds of ${SECONDS} s ` +
      `over ${GENERATIONS} generations of fresh server processes (each warmed up ${WARMUP} s), ` +
      `${load}, ${pinned}, Node ${process.version}`,
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
  const perGen = (k: number) => perGeneration[k].map((r) => `${r.toFixed(2)}x`).join(', ')
  console.log(
    `control per generation (median of its rounds): ${perGen(SUBJECTS.length)} (1.00x is no bias)`,
  )
  let ok = true
  if (CONCURRENT && busy.length > 0) {
    const server = median(busy.map((b) => b.server))
    const client = median(busy.map((b) => b.client))
    const valid = server >= SERVER_BUSY_MIN && client <= CLIENT_BUSY_MAX
    console.log(
      `CPU busy over the rounds (median): servers' ${percent(server)}, load generators' ${percent(client)}` +
        (valid
          ? ''
          : ` - INVALID: the servers must be at least ${percent(SERVER_BUSY_MIN)} busy and the load ` +
            `generators at most ${percent(CLIENT_BUSY_MAX)}, or the load generators set the rate`),
    )
    ok &&= valid
  }
  SUBJECTS.forEach((i, k) => {
    const label = CASES[i].label
    const met = paired[i] >= TARGET
    ok &&= met
    console.log(`${label} per generation (median of its rounds): ${perGen(k)}`)
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
