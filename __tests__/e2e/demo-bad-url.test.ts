// A URL the router cannot decode is the client's mistake: the demo answers 400 with a JSON message,
// and logs nothing (no stack for a client error).
import request from 'supertest'
import type { Knex } from 'knex'
import { seededDemo } from './demo-db'

let db: Knex
let app: Awaited<ReturnType<typeof seededDemo>>['app']
let errorLog: jest.SpyInstance
const savedEnv = process.env.NODE_ENV

beforeAll(async () => {
  ;({ db, app } = await seededDemo())
})
afterAll(() => db.destroy())
beforeEach(() => {
  // the demo logs server errors outside the test environment: make this test see them
  process.env.NODE_ENV = 'development'
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  process.env.NODE_ENV = savedEnv
  errorLog.mockRestore()
})

describe('demo: undecodable URLs', () => {
  it.each(['/json/posts/%E0%A4%A', '/jsonapi/posts/%E0%A4%A', '/json/posts/%'])(
    'GET %s is a 400 with a JSON message',
    async (url) => {
      const res = await request(app).get(url)
      expect(res.status).toBe(400)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(typeof res.body.message).toBe('string')
      expect(res.body.message.length).toBeGreaterThan(0)
      expect(errorLog).not.toHaveBeenCalled()
    },
  )

  it('says what was wrong with the standard reason phrase', async () => {
    const res = await request(app).get('/json/posts/%E0%A4%A')
    expect(res.body).toEqual({ message: 'Bad Request.' })
  })

  it('answers a URL that decodes as before', async () => {
    const res = await request(app).get('/json/posts/1')
    expect(res.status).toBe(200)
  })
})
