// Where a Fastify request's time goes: the plugin's steps against a bare reply.send, timed inside the
// server under load (`npm run bench -- fastify-segments`, or `node -r @swc-node/register
// bench/http-fastify-segments.ts`). A diagnosis, with no target: bench/http.ts measures throughput.
//
// Each server times the steps of its handler with process.hrtime (about 0.05 us a reading) and its
// CPU time per request, while wrk loads it (10 connections; servers on the last CPU, wrk on the
// others, as in bench/http.ts). Three servers, one at a time, the rounds rotating, a fresh process
// each round, warmed up first:
//
// - `bare`: the hand-shaped page, JSON.stringify, reply.send;
// - `library`: the plugin's steps, in the plugin's order: the request context held on the request,
//   the collection over the paginator made in AsyncLocalStorage, the body built (buildResponse, the
//   status and content type), its JSON text, reply.send;
// - `bare + library build`: `bare`, with the library's body built as well and dropped, so that the
//   same bytes are sent: what the build costs the send that follows it;
// - `bare, text by concatenation`: `bare` with the JSON text written by concatenation, key by key,
//   for the page's known shape (the same bytes, checked at start): the best a page compiled straight
//   to JSON text could do, its send included (a concatenated string is flattened when written).
//
// Environment: SEGMENTS_ROUNDS (default 4), SEGMENTS_SECONDS (default 5), SEGMENTS_WARMUP (default 5).
import 'reflect-metadata'
import { spawn, spawnSync } from 'node:child_process'
import { availableParallelism } from 'node:os'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import { LengthAwarePaginator } from '../src'
import { createRequestContext, runInSyncRequestContext } from '../src/context/request-context'
import { buildResponse, holdRequestContext, runInRequestContext } from '../src/http/http-response'
import { jsonText } from '../src/runtime/json'
import { handShaped, rows } from './http-server'
import { UserResource } from './users'

const requestOf = (request: FastifyRequest) => ({ url: request.url, raw: request })

const MODES = ['bare', 'library', 'bare + library build', 'bare, text by concatenation'] as const
type Mode = (typeof MODES)[number]
const STEPS: Record<Mode, readonly string[]> = {
  bare: ['query', 'page', '-', 'JSON text', 'send'],
  library: ['context', 'page', 'body', 'JSON text', 'send'],
  'bare + library build': ['query', 'page + library body', '-', 'JSON text', 'send'],
  'bare, text by concatenation': ['query', 'page', '-', 'JSON text', 'send'],
}

type Page = ReturnType<typeof handShaped>
// A string that JSON.stringify writes as it is, between quotes: no quote, backslash, control
// character (what it escapes) or surrogate (a lone one is escaped).
// eslint-disable-next-line no-control-regex -- the control characters JSON.stringify escapes
const PLAIN = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/
const text = (s: string): string => (PLAIN.test(s) ? `"${s}"` : JSON.stringify(s))
const maybe = (s: string | null): string => (s === null ? 'null' : text(s))

/** The page's JSON text, key by key: what a writer compiled for the page's shape would produce. */
function concatenated(page: Page): string {
  let out = '{"data":['
  for (let i = 0; i < page.data.length; i++) {
    const row = page.data[i]
    if (i > 0) out += ','
    out += `{"id":${row.id},"name":${text(row.name)},"email":${text(row.email)}}`
  }
  const { links, meta } = page
  out += `],"links":{"first":${text(links.first)},"last":${text(links.last)},"prev":${maybe(links.prev)},"next":${maybe(links.next)}}`
  out += `,"meta":{"current_page":${meta.current_page},"from":${meta.from},"last_page":${meta.last_page},"path":${text(meta.path)},"per_page":${meta.per_page},"to":${meta.to},"total":${meta.total}}}`
  return out
}

const now = (): number => Number(process.hrtime.bigint())
const identity = (payload: unknown): string => payload as string
const page = () =>
  UserResource.collection(new LengthAwarePaginator(rows, { total: 1000, perPage: 20 }))

