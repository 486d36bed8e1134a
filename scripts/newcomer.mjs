// The newcomer test: follows README.md's quick start as a new user would, from the packed tarball.
//
// It packs the package, creates an empty project in a temporary directory, writes every file the
// quick start shows (a fenced block preceded by `<!-- file: <path> -->`) exactly as it is written,
// runs the install commands (`<!-- newcomer: install -->`; `api-resources` is replaced by the packed
// tarball, everything else comes from the npm registry), runs the commands (`<!-- newcomer:
// commands -->`: every one but the last to completion, the last as the server), and sends each
// documented request (`<!-- newcomer: response -->`: a request line, the status line, headers and the
// body). A JSON body must equal the documented one; any other body must contain the documented text,
// where `...` stands for anything.
//
// Then the guides' ES module set-up: an empty project with `"type": "module"` and the tsconfig.json
// of docs/guide/getting-started.md, the install commands and the first snippet of
// docs/guide/kysely.md, compiled with tsc and run with node; what it prints must be what its `// =>`
// comments say.
//
//   node scripts/newcomer.mjs            run it (builds dist/ first when it is missing)
//   node scripts/newcomer.mjs --plan     print what it would do, as JSON (the guides' set-up under
//                                        `guide`), and stop
//   node scripts/newcomer.mjs --keep     keep the temporary project
//   node scripts/newcomer.mjs --local    link this checkout and its node_modules instead of packing
//                                        and installing (fast and offline; the test suite runs it)
import { execFileSync, spawn } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './free-port.mjs'
import { isDeepStrictEqual } from 'node:util'

/* global fetch */

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** The quick start of a README: its files, install commands, commands and documented responses. */
export function quickStart(readme) {
  const blocks = [
    ...readme.matchAll(/<!-- (file: [^\s]+|newcomer: \w+) -->\s*```(\w*)\n([\s\S]*?\n)```/g),
  ]
  const plan = { files: [], install: [], commands: [], responses: [] }
  for (const [, marker, , body] of blocks) {
    if (marker.startsWith('file: ')) plan.files.push({ path: marker.slice(6), content: body })
    else if (marker === 'newcomer: install') plan.install.push(...lines(body))
    else if (marker === 'newcomer: commands') plan.commands.push(...lines(body))
    else if (marker === 'newcomer: response') plan.responses.push(parseExchange(body))
    else throw new Error(`README.md: unknown marker <!-- ${marker} -->`)
  }
  return plan
}

function lines(text) {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
}

/** `METHOD /path`, a blank line, `HTTP/1.1 <status> <reason>`, headers, a blank line, the body. */
function parseExchange(text) {
  const [request, response] = splitOnce(text, '\n\n')
  const [method, path] = request.trim().split(/\s+/)
  const [head, body] = splitOnce(response, '\n\n')
  const [statusLine, ...headerLines] = head.split('\n')
  const status = Number(statusLine.split(' ')[1])
  const headers = Object.fromEntries(
    headerLines.map((h) => {
      const [name, value] = splitOnce(h, ': ')
      return [name.toLowerCase(), value.trim()]
    }),
  )
  if (!method || !path || !Number.isInteger(status)) throw new Error(`bad exchange:\n${text}`)
  return { method, path, status, headers, body: body.trimEnd() }
}

function splitOnce(text, separator) {
  const i = text.indexOf(separator)
  if (i === -1) throw new Error(`expected ${JSON.stringify(separator)} in:\n${text}`)
  return [text.slice(0, i), text.slice(i + separator.length)]
}

/** Does `actual` hold the documented body? JSON: equal; text: every piece between `...`, in order. */
export function bodyMatches(expected, actual, contentType) {
  if (/json/.test(contentType ?? '')) {
    try {
      return isDeepStrictEqual(JSON.parse(expected), JSON.parse(actual))
    } catch {
      return false
    }
  }
  let from = 0
  for (const piece of expected.split(/\.\.\.|\n/).map((p) => p.trim())) {
    if (piece === '') continue
    const at = actual.indexOf(piece, from)
    if (at === -1) return false
    from = at + piece.length
  }
  return true
}

function run(command, args, cwd, env = {}) {
  console.log(`$ ${[command, ...args].join(' ')}`)
  execFileSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } })
}

/** A shell-free split of a README command line (the quick start uses no quoting). */
function words(line) {
  return line.split(/\s+/)
}

