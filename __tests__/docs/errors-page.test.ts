// The errors guide lists every code of the catalogue, each once, with the status resourceErrors()
// answers it with.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CATALOGUE } from '../../src/errors/catalogue'

const text = readFileSync(join(__dirname, '..', '..', 'docs', 'guide', 'errors.md'), 'utf8')
/** The table rows of the page, by the code in their first cell. */
const rows = new Map(
  [...text.matchAll(/^\| `(ERR_\w+)`\s*\|(.*)$/gm)].map((m) => [m[1], m[2]] as const),
)

describe('docs/guide/errors.md', () => {
  it.each(Object.values(CATALOGUE).map((row) => [row.code, row] as const))(
    'has a row for %s',
    (code, row) => {
      expect(rows.has(code)).toBe(true)
      if ('status' in row) expect(rows.get(code)).toContain(` ${row.status} `)
    },
  )

  it('lists no code the catalogue does not have', () => {
    const codes = new Set<string>(Object.values(CATALOGUE).map((row) => row.code))
    expect([...rows.keys()].filter((code) => !codes.has(code))).toEqual([])
    expect([...text.matchAll(/^\| `ERR_/gm)].length).toBe(codes.size)
  })
})
