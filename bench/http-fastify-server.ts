// The Fastify servers of bench/http.ts (`node ... bench/http.ts fastify`), each in its own process:
// `fastify-bare` answers the hand-shaped 20-item page with reply.send (`fastify-bare-als` the same
// inside a no-op AsyncLocalStorage.run()); `fastify-plugin` returns the
// same page as a ResourceCollection over a LengthAwarePaginator, through the apiResources() plugin
// (`fastify-plugin-sync` the same with the opt-in `syncHandlers: true`: no AsyncLocalStorage);
// any other mode (bench/http.ts's control, `fastify-bare-control`) is `fastify-bare`. Prints the
// port once it listens.
import 'reflect-metadata'
import { AsyncLocalStorage } from 'node:async_hooks'
import Fastify from 'fastify'
import { LengthAwarePaginator } from '../src'
import { apiResources } from '../src/integrations/fastify'
import { handShaped, rows } from './http-server'
import { UserResource } from './users'

async function main(): Promise<void> {
  const app = Fastify()
  if (process.argv[2] === 'fastify-plugin' || process.argv[2] === 'fastify-plugin-sync') {
    // the default (AsyncLocalStorage), or the synchronous shortcut
    await app.register(
      apiResources(process.argv[2] === 'fastify-plugin' ? {} : { syncHandlers: true }),
    )
    // sync, like the handlers of the other cases (and of the Express pair)
    app.get('/users', () =>
      UserResource.collection(new LengthAwarePaginator(rows, { total: 1000, perPage: 20 })),
    )
  } else if (process.argv[2] === 'fastify-bare-als') {
    // the cost of AsyncLocalStorage alone: the bare handler run inside a no-op store
    const als = new AsyncLocalStorage<object>()
    app.get('/users', (request, reply) =>
      als.run(request, () => {
        const page = Number((request.query as { page?: string }).page ?? 1)
        reply.send(handShaped(request.url.split('?')[0], page))
      }),
    )
  } else {
    app.get('/users', (request, reply) => {
      const page = Number((request.query as { page?: string }).page ?? 1)
      reply.send(handShaped(request.url.split('?')[0], page))
    })
  }
  // bench/http.ts asks for this process's CPU time around each sample
  process.on('message', () => process.send?.(process.cpuUsage()))
  await app.listen({ port: 0, host: '127.0.0.1' })
  process.stdout.write(`${(app.server.address() as { port: number }).port}\n`)
}

void main()
