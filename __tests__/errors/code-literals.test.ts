/**
 * Every code lives in the catalogue: no file of `src/` outside `src/errors/` spells an `ERR_...`
 * string itself (quoted, double-quoted or in a template), so a code cannot drift from its row.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

const SRC = resolve(__dirname, '../../src')
const ERRORS = join(SRC, 'errors')

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) sourceFiles(path, out)
    else if (/\.[cm]?[jt]s$/.test(entry.name)) out.push(path)
  }
  return out
}

describe('error codes', () => {
  it('are spelled only in src/errors/', () => {
    const found: string[] = []
    for (const file of sourceFiles(SRC)) {
      if (file.startsWith(ERRORS)) continue
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/['"`]ERR_/.test(line)) found.push(`${relative(SRC, file)}:${i + 1}: ${line.trim()}`)
        })
    }
    expect(found).toEqual([])
  })
})
