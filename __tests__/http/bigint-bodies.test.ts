// A bigint member (a BIGINT column read as a JavaScript bigint) goes out as its decimal string, in
// every framework, instead of failing the request with "Do not know how to serialize a BigInt".
import 'reflect-metadata'
import Database from 'better-sqlite3'
import express from 'express'
import Fastify from 'fastify'
import { Hono } from 'hono'
import request from 'supertest'
import { Field, JsonResource, type PayloadOf } from 'api-resources'
import { apiResources as expressResources, respond as expressRespond } from 'api-resources/express'
import { apiResources as fastifyResources } from 'api-resources/fastify'
import { apiResources as honoResources, respond as honoRespond } from 'api-resources/hono'
import { bodySchema } from 'api-resources/openapi'
import { jsonText } from '../../src/util/json'

interface Ledger {
  id: bigint
  name: string
  balance: bigint | null
}

class LedgerResource extends JsonResource<Ledger> {
  @Field() id!: bigint
  @Field() name!: string
  @Field() balance!: bigint | null
}

// the row as better-sqlite3 reads it with safe integers: every INTEGER a bigint
let row: Ledger
beforeAll(() => {
  const db = new Database(':memory:')
  db.exec('CREATE TABLE ledgers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, balance INTEGER)')
  db.prepare('INSERT INTO ledgers VALUES (?, ?, ?)').run(9007199254740993n, 'main', -(2n ** 63n))
  row = db.prepare('SELECT * FROM ledgers').safeIntegers(true).get() as Ledger
  db.close()
  expect(typeof row.id).toBe('bigint')
})

const expected = {
  data: { id: '9007199254740993', name: 'main', balance: '-9223372036854775808' },
}

describe('a bigint member', () => {
  it('is typed and described as a string', () => {
    const payload: PayloadOf<typeof LedgerResource> = { id: '1', name: 'x', balance: null }
    expect(payload.id).toBe('1')
    const defs = bodySchema(LedgerResource, 'resource').$defs as Record<
      string,
      { properties: object }
    >
    expect(defs.Ledger.properties).toMatchObject({ id: { type: 'string', pattern: '^-?[0-9]+$' } })
  })

  it('answers its decimal string through Express (with the app json replacer still applied)', async () => {
    const app = express()
    app.set('json replacer', (key: string, value: unknown) => (key === 'name' ? 'NAME' : value))
    app.use(expressResources({ checkResponses: true }))
    app.get(
      '/ledger',
      expressRespond(() => new LedgerResource(row)),
    )
    const res = await request(app).get('/ledger').expect(200)
    expect(res.body).toEqual({ data: { ...expected.data, name: 'NAME' } })
  })

  it('answers its decimal string through Fastify', async () => {
    const app = Fastify()
    await app.register(fastifyResources({ checkResponses: true }))
    app.get('/ledger', async () => new LedgerResource(row))
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
      honoRespond(() => new LedgerResource(row)),
    )
    const res = await app.request('/ledger')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(expected)
  })
})

describe('jsonText', () => {
  it('is JSON.stringify for a body without a bigint, and still throws on a cycle', () => {
    expect(jsonText({ a: [1, 'b', null] }, undefined, 2)).toBe(
      JSON.stringify({ a: [1, 'b', null] }, null, 2),
    )
    expect(jsonText(undefined)).toBe('null')
    const cycle: Record<string, unknown> = { n: 1n }
    cycle.self = cycle
    expect(() => jsonText(cycle)).toThrow(TypeError)
  })
})
