import 'reflect-metadata'
import {
  ClassSerializerInterceptor,
  Controller,
  Get,
  HttpCode,
  Module,
  Param,
  Post,
  Query,
  Res,
  type INestApplication,
} from '@nestjs/common'
import { APP_INTERCEPTOR, Reflector } from '@nestjs/core'
import { FastifyAdapter } from '@nestjs/platform-fastify'
import { Test, type TestingModule } from '@nestjs/testing'
import { Exclude } from 'class-transformer'
import request from 'supertest'
import { ArgumentError, NotFoundError, ValidationError } from 'api-resources'
import { ApiResourcesModule } from 'api-resources/nestjs'
import {
  contextProbe,
  HookedResource,
  JSONAPI,
  UserApiResource,
  UserResource,
  users,
  usersPage,
} from '../fixtures'

/** Express's response or Fastify's reply, as a resource's withResponse() is given it. */
type PlatformResponse = {
  status(code: number): unknown
  setHeader?(name: string, value: string): unknown
  header?(name: string, value: string): unknown
}

class Created extends UserResource {
  override withResponse(_request: unknown, response: PlatformResponse): void {
    response.status(202)
    if (response.header !== undefined) response.header('x-hook', 'yes')
    else response.setHeader!('x-hook', 'yes')
  }
}

class Account {
  name = 'ada'
  @Exclude() password = 'secret'
}

@Controller()
class UsersController {
  @Get('account')
  account() {
    return new Account()
  }

  @Get('probe')
  async probe() {
    await new Promise((resolve) => setTimeout(resolve, 1))
    return contextProbe()
  }

  @Get('users')
  list() {
    return usersPage()
  }

  @Get('users/:id')
  show(@Param('id') id: string) {
    const user = users[Number(id) - 1]
    if (user === undefined) throw new NotFoundError('User not found.')
    return new UserApiResource(user)
  }

  @Post('users')
  create() {
    throw new ValidationError({ name: ['The name field is required.'] })
  }

  @Post('made')
  made() {
    return new UserResource(users[0])
  }

  @Post('accepted')
  @HttpCode(200)
  accepted() {
    return new UserResource(users[0])
  }

  // ?hooked: a resource whose withResponse() sets 202 after the handler chose 203
  @Get('chosen')
  chosen(
    @Res({ passthrough: true }) res: { status(code: number): unknown },
    @Query('hooked') hooked?: string,
  ) {
    res.status(203)
    return hooked === undefined ? new UserResource(users[0]) : new Created(users[0])
  }

  @Get('hooked')
  hooked() {
    return new Created(users[0])
  }

  @Get('listed')
  listed() {
    return [new UserResource(users[0]), new UserResource(users[1])]
  }

  @Get('seen')
  seen() {
    return new HookedResource(users[0])
  }

  @Get('plain')
  plain() {
    return { ok: true }
  }

  @Get('bad')
  bad() {
    throw ArgumentError.perPage(0)
  }

  @Get('boom')
  boom() {
    throw new Error('boom')
  }
}

type Setup = 'module only' | 'serializer global first' | 'serializer provider after'
/** Nest's two HTTP platforms. */
type Platform = 'express' | 'fastify'

/** The app of `moduleRef` on `platform`, initialised (and, on Fastify, ready for requests). */
async function startApp(
  moduleRef: TestingModule,
  platform: Platform,
  before: (app: INestApplication) => void = () => {},
): Promise<INestApplication> {
  const app =
    platform === 'express'
      ? moduleRef.createNestApplication({ logger: false })
      : moduleRef.createNestApplication(new FastifyAdapter(), { logger: false })
  before(app)
  await app.init()
  if (platform === 'fastify') await app.getHttpAdapter().getInstance().ready()
  return app
}

async function makeApp(setup: Setup, platform: Platform): Promise<INestApplication> {
  const providers =
    setup === 'serializer provider after'
      ? [{ provide: APP_INTERCEPTOR, useClass: ClassSerializerInterceptor }]
      : []
  @Module({ imports: [ApiResourcesModule.forRoot()], controllers: [UsersController], providers })
  class AppModule {}
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile()
  return startApp(moduleRef, platform, (app) => {
    if (setup === 'serializer global first')
      app.useGlobalInterceptors(new ClassSerializerInterceptor(app.get(Reflector)))
  })
}

const SETUPS: Setup[] = ['module only', 'serializer global first', 'serializer provider after']

