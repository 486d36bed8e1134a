// Builds dist/: tsc emits CommonJS + declarations into dist/cjs, then every entry point gets a thin
// ES module wrapper in dist/esm that re-exports the CommonJS build. One copy of the code runs whether
// the package is loaded with require() or import, so symbols, classes and caches are never doubled
// (the "dual package hazard").
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)

const started = new Date()
rmSync(join(root, 'dist'), { recursive: true, force: true })
execFileSync(
  process.execPath,
  [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
  {
    cwd: root,
    stdio: 'inherit',
  },
)

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
for (const [subpath, target] of Object.entries(pkg.exports)) {
  if (typeof target === 'string') continue
  const cjsFile = join(root, target.require)
  const esmFile = join(root, target.import)
  const names = Object.keys(require(cjsFile)).filter((n) => n !== '__esModule' && n !== 'default')
  const from = relative(dirname(esmFile), cjsFile).split('\\').join('/')
  const spec = from.startsWith('.') ? from : `./${from}`
  mkdirSync(dirname(esmFile), { recursive: true })
  const lines = [
    `// ES module entry for api-resources${subpath === '.' ? '' : subpath.slice(1)}: re-exports the CommonJS build.`,
    `import cjs from '${spec}'`,
    ...names.map((n) => `export const ${n} = cjs.${n}`),
    '',
  ]
  writeFileSync(esmFile, lines.join('\n'))
  const dts = esmFile.replace(/\.mjs$/, '.d.mts')
  writeFileSync(dts, `export * from '${spec.replace(/\.js$/, '.js')}'\n`)
}
// The stamp's time is when this build started: a source saved during the build is newer than it, so
// the next test run builds again (__tests__/support/build-dist.ts). It lives outside dist/ so that it
// is never packed.
const stamp = join(root, '.tmp', 'dist-stamp')
mkdirSync(dirname(stamp), { recursive: true })
writeFileSync(stamp, `dist/ built from src/ and views/ at ${started.toISOString()}\n`)
utimesSync(stamp, started, started)
console.log('built dist/ (cjs + esm wrappers)')
