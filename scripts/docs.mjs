// The documentation site: the guides in docs/guide/ and an API reference that TypeDoc generates
// into docs/api/ (git-ignored) from the package's public entry points, the subpaths of
// package.json `exports`. `node scripts/docs.mjs build` writes the static site to docs/.vitepress/dist
// (git-ignored; VitePress fails the build on a dead internal link); `node scripts/docs.mjs dev`
// serves it with live reload. Both work offline.
import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)

/**
 * The source file of each `exports` subpath, by its import name: `./knex` with types
 * `./dist/cjs/adapters/knex/index.d.ts` is `api-resources/knex`, from `src/adapters/knex/index.ts`.
 */
export function entryPoints() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const entries = []
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    const types = target?.require?.types ?? target?.types
    if (typeof types !== 'string') continue
    const source = types.replace(/^\.\/dist\/cjs\//, 'src/').replace(/\.d\.ts$/, '.ts')
    entries.push({ name: subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`, source })
  }
  return entries
}

/** Generates the API reference (Markdown for VitePress) into docs/api/. */
export async function buildApiReference() {
  const { Application, Converter } = await import('typedoc')
  const entries = entryPoints()
  rmSync(join(root, 'docs', 'api'), { recursive: true, force: true })
  const app = await Application.bootstrapWithPlugins({
    entryPoints: entries.map((e) => join(root, e.source)),
    tsconfig: join(root, 'tsconfig.build.json'),
    plugin: ['typedoc-plugin-markdown', 'typedoc-vitepress-theme'],
    out: join(root, 'docs', 'api'),
    docsRoot: join(root, 'docs'),
    readme: 'none',
    name: 'API reference',
    excludeInternal: true,
    excludePrivate: true,
    excludeProtected: false,
    disableSources: true,
    hideGenerator: true,
    entryFileName: 'index',
    validation: { notExported: false, invalidLink: true, rewrittenLink: true },
    treatWarningsAsErrors: false,
    logLevel: 'Warn',
  })
  // name each module after its import path rather than its folder (TypeDoc names it after the
  // entry's path below src/: `index`, `http`, `adapters/knex`)
  const byFolder = new Map(
    entries.map((e) => [
      e.source.replace(/^src\//, '').replace(/(\/?index)?\.ts$/, '') || 'index',
      e.name,
    ]),
  )
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const mod of context.project.children ?? []) {
      const name = byFolder.get(mod.name)
      if (name === undefined) throw new Error(`no exports subpath for the module ${mod.name}`)
      mod.name = name
    }
  })
  const project = await app.convert()
  if (project === undefined) throw new Error('TypeDoc could not convert the entry points')
  await app.generateOutputs(project)
  if (app.logger.hasErrors()) throw new Error('TypeDoc reported errors')
}

function vitepress(command) {
  const bin = join(dirname(require.resolve('vitepress/package.json')), 'bin', 'vitepress.js')
  const result = spawnSync(process.execPath, [bin, command, join(root, 'docs')], {
    stdio: 'inherit',
    cwd: root,
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2]
  if (command !== 'build' && command !== 'dev') {
    console.error('usage: node scripts/docs.mjs build|dev')
    process.exit(2)
  }
  await buildApiReference()
  vitepress(command)
}
