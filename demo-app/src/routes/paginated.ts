// Paginated JSON: a bare paginator, resource collections over paginate() and simplePaginate(), and
// a filtered list whose page links keep the filter (withQueryString()). Cursor pages
// (cursorPaginate()) as JSON, as a JSON:API document and as an HTML page with the simple bar.
import type { Express } from 'express'
import type { Knex } from 'knex'
import { LengthAwarePaginator, queryPlan, resolvePage } from 'api-resources'
import { relations } from '../post-query'
import { respond } from 'api-resources/express'
import { cursorPaginate, paginate, simplePaginate } from 'api-resources/knex'
import type { DemoEndpoint } from '../endpoints'
import { loadAuthors, postsQuery, usersQuery, type PostRow } from '../repository'
import { PostResource, UserResource } from '../resources/json-resources'
import { PostApiResource } from '../resources/jsonapi'

/** The endpoints this module serves (linked from the index page). */
export const paginatedEndpoints: readonly DemoEndpoint[] = [
  {
    path: '/paginated/users?page=2',
    title: 'A bare paginator',
    description: 'paginate() returned as is: the flat JSON of a LengthAwarePaginator, 5 per page.',
  },
  {
    path: '/paginated/posts?page=3',
    title: 'A paginated resource collection',
    description:
      'PostResource.collection(await paginate(...)): { data, links, meta }, 10 per page.',
  },
  {
    path: '/paginated/feed',
    title: 'A simple paginated collection',
    description: 'simplePaginate(): one query of perPage + 1 rows, no COUNT; links.last is null.',
  },
  {
    path: '/paginated/search?q=a&author=2&page=2',
    title: 'A filter carried through page links',
    description: 'withQueryString(): q and author stay in every page URL (try the next link).',
  },
  {
    path: '/paginated/array?page=4',
    title: 'An in-memory list',
    description:
      'UserResource.collection(new LengthAwarePaginator(slice, { total, perPage, currentPage })).',
  },
]

/**
 * The cursor endpoints. Not listed on the index page (its recorded output stays as it was); the
 * demo recording covers them as variants.
 */
export const cursorEndpoints: readonly DemoEndpoint[] = [
  {
    path: '/paginated/cursor',
    title: 'A cursor-paginated collection',
    description:
      'cursorPaginate(): newest posts first, one query of perPage + 1 rows; links.next carries ?cursor=.',
  },
  {
    path: '/paginated/cursor/jsonapi',
    title: 'A cursor-paginated JSON:API document',
    description: 'links.prev/next and meta.next_cursor/prev_cursor of a JSON:API collection.',
  },
  {
    path: '/paginated/cursor/html',
    title: 'Cursor pages in HTML',
    description: 'The simple Previous / Next bar over cursor pages.',
  },
]

/** Posts by author (descending), then id (descending): the order a cursor follows. */
function cursorQuery(db: Knex): Knex.QueryBuilder {
  return postsQuery(db).orderBy('posts.user_id', 'desc').orderBy('posts.id', 'desc')
}

/** Registers this module's routes on `app`. */
export function registerPaginatedRoutes(app: Express, db: Knex): void {
  app.get(
    '/paginated/cursor',
    respond(async (req) => {
      // ?sort= (the posts' sortable attributes): the cursor follows that order and is bound to it
      if (req.query.sort === undefined)
        return PostResource.collection(await cursorPaginate(cursorQuery(db), 10))
      const plan = queryPlan(PostResource, { perPage: { default: 10 } })
      return PostResource.collection(await cursorPaginate(postsQuery(db), plan, { relations }))
    }),
  )
  app.get(
    '/paginated/cursor/jsonapi',
    respond(async () => {
      const page = await cursorPaginate(cursorQuery(db), 10)
      await loadAuthors(db, page.items() as PostRow[])
      return PostApiResource.collection(page)
    }),
  )
  app.get('/paginated/cursor/html', (_req, res, next) => {
    cursorPaginate(cursorQuery(db), 15)
      .then((posts) =>
        res.render('posts', {
          title: 'Posts by cursor',
          intro: `Posts ${posts.perPage()} per page, by author then id, newest first; no total is counted.`,
          rows: posts.items(),
          posts,
        }),
      )
      .catch(next)
  })
  app.get(
    '/paginated/users',
    respond(() => paginate(usersQuery(db).orderBy('users.id'), 5)),
  )
  app.get(
    '/paginated/posts',
    respond(async () => {
      const page = await paginate(postsQuery(db).orderBy('posts.id'), 10)
      await loadAuthors(db, page.items() as PostRow[])
      return PostResource.collection(page)
    }),
  )
  app.get(
    '/paginated/feed',
    respond(async () =>
      PostResource.collection(await simplePaginate(postsQuery(db).orderBy('posts.id', 'desc'), 10)),
    ),
  )
  app.get(
    '/paginated/search',
    respond(async (req) => {
      const query = postsQuery(db).orderBy('posts.id')
      const q = typeof req.query.q === 'string' ? req.query.q.trim() : ''
      if (q !== '') query.where('posts.title', 'like', `%${q.replace(/[%_\\]/g, '')}%`)
      const author = typeof req.query.author === 'string' ? req.query.author : ''
      if (/^[0-9]{1,9}$/.test(author)) query.where('posts.user_id', Number(author))
      return PostResource.collection((await paginate(query, 5)).withQueryString())
    }),
  )
  app.get(
    '/paginated/array',
    respond(async () => {
      const all = await usersQuery(db).orderBy('users.id') // any array will do
      const perPage = 3
      const page = resolvePage(undefined, perPage) // ?page= of this request
      const slice = all.slice((page - 1) * perPage, page * perPage)
      return UserResource.collection(
        new LengthAwarePaginator(slice, { total: all.length, perPage, currentPage: page }),
      )
    }),
  )
}
