/**
 * The folders of `src/` read as the pipeline, and imports go one way only: a folder may import from
 * the folders of lower layers, never from its own layer's neighbours or from above. Type-only imports
 * count too (a type import is still a dependency a reader has to follow). The test reads the import
 * specifiers of every source file, so a new cycle fails here before anyone has to find it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const SRC = resolve(__dirname, '../../src')

/** Lowest first. A unit is a top-level folder, or one integration / adapter folder. */
const LAYERS: readonly (readonly string[])[] = [
  ['util'],
  ['errors'],
  ['context'],
  ['runtime'],
  ['metadata'],
  ['compiler'],
  ['pagination'],
  ['response'],
  ['resources'],
  ['jsonapi'],
  ['schema'],
  ['query'],
  ['http'],
  ['openapi'],
  ['adapters/orm-support'],
  ['integrations/*', 'adapters/*'],
  ['(entry)'],
]

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) sourceFiles(path, out)
    else if (entry.name.endsWith('.ts')) out.push(path)
  }
  return out
}

/** The unit a file belongs to: `compiler`, `integrations/express`, `adapters/knex`, `(entry)`. */
function unitOf(file: string): string {
  const parts = relative(SRC, file).split(/[\\/]/)
  if (parts.length === 1) return '(entry)'
  if (parts[0] === 'integrations' || parts[0] === 'adapters') return `${parts[0]}/${parts[1]}`
  return parts[0]
}

function layerOf(unit: string): number {
  const wildcard = unit.includes('/') ? `${unit.split('/')[0]}/*` : undefined
  let found = LAYERS.findIndex((names) => names.includes(unit))
  if (found === -1 && wildcard !== undefined) found = LAYERS.findIndex((n) => n.includes(wildcard))
  if (found === -1) throw new Error(`the folder ${unit} has no layer: add it to LAYERS`)
  return found
}

const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"](\.[^'"]*)['"]/gm

function edges(): { from: string; to: string; file: string }[] {
  const out: { from: string; to: string; file: string }[] = []
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolve(dirname(file), match[1])
      if (!target.startsWith(SRC)) continue
      const from = unitOf(file)
      const isDir = existsSync(target) && statSync(target).isDirectory()
      const to = unitOf(isDir ? join(target, 'index.ts') : `${target}.ts`)
      if (from !== to) out.push({ from, to, file: relative(SRC, file) })
    }
  }
  return out
}

describe('src/ layering', () => {
  it('every import points to a lower layer (so no two folders import each other)', () => {
    const wrong = edges()
      .filter((e) => layerOf(e.to) >= layerOf(e.from))
      .map((e) => `${e.file}: ${e.from} imports ${e.to}`)
    expect(wrong).toEqual([])
  })

  it('the rule is not vacuous: the entry imports from several layers', () => {
    const fromEntry = new Set(
      edges()
        .filter((e) => e.from === '(entry)')
        .map((e) => e.to),
    )
    expect(fromEntry.size).toBeGreaterThan(4)
  })
})