async function waitForServer(url, child, output) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}):\n${output()}`)
    try {
      await fetch(url)
      return
    } catch {
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  throw new Error(`the server did not answer within 30 s:\n${output()}`)
}

/** Packs the package into `tmp`; returns the tarball's path. */
function pack(tmp) {
  const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', tmp], {
    cwd: root,
    encoding: 'utf8',
  })
  const tarball = join(tmp, packed.trim().split('\n').pop())
  console.log(`packed ${tarball}`)
  return tarball
}

/** Runs the install commands of `plan` in `project`, the packed tarball for `api-resources`. */
function install(plan, tarball, project) {
  // better-sqlite3 compiles from source here: never download a prebuilt binary
  const installEnv = { npm_config_build_from_source: 'true' }
  for (const line of plan.install) {
    const [command, ...args] = words(line)
    if (command !== 'npm') throw new Error(`not an npm command: ${line}`)
    const replaced = args.map((a) => (a === 'api-resources' ? tarball : a))
    run(command, [...replaced, '--no-audit', '--no-fund'], project, installEnv)
  }
  const binding = join(project, 'node_modules', 'better-sqlite3', 'build', 'Release')
  if (plan.install.some((l) => l.includes('better-sqlite3')) && !existsSync(binding))
    throw new Error('better-sqlite3 was not built: did npm run its install script?')
}

/**
 * `--local`: instead of installing, links each package the install commands name into the project's
 * node_modules: `api-resources` to this checkout (its built dist/, through package.json `exports`),
 * the others to this checkout's node_modules. Fast, offline, for the test suite; CI runs the real
 * install too.
 */
function linkPackages(plan, project) {
  const names = plan.install.flatMap((line) =>
    words(line)
      .slice(2)
      .filter((word) => !word.startsWith('-')),
  )
  for (const name of names) {
    const target = name === 'api-resources' ? root : join(root, 'node_modules', name)
    if (!existsSync(target)) throw new Error(`--local: ${name} is not installed in this checkout`)
    const link = join(project, 'node_modules', name)
    mkdirSync(dirname(link), { recursive: true })
    symlinkSync(target, link, 'dir')
  }
  const bin = join(project, 'node_modules', '.bin')
  mkdirSync(bin, { recursive: true })
  symlinkSync(join(root, 'node_modules', 'typescript', 'bin', 'tsc'), join(bin, 'tsc'))
  console.log(`linked ${names.join(', ')}`)
}

/**
 * The guides' ES module set-up: docs/guide/getting-started.md's `"type": "module"` and
 * tsconfig.json, docs/guide/kysely.md's install commands and first snippet, and what the snippet's
 * `// =>` comments say it prints.
 */
export function guideSetup(gettingStarted, kysely) {
  const setUp = gettingStarted.slice(gettingStarted.indexOf('An ES module project'))
  if (!setUp.includes('`"type": "module"`'))
    throw new Error('getting-started.md: no ES module set-up (`"type": "module"`) found')
  const tsconfig = setUp.match(/```json\n([\s\S]*?)```/)?.[1]
  const install = kysely.match(/```console\n([\s\S]*?)```/)?.[1]
  const snippet = kysely.match(/```ts\n([\s\S]*?)```/)?.[1]
  if (tsconfig === undefined || install === undefined || snippet === undefined)
    throw new Error('the guides: no tsconfig.json, install commands or Kysely snippet found')
  const prints = [...snippet.matchAll(/\/\/ => (.*)$/gm)].map((m) => m[1].trim())
  if (prints.length === 0) throw new Error('kysely.md: the first snippet says nothing it prints')
  return { tsconfig, install: lines(install), snippet, prints }
}

