// The walks over every column type (and over a UNION of them) again, in a process whose time zone
// is not UTC (drivers read zone-less timestamps as local time). Jest's sandbox does not let a suite
// change its own process's zone, so this runs cursor-types.test.ts and cursor-union.test.ts in a
// child Jest under TZ=America/New_York.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

it('walks every column type, and a UNION of them, under TZ=America/New_York', () => {
  const root = join(__dirname, '..', '..')
  const child = spawnSync(
    process.execPath,
    [
      // as `npm test` runs Jest: the Sequelize and Drizzle adapters load their ORM with import()
      '--experimental-vm-modules',
      join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
      '--selectProjects',
      'package',
      '--runTestsByPath',
      join(root, '__tests__', 'adapters', 'cursor-types.test.ts'),
      join(root, '__tests__', 'adapters', 'cursor-union.test.ts'),
    ],
    { cwd: root, env: { ...process.env, TZ: 'America/New_York' }, encoding: 'utf8' },
  )
  const output = `${child.stdout}${child.stderr}`
  expect(output).toMatch(/Tests:\s+\d+ passed/)
  expect(output).not.toMatch(/failed/)
  expect(child.status).toBe(0)
}, 300_000)
