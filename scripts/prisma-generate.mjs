// Generates the Prisma 7 clients the Prisma adapter suites use (SQLite and PostgreSQL) from
// __tests__/adapters/prisma/schema.prisma into .tmp/prisma/<provider>/client (git-ignored), the
// native type attributes (`@db.`) left out of the SQLite one. Runs
// offline: `prisma generate` uses WebAssembly, and only checks that a schema engine binary exists,
// so PRISMA_SCHEMA_ENGINE_BINARY points at any existing file when none is installed (install
// scripts are not run). The tables are created by the suites with plain SQL (no migrations).
// `--if-missing` skips a client that is already generated from the current schema.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)
const source = readFileSync(join(root, '__tests__/adapters/prisma/schema.prisma'), 'utf8')
const hash = createHash('sha1').update(source).digest('hex')

export const PROVIDERS = ['sqlite', 'postgresql']

/** The folder of the generated client of `provider`. */
export function clientDir(provider) {
  return join(root, '.tmp', 'prisma', provider, 'client')
}

export function generate({ ifMissing = false } = {}) {
  for (const provider of PROVIDERS) {
    const dir = join(root, '.tmp', 'prisma', provider)
    const stamp = join(dir, 'schema.sha1')
    if (ifMissing && existsSync(join(clientDir(provider), 'client.ts')) && existsSync(stamp))
      if (readFileSync(stamp, 'utf8') === hash) continue
    mkdirSync(dir, { recursive: true })
    const schema = join(dir, 'schema.prisma')
    const generator = [
      'generator client {',
      '  provider            = "prisma-client"',
      '  output              = "./client"',
      '  moduleFormat        = "cjs"',
      '  importFileExtension = ""',
      '}',
      '',
    ].join('\n')
    // the native types (`@db.Timestamptz(6)`) are PostgreSQL's: SQLite has none
    const models = provider === 'sqlite' ? source.replace(/ +@db\.\w+(\([^)]*\))?/g, '') : source
    writeFileSync(
      schema,
      generator + models.replace('provider = "sqlite"', `provider = "${provider}"`),
    )
    const engine = process.env.PRISMA_SCHEMA_ENGINE_BINARY
    execFileSync(
      process.execPath,
      [require.resolve('prisma/build/index.js'), 'generate', '--schema', schema],
      {
        cwd: root,
        stdio: 'pipe',
        env: {
          ...process.env,
          PRISMA_SCHEMA_ENGINE_BINARY: engine && existsSync(engine) ? engine : process.execPath,
          PRISMA_HIDE_UPDATE_MESSAGE: '1',
          CHECKPOINT_DISABLE: '1',
        },
      },
    )
    writeFileSync(stamp, hash)
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  generate({ ifMissing: process.argv.includes('--if-missing') })
  console.log(`generated the Prisma clients into .tmp/prisma/ (${PROVIDERS.join(', ')})`)
}
