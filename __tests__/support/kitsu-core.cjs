// kitsu-core's CommonJS build (dist/*.js) sits in a package marked "type": "module": a runtime that
// can require() ES modules (Node 24 and later, and Jest on them) reads those files as ES modules and
// fails on their `require`. This loads them as the CommonJS modules they are.
'use strict'

const { readFileSync } = require('node:fs')
const { dirname, join } = require('node:path')

const dist = join(dirname(require.resolve('kitsu-core/package.json')), 'dist')
const loaded = new Map()

function load(file) {
  const cached = loaded.get(file)
  if (cached !== undefined) return cached.exports
  const module = { exports: {} }
  loaded.set(file, module)
  const local = (id) => (id.startsWith('.') ? load(join(dirname(file), id)) : require(id))
  new Function('require', 'module', 'exports', readFileSync(file, 'utf8'))(
    local,
    module,
    module.exports,
  )
  return module.exports
}

module.exports = load(join(dist, 'index.js'))
