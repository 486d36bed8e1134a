// README.md's quick start, run against the built package: its files written as the README shows
// them into an empty project, compiled with tsc, the database created and seeded, the server
// started, and every documented response compared with the real one. Then the guides' ES module
// set-up (getting-started.md's package.json "type" and tsconfig.json) with kysely.md's first
// snippet, compiled and run, printing what its `// =>` comments say (scripts/newcomer.mjs
// --local: this checkout and its node_modules are linked in place of an install; CI also runs the
// script without --local, from the packed tarball and the npm registry).
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const root = join(__dirname, '..', '..')

describe("README.md's quick start and the guides' ES module set-up", () => {
  it('compiles, starts and answers as the README shows; the Kysely snippet prints what it says', () => {
    const run = spawnSync(process.execPath, [join(root, 'scripts', 'newcomer.mjs'), '--local'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 240_000,
    })
    const output = `${run.stdout}\n${run.stderr}`
    expect(output).not.toMatch(/^FAIL /m)
    expect(run.status).toBe(0)
    expect(output).toMatch(/^newcomer test passed: 5 documented responses$/m)
    expect(output).toMatch(/^newcomer test passed: the guides' ES module set-up prints 2 lines$/m)
  }, 270_000)
})
