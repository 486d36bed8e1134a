/**
 * The recorded comparison of the demo app: status, Content-Type and the exact body of every demo
 * endpoint (and of a set of variants: other pages, JSON:API error documents, bad input) must stay
 * byte-identical to `recordings/demo-endpoints.json`. A refactoring that changes any of them fails
 * here. After an intended change of output, re-record with `RECORD_DEMO=1 npx jest demo-recording`
 * and review the diff of the recording.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import request from 'supertest'
import type { Knex } from 'knex'
import { endpointSections } from '../../demo-app/src/app'
import { seededDemo } from './demo-db'

interface Exchange {
  readonly method: 'GET' | 'POST'
  readonly path: string
  readonly accept?: string
  readonly body?: unknown
}

interface Recorded {
  readonly status: number
  readonly contentType: string | null
  readonly body: string
}

const RECORDING = join(__dirname, 'recordings', 'demo-endpoints.json')
const JSON_API = 'application/vnd.api+json'

/** Every endpoint the index page lists, then variants that exercise other branches. */
function exchanges(): Exchange[] {
  const listed: Exchange[] = [{ method: 'GET', path: '/' }]
  for (const section of endpointSections()) {
    for (const endpoint of section.endpoints as { method?: 'GET' | 'POST'; path: string }[]) {
      if ((endpoint.method ?? 'GET') === 'GET') listed.push({ method: 'GET', path: endpoint.path })
    }
  }
  const variants: Exchange[] = [
    { method: 'GET', path: '/json/posts/999999', accept: JSON_API },
    { method: 'GET', path: '/json/posts/abc' },
    { method: 'GET', path: '/jsonapi/posts/999999', accept: JSON_API },
    { method: 'GET', path: '/paginated/users?page=0' },
    { method: 'GET', path: '/paginated/users?page=abc' },
    { method: 'GET', path: '/paginated/users?page=999' },
    { method: 'GET', path: '/paginated/feed?page=2' },
    { method: 'GET', path: '/paginated/array?page=1' },
    { method: 'GET', path: '/jsonapi/posts?page=2' },
    { method: 'GET', path: '/jsonapi/posts?include=nope,author.nope&fields[posts]=nope' },
    { method: 'GET', path: '/jsonapi/users?fields[users]=' },
    { method: 'GET', path: '/html/posts?page=2' },
    { method: 'GET', path: '/html/posts?page=34' },
    { method: 'GET', path: '/html/comments?page=3' },
    { method: 'GET', path: '/no/such/endpoint' },
    { method: 'POST', path: '/json/posts', body: {} },
    { method: 'POST', path: '/json/posts', body: { title: 1 }, accept: JSON_API },
    // cursor pages (not listed on the index page): first pages, a page after and before a
    // cursor, and a bad cursor as plain JSON and as a JSON:API error document
    { method: 'GET', path: '/paginated/cursor' },
    {
      method: 'GET',
      path: '/paginated/cursor?cursor=eyJwb3N0cy51c2VyX2lkIjozLCJwb3N0cy5pZCI6NDAsIl9wb2ludHNUb05leHRJdGVtcyI6dHJ1ZX0',
    },
    {
      method: 'GET',
      path: '/paginated/cursor?cursor=eyJwb3N0cy51c2VyX2lkIjozLCJwb3N0cy5pZCI6NDAsIl9wb2ludHNUb05leHRJdGVtcyI6ZmFsc2V9',
    },
    { method: 'GET', path: '/paginated/cursor?cursor=nope' },
    { method: 'GET', path: '/paginated/cursor/jsonapi' },
    { method: 'GET', path: '/paginated/cursor/jsonapi?cursor=nope', accept: JSON_API },
    { method: 'GET', path: '/paginated/cursor/html' },
    {
      method: 'GET',
      path: '/paginated/cursor/html?cursor=eyJwb3N0cy51c2VyX2lkIjozLCJwb3N0cy5pZCI6NDAsIl9wb2ludHNUb05leHRJdGVtcyI6dHJ1ZX0',
    },
  ]
  return [...listed, ...variants]
}

function keyOf(e: Exchange): string {
  return `${e.method} ${e.path}${e.accept === undefined ? '' : ` [${e.accept}]`}${
    e.body === undefined ? '' : ` ${JSON.stringify(e.body)}`
  }`
}

async function perform(app: Parameters<typeof request>[0], e: Exchange): Promise<Recorded> {
  let req = e.method === 'GET' ? request(app).get(e.path) : request(app).post(e.path)
  if (e.accept !== undefined) req = req.set('Accept', e.accept)
  if (e.body !== undefined) req = req.send(e.body as object)
  const res = await req.buffer(true).parse((response, done) => {
    const chunks: Buffer[] = []
    response.on('data', (c: Buffer) => chunks.push(c))
    response.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')))
  })
  return {
    status: res.status,
    contentType: (res.headers['content-type'] as string | undefined) ?? null,
    body: res.body as string,
  }
}

let db: Knex
let app: Awaited<ReturnType<typeof seededDemo>>['app']

beforeAll(async () => {
  ;({ db, app } = await seededDemo())
})
afterAll(() => db.destroy())

describe('demo app: recorded comparison', () => {
  it('every endpoint answers byte-identically to the recording', async () => {
    const actual: Record<string, Recorded> = {}
    for (const e of exchanges()) actual[keyOf(e)] = await perform(app, e)
    if (process.env.RECORD_DEMO === '1') {
      writeFileSync(RECORDING, `${JSON.stringify(actual, null, 1)}\n`)
      return
    }
    const recorded = JSON.parse(readFileSync(RECORDING, 'utf8')) as Record<string, Recorded>
    expect(Object.keys(actual)).toEqual(Object.keys(recorded))
    for (const key of Object.keys(recorded)) {
      expect({ key, ...actual[key] }).toEqual({ key, ...recorded[key] })
    }
  })
})
