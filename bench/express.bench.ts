// Express: the cost of the integration per HTTP request. One GET over a keep-alive connection that
// answers a 20-item collection: Express's own res.json of a hand-built payload (baseline), against
// res.json(resource collection) under apiResources(), and respond(() => collection).
// The setup checks that every case answers the same body.
import 'reflect-metadata'
import { Agent, request, type Server } from 'node:http'
import express, { type Express } from 'express'
import { apiResources, respond } from '../src/integrations/express'
import type { BenchOp, Scenario } from './harness'
import { makeUsers, UserResource } from './users'

const users = makeUsers(20)

function handBuilt() {
  return { data: users.map(({ id, name, email }) => ({ id, name, email })) }
}

async function serve(app: Express, expected: string): Promise<BenchOp> {
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  const { port } = server.address() as { port: number }
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const get = () =>
    new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/users?page=1', agent }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve(body))
      })
      req.on('error', reject)
      req.end()
    })
  const body = await get()
  if (body !== expected) throw new Error(`unexpected body: ${body.slice(0, 120)}`)
  const op: BenchOp = Object.assign(get, {
    teardown: () =>
      new Promise<void>((resolve) => {
        agent.destroy()
        server.close(() => resolve())
      }),
  })
  return op
}

const expected = JSON.stringify(handBuilt())

const scenario: Scenario = {
  name: 'express: one GET of a 20-item collection',
  baseline: 'express res.json (hand-built)',
  subject: 'res.json(resource) + apiResources()',
  // No target of its own: the HTTP target is throughput under load (bench/http.ts); this is
  // the latency of one request at a time, client in the same process, for comparison.
  note: 'latency of one request at a time; the throughput target is checked by bench/http.ts',
  cases: [
    {
      name: 'express res.json (hand-built)',
      setup: () => {
        const app = express()
        app.get('/users', (_req, res) => {
          res.json(handBuilt())
        })
        return serve(app, expected)
      },
    },
    {
      name: 'res.json(resource) + apiResources()',
      setup: () => {
        const app = express()
        app.use(apiResources())
        app.get('/users', (_req, res) => {
          res.json(UserResource.collection(users))
        })
        return serve(app, expected)
      },
    },
    {
      // the development mode: every body validated against its generated schema (Ajv)
      name: 'res.json(resource) + apiResources({ checkResponses: true })',
      setup: () => {
        const app = express()
        app.use(apiResources({ checkResponses: true }))
        app.get('/users', (_req, res) => {
          res.json(UserResource.collection(users))
        })
        return serve(app, expected)
      },
    },
    {
      name: 'respond(() => collection)',
      setup: () => {
        const app = express()
        app.get(
          '/users',
          respond(() => UserResource.collection(users)),
        )
        return serve(app, expected)
      },
    },
  ],
}

export default scenario