/** The handler of `mode`: sends the page, adding each step's nanoseconds to `spent`. */
function handler(mode: Mode, spent: number[]) {
  if (mode === 'library') {
    return (request: FastifyRequest, reply: FastifyReply) => {
      const t0 = now()
      const context = holdRequestContext(request, requestOf)
      const t1 = now()
      const value = runInRequestContext(context, page)
      const t2 = now()
      const spec = buildResponse(value, request, context, reply, false)
      if (reply.statusCode !== spec.status) reply.code(spec.status)
      reply.header('content-type', spec.contentType)
      const t3 = now()
      const body = jsonText(spec.body, undefined, undefined, context.bigint)
      reply.serializer(identity)
      const t4 = now()
      reply.send(body)
      add(spent, [t0, t1, t2, t3, t4, now()])
    }
  }
  const build = mode === 'bare + library build'
  const write = mode === 'bare, text by concatenation' ? concatenated : JSON.stringify
  for (const n of [1, 2, 50]) {
    const page = handShaped('/users', n)
    if (write(page) !== JSON.stringify(page)) throw new Error(`${mode}: not JSON.stringify's text`)
  }
  return (request: FastifyRequest, reply: FastifyReply) => {
    const t0 = now()
    const number = Number((request.query as { page?: string }).page ?? 1)
    const t1 = now()
    const hand = handShaped(request.url.split('?')[0], number)
    if (build) {
      const context = createRequestContext(request.url, request)
      runInSyncRequestContext(context, () => buildResponse(page(), request, context, reply, false))
    }
    const t2 = now()
    const t3 = t2
    const body = write(hand)
    reply.header('content-type', 'application/json; charset=utf-8')
    reply.serializer(identity)
    const t4 = now()
    reply.send(body)
    add(spent, [t0, t1, t2, t3, t4, now()])
  }
}

function add(spent: number[], t: readonly number[]): void {
  for (let i = 0; i < 5; i++) spent[i] += t[i + 1] - t[i]
  spent[5]++
}

async function serve(mode: Mode): Promise<void> {
  const spent = [0, 0, 0, 0, 0, 0]
  const app = Fastify()
  app.get('/users', handler(mode, spent))
  let cpu = process.cpuUsage()
  process.on('message', () => {
    const used = process.cpuUsage(cpu)
    process.send?.({
      steps: spent.slice(0, 5).map((s) => s / spent[5] / 1000),
      cpu: (used.user + used.system) / spent[5],
    })
    spent.fill(0)
    cpu = process.cpuUsage()
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  process.send?.({ port: (app.server.address() as { port: number }).port })
}

interface Sample {
  readonly steps: number[]
  readonly cpu: number
}

async function measure(mode: Mode, seconds: number, warmup: number): Promise<Sample> {
  const cpus = availableParallelism()
  const pin = cpus >= 2 ? ['taskset', '-c', String(cpus - 1)] : []
  const loadPin = cpus >= 2 ? ['taskset', '-c', `0-${cpus - 2}`] : []
  const args = [...process.execArgv, __filename, 'serve', mode]
  const [command, ...rest] = [...pin, process.execPath, ...args]
  const child = spawn(command, rest, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const next = () => new Promise<Record<string, unknown>>((done) => child.once('message', done))
  const { port } = (await next()) as { port: number }
  const load = (s: number) => {
    const [wrk, ...wrkArgs] = [...loadPin, 'wrk', '-t1', '-c10', `-d${s}s`]
    spawnSync(wrk, [...wrkArgs, `http://127.0.0.1:${port}/users?page=2`])
  }
  load(warmup)
  child.send('reset')
  await next()
  load(seconds)
  child.send('sample')
  const sample = (await next()) as unknown as Sample
  child.kill()
  return sample
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]

async function main(): Promise<void> {
  if (process.argv[2] === 'serve') return serve(process.argv[3] as Mode)
  if (spawnSync('wrk', ['--version']).error !== undefined) throw new Error('needs wrk on PATH')
  const rounds = Number(process.env.SEGMENTS_ROUNDS ?? 4)
  const seconds = Number(process.env.SEGMENTS_SECONDS ?? 5)
  const warmup = Number(process.env.SEGMENTS_WARMUP ?? 5)
  const samples = new Map<Mode, Sample[]>(MODES.map((m) => [m, []]))
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < MODES.length; i++) {
      const mode = MODES[(round + i) % MODES.length]
      samples.get(mode)?.push(await measure(mode, seconds, warmup))
    }
  }
  console.log(
    `\n## Fastify, where a request's time goes (us per request, medians of ${rounds} rounds of ${seconds} s, ${process.version})`,
  )
  console.log('| server | steps (handler order) | handler total | server CPU |')
  console.log('|---|---|---:|---:|')
  for (const mode of MODES) {
    const got = samples.get(mode) ?? []
    const steps = STEPS[mode].map((name, i) => ({ name, us: median(got.map((s) => s.steps[i])) }))
    const shown = steps.filter((s) => s.name !== '-').map((s) => `${s.name} ${s.us.toFixed(2)}`)
    const total = steps.reduce((sum, s) => sum + s.us, 0)
    console.log(
      `| ${mode} | ${shown.join(', ')} | ${total.toFixed(2)} | ${median(got.map((s) => s.cpu)).toFixed(1)} |`,
    )
  }
}

void main()
