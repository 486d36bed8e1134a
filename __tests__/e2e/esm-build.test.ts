// The ES build is its own build (not a wrapper over the CommonJS one) and imports nothing Node-only
// but node:async_hooks (the request context; Workers have it with the `nodejs_compat` flag).
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = join(__dirname, '..', '..')
const esm = join(root, 'dist', 'esm')

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

const SPECIFIERS = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g

describe('the ES build', () => {
  const files = walk(esm).filter((f) => f.endsWith('.mjs') || f.endsWith('.d.mts'))

  it('has an .mjs and a .d.mts beside every CommonJS file and declaration', () => {
    const cjs = walk(join(root, 'dist', 'cjs'))
      .filter((f) => f.endsWith('.js') || f.endsWith('.d.ts'))
      .map((f) =>
        f
          .slice(join(root, 'dist', 'cjs').length)
          .replace(/\.js$/, '.mjs')
          .replace(/\.d\.ts$/, '.d.mts'),
      )
    expect(files.map((f) => f.slice(esm.length)).sort()).toEqual(cjs.sort())
  })

  it('imports only ES files of its own tree, the peers and node:async_hooks', () => {
    const imported = new Set<string>()
    // (api-resources/handlebars reads the template folders an application registers: node:fs)
    const handlebars = join(esm, 'integrations', 'handlebars')
    for (const file of files.filter((f) => !f.startsWith(handlebars))) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(SPECIFIERS)) {
        if (spec!.startsWith('.')) expect(spec).toMatch(/\.mjs$/)
        else imported.add(spec!.startsWith('node:') ? spec! : '(a package)')
      }
    }
    expect([...imported].filter((s) => s.startsWith('node:'))).toEqual(['node:async_hooks'])
  })

  it('loads every entry with import, no CommonJS file among the modules it loads', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      exports: Record<string, string | { import: { default: string } }>
    }
    const entries = Object.values(pkg.exports).flatMap((t) =>
      typeof t === 'string' ? [] : [join(root, t.import.default)],
    )
    const script = `
      import 'reflect-metadata'
      for (const file of ${JSON.stringify(entries)}) await import(file)
      const { createRequire } = await import('node:module')
      const loaded = Object.keys(createRequire(import.meta.url).cache).filter((f) => f.startsWith(${JSON.stringify(join(root, 'dist', 'cjs'))}))
      if (loaded.length) throw new Error('CommonJS build loaded: ' + loaded.join(', '))
      console.log('ok')`
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
    })
    expect(out.trim()).toBe('ok')
  })
})
