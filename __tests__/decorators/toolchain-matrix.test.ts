// The same fixture source (every decorator kind, inheritance, getters, hostile names, JSON:API
// relationships) compiled by each real compiler in each decorator mode, loaded in a fresh process
// with `api-resources` resolved to src/index.ts (through @swc-node/register; the tsx CLI and Bun run
// the fixture themselves, resolving it through tsconfig `paths`), rendered to JSON: every toolchain
// must give the same output. The README's toolchain blocks are the configurations compiled here.
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { TOOLCHAINS, type Toolchain } from './support/toolchains'

const ROOT = resolve(__dirname, '../..')
const RUNNER = join(__dirname, 'support/run-toolchain.ts')

/**
 * Bun's executable, from the platform package the `bun` development dependency installs on this
 * platform (its own `bin/bun` is filled in by an install script, which is not run), or the reason
 * there is none. Bun publishes binaries for Linux, macOS, FreeBSD and Windows on x64 and arm64 only.
 */
function findBun(): { path: string } | { reason: string } {
  const os = { linux: 'linux', darwin: 'darwin', freebsd: 'freebsd', win32: 'windows' }[
    process.platform as string
  ]
  const cpu = { x64: 'x64', arm64: 'aarch64' }[process.arch as string]
  const exe = process.platform === 'win32' ? 'bun.exe' : 'bun'
  if (os !== undefined && cpu !== undefined) {
    for (const libc of ['', '-musl']) {
      const path = join(ROOT, 'node_modules/@oven', `bun-${os}-${cpu}${libc}`, 'bin', exe)
      if (existsSync(path)) return { path }
    }
  }
  return {
    reason: `no Bun binary for ${process.platform}-${process.arch} in node_modules/@oven (Bun ships none for this platform, or npm skipped the optional package)`,
  }
}

const BUN = findBun()
// CI runs on linux x64, where the binary is always installed: a missing one there is a failure
const BUN_REQUIRED =
  process.env.CI === 'true' && process.platform === 'linux' && process.arch === 'x64'
const runs = (t: Toolchain) => t.runtime !== 'bun' || 'path' in BUN || BUN_REQUIRED
const RUN = TOOLCHAINS.filter(runs)
const SKIPPED = TOOLCHAINS.filter((t) => !runs(t))

interface Report {
  outputs: Record<string, any>
  agree: boolean
  storedOn: 'class' | 'metadata' | 'nowhere'
  designTypes: boolean
  usesStandardEmit: boolean
}

/** The repository's `paths`, absolute, so that a tsconfig written elsewhere resolves the same. */
function absolutePaths(): Record<string, string[]> {
  const { paths } = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')).compilerOptions
  return Object.fromEntries(
    Object.entries(paths as Record<string, string[]>).map(([k, v]) => [
      k,
      v.map((p) => resolve(ROOT, p)),
    ]),
  )
}

async function run(toolchain: Toolchain, dir: string): Promise<Report> {
  let command = [process.execPath, '-r', '@swc-node/register']
  const tsconfig = join(dir, `${toolchain.name.replace(/\W+/g, '-')}.json`)
  if (toolchain.runtime === 'tsx') {
    // the real tsx CLI, with the toolchain's options over the repository's tsconfig.json
    writeFileSync(
      tsconfig,
      JSON.stringify({ extends: join(ROOT, 'tsconfig.json'), ...toolchain.config }),
    )
    command = [
      process.execPath,
      join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
      '--tsconfig',
      tsconfig,
    ]
  } else if (toolchain.runtime === 'bun') {
    if (!('path' in BUN)) throw new Error(`Bun is required here (CI on linux x64): ${BUN.reason}`)
    // Bun itself, with the toolchain's options as the whole tsconfig.json (plus `paths`): Bun
    // ignores `"experimentalDecorators": false` over an extended tsconfig that sets it to true
    const { compilerOptions } = toolchain.config as { compilerOptions: object }
    writeFileSync(
      tsconfig,
      JSON.stringify({ compilerOptions: { ...compilerOptions, paths: absolutePaths() } }),
    )
    command = [BUN.path, `--tsconfig-override=${tsconfig}`]
  }
  const { stdout } = await promisify(execFile)(
    command[0],
    [...command.slice(1), RUNNER, toolchain.name],
    { cwd: ROOT, encoding: 'utf8' },
  )
  return JSON.parse(stdout) as Report
}

const reports = new Map<string, Report>()

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'api-resources-tsx-'))
  try {
    // one process at a time: the suite shares the machine
    for (const toolchain of RUN) reports.set(toolchain.name, await run(toolchain, dir))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 120_000)

