// The runtime matrix: the Hono example of examples/runtimes/, with the packed tarball installed in a
// temporary project, served by Node.js, Bun, Deno and workerd (Cloudflare Workers' runtime), each
// the way its users run it: Node.js runs the app compiled by esbuild (packages left in node_modules), Bun its own bundle (`bun build
// --target=bun`), Deno the TypeScript with the project's node_modules, workerd an esbuild bundle
// as Wrangler makes it (ES module, `workerd`/`worker`/`browser` conditions, `node:*` left to the
// runtime) with the `nodejs_compat` flag. Every runtime must answer every request with Node's
// status and exactly Node's body bytes: a resource, a paginated collection, a cursor page, the
// next page through its signed cursor, and a JSON:API document with `include`.
//
//   node scripts/runtime-matrix.mjs [--keep]     (after `npm run build`)
// deno and workerd are npm packages, installed into the temporary project; Bun is the project's
// devDependency (@oven/bun-linux-x64).
import { execFileSync, spawn } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './free-port.mjs'

/* global fetch, Buffer */

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const keep = process.argv.includes('--keep')
const bun = join(root, 'node_modules', '@oven', 'bun-linux-x64', 'bin', 'bun')
const esbuild = join(root, 'node_modules', '.bin', 'esbuild')

function run(command, args, cwd) {
  console.log(`$ ${[command, ...args].join(' ')}`)
  return execFileSync(command, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  })
}

async function serve(name, command, args, cwd, port) {
  let output = ''
  const child = spawn(command, args, { cwd, env: { ...process.env, PORT: String(port) } })
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output}`)
    try {
      await fetch(`http://127.0.0.1:${port}/users/1`)
      return { child, output: () => output }
    } catch {
      await new Promise((r) => setTimeout(r, 250))
    }
  }
  child.kill()
  throw new Error(`${name} did not answer within 60 s:\n${output}`)
}

async function get(port, path) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`)
  const body = Buffer.from(await response.arrayBuffer())
  return { status: response.status, type: response.headers.get('content-type'), body }
}

const tmp = mkdtempSync(join(tmpdir(), 'api-resources-runtimes-'))
const children = []
try {
  const packed = run('npm', ['pack', '--silent', '--pack-destination', tmp], root)
  const tarball = join(tmp, packed.trim().split('\n').pop())
  writeFileSync(
    join(tmp, 'package.json'),
    JSON.stringify({ name: 'runtimes', private: true, type: 'module' }),
  )
  run('npm', ['install', '--no-audit', '--no-fund', tarball, 'hono@4', 'deno@2', 'workerd'], tmp)
  cpSync(join(root, 'examples', 'runtimes'), join(tmp, 'src'), { recursive: true })
  const bin = (name) => join(tmp, 'node_modules', '.bin', name)

  // Node.js: the app compiled into one module, the packages imported from node_modules
  run(
    esbuild,
    [
      'src/node.ts',
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--packages=external',
      '--outfile=node/server.mjs',
      '--log-level=warning',
    ],
    tmp,
  )
  // Bun: its bundler
  run(bun, ['build', 'src/bun.ts', '--target=bun', '--outfile=bun/server.js'], tmp)
  // workerd: an esbuild bundle as Wrangler builds it, and a config with nodejs_compat
  run(
    esbuild,
    [
      'src/worker.ts',
      '--bundle',
      '--format=esm',
      '--platform=neutral',
      '--conditions=workerd,worker,browser',
      '--main-fields=module,main',
      '--external:node:*',
      '--outfile=workerd/worker.js',
      '--log-level=warning',
    ],
    tmp,
  )

  const ports = {}
  for (const name of ['node', 'bun', 'deno', 'workerd']) ports[name] = await freePort()
  writeFileSync(
    join(tmp, 'workerd', 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker) ],
  sockets = [ (name = "http", address = "127.0.0.1:${ports.workerd}", http = (), service = "main") ],
);
const worker :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "worker.js") ],
  compatibilityDate = "2025-09-01",
  compatibilityFlags = ["nodejs_compat"],
);
`,
  )

  const servers = {
    node: [process.execPath, ['node/server.mjs']],
    bun: [bun, ['run', 'bun/server.js']],
    deno: [
      bin('deno'),
      [
        'run',
        '--unstable-sloppy-imports',
        '--allow-net',
        '--allow-env',
        '--allow-read',
        'src/deno.ts',
      ],
    ],
    workerd: [bin('workerd'), ['serve', 'workerd/config.capnp']],
  }
  const started = {}
  for (const [name, [command, args]] of Object.entries(servers)) {
    started[name] = await serve(name, command, args, tmp, ports[name])
    children.push(started[name].child)
  }

  const first = await get(ports.node, '/feed')
  const next =
    JSON.parse(first.body.toString()).meta?.next_cursor ??
    JSON.parse(first.body.toString()).links?.next
  const nextCursor =
    typeof next === 'string' ? (next.match(/cursor=([^&]+)/)?.[1] ?? next) : undefined
  if (nextCursor === undefined || !nextCursor.includes('.'))
    throw new Error(`no signed next cursor: ${first.body}`)
  const paths = [
    '/users/7',
    '/users?page=2',
    '/feed',
    `/feed?cursor=${nextCursor}`,
    '/posts/3?include=author',
    '/users/999',
  ]
  const failures = []
  for (const path of paths) {
    const expected = await get(ports.node, path)
    for (const name of ['bun', 'deno', 'workerd']) {
      const actual = await get(ports[name], path)
      const same =
        actual.status === expected.status &&
        actual.type === expected.type &&
        actual.body.equals(expected.body)
      console.log(
        `${same ? 'same' : 'DIFF'} ${name.padEnd(7)} ${path} (${actual.status}, ${actual.body.length} bytes)`,
      )
      if (!same) {
        failures.push(`${name} ${path}`)
        console.log(`  node: ${expected.status} ${expected.type} ${expected.body}`)
        console.log(`  ${name}: ${actual.status} ${actual.type} ${actual.body}`)
      }
    }
  }
  if (failures.length > 0)
    throw new Error(`runtime matrix: different answers: ${failures.join(', ')}`)
  console.log("runtime matrix: Bun, Deno and workerd answer Node's bytes for every request")
} finally {
  for (const child of children) child.kill()
  if (keep) console.log(`kept ${tmp}`)
  else rmSync(tmp, { recursive: true, force: true })
}
