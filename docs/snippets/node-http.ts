// Context of fragments that serve posts with node:http or Koa.
import knex from 'knex'
import { Field, JsonResource } from 'api-resources'

const db = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' } })
class PostResource extends JsonResource<{ id: number; title: string }> {
  @Field() id!: number
  @Field() title!: string
}
/** A Koa application, as far as the fragment uses it. */
interface KoaContext {
  originalUrl: string
}
declare const app: {
  use(middleware: (ctx: KoaContext, next: () => Promise<unknown>) => unknown): void
}
