// Hono with api-resources/hono. Run: node -r @swc-node/register examples/hono.ts
import { createServer } from 'node:http'
import { Readable } from 'node:stream'
import { Hono } from 'hono'
import { apiResources, resourceErrors, respond } from 'api-resources/hono'
import { createUser, listUsers, showUser } from './shared'

export const app = new Hono()
app.use(apiResources()) // the request context, from Hono's absolute c.req.url
app.get('/users', respond(listUsers))
app.get(
  '/users/:id',
  respond((c) => showUser(c.req.param('id') ?? '')),
)
app.post(
  '/users',
  respond(async (c) => {
    c.status(201) // a status you set wins over the resource's 200
    return createUser(await c.req.json().catch(() => undefined))
  }),
)
app.onError(resourceErrors()) // ValidationError 422, NotFoundError 404, others as Hono answers

/** Serves `app.fetch` with node:http (what @hono/node-server does, in a few lines). */
function serve(port: number): void {
  createServer(async (req, res) => {
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Readable.toWeb(req)
    const request = new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: body as never,
      duplex: 'half',
    } as RequestInit)
    const response = await app.fetch(request)
    res.writeHead(response.status, Object.fromEntries(response.headers))
    res.end(Buffer.from(await response.arrayBuffer()))
  }).listen(port, '127.0.0.1', () => {
    console.log(`Hono example listening on http://127.0.0.1:${port}/users`)
  })
}

if (require.main === module) serve(Number(process.env.PORT ?? 3000))
