// Preloaded (`node --require`, through NODE_OPTIONS) on a Node version other than the one
// node_modules was installed with: by scripts/node-matrix.mjs for the package suite, and by
// bench/run.ts for the targets it judges on Node 24. better-sqlite3's addon is compiled against one
// Node ABI; scripts/node-matrix.mjs --prepare builds a copy for each version into
// .tmp/native/node<major>/. When that copy exists for the running Node, every load of
// `better_sqlite3.node` (from Jest's module registry, a worker, or a server a suite starts: all end
// in process.dlopen) opens it instead. Nothing else changes: better-sqlite3's JavaScript, and all
// that requires it, stay in node_modules.
'use strict'

const { existsSync } = require('node:fs')
const { join } = require('node:path')

const major = process.versions.node.split('.')[0]
const binding = join(
  __dirname,
  '..',
  '.tmp',
  'native',
  `node${major}`,
  'build',
  'Release',
  'better_sqlite3.node',
)
if (existsSync(binding)) {
  const dlopen = process.dlopen
  process.dlopen = function dlopenForThisNode(module, filename, ...rest) {
    const file = /[\\/]better_sqlite3\.node$/.test(filename) ? binding : filename
    return dlopen.call(this, module, file, ...rest)
  }
}
