import request from 'supertest'
import { tryGetRequestContext } from 'api-resources'
import { apiResources, respond } from 'api-resources/express'
import { EXPRESS_VERSIONS, Probe, randomDelay } from './express-versions'

describe.each(EXPRESS_VERSIONS)('concurrent requests on %s', (_name, makeApp) => {
  it('never see each other’s context', async () => {
    const app = makeApp()
    app.use(apiResources())
    const handler = async (req: any) => {
      const before = tryGetRequestContext()
      await randomDelay()
      await Promise.all([randomDelay(), randomDelay()])
      setImmediate(() => undefined)
      await randomDelay()
      const after = tryGetRequestContext()
      // the handler itself sees its own context at every await, and so does serialization
      if (after === undefined || before !== after || after.request !== req)
        throw new Error('context changed')
      return new Probe({ seenPage: after.page, seenPath: after.path })
    }
    app.get('/a/:n', respond(handler))
    app.get('/b/:n', respond(handler))
    app.get('/c/:n', async (req, res) => {
      await randomDelay()
      res.json(new Probe({ seenPage: tryGetRequestContext()?.page, seenPath: req.path }))
    })

    const server = app.listen(0)
    try {
      const requests = Array.from({ length: 300 }, (_, i) => {
        const prefix = ['a', 'b', 'c'][i % 3]
        const url = `/${prefix}/${i}?page=${i + 1}&include=r${i}&fields[t${i}]=f${i}`
        return request(server)
          .get(url)
          .expect(200)
          .then((res) => ({ i, prefix, body: res.body }))
      })
      const results = await Promise.all(requests)
      for (const { i, prefix, body } of results) {
        expect(body.path).toBe(`/${prefix}/${i}`)
        expect(body.page).toBe(i + 1)
        expect(body.include).toEqual([`r${i}`])
        expect(body.fields).toEqual({ [`t${i}`]: [`f${i}`] })
        expect(body.sameRequest).toBe(true)
        expect(body.tag.seenPage).toBe(i + 1)
        expect(body.tag.seenPath).toBe(`/${prefix}/${i}`)
      }
    } finally {
      server.close()
    }
    expect(tryGetRequestContext()).toBeUndefined()
  })
})
