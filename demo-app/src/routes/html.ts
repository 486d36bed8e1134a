// Server-rendered pages with the HTML page-link bar: express-handlebars as the view engine, the
// `{{paginationLinks}}` helper in the views, styles from the demo's Tailwind build (/app.css).
import { join } from 'node:path'
import type { Express, Request, Response } from 'express'
import { create } from 'express-handlebars'
import Handlebars from 'handlebars'
import type { Knex } from 'knex'
import { registerPaginationHelpers } from 'api-resources/handlebars'
import { paginate, simplePaginate } from 'api-resources/knex'
import type { DemoEndpoint } from '../endpoints'
import { postsQuery } from '../repository'

/** The demo's views: `demo-app/views` (layout in `layouts/main.hbs`). */
export const DEMO_VIEWS = join(__dirname, '..', '..', 'views')

/** The HTML pages (linked from the index page). */
export const htmlEndpoints: readonly DemoEndpoint[] = [
  {
    path: '/html/posts',
    title: 'Posts, numbered bar',
    description: 'Posts 15 per page with the numbered page-link bar ({{paginationLinks posts}}).',
  },
  {
    path: '/html/posts?page=67&q=demo',
    title: 'Posts, a middle page',
    description: 'The bar slides; withQueryString() carries ?q= into every page link.',
  },
  {
    path: '/html/posts?page=999',
    title: 'Posts, past the last page',
    description: 'An empty page: the bar still links back, no page is current.',
  },
  {
    path: '/html/comments',
    title: 'Comments, simple bar',
    description: 'simplePaginate(): Previous / Next only, no COUNT query.',
  },
]

/**
 * Registers the HTML pages and the express-handlebars view engine on `app` (views from
 * {@link DEMO_VIEWS}, a private Handlebars instance with the pagination helper).
 */
export function registerHtmlRoutes(app: Express, db: Knex): void {
  const hbs = create({
    handlebars: Handlebars.create(),
    extname: '.hbs',
    defaultLayout: 'main',
    layoutsDir: join(DEMO_VIEWS, 'layouts'),
  })
  registerPaginationHelpers(hbs.handlebars)
  app.engine('.hbs', hbs.engine)
  app.set('view engine', '.hbs')
  app.set('views', DEMO_VIEWS)
  app.get('/html/posts', (req, res, next) => {
    renderPosts(db, req, res).catch(next)
  })
  app.get('/html/comments', (req, res, next) => {
    renderComments(db, res).catch(next)
  })
}

async function renderPosts(db: Knex, req: Request, res: Response): Promise<void> {
  const posts = await paginate(postsQuery(db).orderBy('posts.id'), 15)
  posts.withQueryString() // keeps ?q= (and any other parameter) in the page links
  res.render('posts', {
    title: 'Posts',
    intro: `${posts.total()} posts, ${posts.perPage()} per page.${req.query.q ? ' Query values are carried into the links.' : ''}`,
    rows: posts.items(),
    posts,
  })
}

async function renderComments(db: Knex, res: Response): Promise<void> {
  const comments = await simplePaginate(db('comments').orderBy('id'), 20)
  res.render('comments', {
    title: 'Comments',
    intro: `Comments ${comments.perPage()} per page, with a Previous / Next bar (no total is counted).`,
    rows: comments.items(),
    comments,
  })
}
