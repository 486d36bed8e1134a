// The errors guide lists every code of the catalogue, each once, with the status resourceErrors()
// answers it with.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CATALOGUE, GUIDE_PAGES, GUIDE_URL } from '../../src/errors/catalogue'
import { noContextWarningText } from '../../src/context/no-context-warning'

const NO_CONTEXT_WARNING = noContextWarningText()

const text = readFileSync(join(__dirname, '..', '..', 'docs', 'guide', 'errors.md'), 'utf8')
/** The table rows of the page, by the code in their first cell. */
const rows = new Map(
  [...text.matchAll(/^\| `(ERR_\w+)`(?:<a id="(\w+)"><\/a>)?\s*\|(.*)$/gm)].map(
    (m) => [m[1], m[3]] as const,
  ),
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

const GUIDE = join(__dirname, '..', '..', 'docs', 'guide')

/** The anchors a guide page has: explicit `{#id}` and `id="..."`, and VitePress's heading slugs. */
function anchorsOf(page: string): Set<string> {
  const source = readFileSync(join(GUIDE, `${page}.md`), 'utf8')
  const ids = new Set<string>()
  for (const m of source.matchAll(/\{#([\w-]+)\}|\bid="([\w-]+)"/g)) ids.add(m[1] ?? m[2])
  for (const m of source.matchAll(/^#{1,6} (.+?)\s*$/gm)) {
    const slug = m[1]
      .replace(/\{#[\w-]+\}$/, '')
      .trim()
      .toLowerCase()
      .replace(/[`'"()]/g, '')
      .replace(/[^\w]+/g, '-')
      .replace(/^-|-$/g, '')
    ids.add(slug)
  }
  return ids
}

describe('the guide pages error messages link to', () => {
  const targets = [
    ...Object.values(GUIDE_PAGES),
    NO_CONTEXT_WARNING.slice(NO_CONTEXT_WARNING.indexOf(GUIDE_URL) + GUIDE_URL.length),
  ] as string[]

  it.each([...new Set(targets)])('%s exists, anchor included', (target) => {
    const [page, anchor] = target.split('#')
    expect(existsSync(join(GUIDE, `${page}.md`))).toBe(true)
    if (anchor !== undefined) expect([...anchorsOf(page)]).toContain(anchor)
  })

  it('every code row of the errors page carries the anchor its messages link to', () => {
    const anchors = [...text.matchAll(/^\| `(ERR_\w+)`<a id="(\w+)"><\/a>/gm)]
    expect(anchors.length).toBe(Object.keys(CATALOGUE).length)
    for (const m of anchors) expect(m[2]).toBe(m[1].toLowerCase())
  })
})
