// Global setup of the `package` jest project (its suites load dist/, see jest.config.js): builds
// dist/ once per jest run, in jest's main process, when it is missing or older than its sources.
// Quiet when nothing changed; one line when it builds; the compiler's output when the build fails.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = join(__dirname, '..', '..')

/** Written by scripts/build.mjs, with the time the build started. */
export const STAMP = join(root, '.tmp', 'dist-stamp')

/** What dist/ is built from: a change to any of these makes dist/ stale. */
const INPUTS = [
  'src',
  'views',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'tsconfig.build.esm.json',
  'scripts/build.mjs',
  'scripts/builtin-views.mjs',
]

function newestChange(path: string): number {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs // a deleted or renamed file changes its folder
  for (const name of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, name)))
  return newest
}

/** The entry files package.json `exports` points `require` at. */
function entryFiles(): string[] {
  const pkg = require(join(root, 'package.json')) as {
    exports: Record<string, string | { require: { default: string } }>
  }
  return Object.values(pkg.exports).map((target) =>
    join(root, typeof target === 'string' ? target : target.require.default),
  )
}

/** Why dist/ must be built, or null when it is up to date. */
export function staleReason(): string | null {
  const missing = entryFiles().find((file) => !existsSync(file))
  if (missing) return `${missing.slice(root.length + 1)} is missing`
  if (!existsSync(STAMP)) return 'no build stamp'
  const built = statSync(STAMP).mtimeMs
  const changed = INPUTS.map((input) => join(root, input)).filter(
    (input) => existsSync(input) && newestChange(input) > built,
  )
  return changed.length > 0
    ? `${changed.map((c) => c.slice(root.length + 1)).join(', ')} changed`
    : null
}

/** The Prisma clients of the Prisma adapter suites, generated when missing or out of date. */
function generatePrismaClients(): void {
  execFileSync(process.execPath, [join(root, 'scripts', 'prisma-generate.mjs'), '--if-missing'], {
    cwd: root,
    stdio: 'pipe',
  })
}

export default function buildDist(): void {
  generatePrismaClients()
  const reason = staleReason()
  if (reason === null) return
  const started = Date.now()
  try {
    execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], {
      cwd: root,
      stdio: 'pipe',
      encoding: 'utf8',
    })
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new Error(`building dist/ failed (${reason}):\n${stdout}${stderr}`, { cause: error })
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  process.stdout.write(`\nbuilt dist/ for the package suites (${reason}) in ${seconds}s\n`)
}
