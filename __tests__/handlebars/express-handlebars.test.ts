import express from 'express'
import { create } from 'express-handlebars'
import Handlebars from 'handlebars'
import type { Knex } from 'knex'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import request from 'supertest'
import { apiResources } from '../../src/integrations/express'
import { registerPaginationHelpers } from '../../src/integrations/handlebars'
import { LengthAwarePaginator, Paginator } from '../../src'
import { createApp } from '../../demo-app/src/app'
import { createDb } from '../../demo-app/src/db'
import { seed } from '../../demo-app/src/seed'
import { describeBar, navOf, tagsOf } from './html-inspect'

function viewsFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'api-resources-views-'))
  mkdirSync(join(dir, 'layouts'))
  writeFileSync(join(dir, 'layouts', 'main.hbs'), '<body>{{{body}}}</body>')
  writeFileSync(join(dir, 'list.hbs'), '<h1>{{title}}</h1>{{paginationLinks items}}')
  writeFileSync(join(dir, 'pager.hbs'), '{{paginationLinks items "pagination::simple"}}')
  return dir
}

/** An app with express-handlebars as its view engine and the helper on its instance. */
function appWithViews() {
  const views = viewsFolder()
  const hbs = create({
    handlebars: Handlebars.create(),
    extname: '.hbs',
    defaultLayout: 'main',
    layoutsDir: join(views, 'layouts'),
  })
  registerPaginationHelpers(hbs.handlebars)
  const app = express()
  app.use(apiResources())
  app.engine('.hbs', hbs.engine)
  app.set('view engine', '.hbs')
  app.set('views', views)
  const rows = Array.from({ length: 10 }, (_, i) => i)
  app.get('/items', (_req, res) => {
    const items = new LengthAwarePaginator(rows, { total: 95, perPage: 10 }).withQueryString()
    res.render('list', { title: 'Items', items })
  })
  app.get('/pager', (_req, res) => {
    res.render('pager', { items: new Paginator(rows, { perPage: 5 }) })
  })
  return app
}

describe('the helper under express-handlebars', () => {
  it('renders the bar from the request page and path, carrying the query string', async () => {
    const res = await request(appWithViews()).get('/items?page=4&sort=name').expect(200)
    expect(res.text.startsWith('<body><h1>Items</h1><nav aria-label="Pagination"')).toBe(true)
    expect(describeBar(navOf(res.text))).toEqual([
      '<',
      '1',
      '2',
      '3',
      '[4]',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '>',
    ])
    const next = tagsOf(navOf(res.text)).find((t) => t.attrs.rel === 'next')
    expect(next?.attrs.href).toBe('/items?page=5&sort=name')
  })

  it('renders a named template and nothing for a single page', async () => {
    const app = appWithViews()
    const res = await request(app).get('/pager?page=2').expect(200)
    expect(
      tagsOf(navOf(res.text))
        .filter((t) => t.name === 'a')
        .map((t) => t.attrs.href),
    ).toEqual(['/pager?page=1', '/pager?page=3'])
    const items = request(app).get('/items?page=1')
    expect((await items).text).toContain('aria-current="page"')
  })
})

describe('the demo HTML pages', () => {
  let db: Knex
  let app: express.Express

  beforeAll(async () => {
    db = createDb()
    await seed(db, { counts: { posts: 300, comments: 90 } })
    app = createApp(db)
  })
  afterAll(() => db.destroy())

  it('lists posts with the numbered bar, carrying ?q=', async () => {
    const res = await request(app).get('/html/posts?page=10&q=demo').expect(200)
    expect(res.type).toBe('text/html')
    expect(res.text).toContain('<link rel="stylesheet" href="/app.css">')
    // prettier-ignore
    expect(describeBar(navOf(res.text))).toEqual(
      ['<', '1', '2', '...', '7', '8', '9', '[10]', '11', '12', '13', '...', '19', '20', '>'],
    )
    expect(res.text).toContain('href="/html/posts?page&#x3D;11&amp;q&#x3D;demo"')
  })

  it('lists comments with the simple bar', async () => {
    const res = await request(app).get('/html/comments?page=2').expect(200)
    const nav = tagsOf(navOf(res.text))
    expect(nav.filter((t) => t.name === 'a').map((t) => t.attrs.rel)).toEqual(['prev', 'next'])
    const last = await request(app).get('/html/comments?page=5').expect(200)
    expect(last.text).toContain('<span aria-disabled="true"')
  })

  it('shows an empty page past the last with a bar that links back', async () => {
    const res = await request(app).get('/html/posts?page=999').expect(200)
    expect(res.text).toContain('No posts on this page.')
    expect(res.text).toContain('href="/html/posts?page&#x3D;998"')
  })
})
