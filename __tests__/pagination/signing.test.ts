import { createHash, createHmac } from 'node:crypto'
import fc from 'fast-check'
import { Cursor } from '../../src'
import {
  constantTimeEqual,
  fromBase64Url,
  hmacSha256,
  sha256,
  textToBase64Url,
  toBase64Url,
  utf8Bytes,
  utf8Text,
} from '../../src/pagination/signing'

// Cursor signing runs on Node, Deno, Bun and Workers alike, so it does not use node:crypto or
// Buffer; these compare it with them.
const runs = { numRuns: Number(process.env.FUZZ_RUNS ?? 300) }
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')
const bytes = fc.uint8Array({ maxLength: 300 })

describe('cursor signing without node:crypto', () => {
  it('SHA-256 matches the FIPS 180-4 examples and node:crypto', () => {
    expect(hex(sha256(utf8Bytes('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
    expect(hex(sha256(new Uint8Array(0)))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    )
    fc.assert(
      fc.property(bytes, (m) => hex(sha256(m)) === createHash('sha256').update(m).digest('hex')),
      runs,
    )
  })

  it('HMAC-SHA256 matches RFC 4231 and node:crypto, keys longer than a block included', () => {
    // RFC 4231 test case 2
    expect(hex(hmacSha256(utf8Bytes('Jefe'), utf8Bytes('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    )
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 200 }),
        bytes,
        (key, m) => hex(hmacSha256(key, m)) === createHmac('sha256', key).update(m).digest('hex'),
      ),
      runs,
    )
  })

  it('keeps a leading byte order mark as text, as Buffer does', () => {
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf, 0x61])
    expect(utf8Text(bom)).toBe('\ufeffa')
    expect(utf8Text(bom)).toBe(Buffer.from(bom).toString('utf8'))
  })

  it('base64url and UTF-8 read and write as Buffer does', () => {
    fc.assert(
      fc.property(bytes, (m) => toBase64Url(m) === Buffer.from(m).toString('base64url')),
      runs,
    )
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]*$/), (text) =>
        Buffer.from(fromBase64Url(text)).equals(Buffer.from(text, 'base64url')),
      ),
      runs,
    )
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) =>
        Buffer.from(utf8Bytes(s)).equals(Buffer.from(s, 'utf8')),
      ),
      runs,
    )
    fc.assert(
      fc.property(bytes, (m) => utf8Text(m) === Buffer.from(m).toString('utf8')),
      runs,
    )
    expect(() => fromBase64Url('ab+c')).toThrow(RangeError)
  })

  it('base64url of a text is that of its UTF-8 bytes, ASCII or not, at every length', () => {
    for (const text of [
      '',
      'a',
      'ab',
      'abc',
      'abcd',
      '{"id":15}',
      'é',
      'aé',
      'abé',
      '\u007f\u0080',
    ])
      expect(textToBase64Url(text)).toBe(Buffer.from(text, 'utf8').toString('base64url'))
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'binary' })),
        (s) => textToBase64Url(s) === Buffer.from(s, 'utf8').toString('base64url'),
      ),
      runs,
    )
  })

  it('compares signatures by content', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true)
    expect(constantTimeEqual('abc', 'abd')).toBe(false)
    expect(constantTimeEqual('abc', 'ab')).toBe(false)
  })

  it('a cursor signed by the node:crypto implementation still verifies, and signs the same', () => {
    // Signed with createHmac('sha256', 's3cret').update(encoded).digest('base64url').
    const signed =
      'eyJpZCI6MTUsIm5hw692ZSI6IsO8IiwiX3BvaW50c1RvTmV4dEl0ZW1zIjp0cnVlfQ.SjuzIFcJHfFu3KFYlD07UpznJusKopU7xf3XOibvh_8'
    const cursor = Cursor.fromEncoded(signed, 's3cret')
    expect(cursor.parameter('naïve')).toBe('ü')
    // re-encoded as Laravel writes it (`\u00fc`): signed as node:crypto signs that text
    const encoded = cursor.encode()
    expect(cursor.encode('s3cret')).toBe(
      `${encoded}.${createHmac('sha256', 's3cret').update(encoded).digest('base64url')}`,
    )
    expect(Cursor.fromEncoded(signed, Buffer.from('s3cret')).parameter('id')).toBe(15)
    expect(Cursor.fromEncoded(signed, new TextEncoder().encode('s3cret')).parameter('id')).toBe(15)
    expect(() => Cursor.fromEncoded(signed, 's3creT')).toThrow(/signature/)
  })

  it('signs as node:crypto does for any parameters and secret', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean())),
        fc.string({ minLength: 1 }),
        (parameters, secret) => {
          const encoded = new Cursor(parameters).encode()
          const expected = createHmac('sha256', secret).update(encoded).digest('base64url')
          return new Cursor(parameters).encode(secret) === `${encoded}.${expected}`
        },
      ),
      runs,
    )
  })
})
