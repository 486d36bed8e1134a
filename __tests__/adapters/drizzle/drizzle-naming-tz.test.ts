// drizzle-naming.test.ts again in a process whose time zone is not UTC (a zone-less value written
// by the driver in local time would select other rows there). Jest's sandbox does not let a suite
// change its own process's zone, so this runs it in a child Jest under TZ=America/New_York.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

it('filters zone-less string-mode date-times under TZ=America/New_York', () => {
  const root = join(__dirname, '..', '..', '..')
  const child = spawnSync(
    process.execPath,
    [
      '--experimental-vm-modules',
      join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
      '--selectProjects',
      'package',
      '--runTestsByPath',
      join(root, '__tests__', 'adapters', 'drizzle', 'drizzle-naming.test.ts'),
    ],
    { cwd: root, env: { ...process.env, TZ: 'America/New_York' }, encoding: 'utf8' },
  )
  const output = `${child.stdout}${child.stderr}`
  expect(output).toMatch(/Tests:\s+\d+ passed/)
  expect(output).not.toMatch(/failed/)
  expect(child.status).toBe(0)
}, 120_000)
