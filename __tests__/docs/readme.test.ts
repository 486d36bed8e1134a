// README.md is written by hand. These checks keep it short, self-contained and followable: the quick
// start (files, install line, commands and documented responses, read by scripts/newcomer.mjs, which
// CI runs from the packed tarball) is complete, and every link it has leads somewhere.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

const root = join(__dirname, '..', '..')
const readme = readFileSync(join(root, 'README.md'), 'utf8')

interface Plan {
  files: Array<{ path: string; content: string }>
  install: string[]
  commands: string[]
  responses: Array<{
    method: string
    path: string
    status: number
    headers: Record<string, string>
    body: string
  }>
}

const plan = JSON.parse(
  execFileSync(process.execPath, [join(root, 'scripts', 'newcomer.mjs'), '--plan'], {
    encoding: 'utf8',
  }),
) as Plan
const file = (path: string) => plan.files.find((f) => f.path === path)?.content ?? ''

describe('README.md', () => {
  it('is under 25 KB', () => {
    expect(Buffer.byteLength(readme)).toBeLessThan(25 * 1024)
  })

  it('cites no document outside the repository', () => {
    expect(readme).not.toMatch(OUTSIDE_DOCUMENTS)
  })

  it('shows the development commands', () => {
    expect(readme).toContain('npm install && npm run demo')
    expect(readme).toContain('npm test')
  })

  it('links only to files that exist', () => {
    const local = [...readme.matchAll(/\]\(((?!https?:|#)[^)\s]+)\)/g)].map((m) => m[1])
    expect(local.length).toBeGreaterThan(0)
    const missing = local.filter((link) => !existsSync(join(root, link.split('#')[0])))
    expect(missing).toEqual([])
  })

  it('links every in-page anchor to a heading', () => {
    const slug = (heading: string) =>
      heading
        .toLowerCase()
        .replace(/[^\w\s-]/g, '')
        .replace(/\s+/g, '-')
    const anchors = new Set([...readme.matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1])))
    for (const [, anchor] of readme.matchAll(/\]\(#([^)]+)\)/g)) expect(anchors).toContain(anchor)
  })
})

// Names of documents that are not in the repository, and the way issues used to be cited; spelled
// in pieces so that this file does not match itself.
const OUTSIDE_DOCUMENTS = new RegExp(
  [...['API', 'SPEC', 'STYLE'].map((name) => `\\b${name}\\.md\\b`), '\\(' + 'issue:'].join('|'),
)

function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory())
      return ['node_modules', 'recordings', 'screenshots', 'images', 'public'].includes(entry.name)
        ? []
        : textFiles(path)
    return /\.(ts|mts|js|mjs|cjs|md|hbs|json|sh)$/.test(entry.name) ? [path] : []
  })
}

describe('the repository', () => {
  it('cites no document outside it, in code, comments, tests or docs', () => {
    const files = [
      ...['src', 'docs', '__tests__', 'examples', 'demo-app', 'bench', 'scripts', 'views']
        .map((dir) => join(root, dir))
        .filter((dir) => existsSync(dir))
        .flatMap(textFiles),
      ...['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md', 'CHANGELOG.md'].map((f) =>
        join(root, f),
      ),
    ]
    expect(files.length).toBeGreaterThan(100)
    const citing = files.filter((file) => OUTSIDE_DOCUMENTS.test(readFileSync(file, 'utf8')))
    expect(citing.map((file) => file.slice(root.length + 1))).toEqual([])
  })
})

describe("README.md's quick start", () => {
  it('is a complete project: package.json, tsconfig.json and the sources', () => {
    expect(plan.files.map((f) => f.path)).toEqual([
      'package.json',
      'tsconfig.json',
      'src/db.ts',
      'src/seed.ts',
      'src/server.ts',
    ])
    const pkg = JSON.parse(file('package.json')) as {
      type: string
      scripts: Record<string, string>
      allowScripts: Record<string, boolean>
    }
    // CommonJS output in a CommonJS package: what tsc emits is what Node runs
    expect(pkg.type).toBe('commonjs')
    const tsconfig = JSON.parse(file('tsconfig.json')) as {
      compilerOptions: Record<string, unknown>
    }
    expect(tsconfig.compilerOptions.module).toBe('nodenext')
    expect(tsconfig.compilerOptions.outDir).toBe('dist')
    expect(pkg.scripts.start).toBe('node dist/server.js')
    expect(pkg.allowScripts['better-sqlite3']).toBe(true)
  })

  it('installs every package its sources import, and the compiler with the type packages', () => {
    const installed = plan.install.flatMap((line) =>
      line.split(/\s+/).filter((word) => !word.startsWith('-') && word !== 'npm'),
    )
    const sources = plan.files.filter((f) => f.path.endsWith('.ts')).map((f) => f.content)
    const imported = new Set(
      sources.flatMap((source) =>
        [...source.matchAll(/from '([^'.][^']*)'/g)].map((m) => m[1].split('/')[0]),
      ),
    )
    for (const name of imported) expect(installed).toContain(name)
    // knex loads the driver it is configured with by name
    expect(file('src/db.ts')).toContain("client: 'better-sqlite3'")
    expect(installed).toEqual(
      expect.arrayContaining([
        'better-sqlite3',
        'install',
        'typescript',
        '@types/express',
        '@types/node',
      ]),
    )
  })

  it('creates and seeds its tables, and selects the count that whenCounted reads', () => {
    expect(file('src/seed.ts')).toMatch(/createTable\('users'/)
    expect(file('src/seed.ts')).toMatch(/insert\(/)
    expect(file('src/server.ts')).toContain("as('posts_count')")
    expect(file('src/server.ts')).toContain('@WhenCounted() posts_count')
  })

  it('documents a collection, a resource, a JSON:API document with include, and the HTML bar', () => {
    const requests = plan.responses.map((r) => `${r.method} ${r.path}`)
    expect(requests).toEqual([
      'GET /users?page=2',
      'GET /users/6',
      'GET /users/99',
      'GET /api/posts/1?include=author',
      'GET /users.html?page=2',
    ])
    const [page, , , document, html] = plan.responses
    expect(JSON.parse(page.body)).toMatchObject({ meta: { current_page: 2 } })
    expect(document.headers['content-type']).toBe('application/vnd.api+json')
    expect(JSON.parse(document.body)).toHaveProperty('included')
    expect(html.body).toContain('aria-current="page"')
  })

  it('compiles, seeds and starts with the commands it shows', () => {
    expect(plan.commands).toEqual(['npm run build', 'npm run seed', 'npm start'])
  })
})
