import { STATUS_CODES } from 'node:http'
import { join } from 'node:path'
import express, { type Express, type NextFunction, type Request, type Response } from 'express'
import type { Knex } from 'knex'
import { apiResources, resourceErrors } from 'api-resources/express'
import { renderIndexPage, type EndpointSection } from './index-page'
import { registerOpenApiRoutes } from './openapi'
import { htmlEndpoints, registerHtmlRoutes } from './routes/html'
import { jsonApiEndpoints, registerJsonApiRoutes } from './routes/jsonapi'
import { jsonEndpoints, registerJsonRoutes } from './routes/json'
import { paginatedEndpoints, registerPaginatedRoutes } from './routes/paginated'

/** The sections of the index page, in order: one per route module. */
export function endpointSections(): EndpointSection[] {
  return [
    { title: 'JSON resources', endpoints: jsonEndpoints },
    { title: 'Paginated JSON', endpoints: paginatedEndpoints },
    { title: 'JSON:API', endpoints: jsonApiEndpoints },
    { title: 'HTML pages with the page-link bar', endpoints: htmlEndpoints },
  ]
}

/** Options of {@link createApp}. */
export interface DemoAppOptions {
  /** Validate every resource body against its generated schema (`npm run demo` turns it on). */
  readonly checkResponses?: boolean
}

/**
 * The demo application over a seeded database (see `seed.ts`). Used by `npm run demo` and by the
 * e2e tests, which drive it with supertest.
 */
export function createApp(db: Knex, options: DemoAppOptions = {}): Express {
  const app = express()
  app.disable('x-powered-by')
  app.use(apiResources({ checkResponses: options.checkResponses === true }))
  app.use(express.static(join(__dirname, '..', 'public'), { index: false }))
  app.get('/', (_req, res) => {
    res.type('html').send(renderIndexPage(endpointSections()))
  })
  registerJsonRoutes(app, db)
  registerPaginatedRoutes(app, db)
  registerJsonApiRoutes(app, db)
  registerHtmlRoutes(app, db)
  registerOpenApiRoutes(app)
  app.use((_req, res) => {
    res.status(404).json({ message: 'No such endpoint; see / for the list.' })
  })
  app.use(resourceErrors())
  app.use(finalErrorHandler)
  return app
}

// Anything resourceErrors() did not answer. An error that carries a 4xx status is the client's (a body
// parser's 400 or 413, the router's 400 for a URL that does not decode): it keeps its status, with its
// own message when it is marked safe to show (`expose: true`, as http-errors does) and the standard
// reason phrase otherwise, and it is not logged. Everything else is a 500 that leaks no details.
function finalErrorHandler(err: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(err)
  const { status, statusCode, expose, message } = (err ?? {}) as {
    status?: unknown
    statusCode?: unknown
    expose?: unknown
    message?: unknown
  }
  const code = typeof status === 'number' ? status : statusCode
  if (typeof code === 'number' && Number.isInteger(code) && code >= 400 && code < 500) {
    const shown = expose === true && typeof message === 'string' && message !== ''
    res.status(code).json({ message: shown ? message : `${STATUS_CODES[code] ?? 'Bad Request'}.` })
    return
  }
  if (process.env.NODE_ENV !== 'test') console.error(err)
  res.status(500).json({ message: 'Server error.' })
}
