// The CommonJS build in a CommonJS host without an ES module loader: Jest as most projects run it
// (no --experimental-vm-modules), where `import()` is a TypeError. The optional peers the package
// loads on first use (Handlebars for links(), Ajv for checkResponses) must load there too: the
// CommonJS build require()s them. A child Jest runs a plain JavaScript suite against dist/cjs.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const ROOT = join(__dirname, '..', '..')
const CJS = join(ROOT, 'dist', 'cjs')

const SUITE = `
const { LengthAwarePaginator, JsonResource, Field } = require(${JSON.stringify(join(CJS, 'index.js'))})
const { toHttpResponse, loadResponseChecker } = require(${JSON.stringify(join(CJS, 'http', 'index.js'))})

test('links() renders the bar', async () => {
  const page = new LengthAwarePaginator([1, 2], { total: 10, perPage: 2, currentPage: 2, path: '/posts' })
  const html = await page.links()
  expect(html).toContain('href="/posts?page&#x3D;3"')
  expect(html).toContain('aria-current="page"')
})

test('checkResponses loads Ajv', async () => {
  await loadResponseChecker()
  class User extends JsonResource {}
  Field()(User.prototype, 'id')
  const response = toHttpResponse(new User({ id: 1 }), { url: '/users/1', headers: {} }, { checkResponses: true })
  expect(response.status).toBe(200)
})
`

/** `code` without its comments (they may name import()). */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '')
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

it('leaves no import() in the CommonJS build', () => {
  const left = walk(CJS)
    .filter((file) => file.endsWith('.js'))
    .filter((file) => /\bimport\(/.test(withoutComments(readFileSync(file, 'utf8'))))
  expect(left).toEqual([])
})

it('renders links() and loads Ajv under Jest without --experimental-vm-modules', () => {
  const folder = mkdtempSync(join(tmpdir(), 'cjs-host-'))
  try {
    writeFileSync(join(folder, 'host.test.js'), SUITE)
    const config = { rootDir: folder, testEnvironment: 'node', transform: {} }
    writeFileSync(join(folder, 'jest.config.json'), JSON.stringify(config))
    const child = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--config',
        'jest.config.json',
        '--ci',
      ],
      { cwd: folder, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
    )
    const output = `${child.stdout}${child.stderr}`
    expect(output).toMatch(/Tests:\s+2 passed, 2 total/)
    expect(child.status).toBe(0)
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}, 120_000)
