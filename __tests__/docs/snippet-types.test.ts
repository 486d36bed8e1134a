// Type-checks every ```ts block of the guides against the built package, as an application would
// see it: each block is a module of a temporary project whose `api-resources` is this package
// (package.json `exports`, so dist/'s declarations), compiled by one strict tsc run. Runnable blocks
// are checked as they are; a fragment after the declarations of its context (docs/snippets/).
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { CONTEXTS, guidePages, pageSnippets, snippetProgram } from '../support/guide-snippets'
import { existsSync } from 'node:fs'

const root = join(__dirname, '..', '..')
// one folder per Node release: scripts/node-matrix.mjs may run this suite on several at once
const project = join(root, '.tmp', `docs-snippets-node${process.versions.node.split('.')[0]}`)

const COMPILER_OPTIONS = {
  target: 'ES2022',
  lib: ['ES2022', 'DOM'],
  module: 'preserve',
  moduleResolution: 'bundler',
  strict: true,
  noEmit: true,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  useDefineForClassFields: true,
  esModuleInterop: true,
  skipLibCheck: true,
  types: ['node'],
}

describe('the guides’ ts snippets', () => {
  const files = snippetProgram()

  it('name contexts that exist', () => {
    for (const page of guidePages())
      for (const s of pageSnippets(page))
        if (s.context !== undefined)
          expect([page, s.line, existsSync(join(CONTEXTS, `${s.context}.ts`))]).toEqual([
            page,
            s.line,
            true,
          ])
  })

  it('type-check against the built package', () => {
    rmSync(project, { recursive: true, force: true })
    mkdirSync(join(project, 'node_modules'), { recursive: true })
    symlinkSync(root, join(project, 'node_modules', 'api-resources'), 'dir')
    for (const file of files) writeFileSync(join(project, file.name), file.text)
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: COMPILER_OPTIONS, files: files.map((f) => f.name) }),
    )
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
    let output = ''
    try {
      execFileSync(process.execPath, [tsc, '-p', project, '--pretty', 'false'], {
        cwd: project,
        stdio: 'pipe',
      })
    } catch (error) {
      output = String((error as { stdout?: Buffer }).stdout ?? error)
    }
    // each error as `docs/guide/<page>:<line>: <message>`
    const byName = new Map(files.map((f) => [f.name, f]))
    const errors = output
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => {
        const m = l.match(/^([^(]+)\((\d+),\d+\): (.*)$/)
        const file = m ? byName.get(m[1]) : undefined
        if (!m || !file) return l
        const line = Number(m[2]) - file.offset
        const where =
          line >= 1
            ? `${relative(root, join(root, 'docs', 'guide', file.snippet.page))}:${file.snippet.line + line - 1}`
            : `docs/snippets/${file.snippet.context}.ts:${m[2]} (context of ${file.snippet.page} snippet ${file.snippet.index})`
        return `${where}: ${m[3]}`
      })
    expect(errors).toEqual([])
  }, 300_000)
})
