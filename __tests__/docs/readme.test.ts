// README.md is generated from docs/readme/*.md; this keeps it in step with them, and checks that it
// shows the two commands of the quick start.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(__dirname, '..', '..')

describe('README.md', () => {
  it('is up to date with docs/readme', () => {
    expect(() =>
      execFileSync(process.execPath, [join(root, 'scripts', 'build-readme.mjs'), '--check'], {
        stdio: 'pipe',
      }),
    ).not.toThrow()
  })
  it('shows the quick start commands', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    expect(readme).toContain('npm install && npm run demo')
    expect(readme).toContain('npm test')
  })
  it('links only to files that exist', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    const local = [...readme.matchAll(/\]\(((?!https?:|#)[^)\s]+)\)/g)].map((m) => m[1])
    for (const link of local)
      expect(() => readFileSync(join(root, link.split('#')[0]))).not.toThrow()
  })
})
