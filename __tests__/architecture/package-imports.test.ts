// The `package` jest project tests the built package: its suites, and every local module they load
// (test support, fixtures, the demo app), reach the library only as `api-resources` (dist/). An
// import of src/ there would test the sources instead, and load a second copy of the library next
// to the one the demo app loads.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { globsToMatcher } from 'jest-util'

const ROOT = resolve(__dirname, '../..')
const SRC = join(ROOT, 'src')

interface ProjectConfig {
  displayName: string
  testMatch?: string[]
  testPathIgnorePatterns?: string[]
}

const config = require('../../jest.config.js') as { projects: ProjectConfig[] }
const project = (name: string): ProjectConfig =>
  config.projects.find((p) => p.displayName === name)!
const withRoot = (pattern: string) => pattern.split('<rootDir>').join(ROOT)

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : [path]
  })
}

const TESTS = files(join(ROOT, '__tests__')).filter((file) => file.endsWith('.test.ts'))

function selects(p: ProjectConfig, file: string): boolean {
  const matches = globsToMatcher((p.testMatch ?? []).map(withRoot))
  const ignored = (p.testPathIgnorePatterns ?? []).some((pattern) =>
    new RegExp(withRoot(pattern)).test(file),
  )
  return matches(file) && !ignored
}

const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"](\.[^'"]*)['"]/gm

interface Files {
  read(file: string): string
  isFile(file: string): boolean
}

const DISK: Files = {
  read: (file) => readFileSync(file, 'utf8'),
  isFile: (file) => existsSync(file) && statSync(file).isFile(),
}

function resolveLocal(from: string, specifier: string, fs: Files): string {
  const base = resolve(dirname(from), specifier)
  const candidates = ['', '.ts', '.tsx', '.js', '.json', '/index.ts', '/index.js'].map(
    (ext) => base + ext,
  )
  return candidates.find((c) => fs.isFile(c)) ?? base
}

/** Every `file: specifier` that reaches into src/, from `entries` and the local modules they load. */
function importsOfSrc(entries: readonly string[], fs: Files = DISK) {
  const wrong: string[] = []
  const seen = new Set<string>()
  const queue = [...entries]
  while (queue.length > 0) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const [, specifier] of fs.read(file).matchAll(SPECIFIER)) {
      const target = resolveLocal(file, specifier, fs)
      if (target === SRC || target.startsWith(SRC + '/'))
        wrong.push(`${relative(ROOT, file)}: ${specifier}`)
      else if (/\.(ts|tsx|js)$/.test(target) && !target.includes('/node_modules/'))
        queue.push(target)
    }
  }
  return { wrong, seen: [...seen].map((f) => relative(ROOT, f)) }
}

const PACKAGE_TESTS = TESTS.filter((file) => selects(project('package'), file))

describe('the package project', () => {
  it('and the unit project split the suites: each runs in exactly one', () => {
    const both = TESTS.filter((f) => selects(project('unit'), f) && selects(project('package'), f))
    const neither = TESTS.filter(
      (f) => !selects(project('unit'), f) && !selects(project('package'), f),
    )
    expect({ both, neither }).toEqual({ both: [], neither: [] })
  })

  it('holds the integration suites', () => {
    const names = PACKAGE_TESTS.map((f) => relative(ROOT, f))
    for (const folder of ['adapters', 'browser', 'e2e', 'express', 'load'])
      expect(names.some((n) => n.startsWith(`__tests__/${folder}/`))).toBe(true)
    expect(names).toContain('__tests__/jsonapi/express.test.ts')
    expect(names).toContain('__tests__/pagination/express.test.ts')
  })

  it('never imports src/, in its suites or in the modules they load (demo app included)', () => {
    const { wrong, seen } = importsOfSrc(PACKAGE_TESTS)
    expect(wrong).toEqual([])
    expect(seen).toContain('demo-app/src/app.ts')
    expect(seen).toContain('__tests__/support/db.ts')
  })

  it('the check finds an import of src/, direct or through a helper', () => {
    const suite = join(ROOT, '__tests__/express/some.test.ts')
    const helper = join(ROOT, '__tests__/express/helper.ts')
    const sources: Record<string, string> = {
      [suite]: "import { helper } from './helper'\nimport { x } from 'api-resources'\n",
      [helper]: "export { MISSING } from '../../src'\nconst y = require('../../src/pagination')\n",
    }
    const fake: Files = { read: (f) => sources[f] ?? '', isFile: (f) => f in sources }
    expect(importsOfSrc([suite], fake).wrong).toEqual([
      '__tests__/express/helper.ts: ../../src',
      '__tests__/express/helper.ts: ../../src/pagination',
    ])
  })
})