describe.each(SETUPS.flatMap((setup) => (['express', 'fastify'] as const).map((p) => [setup, p])))(
  'api-resources/nestjs (%s, on %s)',
  (setup, platform) => {
    let app: INestApplication
    beforeAll(async () => {
      app = await makeApp(setup as Setup, platform as Platform)
    })
    afterAll(async () => {
      await app.close()
    })
    const http = () => request(app.getHttpServer())

    it('gives handlers the request context', async () => {
      const res = await http().get('/probe?page=3&include=a&fields[users]=name').expect(200)
      expect(res.body).toEqual({
        path: '/probe',
        page: 3,
        include: ['a'],
        fields: { users: ['name'] },
      })
    })

    it('sends a paginated collection with the page and /path?page= links', async () => {
      const res = await http().get('/users?page=2').expect(200)
      expect(res.headers['content-type']).toBe('application/json')
      expect(res.body.data[0]).toEqual({ id: 16, name: 'User 16' })
      expect(res.body.meta).toMatchObject({ current_page: 2, path: '/users', total: 42 })
      expect(res.body.links).toMatchObject({ next: '/users?page=3', prev: '/users?page=1' })
    })

    it('sends JSON:API documents with exactly application/vnd.api+json', async () => {
      const res = await http().get('/users/2').expect(200)
      expect(res.headers['content-type']).toBe(JSONAPI)
      expect(JSON.parse(res.text)).toMatchObject({
        data: { type: 'users', id: '2', attributes: { name: 'User 2' } },
      })
      // built in the request's context: its sparse fieldset applies
      const sparse = await http().get('/users/2?fields[users]=').expect(200)
      expect(JSON.parse(sparse.text).data).toEqual({ type: 'users', id: '2' })
      // JSON:API's content negotiation: the media type only with another parameter is a 406
      const refused = await http().get('/users/2').set('Accept', `${JSONAPI}; charset=utf-8`)
      expect([refused.status, refused.headers['content-type']]).toEqual([406, JSONAPI])
    })

    it("keeps Nest's statuses, @HttpCode(), a handler's and withResponse()'s", async () => {
      await http()
        .post('/made')
        .expect(201, { data: { id: 1, name: 'User 1' } })
      await http().post('/accepted').expect(200)
      await http().get('/chosen').expect(203)
      const hooked = await http().get('/hooked').expect(202)
      expect(hooked.headers['x-hook']).toBe('yes')
      // withResponse() runs after the handler: its status wins over the handler's, on any route
      await http().get('/chosen?hooked=1').expect(202)
      HookedResource.seen = []
      await http()
        .get('/seen')
        .expect(200, { data: { id: 1 } })
      expect(HookedResource.seen).toHaveLength(1)
      // the platform's own response: Express's `res`, Fastify's `reply`
      const given = HookedResource.seen[0] as { setHeader?: unknown; header?: unknown }
      expect(typeof (platform === 'express' ? given.setHeader : given.header)).toBe('function')
    })

    it('sends a list of resources as their payloads (ClassSerializerInterceptor or not)', async () => {
      const res = await http().get('/listed').expect(200)
      expect(res.body).toEqual([
        new UserResource(users[0]).toPayload(),
        new UserResource(users[1]).toPayload(),
      ])
      expect(res.body[0]).toEqual({ data: { id: 1, name: 'User 1' } })
    })

    it('leaves plain values to Nest (and to ClassSerializerInterceptor)', async () => {
      await http().get('/plain').expect(200, { ok: true })
      const account = await http().get('/account').expect(200)
      expect(account.body).toEqual(
        setup === 'module only' ? { name: 'ada', password: 'secret' } : { name: 'ada' },
      )
    })

    it('maps the package errors to their statuses, as JSON or JSON:API', async () => {
      const invalid = await http().post('/users').expect(422)
      expect(invalid.headers['content-type']).toBe('application/json')
      expect(invalid.body).toEqual({
        message: expect.any(String),
        errors: { name: ['The name field is required.'] },
      })
      const jsonApi = await http().post('/users').set('Accept', JSONAPI).expect(422)
      expect(jsonApi.headers['content-type']).toBe(JSONAPI)
      expect(JSON.parse(jsonApi.text).errors[0].source).toEqual({
        pointer: '/data/attributes/name',
      })
      await http().get('/users/99').expect(404, { message: 'User not found.' })
      // errors without an HTTP status, and other errors, get Nest's own answer
      await http().get('/bad').expect(500)
      await http().get('/boom').expect(500)
      await http().get('/nowhere').expect(404)
    })

    it('keeps concurrent requests apart', async () => {
      const pages = await Promise.all(
        [5, 1, 3, 2, 4].map(async (p) => (await http().get(`/probe?page=${p}`)).body.page),
      )
      expect(pages).toEqual([5, 1, 3, 2, 4])
    })
  },
)

describe.each(['express', 'fastify'] as const)(
  "api-resources/nestjs with forRoot({ errorBody: 'nest' }) on %s",
  (platform) => {
    let app: INestApplication
    beforeAll(async () => {
      @Module({
        imports: [ApiResourcesModule.forRoot({ errorBody: 'nest' })],
        controllers: [UsersController],
      })
      class AppModule {}
      const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile()
      app = await startApp(moduleRef, platform)
    })
    afterAll(async () => {
      await app.close()
    })

    it("answers the package's errors in Nest's shape, JSON:API documents in theirs", async () => {
      const http = () => request(app.getHttpServer())
      await http()
        .get('/users/99')
        .expect(404, { statusCode: 404, message: 'User not found.', error: 'Not Found' })
      const invalid = await http().post('/users').expect(422)
      expect(invalid.body).toEqual({
        statusCode: 422,
        message: expect.any(String),
        error: 'Unprocessable Entity',
        errors: { name: ['The name field is required.'] },
      })
      const jsonApi = await http().get('/users/99').set('Accept', JSONAPI).expect(404)
      expect(JSON.parse(jsonApi.text)).toMatchObject({ errors: [{ status: '404' }] })
      // Nest's own 404, for comparison: the same keys
      const nest = await http().get('/nowhere').expect(404)
      expect(Object.keys(nest.body).sort()).toEqual(['error', 'message', 'statusCode'])
      // other errors still get Nest's answer
      await http().get('/boom').expect(500)
    })
  },
)
