// A JSON:API document answered by an app that forgot the integration: include is ignored, and the
// process is told so once, with the fix of each framework, under Express, Fastify, Hono and NestJS alike.
import 'reflect-metadata'
import request from 'supertest'

type Library = typeof import('../../src')

const CODE = 'API_RESOURCES_NO_REQUEST_CONTEXT'
let emitWarning: jest.SpyInstance

/** A fresh copy of the library: the warning is once per loaded copy. */
function postDoc() {
  jest.resetModules()
  const lib = require('../../src') as Library
  return class PostDoc extends lib.JsonApiResource<{ id: number }> {
    static override resourceType = 'posts'
  }
}

function warnings(): string[] {
  return emitWarning.mock.calls
    .filter(([, options]) => (options as { code?: string } | undefined)?.code === CODE)
    .map(([message]) => message as string)
}

beforeEach(() => {
  emitWarning = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined)
})
afterEach(() => emitWarning.mockRestore())

function expectOneWarning(body: unknown): void {
  // include=author was not read: nothing included
  expect(body).toMatchObject({ data: { type: 'posts', id: '1' } })
  expect(body).not.toHaveProperty('included')
  expect(warnings()).toHaveLength(1)
  expect(warnings()[0]).toContain('ignore include and fields[...]')
  for (const framework of ['Express', 'Fastify', 'Hono', 'NestJS'])
    expect(warnings()[0]).toContain(`${framework} `)
}

describe('JSON:API without the integration installed', () => {
  it('warns once under Express', async () => {
    const PostDoc = postDoc()
    const express = require('express') as typeof import('express')
    const app = express()
    app.get('/posts/1', (_req: unknown, res: { json(b: unknown): void }) =>
      res.json(new PostDoc({ id: 1 })),
    )
    const res = await request(app).get('/posts/1?include=author').expect(200)
    await request(app).get('/posts/1?include=author').expect(200)
    expectOneWarning(res.body)
  })

  it('warns once under Fastify', async () => {
    const PostDoc = postDoc()
    const Fastify = (require('fastify') as typeof import('fastify')).default
    const app = Fastify()
    app.get('/posts/1', async () => new PostDoc({ id: 1 }))
    const res = await app.inject('/posts/1?include=author')
    await app.inject('/posts/1?include=author')
    expectOneWarning(res.json())
    await app.close()
  })

  it('warns once under Hono', async () => {
    const PostDoc = postDoc()
    const { Hono } = require('hono') as typeof import('hono')
    const app = new Hono()
    app.get('/posts/1', (c) => c.json(new PostDoc({ id: 1 }) as unknown as object))
    const res = await app.request('/posts/1?include=author')
    await app.request('/posts/1?include=author')
    expectOneWarning(await res.json())
  })

  it('warns once under NestJS', async () => {
    const PostDoc = postDoc()
    const { Controller, Get, Module } = require('@nestjs/common') as typeof import('@nestjs/common')
    const { Test } = require('@nestjs/testing') as typeof import('@nestjs/testing')
    @Controller()
    class PostsController {
      @Get('posts/1')
      one() {
        return new PostDoc({ id: 1 })
      }
    }
    @Module({ controllers: [PostsController] })
    class AppModule {}
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile()
    const app = moduleRef.createNestApplication({ logger: false })
    await app.init()
    try {
      const res = await request(app.getHttpServer()).get('/posts/1?include=author').expect(200)
      await request(app.getHttpServer()).get('/posts/1?include=author').expect(200)
      expectOneWarning(res.body)
    } finally {
      await app.close()
    }
  })
})
