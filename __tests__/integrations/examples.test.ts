// The runnable examples (examples/*.ts) answer as their comments say.
import request from 'supertest'
import { buildApp } from '../../examples/fastify'
import { app as honoApp } from '../../examples/hono'
import { createApp } from '../../examples/nestjs'

const JSONAPI = 'application/vnd.api+json'

describe('examples/fastify.ts', () => {
  it('serves users, a JSON:API user, a 201 and the error statuses', async () => {
    const app = await buildApp()
    const list = await app.inject('/users?page=3')
    expect(list.headers['content-type']).toBe('application/json')
    expect(list.json().meta).toMatchObject({ current_page: 3, path: '/users' })
    expect(list.json().data).toHaveLength(12)
    const one = await app.inject('/users/7')
    expect(one.headers['content-type']).toBe(JSONAPI)
    expect(one.json().data).toMatchObject({ type: 'users', id: '7' })
    expect((await app.inject('/users/99')).statusCode).toBe(404)
    const created = await app.inject({ method: 'POST', url: '/users', payload: { name: 'Ada' } })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toEqual({ data: { id: 43, name: 'Ada' } })
    expect((await app.inject({ method: 'POST', url: '/users', payload: {} })).statusCode).toBe(422)
    await app.close()
  })
})

describe('examples/hono.ts', () => {
  it('serves users, a JSON:API user, a 201 and the error statuses', async () => {
    const list = await honoApp.request('http://localhost/users?page=2')
    expect(list.headers.get('content-type')).toBe('application/json')
    expect(((await list.json()) as any).links).toMatchObject({ next: '/users?page=3' })
    const one = await honoApp.request('/users/7')
    expect(one.headers.get('content-type')).toBe(JSONAPI)
    expect((await honoApp.request('/users/99')).status).toBe(404)
    const post = (body: unknown) =>
      honoApp.request('/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    expect((await post({ name: 'Ada' })).status).toBe(201)
    expect((await post({})).status).toBe(422)
  })
})

describe('examples/nestjs.ts', () => {
  it('serves users, a JSON:API user, a 201 and the error statuses', async () => {
    const app = await createApp()
    const http = () => request(app.getHttpServer())
    const list = await http().get('/users?page=2').expect(200)
    expect(list.headers['content-type']).toBe('application/json')
    expect(list.body.meta).toMatchObject({ current_page: 2, path: '/users' })
    const one = await http().get('/users/7').expect(200)
    expect(one.headers['content-type']).toBe(JSONAPI)
    await http().get('/users/99').expect(404)
    await http()
      .post('/users')
      .send({ name: 'Ada' })
      .expect(201, { data: { id: 43, name: 'Ada' } })
    await http().post('/users').send({}).expect(422)
    await app.close()
  })
})
