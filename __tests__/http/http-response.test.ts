import 'reflect-metadata'
import {
  Field,
  InvalidCursorError,
  JsonResource,
  NotFoundError,
  QueryParameterError,
  ValidationError,
  defineQuery,
  queryPlan,
  tryGetRequestContext,
} from 'api-resources'
import {
  acceptOf,
  errorToHttpResponse,
  openRequestContext,
  requestTarget,
  runWithRequestContext,
  toHttpResponse,
} from 'api-resources/http'
import { thrownBy } from '../support/thrown'

class UserResource extends JsonResource<{ id: number }> {
  @Field() id!: number
}

class PathResource extends JsonResource<object> {
  override toArray(): Record<string, unknown> {
    return { path: tryGetRequestContext()?.path, page: tryGetRequestContext()?.page }
  }
}

describe('requestTarget', () => {
  it.each([
    ['/users?page=2', '/users?page=2'],
    ['http://example.test:8080/users?page=2', '/users?page=2'],
    ['https://example.test', '/'],
    ['https://example.test?page=3', '/?page=3'],
    ['users', 'users'],
  ])('%s -> %s', (url, target) => expect(requestTarget(url)).toBe(target))
})

describe('acceptOf', () => {
  it('reads Accept from `accept`, a Fetch Headers or a Node header object', () => {
    expect(acceptOf({ url: '/', accept: 'a/b' })).toBe('a/b')
    expect(acceptOf({ url: '/', headers: new Headers({ accept: 'c/d' }) })).toBe('c/d')
    expect(acceptOf({ url: '/', headers: { accept: ['e/f', 'g/h'] } })).toBe('e/f, g/h')
    expect(acceptOf({ url: '/' })).toBeUndefined()
  })
})

describe('toHttpResponse', () => {
  it('builds a respondable in the context of the request, absolute URL included', () => {
    const answer = toHttpResponse(new PathResource({}), { url: 'http://h/a/b/?page=4' })
    expect(answer).toEqual({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { path: '/a/b', page: 4 } }),
    })
  })

  it('uses the current context when it belongs to the request', () => {
    const raw = {}
    const context = openRequestContext({ url: '/x?page=2', raw })
    const answer = runWithRequestContext(context, () =>
      toHttpResponse(new PathResource({}), { url: '/ignored', raw }),
    )
    expect(JSON.parse(answer.body)).toEqual({ data: { path: '/x', page: 2 } })
  })

  it("lets the handler's status win and hands the response to withResponse()", () => {
    const seen: unknown[] = []
    class Hooked extends UserResource {
      override withResponse(_request: unknown, response: unknown): void {
        seen.push(response)
      }
    }
    const response = { tag: 'res' }
    const answer = toHttpResponse(
      new Hooked({ id: 1 }),
      { url: '/' },
      { response, explicitStatus: () => 201 },
    )
    expect(answer.status).toBe(201)
    expect(seen).toEqual([response])
  })

  it('sends any other value as plain JSON', () => {
    expect(toHttpResponse({ ok: true }, { url: '/' })).toEqual({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: '{"ok":true}',
    })
    expect(toHttpResponse(undefined, { url: '/' }).body).toBe('null')
  })
})

describe('errorToHttpResponse', () => {
  it('answers the package errors with their statuses, as JSON or JSON:API', () => {
    const invalid = new ValidationError({ email: ['Taken.'] })
    expect(errorToHttpResponse(invalid, { url: '/' })).toMatchObject({
      status: 422,
      headers: { 'content-type': 'application/json' },
    })
    const doc = errorToHttpResponse(invalid, {
      url: '/',
      headers: { accept: 'application/vnd.api+json' },
    })!
    expect(doc.headers['content-type']).toBe('application/vnd.api+json')
    expect(JSON.parse(doc.body).errors[0].source).toEqual({ pointer: '/data/attributes/email' })
    expect(
      errorToHttpResponse(new NotFoundError('Gone.'), { url: '/' }, { jsonApi: false }),
    ).toEqual({
      status: 404,
      headers: { 'content-type': 'application/json' },
      body: '{"message":"Gone."}',
    })
  })

  it('answers 406 to a client that asks for JSON:API only with a parameter it may not carry', () => {
    const accept = 'application/vnd.api+json; charset=utf-8'
    for (const request of [
      { url: '/', headers: { accept } },
      { url: '/', raw: { headers: { accept } } },
    ]) {
      const answer = errorToHttpResponse(new NotFoundError('Gone.'), request)!
      expect([answer.status, answer.headers['content-type']]).toEqual([
        406,
        'application/vnd.api+json',
      ])
      expect(JSON.parse(answer.body).errors[0].status).toBe('406')
    }
    // a plain JSON client is answered as before
    const plain = { url: '/', headers: { accept: 'application/json' } }
    expect(errorToHttpResponse(new NotFoundError('Gone.'), plain)!.status).toBe(404)
  })

  it('writes a message repeated for one field or parameter as one JSON:API error object', () => {
    const jsonApi = { jsonApi: true }
    const errorsOf = (error: unknown) =>
      JSON.parse(errorToHttpResponse(error, { url: '/' }, jsonApi)!.body).errors as unknown[]
    const invalid = new ValidationError({ email: ['Invalid value', 'Invalid value', 'Taken.'] })
    expect(errorsOf(invalid)).toHaveLength(2)
    const repeated = new QueryParameterError({
      'filter[x]': ['No such filter.', 'No such filter.'],
    })
    expect(errorsOf(repeated)).toHaveLength(1)
    // the library says a problem of a repeated parameter once
    class Filtered extends JsonResource<{ id: number }> {
      static query = defineQuery<{ id: number }>()({
        filters: { id: { type: 'integer', operators: ['eq'] } },
      })
      @Field() id!: number
    }
    const thrown = thrownBy(() =>
      queryPlan(Filtered, { query: 'filter[nope]=1&filter[nope][eq]=1' }),
    ) as QueryParameterError
    expect(thrown.errors).toEqual({ 'filter[nope]': [expect.stringMatching(/is not a filter/)] })
  })

  it("sends the client the message without the pointer to the package's guide", () => {
    const error = InvalidCursorError.invalidCursor('it is not base64url')
    expect(error.message).toContain('/guide/cursor-pagination') // for the developer's logs
    const plain = errorToHttpResponse(error, { url: '/' }, { jsonApi: false })!
    // a 400 about a query parameter has the shape of the others: the parameter maps to its message
    expect(JSON.parse(plain.body)).toEqual({
      message: 'The cursor is invalid: it is not base64url.',
      errors: { cursor: ['The cursor is invalid: it is not base64url.'] },
    })
    const doc = errorToHttpResponse(error, { url: '/' }, { jsonApi: true })!
    expect(JSON.parse(doc.body).errors[0]).toMatchObject({
      status: '400',
      detail: 'The cursor is invalid: it is not base64url.',
      source: { parameter: 'cursor' },
    })
  })

  it('passes on any other error', () => {
    expect(errorToHttpResponse(new Error('x'), { url: '/' })).toBeUndefined()
    expect(errorToHttpResponse({ code: 'ERR_VALIDATION' }, { url: '/' })).toBeUndefined()
  })
})
