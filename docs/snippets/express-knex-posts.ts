// Context of fragments that add a route to an Express app over a Knex database of posts.
import express from 'express'
import knex from 'knex'
import { Field, JsonResource } from 'api-resources'
import { respond } from 'api-resources/express'

const db = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' } })
const app = express()
class PostResource extends JsonResource<{ id: number; title: string }> {
  @Field() id!: number
  @Field() title!: string
}
