// Runs test files in a child Jest under another time zone: Jest's sandbox does not let a suite
// change its own process's zone (drivers read zone-less timestamps in it).
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const ROOT = join(__dirname, '..', '..')

/**
 * Runs `files` (paths from the repository root) in the package project of a child Jest whose
 * `TZ` is `timeZone`, and expects every test to pass.
 */
export function expectPassingUnderTimeZone(timeZone: string, files: readonly string[]): void {
  const child = spawnSync(
    process.execPath,
    [
      // as `npm test` runs Jest: the Sequelize and Drizzle adapters load their ORM with import()
      '--experimental-vm-modules',
      join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
      '--selectProjects',
      'package',
      '--runTestsByPath',
      ...files.map((file) => join(ROOT, file)),
    ],
    { cwd: ROOT, env: { ...process.env, TZ: timeZone }, encoding: 'utf8' },
  )
  const output = `${child.stdout}${child.stderr}`
  expect(output).toMatch(/Tests:\s+\d+ passed/)
  expect(output).not.toMatch(/failed/)
  expect(child.status).toBe(0)
}
