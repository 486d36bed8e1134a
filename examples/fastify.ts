// Fastify with api-resources/fastify. Run: node -r @swc-node/register examples/fastify.ts
import Fastify, { type FastifyInstance } from 'fastify'
import { apiResources } from 'api-resources/fastify'
import { createUser, listUsers, showUser } from './shared'

export async function buildApp(): Promise<FastifyInstance> {
  const app = Fastify()
  await app.register(apiResources()) // before the routes: request context, resources, errors
  app.get('/users', async () => listUsers())
  app.get<{ Params: { id: string } }>('/users/:id', async (request) => showUser(request.params.id))
  app.post('/users', async (request, reply) => {
    reply.code(201) // a status you set wins over the resource's 200
    return createUser(request.body)
  })
  return app
}

if (require.main === module) {
  void buildApp().then(async (app) => {
    const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3000) })
    console.log(`Fastify example listening on ${address}/users`)
  })
}
