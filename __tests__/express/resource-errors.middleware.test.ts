import request from 'supertest'
import { z } from 'zod'
import { body, validationResult } from 'express-validator'
import { NotFoundError, ValidationError } from 'api-resources'
import { resourceErrors, respond } from 'api-resources/express'
import { EXPRESS_VERSIONS, express4, express5 } from './express-versions'

const JSON_API = 'application/vnd.api+json'

const schema = z.object({
  name: z.string().min(3, 'The name must be at least 3 characters.'),
  address: z.object({ city: z.string('The city is required.') }),
  tags: z.array(z.string('Each tag must be a string.')),
})

describe.each(EXPRESS_VERSIONS)('resourceErrors() on %s', (name, makeApp) => {
  const express = name === 'express 4' ? express4 : express5

  function app() {
    const a = makeApp()
    a.use(express.json())
    a.post(
      '/plain',
      respond(() => {
        throw new ValidationError({ email: ['The email is required.', 'The email is invalid.'] })
      }),
    )
    a.post(
      '/zod',
      respond((req) => {
        const parsed = schema.safeParse(req.body)
        if (!parsed.success) throw ValidationError.fromZod(parsed.error)
        return parsed.data
      }),
    )
    a.post(
      '/ev',
      body('email').isEmail().withMessage('Must be an email.'),
      body('items.*.sku').notEmpty().withMessage('SKU required.'),
      respond((req) => {
        const result = validationResult(req)
        if (!result.isEmpty()) throw ValidationError.fromExpressValidator(result)
        return { ok: true }
      }),
    )
    a.get(
      '/missing',
      respond(() => {
        throw new NotFoundError('User 7 not found.')
      }),
    )
    a.get('/other', () => {
      throw new Error('not ours')
    })
    a.use(resourceErrors())
    a.use((err: unknown, _req: unknown, res: any, _next: unknown) => {
      res.status(599).json({ passedOn: err instanceof Error ? err.message : 'non-error' })
    })
    return a
  }

  it('answers a ValidationError with 422 { message, errors }', async () => {
    const res = await request(app()).post('/plain').expect(422)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.body).toEqual({
      message: 'The email is required. (and 1 more error)',
      errors: { email: ['The email is required.', 'The email is invalid.'] },
    })
  })

  it('answers with a JSON:API errors document when Accept asks for it', async () => {
    const res = await request(app()).post('/plain').set('Accept', JSON_API).expect(422)
    expect(res.headers['content-type']).toBe(JSON_API)
    expect(JSON.parse(res.text)).toEqual({
      errors: [
        {
          status: '422',
          title: 'Invalid Attribute',
          detail: 'The email is required.',
          source: { pointer: '/data/attributes/email' },
        },
        {
          status: '422',
          title: 'Invalid Attribute',
          detail: 'The email is invalid.',
          source: { pointer: '/data/attributes/email' },
        },
      ],
      jsonapi: { version: '1.1' },
    })
  })

  it('reads Accept lists with parameters and q-values', async () => {
    const listed = await request(app())
      .post('/plain')
      .set('Accept', `text/html, ${JSON_API};q=0.9`)
      .expect(422)
    expect(listed.headers['content-type']).toBe(JSON_API)
    const refused = await request(app()).post('/plain').set('Accept', `${JSON_API};q=0`).expect(422)
    expect(refused.headers['content-type']).toMatch(/^application\/json/)
  })

  it('turns nested zod paths into dotted fields and nested pointers', async () => {
    const input = { name: 'ab', address: {}, tags: ['ok', 5] }
    const plain = await request(app()).post('/zod').send(input).expect(422)
    expect(plain.body.errors).toEqual({
      name: ['The name must be at least 3 characters.'],
      'address.city': ['The city is required.'],
      'tags.1': ['Each tag must be a string.'],
    })
    const doc = await request(app()).post('/zod').set('Accept', JSON_API).send(input).expect(422)
    const pointers = JSON.parse(doc.text).errors.map((e: any) => e.source.pointer)
    expect(pointers).toEqual([
      '/data/attributes/name',
      '/data/attributes/address/city',
      '/data/attributes/tags/1',
    ])
  })

  it('accepts express-validator results', async () => {
    const res = await request(app())
      .post('/ev')
      .send({ email: 'nope', items: [{ sku: 'a' }, { sku: '' }] })
      .expect(422)
    expect(res.body.errors).toEqual({
      email: ['Must be an email.'],
      'items[1].sku': ['SKU required.'],
    })
    const doc = await request(app())
      .post('/ev')
      .set('Accept', JSON_API)
      .send({ email: 'nope', items: [{ sku: '' }] })
      .expect(422)
    expect(JSON.parse(doc.text).errors.map((e: any) => e.source.pointer)).toEqual([
      '/data/attributes/email',
      '/data/attributes/items/0/sku',
    ])
    await request(app()).post('/ev').send({ email: 'a@b.co', items: [] }).expect(200)
  })

  it('answers a NotFoundError with 404, both ways', async () => {
    await request(app()).get('/missing').expect(404, { message: 'User 7 not found.' })
    const doc = await request(app()).get('/missing').set('Accept', JSON_API).expect(404)
    expect(doc.headers['content-type']).toBe(JSON_API)
    expect(JSON.parse(doc.text)).toEqual({
      errors: [{ status: '404', title: 'Not Found', detail: 'User 7 not found.' }],
      jsonapi: { version: '1.1' },
    })
  })

  it('passes unknown errors on, untouched', async () => {
    const seen: unknown[] = []
    const thrown = new Error('mine')
    const a = makeApp()
    a.get('/x', () => {
      throw thrown
    })
    a.get('/s', (_req, _res, next) => next('a string error'))
    a.use(resourceErrors())
    a.use((err: unknown, _req: unknown, res: any, _next: unknown) => {
      seen.push(err)
      res.status(500).end()
    })
    await request(a).get('/x').set('Accept', JSON_API).expect(500)
    await request(a).get('/s').expect(500)
    expect(seen[0]).toBe(thrown)
    expect(seen[1]).toBe('a string error')
    await request(app()).get('/other').expect(599, { passedOn: 'not ours' })
  })

  /** An error as a second copy of the package builds it: plain object fields and the mark. */
  function fromAnotherCopy(fields: Record<string, unknown>): Error {
    const error = Object.assign(new Error(String(fields.message ?? '')), fields)
    Object.defineProperty(error, Symbol.for('api-resources.error'), { value: true })
    return error
  }

  function passOnApp(thrown: unknown, seen: unknown[]) {
    const a = makeApp()
    a.get('/x', () => {
      throw thrown
    })
    a.use(resourceErrors())
    a.use((err: unknown, _req: unknown, res: any, _next: unknown) => {
      seen.push(err)
      res.status(599).json({ passedOn: true })
    })
    return a
  }

  it('recognises errors of another copy of the package by their mark', async () => {
    const a = passOnApp(
      fromAnotherCopy({ message: 'Bad.', code: 'ERR_VALIDATION', errors: { x: ['Bad.'] } }),
      [],
    )
    await request(a)
      .get('/x')
      .expect(422, { message: 'Bad.', errors: { x: ['Bad.'] } })
    const missing = passOnApp(fromAnotherCopy({ message: 'Gone.', code: 'ERR_NOT_FOUND' }), [])
    await request(missing).get('/x').expect(404, { message: 'Gone.' })
  })

  it.each([
    ['application/json', undefined],
    ['JSON:API', JSON_API],
  ])(
    'passes on a foreign error that merely has the code ERR_VALIDATION (%s)',
    async (_label, accept) => {
      const seen: unknown[] = []
      const foreign = { code: 'ERR_VALIDATION', errors: { a: 'x' }, message: 'm' }
      const call = request(passOnApp(foreign, seen)).get('/x')
      if (accept !== undefined) call.set('Accept', accept)
      await call.expect(599, { passedOn: true })
      expect(seen).toEqual([foreign])
      expect(seen[0]).toBe(foreign)
      const seenError: unknown[] = []
      const error = Object.assign(new Error('m'), { code: 'ERR_NOT_FOUND' })
      const other = request(passOnApp(error, seenError)).get('/x')
      if (accept !== undefined) other.set('Accept', accept)
      await other.expect(599)
      expect(seenError[0]).toBe(error)
    },
  )

  it('never fails on malformed data in one of its own errors', async () => {
    const malformed = fromAnotherCopy({
      message: 'Bad.',
      code: 'ERR_VALIDATION',
      errors: { a: 'One.', b: [1, 'Two.', null], c: 3, d: { deep: true } },
    })
    const plain = await request(passOnApp(malformed, [])).get('/x').expect(422)
    expect(plain.body).toEqual({ message: 'Bad.', errors: { a: ['One.'], b: ['Two.'] } })
    const doc = await request(passOnApp(malformed, []))
      .get('/x')
      .set('Accept', JSON_API)
      .expect(422)
    expect(JSON.parse(doc.text).errors.map((e: any) => e.detail)).toEqual(['One.', 'Two.'])
    for (const errors of [undefined, null, 'text', ['a']]) {
      const odd = fromAnotherCopy({ message: 'Odd.', code: 'ERR_VALIDATION', errors })
      await request(passOnApp(odd, [])).get('/x').expect(422, { message: 'Odd.', errors: {} })
      const res = await request(passOnApp(odd, [])).get('/x').set('Accept', JSON_API).expect(422)
      expect(JSON.parse(res.text).errors).toEqual([
        { status: '422', title: 'Invalid Attribute', detail: 'Odd.' },
      ])
    }
  })

  it('passes on its own errors that have no HTTP answer', async () => {
    const seen: unknown[] = []
    const thrown = fromAnotherCopy({ message: 'perPage ...', code: 'ERR_PER_PAGE' })
    await request(passOnApp(thrown, seen)).get('/x').expect(599)
    expect(seen[0]).toBe(thrown)
  })

  it('takes options: when to use JSON:API and the validation title', async () => {
    const a = makeApp()
    a.get('/v', () => {
      throw new ValidationError({ '': 'The input is invalid.' })
    })
    a.use(resourceErrors({ jsonApi: (req) => req.path === '/v', validationTitle: 'Invalid' }))
    const res = await request(a).get('/v').expect(422)
    expect(res.headers['content-type']).toBe(JSON_API)
    expect(JSON.parse(res.text).errors).toEqual([
      {
        status: '422',
        title: 'Invalid',
        detail: 'The input is invalid.',
        source: { pointer: '/data/attributes' },
      },
    ])
  })
})
