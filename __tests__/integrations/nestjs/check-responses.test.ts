// ApiResourcesModule.forRoot({ checkResponses: true }) on Nest: a body that strays from its schema
// is an error naming the first wrong member; off by default.
import 'reflect-metadata'
import {
  Catch,
  Controller,
  Get,
  Module,
  Param,
  type ArgumentsHost,
  type ExceptionFilter,
  type INestApplication,
} from '@nestjs/common'
import { APP_FILTER } from '@nestjs/core'
import { Test } from '@nestjs/testing'
import request from 'supertest'
import { Field, JsonResource } from 'api-resources'
import { ApiResourcesModule } from 'api-resources/nestjs'

class PriceResource extends JsonResource<Record<string, unknown>> {
  @Field({ from: 'amount' as string }) amount!: number
}

@Controller()
class PricesController {
  @Get('price/:amount')
  price(@Param('amount') raw: string): PriceResource {
    return new PriceResource({ amount: /^[0-9]+$/.test(raw) ? Number(raw) : raw })
  }
}

/** Answers any error with its code and message, so the test can see which error it was. */
@Catch()
class ReportErrors implements ExceptionFilter {
  catch(error: { code?: string; message?: string }, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<{
      status(code: number): { json(body: unknown): void }
    }>()
    response.status(500).json({ code: error.code, message: error.message })
  }
}

async function makeApp(checkResponses: boolean): Promise<INestApplication> {
  @Module({
    imports: [ApiResourcesModule.forRoot({ checkResponses, errorFilter: false })],
    controllers: [PricesController],
    providers: [{ provide: APP_FILTER, useClass: ReportErrors }],
  })
  class AppModule {}
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile()
  const app = moduleRef.createNestApplication({ logger: false })
  await app.init()
  return app
}

describe('api-resources/nestjs with checkResponses', () => {
  it('passes a body that matches, and reports the first mismatch by its JSON pointer', async () => {
    const app = await makeApp(true)
    try {
      const ok = await request(app.getHttpServer()).get('/price/12')
      expect(ok.status).toBe(200)
      expect(ok.body).toEqual({ data: { amount: 12 } })
      const bad = await request(app.getHttpServer()).get('/price/twelve')
      expect(bad.status).toBe(500)
      expect(bad.body.code).toBe('ERR_RESPONSE_SCHEMA')
      expect(bad.body.message).toContain('PriceResponse: at /data/amount it must be number')
    } finally {
      await app.close()
    }
  })

  it('is off by default', async () => {
    const app = await makeApp(false)
    try {
      const res = await request(app.getHttpServer()).get('/price/twelve')
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ data: { amount: 'twelve' } })
    } finally {
      await app.close()
    }
  })
})
