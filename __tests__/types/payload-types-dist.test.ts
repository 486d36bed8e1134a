// The payload type tests again, against the declarations the package ships (dist/, built with
// stripInternal): a type the public ones lean on must not be stripped out of them.
import { execFileSync } from 'node:child_process'
import { join, resolve } from 'node:path'

const ROOT = resolve(__dirname, '../..')
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc')

describe('payload types from the built declarations', () => {
  it('type-check (every @ts-expect-error is an error there too)', () => {
    const run = () =>
      execFileSync(process.execPath, [TSC, '-p', join(__dirname, 'built/tsconfig.json')], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: 'pipe',
      })
    expect(run).not.toThrow()
  }, 120_000)
})
