// A bigint member (a BIGINT column read as a JavaScript bigint) goes out as the app chose, in every
// framework, instead of failing the request with "Do not know how to serialize a BigInt": its
// decimal string by default, or with `bigint: 'number'` a JSON number when it fits in ±(2^53 - 1)
// (one that does not is an error naming its key, never a rounded number). The generated schema
// says the same, so `checkResponses` accepts both forms.
import 'reflect-metadata'
import { Controller, Get, Module, type INestApplication } from '@nestjs/common'
import { Test } from '@nestjs/testing'
import Database from 'better-sqlite3'
import express, { type ErrorRequestHandler } from 'express'
import Fastify from 'fastify'
import { Hono } from 'hono'
import request from 'supertest'
import {
  ArgumentError,
  Attribute,
  Field,
  JsonApiResource,
  JsonResource,
  LengthAwarePaginator,
  runWithRequestContext,
  type PayloadOf,
} from 'api-resources'
import { apiResources as expressResources, respond as expressRespond } from 'api-resources/express'
import { apiResources as fastifyResources } from 'api-resources/fastify'
import { apiResources as honoResources, respond as honoRespond } from 'api-resources/hono'
import { ApiResourcesModule } from 'api-resources/nestjs'
import { openRequestContext, toHttpResponse, type BigintEncoding } from 'api-resources/http'
import { bodySchema, openApiDocument } from 'api-resources/openapi'
import { jsonSafe, jsonText, writeBigints } from '../../src/runtime/json'

interface Ledger {
  id: bigint
  name: string
  balance: bigint | null
}

class LedgerResource extends JsonResource<Ledger> {
  @Field() id!: bigint
  @Field() name!: string
  // design:type says BigInt for `bigint | null`: the null is said here
  @Field({ nullable: true }) balance!: bigint | null
}

/** The same, described with the compact type (what standard decorators, with no design:type, need). */
class TypedLedgerResource extends JsonResource<Ledger> {
  @Field('bigint') id!: bigint
  @Field() name!: string
  @Field({ type: 'bigint', nullable: true }) balance!: bigint | null
}

class LedgerDoc extends JsonApiResource<Ledger> {
  static override resourceType = 'ledgers'
  @Attribute() name!: string
  @Attribute({ nullable: true }) balance!: bigint | null
}

const MAX = 2n ** 53n - 1n

// rows as better-sqlite3 reads them with safe integers: every INTEGER a bigint
let big: Ledger
let safe: Ledger[]
beforeAll(() => {
  const db = new Database(':memory:')
  db.exec('CREATE TABLE ledgers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, balance INTEGER)')
  const insert = db.prepare('INSERT INTO ledgers VALUES (?, ?, ?)')
  insert.run(9007199254740993n, 'main', -(2n ** 63n))
  insert.run(MAX, 'edge', -MAX)
  insert.run(7n, 'empty', null)
  const rows = db.prepare('SELECT * FROM ledgers ORDER BY id DESC').safeIntegers(true).all()
  db.close()
  ;[big, ...safe] = rows as Ledger[]
  expect(typeof big.id).toBe('bigint')
  expect(safe.map((r) => r.id)).toEqual([MAX, 7n])
})

const expected = {
  data: { id: '9007199254740993', name: 'main', balance: '-9223372036854775808' },
}

/** The safe rows as `bigint: 'number'` writes them: exact JSON numbers. */
const asNumbers = () => ({
  data: [
    { id: 9007199254740991, name: 'edge', balance: -9007199254740991 },
    { id: 7, name: 'empty', balance: null },
  ],
})

/** The unsafe row with `bigint: 'number'`: an error that names the member. */
const unsafeMessage = /bigint 9007199254740993 of "id" cannot be written as a JSON number/

