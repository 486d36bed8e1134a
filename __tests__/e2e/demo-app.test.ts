import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import request from 'supertest'
import type { Knex } from 'knex'
import { endpointSections } from '../../demo-app/src/app'
import { createDb } from '../../demo-app/src/db'
import { SEED_COUNTS, createRandom, seed } from '../../demo-app/src/seed'
import { seededDemo } from './demo-db'

let db: Knex
let app: Awaited<ReturnType<typeof seededDemo>>['app']

beforeAll(async () => {
  ;({ db, app } = await seededDemo())
})
afterAll(() => db.destroy())

describe('demo seed', () => {
  it('writes the documented counts and a pivot with its own columns', async () => {
    for (const [table, count] of Object.entries(SEED_COUNTS)) {
      const [{ n }] = await db(table).count({ n: '*' })
      expect(Number(n)).toBe(count)
    }
    const pivot = await db('post_tag').first()
    expect(Object.keys(pivot).sort()).toEqual(['added_at', 'position', 'post_id', 'tag_id'])
  })

  it('is deterministic: the same seed gives the same rows, another seed different ones', async () => {
    const snapshot = async (d: Knex) =>
      JSON.stringify([
        await d('users').orderBy('id'),
        await d('posts').orderBy('id').limit(50),
        await d('post_tag').orderBy(['post_id', 'tag_id']).limit(200),
      ])
    const again = createDb()
    const other = createDb()
    try {
      await seed(again)
      await seed(other, { seed: 7 })
      expect(await snapshot(again)).toBe(await snapshot(db))
      expect(await snapshot(other)).not.toBe(await snapshot(db))
    } finally {
      await again.destroy()
      await other.destroy()
    }
  })

  it('can keep the database in a file, with smaller counts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'demo-db-'))
    const file = join(dir, 'nested', 'demo.sqlite')
    const fileDb = createDb({ file })
    try {
      const counts = await seed(fileDb, { counts: { users: 3, posts: 10, comments: 5, tags: 4 } })
      expect(counts).toMatchObject({ users: 3, posts: 10, comments: 5, tags: 4 })
      expect(existsSync(file)).toBe(true)
    } finally {
      await fileDb.destroy()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('uses a PRNG in [0, 1) that repeats for one seed', () => {
    const a = createRandom(1)
    const b = createRandom(1)
    const values = Array.from({ length: 1000 }, () => a())
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()))
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true)
  })
})

describe('demo index page', () => {
  it('answers HTML linking every GET endpoint of every route module', async () => {
    const res = await request(app).get('/').expect(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    const endpoints = endpointSections().flatMap(
      (s) => s.endpoints as { path: string; method?: string }[],
    )
    expect(endpoints.length).toBeGreaterThan(0)
    for (const endpoint of endpoints) {
      const escaped = endpoint.path.replace(/&/g, '&#38;')
      if ((endpoint.method ?? 'GET') === 'GET') expect(res.text).toContain(`href="${escaped}"`)
      else expect(res.text).toContain(`<code>${escaped}</code>`)
    }
  })

  it('every linked endpoint answers without a server error', async () => {
    const res = await request(app).get('/')
    const hrefs = [...res.text.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&#38;/g, '&'))
    for (const href of hrefs) {
      const answer = await request(app).get(href)
      expect({ href, status: answer.status < 500 }).toEqual({ href, status: true })
    }
  })

  it('answers an unknown path with a JSON 404', async () => {
    await request(app)
      .get('/nope')
      .expect(404, { message: 'No such endpoint; see / for the list.' })
  })
})