if (SKIPPED.length > 0) {
  const reason = 'reason' in BUN ? BUN.reason : ''
  process.stderr.write(
    `toolchain matrix: skipping ${SKIPPED.map((t) => t.name).join(', ')}: ${reason}\n`,
  )
  for (const t of SKIPPED) it.skip(`${t.name} (skipped: ${reason})`, () => undefined)
}

describe.each(RUN.map((t) => [t.name, t] as const))('%s', (name, toolchain) => {
  it('really compiles to its decorator mode, recording where that mode can', () => {
    const report = reports.get(name)!
    expect(report.usesStandardEmit).toBe(toolchain.mode === 'standard')
    expect(report.storedOn).toBe(toolchain.mode === 'standard' ? 'metadata' : 'class')
    expect(report.designTypes).toBe(toolchain.designType)
    expect(report.agree).toBe(true) // the compiled function and the interpreter agree
  })

  it('renders exactly what the first toolchain renders', () => {
    expect(reports.get(name)!.outputs).toEqual(reports.get(TOOLCHAINS[0].name)!.outputs)
  })
})

describe('the shared output', () => {
  const outputs = () => reports.get(TOOLCHAINS[0].name)!.outputs

  it('keeps source order with getters between fields, every conditional and relation kind', () => {
    expect(Object.keys(outputs().userAsAdmin.data)).toEqual([
      'id',
      'email',
      'name',
      'password_hash',
      'team',
      'posts',
      'posts_count',
      'comments',
      'pivot',
      'member',
      'last_login_ip',
      'last',
    ])
    expect(outputs().otherUser.data).toEqual({
      id: 2,
      email: 'ann@example.com',
      name: 'Bob Lee',
      nickname: 'bobby',
      comments: 5,
      maybe: 'nick',
      last: 'Lee',
    })
    expect(outputs().user.data.team).toEqual({ name: 'core' }) // mapped: no `secret`
    expect(outputs().post.data.tags).toEqual([{ name: 'a' }, { name: 'b' }])
  })

  it('replaces a re-declared member at the parent position and appends new ones', () => {
    const admin = outputs().admin.data
    expect(admin.email).toBe('Ann')
    expect(Object.keys(admin).slice(0, 2)).toEqual(['id', 'email'])
    expect(Object.keys(admin).slice(-2)).toEqual(['is_admin', 'role'])
  })

  it('hostile member names are data, and built-in names never read Object.prototype', () => {
    expect(outputs().pwned).toBeNull()
    expect(Object.keys(outputs().hostile.data)).toEqual([
      "a'); globalThis.pwned = 1; ('",
      'b"); globalThis.pwned = 1; ("',
      '`${globalThis.pwned = 1}`',
      'ls\u2028ps\u2029',
      '*/ globalThis.pwned = 1 /*',
      'a b',
      '__proto__',
      'proto', // { from: '__proto__' }: the model's own property; `str` ({ from: 'toString' }) is absent
    ])
    expect(outputs().hostile.data.proto).toEqual({ own: 7 })
    expect(Object.getOwnPropertyDescriptor(outputs().hostile.data, '__proto__')!.value).toEqual({
      own: 7,
    })
  })

  it('renders JSON:API linkage and included objects from decorators and static relationships', () => {
    const doc = outputs().jsonApiPost
    expect(doc.data.relationships).toEqual({
      author: { data: { type: 'users', id: '1' } },
      comments: { data: [{ type: 'comments', id: '100' }] },
    })
    expect(doc.included.map((o: any) => `${o.type}:${o.id}`)).toEqual(['users:1', 'comments:100'])
    expect(doc.included[0].attributes).toEqual({ name: 'Ann', full: 'Ann Lee' })
  })
})

describe('the decorators guide (docs/guide/decorators.md)', () => {
  const text = readFileSync(join(ROOT, 'docs/guide/decorators.md'), 'utf8')
  const blocks = new Map<string, unknown>()
  for (const m of text.matchAll(/<!-- toolchain: ([^>]+?) -->\s*```json\n([\s\S]*?)```/g))
    blocks.set(m[1], JSON.parse(m[2]))

  it('shows, for each toolchain it names, exactly the configuration the matrix compiles with', () => {
    const shown = TOOLCHAINS.filter((t) => t.readme !== undefined)
    expect([...blocks.keys()].sort()).toEqual(shown.map((t) => t.readme).sort())
    for (const t of shown) expect([t.readme, blocks.get(t.readme!)]).toEqual([t.readme, t.config])
  })
})