describe('a bigint member, written as its decimal string (the default)', () => {
  it('is typed and described as a string', () => {
    const payload: PayloadOf<typeof LedgerResource> = { id: '1', name: 'x', balance: null }
    expect(payload.id).toBe('1')
    const defs = bodySchema(LedgerResource, 'resource').$defs as Record<
      string,
      { properties: object }
    >
    expect(defs.Ledger.properties).toMatchObject({ id: { type: 'string', pattern: '^-?[0-9]+$' } })
    const typed = bodySchema(TypedLedgerResource, 'resource').$defs as Record<
      string,
      { properties: object }
    >
    expect(typed.TypedLedger.properties).toEqual({
      id: { type: 'string', pattern: '^-?[0-9]+$' },
      name: { type: 'string' },
      balance: { anyOf: [{ type: 'string', pattern: '^-?[0-9]+$' }, { type: 'null' }] },
    })
  })

  it('answers its decimal string through Express (with the app json replacer still applied)', async () => {
    const app = express()
    app.set('json replacer', (key: string, value: unknown) => (key === 'name' ? 'NAME' : value))
    app.use(expressResources({ checkResponses: true }))
    app.get(
      '/ledger',
      expressRespond(() => new LedgerResource(big)),
    )
    const res = await request(app).get('/ledger').expect(200)
    expect(res.body).toEqual({ data: { ...expected.data, name: 'NAME' } })
  })

  it('answers its decimal string through Fastify', async () => {
    const app = Fastify()
    await app.register(fastifyResources({ checkResponses: true }))
    app.get('/ledger', async () => new LedgerResource(big))
    await app.ready()
    const res = await app.inject('/ledger')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(expected)
    await app.close()
  })

  it('answers its decimal string through Hono', async () => {
    const app = new Hono()
    app.use(honoResources({ checkResponses: true }))
    app.get(
      '/ledger',
      honoRespond(() => new LedgerResource(big)),
    )
    const res = await app.request('/ledger')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(expected)
  })

  it('answers its decimal string through NestJS', async () => {
    const app = await nestApp(undefined)
    try {
      const res = await request(app.getHttpServer()).get('/ledger').expect(200)
      expect(res.body).toEqual(expected)
    } finally {
      await app.close()
    }
  })
})

