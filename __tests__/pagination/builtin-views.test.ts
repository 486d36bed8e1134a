// The package's bar templates are built into the code (no file is read to render them, so bundles
// for Workers, Deno and Bun render the bar); scripts/build.mjs regenerates them from views/.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { BUILTIN_VIEWS } from '../../src/pagination/bar/builtin-views'

describe('built-in bar templates', () => {
  it('carries the package templates as built in, identical to views/pagination', () => {
    const folder = join(__dirname, '../../views/pagination')
    const onDisk = Object.fromEntries(
      readdirSync(folder)
        .filter((f) => f.endsWith('.hbs'))
        .map((f) => [f.slice(0, -4), readFileSync(join(folder, f), 'utf8')]),
    )
    expect(BUILTIN_VIEWS).toEqual(onDisk)
  })

  it('are read by nothing at import: the bar modules import no node: module', () => {
    const folder = join(__dirname, '../../src/pagination')
    for (const file of [
      'cursor.ts',
      'signing.ts',
      ...readdirSync(join(folder, 'bar')).map((f) => `bar/${f}`),
    ]) {
      expect([file, readFileSync(join(folder, file), 'utf8')]).not.toEqual([
        file,
        expect.stringMatching(/from 'node:/),
      ])
    }
  })
})