/** README.md's quick start in `tmp`/my-api: write, install (or link), compile, serve, compare. */
async function readmeQuickStart(plan, tmp, tarball) {
  const project = join(tmp, 'my-api')
  mkdirSync(project)
  let server
  try {
    for (const file of plan.files) {
      mkdirSync(dirname(join(project, file.path)), { recursive: true })
      writeFileSync(join(project, file.path), file.content)
      console.log(`wrote ${file.path} (${file.content.length} characters, as in README.md)`)
    }
    if (tarball === undefined) linkPackages(plan, project)
    else install(plan, tarball, project)

    const commands = plan.commands.map(words)
    for (const [command, ...args] of commands.slice(0, -1)) run(command, args, project)

    const port = await freePort()
    const [command, ...args] = commands[commands.length - 1]
    console.log(`$ PORT=${port} ${[command, ...args].join(' ')}`)
    let output = ''
    server = spawn(command, args, {
      cwd: project,
      env: { ...process.env, PORT: String(port) },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    server.stdout.on('data', (d) => (output += d))
    server.stderr.on('data', (d) => (output += d))
    const base = `http://127.0.0.1:${port}`
    await waitForServer(base, server, () => output)

    const failures = []
    for (const exchange of plan.responses) {
      const res = await fetch(base + exchange.path, { method: exchange.method })
      const body = await res.text()
      const problems = []
      if (res.status !== exchange.status)
        problems.push(`status ${res.status}, documented ${exchange.status}`)
      for (const [name, value] of Object.entries(exchange.headers)) {
        if (res.headers.get(name) !== value)
          problems.push(`${name}: ${res.headers.get(name)}, documented ${value}`)
      }
      if (!bodyMatches(exchange.body, body, exchange.headers['content-type']))
        problems.push(`body:\n${body}\ndocumented:\n${exchange.body}`)
      console.log(`${problems.length === 0 ? 'ok  ' : 'FAIL'} ${exchange.method} ${exchange.path}`)
      if (problems.length > 0)
        failures.push(`${exchange.method} ${exchange.path}: ${problems.join('; ')}`)
    }
    if (failures.length > 0)
      throw new Error(`the server does not answer as README.md shows:\n${failures.join('\n')}`)
    console.log(`newcomer test passed: ${plan.responses.length} documented responses`)
  } finally {
    if (server && server.exitCode === null) process.kill(-server.pid, 'SIGTERM')
  }
}

/** The guides' ES module set-up in `tmp`/my-esm-api: install (or link), `npx tsc`, run, compare. */
function guideEsModule(guide, tmp, tarball) {
  const project = join(tmp, 'my-esm-api')
  mkdirSync(project)
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'my-esm-api', private: true, type: 'module' }, null, 2)}\n`,
  )
  writeFileSync(join(project, 'tsconfig.json'), guide.tsconfig)
  writeFileSync(join(project, 'index.ts'), guide.snippet)
  console.log(
    'wrote package.json ("type": "module"), tsconfig.json and index.ts, as the guides show',
  )
  if (tarball === undefined) linkPackages(guide, project)
  else install(guide, tarball, project)
  run('npx', ['tsc'], project)
  console.log('$ node dist/index.js')
  const printed = lines(
    execFileSync('node', [join('dist', 'index.js')], { cwd: project, encoding: 'utf8' }),
  )
  for (let i = 0; i < Math.max(printed.length, guide.prints.length); i++)
    console.log(`${printed[i] === guide.prints[i] ? 'ok  ' : 'FAIL'} ${printed[i] ?? '(nothing)'}`)
  if (!isDeepStrictEqual(printed, guide.prints))
    throw new Error(
      `the Kysely snippet prints\n${printed.join('\n')}\nnot, as kysely.md says,\n${guide.prints.join('\n')}`,
    )
  console.log(`newcomer test passed: the guides' ES module set-up prints ${printed.length} lines`)
}

async function main() {
  const plan = quickStart(readFileSync(join(root, 'README.md'), 'utf8'))
  const guide = guideSetup(
    readFileSync(join(root, 'docs', 'guide', 'getting-started.md'), 'utf8'),
    readFileSync(join(root, 'docs', 'guide', 'kysely.md'), 'utf8'),
  )
  if (process.argv.includes('--plan')) {
    console.log(JSON.stringify({ ...plan, guide }, null, 2))
    return
  }
  if (plan.files.length === 0 || plan.install.length === 0 || plan.commands.length === 0)
    throw new Error('README.md: no quick start found (file, install or commands markers)')

  const local = process.argv.includes('--local')
  if (!existsSync(join(root, 'dist', 'cjs', 'index.js'))) run('npm', ['run', 'build'], root)
  const tmp = mkdtempSync(join(tmpdir(), 'api-resources-newcomer-'))
  try {
    const tarball = local ? undefined : pack(tmp)
    await readmeQuickStart(plan, tmp, tarball)
    guideEsModule(guide, tmp, tarball)
  } finally {
    if (process.argv.includes('--keep')) console.log(`kept ${tmp}`)
    else rmSync(tmp, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