describe("a bigint member with bigint: 'number'", () => {
  it('is described as an integer of at most 53 bits, in a body schema and in OpenAPI', () => {
    const int64 = {
      type: 'integer',
      format: 'int64',
      minimum: -9007199254740991,
      maximum: 9007199254740991,
    }
    for (const cls of [LedgerResource, TypedLedgerResource]) {
      const defs = bodySchema(cls, 'resource', { bigint: 'number' }).$defs as Record<
        string,
        { properties: Record<string, unknown> }
      >
      const data = Object.values(defs).find((d) => d.properties?.name !== undefined)!
      expect(data.properties.id).toEqual(int64)
      if (cls === TypedLedgerResource)
        expect(data.properties.balance).toEqual({ anyOf: [int64, { type: 'null' }] })
    }
    const document = openApiDocument({
      info: { title: 't', version: '1' },
      bigint: 'number',
      routes: [{ method: 'get', path: '/ledgers', responds: { paginated: LedgerResource } }],
    })
    const schemas = document.components.schemas as Record<string, { properties: object }>
    expect(schemas.Ledger.properties).toMatchObject({ id: int64 })
    // the string form is unchanged, and cached apart from the number form
    const defs = bodySchema(LedgerResource, 'resource').$defs as Record<string, object>
    expect(defs.Ledger).toMatchObject({ properties: { id: { type: 'string' } } })
  })

  it('answers JSON numbers through Express (checked), and an error naming the member past 2^53', async () => {
    const app = express()
    app.use(expressResources({ checkResponses: true, bigint: 'number' }))
    app.get(
      '/ledgers',
      expressRespond(() => LedgerResource.collection(safe)),
    )
    app.get(
      '/big',
      expressRespond(() => new LedgerResource(big)),
    )
    app.get('/plain', (_req, res) => {
      res.json(new LedgerResource(safe[1]))
    })
    const caught: ErrorRequestHandler = (error: Error & { code?: string }, _req, res, _next) => {
      res.status(500).json({ code: error.code, message: error.message })
    }
    app.use(caught)
    const res = await request(app).get('/ledgers').expect(200)
    expect(res.text).toBe(JSON.stringify(asNumbers()))
    expect((await request(app).get('/plain').expect(200)).body).toEqual({
      data: { id: 7, name: 'empty', balance: null },
    })
    const bad = await request(app).get('/big').expect(500)
    expect(bad.body.code).toBe('ERR_BIGINT_UNSAFE')
    expect(bad.body.message).toMatch(unsafeMessage)
  })

  it('answers JSON numbers through Fastify (checked), and an error naming the member past 2^53', async () => {
    const app = Fastify()
    await app.register(fastifyResources({ checkResponses: true, bigint: 'number' }))
    app.get('/ledgers', async () => LedgerResource.collection(safe))
    app.get('/doc', async () => new LedgerDoc(safe[0]))
    app.get('/big', async () => new LedgerResource(big))
    await app.ready()
    try {
      const res = await app.inject('/ledgers')
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe(JSON.stringify(asNumbers()))
      const doc = await app.inject('/doc')
      expect(doc.statusCode).toBe(200)
      expect(doc.json()).toMatchObject({
        data: { id: '9007199254740991', attributes: { balance: -9007199254740991 } },
      })
      const bad = await app.inject('/big')
      expect(bad.statusCode).toBe(500)
      expect(bad.json()).toMatchObject({ code: 'ERR_BIGINT_UNSAFE' })
      expect(bad.json().message).toMatch(unsafeMessage)
    } finally {
      await app.close()
    }
  })

  it('answers JSON numbers through Hono (checked), and an error naming the member past 2^53', async () => {
    const app = new Hono()
    app.use(honoResources({ checkResponses: true, bigint: 'number' }))
    app.get(
      '/ledgers',
      honoRespond(() =>
        LedgerResource.collection(new LengthAwarePaginator(safe, { total: 2, perPage: 10 })),
      ),
    )
    app.get(
      '/big',
      honoRespond(() => new LedgerResource(big)),
    )
    app.onError((error, c) =>
      c.json({ code: (error as { code?: string }).code, message: error.message }, 500),
    )
    const res = await app.request('/ledgers')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ ...asNumbers(), meta: { total: 2 } })
    const bad = await app.request('/big')
    expect(bad.status).toBe(500)
    const body = (await bad.json()) as { code: string; message: string }
    expect(body.code).toBe('ERR_BIGINT_UNSAFE')
    expect(body.message).toMatch(unsafeMessage)
  })

  it('answers JSON numbers through NestJS (checked), and a 500 past 2^53', async () => {
    const app = await nestApp('number')
    try {
      const res = await request(app.getHttpServer()).get('/ledgers').expect(200)
      expect(res.text).toBe(JSON.stringify(asNumbers()))
      await request(app.getHttpServer()).get('/ledger').expect(500)
    } finally {
      await app.close()
    }
  })

  it('through api-resources/http: the request says it, or the context it was opened with', () => {
    const answer = toHttpResponse(new LedgerResource(safe[1]), { url: '/l', bigint: 'number' })
    expect(JSON.parse(answer.body)).toEqual({ data: { id: 7, name: 'empty', balance: null } })
    const plain = toHttpResponse({ n: 5n }, { url: '/l', bigint: 'number' })
    expect(plain.body).toBe('{"n":5}')
    expect(toHttpResponse({ n: 5n }, { url: '/l' }).body).toBe('{"n":"5"}')
  })

  it('is an ArgumentError when the option is neither string nor number, in every integration', () => {
    const bad = { bigint: 'Number' as unknown as BigintEncoding }
    const expectBad = (build: () => unknown) => {
      let caught: unknown
      try {
        build()
      } catch (error) {
        caught = error
      }
      expect(caught).toBeInstanceOf(ArgumentError)
      expect(caught).toMatchObject({ code: 'ERR_BIGINT_OPTION' })
      expect(String(caught)).toContain("bigint must be 'string' (a bigint as its decimal string)")
    }
    expectBad(() => expressResources(bad))
    expectBad(() => fastifyResources(bad))
    expectBad(() => honoResources(bad))
    expectBad(() => ApiResourcesModule.forRoot(bad))
    expectBad(() => openApiDocument({ info: { title: 't', version: '1' }, routes: [], ...bad }))
    expectBad(() => bodySchema(LedgerResource, 'resource', bad))
  })
})

async function nestApp(bigint: BigintEncoding | undefined): Promise<INestApplication> {
  @Controller()
  class LedgersController {
    @Get('ledger')
    one() {
      return new LedgerResource(big)
    }

    @Get('ledgers')
    list() {
      return LedgerResource.collection(safe)
    }
  }
  @Module({
    imports: [ApiResourcesModule.forRoot({ checkResponses: true, bigint })],
    controllers: [LedgersController],
  })
  class AppModule {}
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile()
  const app = moduleRef.createNestApplication({ logger: false })
  await app.init()
  return app
}

