// apiResources({ checkResponses: true }) on Hono: a body that strays from its schema is an error
// naming the first wrong member; off by default.
import 'reflect-metadata'
import { Hono } from 'hono'
import { Field, JsonResource } from 'api-resources'
import { apiResources, respond } from 'api-resources/hono'

class PriceResource extends JsonResource<Record<string, unknown>> {
  @Field({ from: 'amount' as string }) amount!: number
}

function makeApp(checkResponses: boolean): Hono {
  const app = new Hono()
  app.use(apiResources({ checkResponses }))
  app.get(
    '/price/:amount',
    respond((c) => {
      const raw = c.req.param('amount') ?? ''
      return new PriceResource({ amount: /^[0-9]+$/.test(raw) ? Number(raw) : raw })
    }),
  )
  app.onError((err, c) =>
    c.json({ code: (err as { code?: string }).code, message: err.message }, 500),
  )
  return app
}

describe('api-resources/hono with checkResponses', () => {
  it('passes a body that matches, and reports the first mismatch by its JSON pointer', async () => {
    const app = makeApp(true)
    const ok = await app.request('/price/12')
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ data: { amount: 12 } })
    const bad = await app.request('/price/twelve')
    expect(bad.status).toBe(500)
    const body = (await bad.json()) as { code: string; message: string }
    expect(body.code).toBe('ERR_RESPONSE_SCHEMA')
    expect(body.message).toContain('PriceResponse: at /data/amount it must be number')
  })

  it('is off by default', async () => {
    const res = await makeApp(false).request('/price/twelve')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ data: { amount: 'twelve' } })
  })
})
