// The server side of bench/http.ts, run in its own process: `bare` answers a hand-shaped 20-item page
// with Express's res.json; `respond` answers the same page as a ResourceCollection over a
// LengthAwarePaginator through apiResources() + respond(); `bare-als` is `bare` behind a no-op
// AsyncLocalStorage.run() middleware; any other mode (bench/http.ts's control, `bare-control`) is
// `bare`. Prints the port once it listens.
import 'reflect-metadata'
import { AsyncLocalStorage } from 'node:async_hooks'
import express from 'express'
import { LengthAwarePaginator } from '../src'
import { apiResources, respond } from '../src/integrations/express'
import { makeUsers, UserResource } from './users'

export const rows = makeUsers(20, 21)

/** The page as a hand-written handler would shape it (the same bytes the resource gives). */
export function handShaped(path: string, page: number) {
  const url = (n: number) => `${path}?page=${n}`
  return {
    data: rows.map((u) => ({ id: u.id, name: u.name, email: u.email })),
    links: {
      first: url(1),
      last: url(50),
      prev: page > 1 ? url(page - 1) : null,
      next: page < 50 ? url(page + 1) : null,
    },
    meta: {
      current_page: page,
      from: (page - 1) * 20 + 1,
      last_page: 50,
      path,
      per_page: 20,
      to: page * 20,
      total: 1000,
    },
  }
}

function expressApp(): express.Express {
  const app = express()
  if (process.argv[2] === 'respond') {
    app.use(apiResources())
    app.get(
      '/users',
      respond(() =>
        UserResource.collection(new LengthAwarePaginator(rows, { total: 1000, perPage: 20 })),
      ),
    )
  } else if (process.argv[2] === 'mw-only') {
    app.use(apiResources())
    app.get('/users', (req, res) => {
      res.json(handShaped(req.path, Number(req.query.page ?? 1)))
    })
  } else if (process.argv[2] === 'resjson') {
    app.use(apiResources())
    app.get('/users', (req, res) => {
      res.json(
        UserResource.collection(new LengthAwarePaginator(rows, { total: 1000, perPage: 20 })),
      )
    })
  } else if (process.argv[2] === 'bare-als') {
    // the cost of AsyncLocalStorage alone: a no-op store opened per request, nothing else
    const als = new AsyncLocalStorage<object>()
    app.use((req, res, next) => als.run(req, next))
    app.get('/users', (req, res) => {
      res.json(handShaped(req.path, Number(req.query.page ?? 1)))
    })
  } else {
    app.get('/users', (req, res) => {
      res.json(handShaped(req.path, Number(req.query.page ?? 1)))
    })
  }
  return app
}

if (require.main === module) {
  // bench/http.ts asks for this process's CPU time around each sample
  process.on('message', () => process.send?.(process.cpuUsage()))
  const server = expressApp().listen(0, '127.0.0.1', () => {
    process.stdout.write(`${(server.address() as { port: number }).port}\n`)
  })
}