describe('jsonText', () => {
  it('is JSON.stringify for a body without a bigint, and still throws on a cycle', () => {
    expect(jsonText({ a: [1, 'b', null] }, undefined, 2)).toBe(
      JSON.stringify({ a: [1, 'b', null] }, null, 2),
    )
    expect(jsonText(undefined)).toBe('null')
    const cycle: Record<string, unknown> = { n: 1n }
    cycle.self = cycle
    expect(() => jsonText(cycle)).toThrow(TypeError)
    expect(() => jsonText(cycle, undefined, undefined, 'number')).toThrow(TypeError)
  })

  it("writes a bigint as a number within ±(2^53 - 1) with 'number', and refuses past it", () => {
    expect(jsonText({ a: MAX, b: -MAX, c: 0n, d: [1n] }, undefined, undefined, 'number')).toBe(
      '{"a":9007199254740991,"b":-9007199254740991,"c":0,"d":[1]}',
    )
    expect(jsonText({ a: MAX + 1n }, undefined, undefined, 'string')).toBe(
      '{"a":"9007199254740992"}',
    )
    expect(() => jsonText({ total: MAX + 1n }, undefined, undefined, 'number')).toThrow(
      expect.objectContaining({
        code: 'ERR_BIGINT_UNSAFE',
        message: expect.stringMatching(/bigint 9007199254740992 of "total" cannot be written/),
      }),
    )
    expect(() => jsonText({ ids: [1n, -MAX - 1n] }, undefined, undefined, 'number')).toThrow(
      /bigint -9007199254740992 of item 1 of a list/,
    )
  })
})

describe('JSON.stringify of a resource or paginator holding a bigint (their toJSON)', () => {
  it('writes its decimal string outside any request', () => {
    expect(JSON.parse(JSON.stringify(new LedgerResource(big)))).toEqual(expected)
    const page = new LengthAwarePaginator([big], { total: 1, perPage: 15 })
    expect(JSON.parse(JSON.stringify(page)).data).toEqual([expected.data])
    expect(JSON.parse(JSON.stringify({ wrapped: LedgerResource.collection(safe) }))).toEqual({
      wrapped: {
        data: asNumbers().data.map((r) => ({
          ...r,
          id: String(r.id),
          balance: r.balance === null ? null : String(r.balance),
        })),
      },
    })
  })

  it("writes JSON numbers in a request context that says 'number', and names the member past 2^53", () => {
    const numbers = { url: '/ledgers', bigint: 'number' as const }
    const { body } = toHttpResponse({ ok: true }, numbers)
    expect(body).toBe('{"ok":true}')
    const context = openRequestContext(numbers)
    runWithRequestContext(context, () => {
      expect(JSON.parse(JSON.stringify(LedgerResource.collection(safe)))).toEqual(asNumbers())
      expect(() => JSON.stringify(new LedgerResource(big))).toThrow(unsafeMessage)
    })
  })
})

describe('toPayload(): the payload JSON-safe, as its type says', () => {
  class Stamped extends JsonResource<Ledger & { at: Date }> {
    @Field() id!: bigint
    @Field() at!: Date
  }
  class StampedDoc extends JsonApiResource<Ledger & { at: Date }> {
    static override resourceType = 'ledgers'
    @Attribute() balance!: bigint | null
    @Attribute() at!: Date
  }
  const at = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6))
  const iso = '2026-01-02T03:04:05.006Z'

  it('writes a bigint as its decimal string and a date as its ISO string, as JSON does', () => {
    const model = { ...big, at }
    const one = new Stamped(model).toPayload()
    expect(one).toEqual({ data: { id: '9007199254740993', at: iso } })
    const id: string = one.data.id // the payload type says string, and so does the value
    expect(typeof id).toBe('string')
    expect(JSON.parse(JSON.stringify(new Stamped(model)))).toEqual(one)
    expect(JSON.parse(JSON.stringify(one))).toEqual(one)
    const list = Stamped.collection([model]).toPayload()
    expect(list).toEqual({ data: [{ id: '9007199254740993', at: iso }] })
    const page = Stamped.collection(new LengthAwarePaginator([model], { total: 1, perPage: 15 }))
    expect(page.toPayload().data).toEqual([{ id: '9007199254740993', at: iso }])
    const doc = new StampedDoc(model).toPayload()
    expect(doc.data?.attributes).toEqual({ balance: '-9223372036854775808', at: iso })
    expect(StampedDoc.collection([model]).toPayload().data[0].attributes).toEqual({
      balance: '-9223372036854775808',
      at: iso,
    })
  })

  it("writes JSON numbers in a request context that says 'number', and names the member past 2^53", () => {
    const context = openRequestContext({ url: '/ledgers', bigint: 'number' })
    runWithRequestContext(context, () => {
      expect(new Stamped({ ...safe[1], at }).toPayload()).toEqual({ data: { id: 7, at: iso } })
      expect(() => new Stamped({ ...big, at }).toPayload()).toThrow(unsafeMessage)
    })
  })

  it('leaves the model untouched', () => {
    const model = { ...big, at }
    new Stamped(model).toPayload()
    expect(model.at).toBe(at)
    expect(model.id).toBe(9007199254740993n)
  })
})

