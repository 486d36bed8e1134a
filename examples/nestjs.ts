// NestJS (Express platform) with api-resources/nestjs. Run: node -r @swc-node/register examples/nestjs.ts
import 'reflect-metadata'
import { Body, Controller, Get, Module, Param, Post, type INestApplication } from '@nestjs/common'
import { NestFactory } from '@nestjs/core'
import { ApiResourcesModule } from 'api-resources/nestjs'
import { createUser, listUsers, showUser } from './shared'

@Controller('users')
export class UsersController {
  @Get()
  list() {
    return listUsers() // page and /users?page= links from the request
  }

  @Get(':id')
  show(@Param('id') id: string) {
    return showUser(id) // application/vnd.api+json, or a 404
  }

  @Post()
  create(@Body() body: unknown) {
    return createUser(body) // 201 (Nest's POST default), or a 422
  }
}

@Module({ imports: [ApiResourcesModule.forRoot()], controllers: [UsersController] })
export class AppModule {}

export async function createApp(): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule, { logger: false })
  await app.init()
  return app
}

if (require.main === module) {
  void createApp().then(async (app) => {
    const port = Number(process.env.PORT ?? 3000)
    await app.listen(port, '127.0.0.1')
    console.log(`NestJS example listening on http://127.0.0.1:${port}/users`)
  })
}
