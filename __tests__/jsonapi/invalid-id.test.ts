// A JSON:API id must be a non-empty string, a finite number or a bigint: `NaN`, `Infinity`,
// `-Infinity` and `''` are no id a client could use, and fail with the coded id error.
import 'reflect-metadata'
import { JsonApiResource } from 'api-resources'
import { JSONAPI_ERROR_CODES } from 'api-resources/errors'

class Thing extends JsonApiResource<{ id: unknown; name: string }> {
  static override resourceType = 'things'
}

class Computed extends JsonApiResource<{ key: unknown }> {
  static override resourceType = 'computed'
  override toId() {
    return this.resource.key as string
  }
  override toArray() {
    return {}
  }
}

const BAD = [NaN, Infinity, -Infinity, '']

describe('JSON:API ids', () => {
  it.each(BAD)('an id attribute of %p is an error', (id) => {
    expect(() => JSON.stringify(new Thing({ id, name: 'x' }))).toThrow(
      expect.objectContaining({
        code: JSONAPI_ERROR_CODES.resourceId,
        message: expect.stringContaining('Thing could not determine the id'),
      }),
    )
    expect(() => JSON.stringify(Thing.collection([{ id, name: 'x' }]))).toThrow(
      expect.objectContaining({ code: JSONAPI_ERROR_CODES.resourceId }),
    )
  })

  it.each(BAD)('a toId() result of %p is an error', (key) => {
    expect(() => JSON.stringify(new Computed({ key }))).toThrow(
      expect.objectContaining({
        code: JSONAPI_ERROR_CODES.resourceId,
        message: expect.stringContaining('Computed.toId()'),
      }),
    )
  })

  it('keeps accepting strings, finite numbers and bigints', () => {
    for (const [id, text] of [
      ['a', 'a'],
      [0, '0'],
      [-1.5, '-1.5'],
      [10n, '10'],
    ] as const) {
      expect(JSON.parse(JSON.stringify(new Thing({ id, name: 'x' }))).data.id).toBe(text)
      expect(JSON.parse(JSON.stringify(new Computed({ key: id }))).data.id).toBe(text)
    }
  })
})
