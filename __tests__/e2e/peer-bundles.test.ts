// The optional peers an adapter loads when it first pages a query (drizzle-orm, sequelize), and Ajv,
// which checkResponses loads, come through import(), which bundlers follow: an esbuild bundle of an
// app that uses them contains them.
// The member kinds survive tree shaking (the package is marked free of side effects): an app that
// names one decorator still has every kind's helpers and decorators working.
// The Drizzle bundle is built as the runtime matrix builds the Workers one (scripts/runtime-matrix.mjs)
// and runs from a folder with no node_modules, over Drizzle's sqlite-proxy driver.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, type BuildOptions } from 'esbuild'

const root = join(__dirname, '..', '..')

let app: string
beforeAll(() => {
  // an app whose node_modules holds the package (this checkout, through package.json `exports`);
  // the app's own imports of the peers resolve from this checkout's node_modules (nodePaths)
  app = mkdtempSync(join(tmpdir(), 'api-resources-bundle-'))
  mkdirSync(join(app, 'node_modules'))
  symlinkSync(root, join(app, 'node_modules', 'api-resources'), 'dir')
})
afterAll(() => rmSync(app, { recursive: true, force: true }))

async function bundle(entry: string, options: BuildOptions) {
  const result = await build({
    stdin: { contents: entry, resolveDir: app, sourcefile: 'app.mjs' },
    bundle: true,
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    nodePaths: [join(root, 'node_modules')],
    ...options,
  })
  const inputs = Object.keys(result.metafile!.inputs)
  return { code: result.outputFiles![0]!.text, inputs }
}

/** What `code` (a bundle) prints, run from a folder with no node_modules. */
function runBundle(code: string, nodeEnv: 'production' | 'development'): unknown {
  const dir = mkdtempSync(join(tmpdir(), 'api-resources-bundle-run-'))
  try {
    writeFileSync(join(dir, 'app.mjs'), code)
    const out = execFileSync(process.execPath, [join(dir, 'app.mjs')], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NODE_PATH: '', NODE_ENV: nodeEnv },
    })
    return JSON.parse(out)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The runtime matrix's Workers bundle (no page-link bar is rendered: Handlebars stays out). */
const WORKERS: BuildOptions = {
  platform: 'neutral',
  conditions: ['workerd', 'worker', 'browser'],
  mainFields: ['module', 'main'],
  external: ['node:*', 'handlebars'],
}

const DRIZZLE_APP = `
import { drizzle } from 'drizzle-orm/sqlite-proxy'
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { cursorPaginate, paginate } from 'api-resources/drizzle'

const posts = sqliteTable('posts', { id: integer('id').primaryKey(), title: text('title') })
const queries = []
const db = drizzle(async (sql, params, method) => {
  queries.push(sql)
  if (/count\\(\\*\\)/.test(sql)) return { rows: method === 'get' ? [3] : [[3]] }
  return { rows: [[1, 'a'], [2, 'b'], [3, 'c']] }
})
const select = () => db.select({ id: posts.id, title: posts.title }).from(posts).orderBy(posts.id)
const cursorPage = await cursorPaginate(select(), 2)
const page = await paginate(select(), 2, 1)
console.log(JSON.stringify({
  cursor: cursorPage.items(),
  more: cursorPage.hasMorePages(),
  total: page.total(),
  queries,
}))
`

describe('optional peers in a bundle', () => {
  it('drizzle-orm: the Workers bundle contains it and pages without node_modules', async () => {
    const { code, inputs } = await bundle(DRIZZLE_APP, WORKERS)
    expect(inputs.some((f) => /dist\/esm\/adapters\/drizzle\/drizzle-cursor\.mjs$/.test(f))).toBe(
      true,
    )
    expect(inputs.some((f) => /node_modules\/drizzle-orm\/sql\/expressions\//.test(f))).toBe(true)
    expect(code).not.toMatch(/createRequire/)
    const printed = runBundle(code, 'production') as {
      cursor: unknown
      more: boolean
      total: number
      queries: string[]
    }
    expect(printed.cursor).toEqual([
      { id: 1, title: 'a' },
      { id: 2, title: 'b' },
    ])
    expect(printed.more).toBe(true)
    expect(printed.total).toBe(3)
    expect(printed.queries).toEqual([
      'select "id", "title" from "posts" order by "posts"."id" asc limit ?',
      'select count(*) as count from (select 1 from "posts") as page_count',
      'select "id", "title" from "posts" order by "posts"."id" limit ?',
    ])
  })

  it('sequelize: a bundle of the Sequelize adapter contains the ORM', async () => {
    // (a Node bundle: Sequelize needs Node; pg-hstore is a driver package this app does not use)
    const { code, inputs } = await bundle(
      `export { cursorPaginate } from 'api-resources/sequelize'`,
      { platform: 'node', external: ['pg-hstore'] },
    )
    expect(
      inputs.some((f) => /dist\/esm\/adapters\/sequelize\/sequelize-cursor\.mjs$/.test(f)),
    ).toBe(true)
    expect(inputs.some((f) => /node_modules\/sequelize\/lib\/model\.js$/.test(f))).toBe(true)
    expect(code).not.toMatch(/createRequire/)
  })

  it('ajv: a Workers bundle of a Hono app with checkResponses contains it and checks bodies', async () => {
    const HONO_APP = `
import { Hono } from 'hono'
import { Field, JsonResource } from 'api-resources'
import { apiResources, respond } from 'api-resources/hono'

class Tag extends JsonResource {
  @Field('integer') id
}
const app = new Hono()
app.use(apiResources({ checkResponses: true }))
app.get('/good', respond(() => new Tag({ id: 1 })))
app.get('/bad', respond(() => new Tag({ id: 'one' })))
app.onError((error, c) => c.json({ code: error.code }, 500))
const good = await app.request('/good')
const bad = await app.request('/bad')
console.log(JSON.stringify({ good: [good.status, await good.json()], bad: [bad.status, await bad.json()] }))
`
    // standard decorators, lowered by esbuild as a Workers project's build does
    const { code, inputs } = await bundle(HONO_APP, { ...WORKERS, target: 'es2022' })
    expect(inputs.some((f) => /node_modules\/ajv\/dist\/2020\.js$/.test(f))).toBe(true)
    expect(code).not.toMatch(/createRequire/)
    expect(runBundle(code, 'development')).toEqual({
      good: [200, { data: { id: 1 } }],
      bad: [500, { code: 'ERR_RESPONSE_SCHEMA' }],
    })
  })

  it('member kinds: a tree-shaken bundle that names one decorator keeps every kind', async () => {
    const KINDS_APP = `
import { JsonResource, WhenLoaded } from 'api-resources'

class Post extends JsonResource {
  @WhenLoaded({ raw: true }) author
}
class Helpers extends JsonResource {
  toArray() {
    return {
      id: this.resource.id,
      author: this.whenLoaded('author'),
      comments: this.whenCounted('comments'),
      title: this.when(true, 'T'),
      ...this.mergeWhen(true, { merged: 1 }),
    }
  }
}
const model = { id: 1, author: { id: 2 }, comments_count: 3 }
console.log(JSON.stringify({ decorated: new Post(model).toPayload(), helpers: new Helpers(model).toPayload() }))
`
    const { code } = await bundle(KINDS_APP, { ...WORKERS, target: 'es2022' })
    expect(runBundle(code, 'production')).toEqual({
      decorated: { data: { author: { id: 2 } } },
      helpers: { data: { id: 1, author: { id: 2 }, comments: 3, title: 'T', merged: 1 } },
    })
  })
})
