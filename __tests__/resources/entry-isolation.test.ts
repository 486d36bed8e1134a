import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const root = join(__dirname, '..', '..')

// Loads the package entry in a fresh Node process and lists every module file it pulled in.
// A tiny TypeScript file is required first so the TypeScript loader's own modules are not counted.
const SCRIPT = `
require('reflect-metadata')
require(process.argv[2])
const before = new Set(Object.keys(require.cache))
const api = require(process.argv[1])
if (typeof api.JsonResource !== 'function') throw new Error('entry did not load')
process.stdout.write(JSON.stringify(Object.keys(require.cache).filter((f) => !before.has(f))))
`

const FORBIDDEN = [
  'express',
  'handlebars',
  'express-handlebars',
  'knex',
  'kysely',
  'pg',
  'mysql2',
  'mysql',
  'better-sqlite3',
  'sqlite3',
  '@prisma/client',
  'typeorm',
  'sequelize',
  'objection',
  '@mikro-orm/core',
  'drizzle-orm',
  'mongoose',
]

function loadedModules(entry: string, warmUp: string, viaSwc: boolean): string[] {
  const loader = viaSwc ? ['-r', '@swc-node/register'] : []
  const out = execFileSync(process.execPath, [...loader, '-e', SCRIPT, entry, warmUp], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, SWC_NODE_PROJECT: join(root, 'tsconfig.json') },
  })
  return JSON.parse(out) as string[]
}

const dist = join(root, 'dist', 'cjs')

describe('importing api-resources', () => {
  it('loads neither express, handlebars nor any database driver or ORM', () => {
    const files = loadedModules(
      join(root, 'src', 'index.ts'),
      join(root, 'src', 'runtime/missing.ts'),
      true,
    )
    expectNoPackages(files)
  })

  // The built entry (CI builds before testing); skipped when dist/ is absent.
  ;(existsSync(join(dist, 'index.js')) ? it : it.skip)('the built dist entry neither', () => {
    expectNoPackages(loadedModules(join(dist, 'index.js'), join(dist, 'runtime/missing.js'), false))
  })
})

function expectNoPackages(files: string[]): void {
  expect(files.length).toBeGreaterThan(1)
  const packages = files
    .map((f) => /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(f)?.[1]?.replace(/\\/g, '/'))
    .filter((p): p is string => p !== undefined)
  for (const name of FORBIDDEN) expect(packages).not.toContain(name)
  // the core entry loads no package at all
  expect(packages).toEqual([])
}
