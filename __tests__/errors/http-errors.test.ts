import { z } from 'zod'
import { ApiResourcesError, NotFoundError, ValidationError } from '../../src'

describe('ValidationError', () => {
  it('carries field -> messages, a code, a status and a summary message', () => {
    const error = new ValidationError({ email: 'Required.', name: ['Too short.', 'Too plain.'] })
    expect(error).toBeInstanceOf(ApiResourcesError)
    expect(error.name).toBe('ValidationError')
    expect(error.code).toBe('ERR_VALIDATION')
    expect(error.status).toBe(422)
    expect(error.errors).toEqual({ email: ['Required.'], name: ['Too short.', 'Too plain.'] })
    expect(error.message).toBe('Required. (and 2 more errors)')
    expect(Object.isFrozen(error.errors)).toBe(true)
  })

  it('summarises one message as itself, none as a generic sentence; a message wins', () => {
    expect(new ValidationError({ a: ['Only.'] }).message).toBe('Only.')
    expect(new ValidationError({ a: ['One.', 'Two.'] }).message).toBe('One. (and 1 more error)')
    expect(new ValidationError({}).message).toBe('The given data was invalid.')
    expect(new ValidationError({ a: ['x'] }, 'Custom.').message).toBe('Custom.')
  })

  it('copies the input (later changes do not leak in)', () => {
    const input = { a: ['x'] }
    const error = new ValidationError(input)
    input.a.push('y')
    expect(error.errors.a).toEqual(['x'])
  })

  it('rejects bad input with an ArgumentError naming it', () => {
    expect(() => new ValidationError(null as never)).toThrow(
      'errors must be an object of field -> messages; got null',
    )
    expect(() => new ValidationError(['a'] as never)).toThrow(TypeError)
    expect(() => new ValidationError({ a: [1] } as never)).toThrow(
      'errors.a must be a string or strings; got an array of 1',
    )
  })

  it('fromZod: nested paths joined with "."; the root is ""', () => {
    const schema = z
      .object({
        user: z.object({ emails: z.array(z.string().email('Bad email.')) }),
        n: z.number('A number.'),
      })
      .refine(() => false, 'Whole input.')
    const result = schema.safeParse({ user: { emails: ['ok@x.io', 'nope'] }, n: 'x' })
    expect(result.success).toBe(false)
    const error = ValidationError.fromZod(result.error!)
    expect(error.errors).toEqual({ 'user.emails.1': ['Bad email.'], n: ['A number.'] })
    const root = ValidationError.fromZod(
      z
        .object({})
        .refine(() => false, 'Whole input.')
        .safeParse({}).error!,
    )
    expect(root.errors).toEqual({ '': ['Whole input.'] })
  })

  it('fromZod accepts the shape only, and rejects other values', () => {
    const error = ValidationError.fromZod({ issues: [{ path: ['a', 0], message: 'm' }] }, 'M')
    expect(error.errors).toEqual({ 'a.0': ['m'] })
    expect(error.message).toBe('M')
    expect(() => ValidationError.fromZod({} as never)).toThrow(
      'zodError must be a ZodError; got an object',
    )
  })

  it('fromExpressValidator reads field, alternative and unknown-field errors', () => {
    const errors = [
      { type: 'field', path: 'email', msg: 'Bad email.', location: 'body', value: 'x' },
      { type: 'field', path: 'email', msg: 'Too long.', location: 'body', value: 'x' },
      {
        type: 'alternative',
        msg: 'Invalid value',
        nestedErrors: [{ type: 'field', path: 'phone', msg: 'Bad phone.' }],
      },
      {
        type: 'alternative_grouped',
        msg: 'Invalid value',
        nestedErrors: [[{ type: 'field', path: 'a', msg: 'A.' }], [{ path: 'b', msg: 'B.' }]],
      },
      { type: 'unknown_fields', msg: 'Unknown field.', fields: [{ path: 'extra' }] },
      { param: 'legacy', msg: 'v6 style.' },
      { type: 'field', path: 'n', msg: 42 },
    ]
    const error = ValidationError.fromExpressValidator({ array: () => errors })
    expect(error.errors).toEqual({
      email: ['Bad email.', 'Too long.'],
      phone: ['Bad phone.'],
      a: ['A.'],
      b: ['B.'],
      extra: ['Unknown field.'],
      legacy: ['v6 style.'],
      n: ['42'],
    })
    expect(ValidationError.fromExpressValidator(errors).errors).toEqual(error.errors)
    expect(() => ValidationError.fromExpressValidator(42 as never)).toThrow(
      'result must be an express-validator Result or an array of its errors; got 42',
    )
  })
})

describe('NotFoundError', () => {
  it('has a code, a status 404 and a default message', () => {
    const error = new NotFoundError()
    expect(error.code).toBe('ERR_NOT_FOUND')
    expect(error.status).toBe(404)
    expect(error.message).toBe('Not found.')
    expect(new NotFoundError('Post 3 not found.').message).toBe('Post 3 not found.')
  })
})
