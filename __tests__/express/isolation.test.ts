import { execFileSync } from 'node:child_process'
import { join } from 'node:path'

const root = join(__dirname, '..', '..')

function loadedPackages(entry: string): string[] {
  const script = `
    require(${JSON.stringify(entry)})
    const names = Object.keys(require.cache)
      .map((file) => /node_modules[\\\\/]((?:@[^\\\\/]+[\\\\/])?[^\\\\/]+)/.exec(file)?.[1])
      .filter(Boolean)
    process.stdout.write(JSON.stringify([...new Set(names)]))`
  const out = execFileSync(process.execPath, ['-r', '@swc-node/register', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  })
  return JSON.parse(out) as string[]
}

describe('entry points', () => {
  it("importing 'api-resources' loads neither express, handlebars nor a database driver", () => {
    const loaded = loadedPackages('./src/index.ts')
    for (const name of ['express', 'express4', 'handlebars', 'knex', 'kysely', 'better-sqlite3'])
      expect(loaded).not.toContain(name)
  })

  it("'api-resources/express' does not load express either (it only uses its types)", () => {
    expect(loadedPackages('./src/integrations/express/index.ts')).not.toContain('express')
  })
})
