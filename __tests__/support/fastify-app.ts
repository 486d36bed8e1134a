// A Fastify app with a plugin registered (awaited, before the routes) and ready: shared by the
// Fastify suites of both projects, each passing its own build of the plugin.
import Fastify, { type FastifyInstance, type FastifyPluginCallback } from 'fastify'

export async function fastifyApp(
  plugin: FastifyPluginCallback,
  routes: (app: FastifyInstance) => void,
): Promise<FastifyInstance> {
  const app = Fastify()
  await app.register(plugin)
  routes(app)
  await app.ready()
  return app
}
