// Builds dist/ twice from src/, with tsc:
// - dist/cjs: CommonJS (.js) and its declarations (.d.ts), for `require`;
// - dist/esm: ES modules (.mjs) and their declarations (.d.mts), for `import`. tsc emits ES2022
//   modules, then every relative specifier gets its file name (`./x` -> `./x.mjs`, `./dir` ->
//   `./dir/index.mjs`) as Node, Deno and bundlers require.
// package.json `exports` sends each condition to its own code and its own declarations, so an
// ES-module consumer's declarations import the peers' ES typings (one `SelectQueryBuilder`, not two).
// The two builds are two copies of the code: brands shared across copies use Symbol.for.
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeBuiltinViews } from './builtin-views.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)

function tsc(project) {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', project], {
    cwd: root,
    stdio: 'inherit',
  })
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

// (`declare module './x'`: a member kind's line in the kinds' table, merged from its own module)
const SPECIFIER =
  /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bdeclare\s+module\s+)(['"])(\.{1,2}\/[^'"]*)\2/g

/** `text` with every relative specifier naming its .mjs file (`file` is the importing file). */
function withFileSpecifiers(text, file) {
  return text.replace(SPECIFIER, (match, head, quote, spec) => {
    const base = join(dirname(file), spec)
    // (files already converted have their new names)
    const built = (path) => ['.js', '.mjs', '.d.ts', '.d.mts'].some((ext) => existsSync(path + ext))
    let target
    if (built(base)) target = `${spec}.mjs`
    else if (built(join(base, 'index'))) target = `${spec}/index.mjs`
    else if (spec.endsWith('.js')) target = `${spec.slice(0, -3)}.mjs`
    else throw new Error(`${relative(root, file)}: cannot resolve ${spec}`)
    return `${head}${quote}${target}${quote}`
  })
}

function esmFromTsc(dir) {
  const files = walk(dir)
  for (const file of files) {
    if (file.endsWith('.d.ts')) {
      const text = withFileSpecifiers(readFileSync(file, 'utf8'), file)
      writeFileSync(file.replace(/\.d\.ts$/, '.d.mts'), text)
      rmSync(file)
    } else if (file.endsWith('.js')) {
      let text = withFileSpecifiers(readFileSync(file, 'utf8'), file)
      // optional peers are loaded with import(), which bundlers follow; an ES module has no require
      if (/(^|[^.\w$])require\(/m.test(text))
        throw new Error(`${relative(root, file)}: require() in the ES module build: use import()`)
      text = text.replace(
        /\/\/# sourceMappingURL=(.*)\.js\.map\s*$/,
        '//# sourceMappingURL=$1.mjs.map\n',
      )
      writeFileSync(file.replace(/\.js$/, '.mjs'), text)
      rmSync(file)
    } else if (file.endsWith('.js.map')) {
      const map = JSON.parse(readFileSync(file, 'utf8'))
      map.file = map.file.replace(/\.js$/, '.mjs')
      writeFileSync(file.replace(/\.js\.map$/, '.mjs.map'), JSON.stringify(map))
      rmSync(file)
    }
  }
}

// An optional peer is loaded on first use with import(), which bundlers follow. In the CommonJS build
// it is require()d instead: a CommonJS host that runs code without an ES module loader (Jest without
// --experimental-vm-modules, vm.Script) refuses import(), and every peer loaded this way is a
// CommonJS package or has a CommonJS build.
const BARE_IMPORT = /\bimport\((['"])([^.'"][^'"]*)\1\)/g

function cjsRequires(dir) {
  for (const file of walk(dir)) {
    if (!file.endsWith('.js')) continue
    const text = readFileSync(file, 'utf8')
    const next = text.replace(BARE_IMPORT, 'Promise.resolve().then(() => require($1$2$1))')
    if (next !== text) writeFileSync(file, next)
    if (/\bimport\(/.test(next.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '')))
      throw new Error(`${relative(root, file)}: import() left in the CommonJS build`)
  }
}

const started = new Date()
writeBuiltinViews()
rmSync(join(root, 'dist'), { recursive: true, force: true })
tsc('tsconfig.build.json')
cjsRequires(join(root, 'dist', 'cjs'))
tsc('tsconfig.build.esm.json')
esmFromTsc(join(root, 'dist', 'esm'))

// every entry point has its four files
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
for (const [subpath, target] of Object.entries(pkg.exports)) {
  if (typeof target === 'string') continue
  for (const condition of ['import', 'require']) {
    for (const file of [target[condition].types, target[condition].default]) {
      if (!existsSync(join(root, file))) throw new Error(`${subpath}: ${file} was not built`)
    }
  }
}
// The stamp's time is when this build started: a source saved during the build is newer than it, so
// the next test run builds again (__tests__/support/build-dist.ts). It lives outside dist/ so that it
// is never packed.
const stamp = join(root, '.tmp', 'dist-stamp')
mkdirSync(dirname(stamp), { recursive: true })
writeFileSync(stamp, `dist/ built from src/ and views/ at ${started.toISOString()}\n`)
utimesSync(stamp, started, started)
console.log('built dist/ (cjs + esm, declarations for each)')
