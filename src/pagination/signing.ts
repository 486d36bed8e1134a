/**
 * Cursor signing and encoding on APIs every runtime has (Node, Deno, Bun, Cloudflare Workers,
 * browsers): UTF-8 through `TextEncoder`/`TextDecoder`, base64url and HMAC-SHA256 (RFC 2104 over
 * FIPS 180-4 SHA-256) written out here, so that encoding and checking a cursor stay synchronous.
 * @module
 */

const utf8Encoder = new TextEncoder()
// ignoreBOM: a leading U+FEFF is text like any other (as Buffer reads it), never stripped
const utf8Decoder = new TextDecoder('utf-8', { ignoreBOM: true })

/** The bytes of `text` in UTF-8 (a lone surrogate becomes U+FFFD, as in Node's `Buffer`). */
export function utf8Bytes(text: string): Uint8Array {
  return utf8Encoder.encode(text)
}

/** `bytes` read as UTF-8 (an invalid sequence becomes U+FFFD, as in Node's `Buffer`). */
export function utf8Text(bytes: Uint8Array): string {
  return utf8Decoder.decode(bytes)
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const VALUE_OF = new Int16Array(128).fill(-1)
for (let i = 0; i < ALPHABET.length; i++) VALUE_OF[ALPHABET.charCodeAt(i)] = i

/** base64url (RFC 4648 §5) without `=` padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let out = ''
  let i = 0
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2]
    out += ALPHABET[n >>> 18] + ALPHABET[(n >>> 12) & 63] + ALPHABET[(n >>> 6) & 63]
    out += ALPHABET[n & 63]
  }
  const rest = bytes.length - i
  if (rest === 1) {
    const n = bytes[i]
    out += ALPHABET[n >>> 2] + ALPHABET[(n & 3) << 4]
  } else if (rest === 2) {
    const n = (bytes[i] << 8) | bytes[i + 1]
    out += ALPHABET[n >>> 10] + ALPHABET[(n >>> 4) & 63] + ALPHABET[(n & 15) << 2]
  }
  return out
}

/**
 * base64url without padding of the UTF-8 bytes of `text`: `toBase64Url(utf8Bytes(text))`, read
 * straight from the text when it is ASCII (a cursor's JSON mostly is), without the bytes.
 */
export function textToBase64Url(text: string): string {
  const length = text.length
  let out = ''
  let i = 0
  for (; i + 2 < length; i += 3) {
    const a = text.charCodeAt(i)
    const b = text.charCodeAt(i + 1)
    const c = text.charCodeAt(i + 2)
    if ((a | b | c) > 0x7f) return toBase64Url(utf8Bytes(text))
    const n = (a << 16) | (b << 8) | c
    out += ALPHABET[n >>> 18] + ALPHABET[(n >>> 12) & 63] + ALPHABET[(n >>> 6) & 63]
    out += ALPHABET[n & 63]
  }
  const rest = length - i
  if (rest === 1) {
    const n = text.charCodeAt(i)
    if (n > 0x7f) return toBase64Url(utf8Bytes(text))
    out += ALPHABET[n >>> 2] + ALPHABET[(n & 3) << 4]
  } else if (rest === 2) {
    const a = text.charCodeAt(i)
    const b = text.charCodeAt(i + 1)
    if ((a | b) > 0x7f) return toBase64Url(utf8Bytes(text))
    const n = (a << 8) | b
    out += ALPHABET[n >>> 10] + ALPHABET[(n >>> 4) & 63] + ALPHABET[(n & 15) << 2]
  }
  return out
}

/**
 * The bytes of base64url `text` (its characters already checked to be of the alphabet). As Node's
 * `Buffer.from(text, 'base64url')`: the bits of an incomplete last byte are dropped, so a lone last
 * character adds nothing.
 */
export function fromBase64Url(text: string): Uint8Array {
  const out = new Uint8Array(Math.floor((text.length * 6) / 8))
  let bits = 0
  let buffer = 0
  let at = 0
  for (let i = 0; i < text.length; i++) {
    const value = VALUE_OF[text.charCodeAt(i)] ?? -1
    if (value < 0) throw new RangeError(`not a base64url character at ${i}`)
    buffer = ((buffer << 6) | value) & 0xffffff
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out[at++] = (buffer >>> bits) & 0xff
    }
  }
  return out
}

// SHA-256 round constants: the first 32 bits of the fractional parts of the cube roots of the
// first 64 primes (FIPS 180-4 §4.2.2).
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
])

const INITIAL = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]

/** The SHA-256 digest (32 bytes) of `message` (FIPS 180-4). */
export function sha256(message: Uint8Array): Uint8Array {
  // Padding: a 1 bit, zeros, then the length in bits as a 64-bit big-endian number.
  const blocks = Math.ceil((message.length + 9) / 64)
  const padded = new Uint8Array(blocks * 64)
  padded.set(message)
  padded[message.length] = 0x80
  const view = new DataView(padded.buffer)
  const bitLength = message.length * 8
  view.setUint32(padded.length - 8, Math.floor(bitLength / 0x100000000))
  view.setUint32(padded.length - 4, bitLength >>> 0)

  const h = INITIAL.slice()
  const w = new Uint32Array(64)
  for (let block = 0; block < padded.length; block += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(block + t * 4)
    for (let t = 16; t < 64; t++) {
      const a = w[t - 15]
      const b = w[t - 2]
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3)
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10)
      w[t] = (w[t - 16] + s0 + w[t - 7] + s1) >>> 0
    }
    let [a, b, c, d, e, f, g, hh] = h as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ]
    for (let t = 0; t < 64; t++) {
      const t1 =
        (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t]) >>> 0
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0
      hh = g
      g = f
      f = e
      e = (d + t1) >>> 0
      d = c
      c = b
      b = a
      a = (t1 + t2) >>> 0
    }
    h[0] = (h[0] + a) >>> 0
    h[1] = (h[1] + b) >>> 0
    h[2] = (h[2] + c) >>> 0
    h[3] = (h[3] + d) >>> 0
    h[4] = (h[4] + e) >>> 0
    h[5] = (h[5] + f) >>> 0
    h[6] = (h[6] + g) >>> 0
    h[7] = (h[7] + hh) >>> 0
  }
  const digest = new Uint8Array(32)
  const out = new DataView(digest.buffer)
  for (let i = 0; i < 8; i++) out.setUint32(i * 4, h[i])
  return digest
}

function rotr(x: number, n: number): number {
  return (x >>> n) | (x << (32 - n))
}

const BLOCK = 64

/** The HMAC-SHA256 (RFC 2104) of `message` under `key`. */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = new Uint8Array(BLOCK)
  block.set(key.length > BLOCK ? sha256(key) : key)
  const inner = new Uint8Array(BLOCK + message.length)
  const outer = new Uint8Array(BLOCK + 32)
  for (let i = 0; i < BLOCK; i++) {
    inner[i] = block[i] ^ 0x36
    outer[i] = block[i] ^ 0x5c
  }
  inner.set(message, BLOCK)
  outer.set(sha256(inner), BLOCK)
  return sha256(outer)
}

/** Do `a` and `b` hold the same text? Compared in time that depends on their lengths only. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}
