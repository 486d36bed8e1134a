// Node.js: app.fetch served with node:http (what @hono/node-server does, in a few lines).
import { createServer } from 'node:http'
import { app } from './app'

createServer(async (req, res) => {
  const response = await app.fetch(
    new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`),
  )
  res.writeHead(response.status, Object.fromEntries(response.headers))
  res.end(Buffer.from(await response.arrayBuffer()))
}).listen(Number(process.env.PORT ?? 3000), '127.0.0.1')
