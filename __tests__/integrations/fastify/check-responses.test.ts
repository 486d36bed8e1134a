// apiResources({ checkResponses: true }) on Fastify: a body that strays from its schema fails the
// request with the first wrong member; off by default.
import 'reflect-metadata'
import Fastify from 'fastify'
import { Field, JsonResource } from 'api-resources'
import { apiResources } from 'api-resources/fastify'

class PriceResource extends JsonResource<Record<string, unknown>> {
  @Field({ from: 'amount' as string }) amount!: number
}

async function makeApp(checkResponses: boolean) {
  const app = Fastify()
  await app.register(apiResources({ checkResponses, errorHandler: false }))
  app.get<{ Params: { amount: string } }>('/price/:amount', async (request) => {
    const raw = request.params.amount
    return new PriceResource({ amount: /^[0-9]+$/.test(raw) ? Number(raw) : raw })
  })
  app.get<{ Params: { amount: string } }>('/sent/:amount', (request, reply) => {
    reply.send(new PriceResource({ amount: request.params.amount }))
  })
  app.setErrorHandler((error: Error & { code?: string }, _request, reply) => {
    void reply.code(500).send({ code: error.code, message: error.message })
  })
  await app.ready()
  return app
}

describe('api-resources/fastify with checkResponses', () => {
  it('passes a body that matches, and reports the first mismatch by its JSON pointer', async () => {
    const app = await makeApp(true)
    const ok = await app.inject('/price/12')
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ data: { amount: 12 } })
    for (const path of ['/price/twelve', '/sent/twelve']) {
      const bad = await app.inject(path)
      expect(bad.statusCode).toBe(500)
      expect(bad.json().code).toBe('ERR_RESPONSE_SCHEMA')
      expect(bad.json().message).toContain('PriceResponse: at /data/amount it must be number')
    }
    await app.close()
  })

  it('is off by default', async () => {
    const app = await makeApp(false)
    const res = await app.inject('/price/twelve')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ data: { amount: 'twelve' } })
    await app.close()
  })
})
