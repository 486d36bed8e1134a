import fc from 'fast-check'
import { Cursor, InvalidCursorError } from '../../src'

/** What Laravel's Cursor::encode() does: base64 of PHP's json_encode, made URL-safe, unpadded. */
function laravelEncode(phpJson: string): string {
  return Buffer.from(phpJson, 'utf8')
    .toString('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=/g, '')
}

describe('Cursor', () => {
  it('encodes the parameters and _pointsToNextItems as unpadded base64url JSON', () => {
    const cursor = new Cursor({ id: 15 })
    expect(cursor.pointsToNextItems()).toBe(true)
    expect(cursor.pointsToPreviousItems()).toBe(false)
    const encoded = cursor.encode()
    expect(encoded).toBe('eyJpZCI6MTUsIl9wb2ludHNUb05leHRJdGVtcyI6dHJ1ZX0')
    expect(Buffer.from(encoded, 'base64url').toString()).toBe('{"id":15,"_pointsToNextItems":true}')
  })

  it('decodes a cursor encoded by Laravel (PHP escapes / and non-ASCII characters)', () => {
    // json_encode(['title' => 'a/b é', 'id' => 5, '_pointsToNextItems' => false])
    const php = '{"title":"a\\/b \\u00e9","id":5,"_pointsToNextItems":false}'
    const encoded = laravelEncode(php)
    expect(encoded).toBe(
      'eyJ0aXRsZSI6ImFcL2IgXHUwMGU5IiwiaWQiOjUsIl9wb2ludHNUb05leHRJdGVtcyI6ZmFsc2V9',
    )
    const cursor = Cursor.fromEncoded(encoded)
    expect(cursor.parameter('title')).toBe('a/b é')
    expect(cursor.parameters(['id', 'title'])).toEqual([5, 'a/b é'])
    expect(cursor.pointsToPreviousItems()).toBe(true)
    expect(Cursor.fromEncoded(cursor.encode()).toArray()).toEqual(cursor.toArray())
    // and encodes to the very string Laravel gives
    expect(cursor.encode()).toBe(encoded)
    expect(new Cursor({ title: 'a/b é', id: 5 }, false).encode()).toBe(encoded)
  })

  it('decodes a Laravel cursor holding a 64-bit integer past 2^53 exactly, as its decimal string', () => {
    // json_encode(['id' => 9007199254740993, 'note' => '"12345678901234567', 'score' => 1.5E+300, ...])
    const php =
      '{"id":9007199254740993,"low":-9223372036854775808,"note":"\\"12345678901234567",' +
      '"score":1.5e+300,"n":9007199254740991,"d":9007199254740992,"_pointsToNextItems":true}'
    const cursor = Cursor.fromEncoded(laravelEncode(php))
    // 2^53 is a double's own text (what JSON.stringify writes for it): it stays a number
    expect(cursor.parameters(['id', 'low', 'note', 'score', 'n', 'd'])).toEqual([
      '9007199254740993',
      '-9223372036854775808',
      '"12345678901234567',
      1.5e300,
      9007199254740991,
      9007199254740992,
    ])
    expect(() => Cursor.fromEncoded(laravelEncode('12345678901234567890'))).toThrow(
      InvalidCursorError,
    )
  })

  it('round-trips NULL, strings with any characters, and both directions', () => {
    const cursor = new Cursor({ 'posts.score': null, title: '+/=?&#😀' }, false)
    const back = Cursor.fromEncoded(cursor.encode())
    expect(back.parameter('posts.score')).toBeNull()
    expect(back.parameter('title')).toBe('+/=?&#😀')
    expect(back.pointsToNextItems()).toBe(false)
    expect(cursor.encode()).toMatch(/^[A-Za-z0-9_-]+$/)
  })

  it.each([
    ['not a string', 42, /not a string/],
    ['empty', '', /not base64url/],
    ['not base64url', 'ab+c/d==', /not base64url/],
    ['not JSON', laravelEncode('{oops'), /not JSON/],
    ['a JSON array', laravelEncode('[1,2]'), /not a JSON object/],
    ['a JSON string', laravelEncode('"x"'), /not a JSON object/],
    ['no direction', laravelEncode('{"id":1}'), /_pointsToNextItems/],
    ['a string direction', laravelEncode('{"id":1,"_pointsToNextItems":"true"}'), /boolean/],
    ['an object value', laravelEncode('{"id":{"$gt":1},"_pointsToNextItems":true}'), /scalar/],
    ['an array value', laravelEncode('{"id":[1],"_pointsToNextItems":true}'), /scalar/],
  ])('refuses a cursor that is %s with InvalidCursorError (400)', (_what, value, message) => {
    let error: unknown
    try {
      Cursor.fromEncoded(value)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(InvalidCursorError)
    expect((error as InvalidCursorError).status).toBe(400)
    expect((error as InvalidCursorError).code).toBe('ERR_INVALID_CURSOR')
    expect((error as Error).message).toMatch(message)
  })

  it('refuses a parameter the cursor does not carry', () => {
    expect(() => new Cursor({ id: 1 }).parameter('created_at')).toThrow(InvalidCursorError)
  })

  describe('signed with a secret', () => {
    const secret = 'correct horse battery staple'

    it('appends an HMAC-SHA256 signature and verifies it', () => {
      const signed = new Cursor({ id: 3 }).encode(secret)
      const [body, signature] = signed.split('.')
      expect(body).toBe(new Cursor({ id: 3 }).encode())
      expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(Cursor.fromEncoded(signed, secret).parameter('id')).toBe(3)
      expect(Cursor.fromEncoded(signed, Buffer.from(secret)).parameter('id')).toBe(3)
    })

    it('refuses an unsigned, re-signed, truncated or tampered cursor', () => {
      const signed = new Cursor({ id: 3 }).encode(secret)
      const forged = `${new Cursor({ id: 99 }).encode()}.${signed.split('.')[1]}`
      for (const bad of [
        new Cursor({ id: 3 }).encode(),
        new Cursor({ id: 3 }).encode('other secret'),
        signed.slice(0, -1),
        forged,
        `${signed}x`,
      ])
        expect(() => Cursor.fromEncoded(bad, secret)).toThrow(InvalidCursorError)
    })
  })
})

describe('Cursor column names that look like the encoding', () => {
  it.each(['_pointsToNextItems', '__pointsToNextItems', '__proto__', 'constructor'])(
    'round-trips a column named %s with its direction',
    (name) => {
      for (const next of [true, false]) {
        const cursor = new Cursor(
          Object.defineProperty({}, name, { value: 7, enumerable: true }),
          next,
        )
        const back = Cursor.fromEncoded(cursor.encode())
        expect(back.names()).toEqual([name])
        expect(back.parameter(name)).toBe(7)
        expect(back.pointsToNextItems()).toBe(next)
        expect(Object.getPrototypeOf(back.toArray())).toBe(Object.prototype)
      }
    },
  )
})

describe('Cursor encoding of any parameters', () => {
  const name = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.constantFrom('_pointsToNextItems', '__pointsToNextItems', '__proto__', '0', '7', '10'),
  )
  const value = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
  )

  it('is the JSON of the parameters (flag-like names escaped) and then the flag, every time', () => {
    fc.assert(
      fc.property(fc.dictionary(name, value), fc.boolean(), (parameters, next) => {
        const cursor = new Cursor(parameters, next)
        const expected: Record<string, unknown> = {}
        for (const [key, v] of Object.entries(parameters))
          Object.defineProperty(expected, /^_+pointsToNextItems$/.test(key) ? `_${key}` : key, {
            value: v,
            enumerable: true,
          })
        Object.defineProperty(expected, '_pointsToNextItems', { value: next, enumerable: true })
        const encoded = cursor.encode()
        // as PHP's json_encode() writes it: `/` as `\/`, past ASCII as `\uXXXX`
        const php = JSON.stringify(expected).replace(/[\u0080-\uffff]|\//g, (c) =>
          c === '/' ? '\\/' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
        )
        expect(encoded).toBe(Buffer.from(php, 'utf8').toString('base64url'))
        expect(cursor.encode()).toBe(encoded)
        expect(cursor.encode('key')).toBe(new Cursor(parameters, next).encode('key'))
        const back = Cursor.fromEncoded(encoded)
        const names = cursor.names()
        expect(back.names()).toEqual(names)
        // JSON's: -0 reads back as 0
        expect(JSON.stringify(back.parameters(names))).toBe(
          JSON.stringify(cursor.parameters(names)),
        )
        expect(back.pointsToNextItems()).toBe(next)
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    )
  })
})

describe('a number JSON cannot hold', () => {
  // JSON.stringify writes a non-finite number as null: no cursor this package wrote carries one
  it.each(['1e999', '-1e999'])('refuses %s, which parses as an infinity', (number) => {
    const encoded = Buffer.from(`{"f":${number},"id":0,"_pointsToNextItems":true}`).toString(
      'base64url',
    )
    expect(() => Cursor.fromEncoded(encoded)).toThrow(InvalidCursorError)
  })
})
