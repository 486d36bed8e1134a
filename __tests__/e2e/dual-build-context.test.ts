// An app that loads both builds (an ES-module app with a CommonJS dependency that requires the
// package, or the other way round) has two copies of the package's modules. A request context one
// build opens is the one the other reads, in the handler's synchronous part and after an await:
// before, a paginator of the other build saw no request (page 1, path "/"). A child Node runs an
// ES module against dist/esm and dist/cjs.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const ROOT = join(__dirname, '..', '..')

/** Runs `source` as an ES module in a child Node; what it printed, as JSON (its stderr empty). */
function runModule(source: string): unknown {
  const folder = mkdtempSync(join(tmpdir(), 'dual-build-'))
  try {
    const file = join(folder, 'app.mjs')
    writeFileSync(file, source)
    const child = spawnSync(process.execPath, [file], { encoding: 'utf8' })
    expect(child.stderr).toBe('')
    return JSON.parse(child.stdout) as unknown
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

const SCRIPT = `
import { createRequire } from 'node:module'
import * as esm from ${JSON.stringify(pathToFileURL(join(ROOT, 'dist', 'esm', 'index.mjs')).href)}
const cjs = createRequire(import.meta.url)(${JSON.stringify(join(ROOT, 'dist', 'cjs', 'index.js'))})
const page = (build) => new build.LengthAwarePaginator([], { total: 100, perPage: 10 })
const seen = (p) => ({ page: p.currentPage(), next: p.nextPageUrl() })
const results = {}
for (const [opener, reader] of [['esm', 'cjs'], ['cjs', 'esm']]) {
  const open = opener === 'esm' ? esm : cjs
  const read = reader === 'esm' ? esm : cjs
  const context = open.createRequestContext('/users?page=3')
  results[opener + ' opens, ' + reader + ' reads'] = await open.runWithRequestContext(context, async () => {
    const now = seen(page(read))
    await new Promise((resolve) => setTimeout(resolve, 1))
    return { now, afterAwait: seen(page(read)) }
  })
}
process.stdout.write(JSON.stringify(results))
`

it('shares the request context between the ES-module and the CommonJS build', () => {
  const expected = { page: 3, next: '/users?page=4' }
  expect(runModule(SCRIPT)).toEqual({
    'esm opens, cjs reads': { now: expected, afterAwait: expected },
    'cjs opens, esm reads': { now: expected, afterAwait: expected },
  })
})

// The context an integration keeps on the request (the middleware mounted once by the app, with its
// options, and again on a router) is found by the other build's integration too: before, the
// router's middleware of the other build opened a second context, without the app's baseUrl.
const EXPRESS_SCRIPT = `
import { createRequire } from 'node:module'
import * as esmExpress from ${JSON.stringify(pathToFileURL(join(ROOT, 'dist', 'esm', 'integrations', 'express', 'index.mjs')).href)}
const require = createRequire(${JSON.stringify(join(ROOT, 'package.json'))})
const cjs = require(${JSON.stringify(join(ROOT, 'dist', 'cjs', 'index.js'))})
const cjsExpress = require(${JSON.stringify(join(ROOT, 'dist', 'cjs', 'integrations', 'express', 'index.js'))})
const express = require('express')
const app = express()
app.use(esmExpress.apiResources({ baseUrl: 'https://api.example.com' }))
const router = express.Router()
router.use(cjsExpress.apiResources())
router.get('/x', (req, res) => res.json(new cjs.LengthAwarePaginator([], { total: 100, perPage: 10 })))
app.use('/api', router)
const server = app.listen(0, '127.0.0.1', async () => {
  const response = await fetch('http://127.0.0.1:' + server.address().port + '/api/x?page=3')
  const body = await response.json()
  process.stdout.write(JSON.stringify({ page: body.current_page, next: body.next_page_url }))
  server.close()
})
`

it('keeps the app-wide options when the other build mounts the middleware again', () => {
  expect(runModule(EXPRESS_SCRIPT)).toEqual({
    page: 3,
    next: 'https://api.example.com/api/x?page=4',
  })
})
