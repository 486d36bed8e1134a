import { runWithRequestContext, tryGetRequestContext } from '../../src/context/request-context'
import {
  heldRequestContext,
  holdRequestContext,
  runInRequestContext,
} from '../../src/http/http-response'

describe('the request context kept on a framework object', () => {
  it('is opened once, from the first request description, and then found again', () => {
    const holder = {}
    let opened = 0
    const request = () => {
      opened++
      return { url: 'http://host/api/posts?page=3', raw: holder }
    }
    expect(heldRequestContext(holder)).toBeUndefined()
    const context = holdRequestContext(holder, request)
    expect(context.path).toBe('/api/posts')
    expect(context.page).toBe(3)
    expect(context.request).toBe(holder)
    expect(holdRequestContext(holder, request)).toBe(context)
    expect(heldRequestContext(holder)).toBe(context)
    expect(opened).toBe(1)
    // another object has its own
    expect(holdRequestContext({}, () => ({ url: '/other' })).path).toBe('/other')
  })

  it('is entered around a call, across its awaits, unless it is the current one', async () => {
    const context = holdRequestContext({}, () => ({ url: '/a?page=2' }))
    const seen = await runInRequestContext(context, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1))
      return tryGetRequestContext()
    })
    expect(seen).toBe(context)
    const other = holdRequestContext({}, () => ({ url: '/b' }))
    runWithRequestContext(context, () => {
      expect(runInRequestContext(context, () => tryGetRequestContext())).toBe(context)
      expect(runInRequestContext(other, () => tryGetRequestContext())).toBe(other)
      expect(tryGetRequestContext()).toBe(context)
    })
  })
})
