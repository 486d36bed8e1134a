/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, loaded untransformed */
// Module resolver of the `package` jest project (jest.config.js). `api-resources` and its subpaths
// resolve the way Node resolves them for a consumer: through package.json `exports` (the `require`
// condition), so to dist/. Anything that resolves into src/ is refused: it resolves to
// src-refused.js, which throws. A suite of this project (or the demo app or a helper it loads)
// tests the built package, and a second copy of the library from src/ would break `instanceof` and
// the request context between the two copies.
const { join, sep } = require('node:path')

const root = join(__dirname, '..', '..')
const pkg = require(join(root, 'package.json'))
const src = join(root, 'src') + sep

function exported(request) {
  if (request !== pkg.name && !request.startsWith(`${pkg.name}/`)) return null
  const subpath = `.${request.slice(pkg.name.length)}`
  const target = pkg.exports[subpath]
  if (target === undefined) throw new Error(`${request} is not exported by package.json "exports"`)
  return join(root, typeof target === 'string' ? target : target.require.default)
}

module.exports = function resolve(request, options) {
  const entry = exported(request)
  if (entry !== null) return entry
  const resolved = options.defaultResolver(request, options)
  if (resolved.startsWith(src)) return join(__dirname, 'src-refused.js')
  return resolved
}