describe('jsonSafe', () => {
  it('replaces what has a toJSON() by its result, as JSON.stringify does, copying only the way to it', () => {
    const shared = { a: [1, 'b', null] }
    const body = { keep: shared, d: new Date(0), custom: { toJSON: (key: string) => `at ${key}` } }
    const out = jsonSafe(body) as Record<string, unknown>
    expect(out).toEqual({ keep: shared, d: '1970-01-01T00:00:00.000Z', custom: 'at custom' })
    expect(out.keep).toBe(shared)
    expect(jsonSafe(shared)).toBe(shared)
    // what a toJSON() returns is made JSON-safe too
    expect(jsonSafe({ n: { toJSON: () => ({ big: 2n }) } })).toEqual({ n: { big: '2' } })
    const cycle: Record<string, unknown> = { d: new Date(0) }
    cycle.self = cycle
    expect(() => JSON.stringify(jsonSafe(cycle))).toThrow(TypeError)
  })
})

describe('writeBigints', () => {
  it('returns the value itself when it holds no bigint, and copies only the way to one', () => {
    const shared = { a: [1, 'b', null], d: new Date(0) }
    expect(writeBigints(shared)).toBe(shared)
    const body = { keep: shared, list: [{ n: 1n }, { m: 2 }] }
    const out = writeBigints(body) as typeof body
    expect(out).toEqual({ keep: shared, list: [{ n: '1' }, { m: 2 }] })
    expect(out.keep).toBe(shared)
    expect(out.list[1]).toBe(body.list[1])
    expect(body.list[0].n).toBe(1n)
  })

  it('leaves objects with their own toJSON, byte arrays and cycles to JSON.stringify', () => {
    const custom = { n: 1n, toJSON: () => 'custom' }
    const bytes = new BigInt64Array([1n])
    expect(writeBigints(custom)).toBe(custom)
    expect(writeBigints(bytes)).toBe(bytes)
    const cycle: Record<string, unknown> = { n: 1n }
    cycle.self = cycle
    expect(() => JSON.stringify(writeBigints(cycle))).toThrow(TypeError)
  })

  it('leaves a cycle without a bigint to JSON.stringify, as it is', () => {
    const cycle: Record<string, unknown> = { list: [{ a: 1 }] }
    ;(cycle.list as unknown[]).push(cycle)
    expect(writeBigints(cycle)).toBe(cycle)
    expect(jsonSafe(cycle)).toBe(cycle)
    expect(() => JSON.stringify(writeBigints(cycle))).toThrow(/circular/i)
  })

  it('writes a bigint and a date however deep they sit', () => {
    type Nest = { next?: Nest; n?: bigint; d?: Date }
    const root: Nest = {}
    let last = root
    for (let i = 0; i < 600; i++) last = last.next = {}
    last.n = 5n
    last.d = new Date(0)
    expect(JSON.stringify(writeBigints(root))).toContain('{"n":"5","d":"1970-01-01T00:00:00.000Z"}')
    let out = jsonSafe(root) as Nest
    while (out.next !== undefined) out = out.next
    expect(out).toEqual({ n: '5', d: '1970-01-01T00:00:00.000Z' })
  })

  it('writes only own keys, as JSON does: an inherited bigint is not copied', () => {
    const body = Object.assign(Object.create({ inherited: 1n }) as object, { own: 2 })
    expect(writeBigints(body)).toBe(body)
    expect(JSON.stringify(writeBigints(body))).toBe('{"own":2}')
  })
})
