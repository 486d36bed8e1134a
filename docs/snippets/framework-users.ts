// Context of the framework guides' fragments: a Knex database of users, a resource, and the
// application's own functions the handlers call.
import knex from 'knex'
import { Field, JsonResource } from 'api-resources'
import { paginate } from 'api-resources/knex'

interface User {
  id: number
  name: string
}
const db = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' } })
class UserResource extends JsonResource<User> {
  @Field() id!: number
  @Field() name!: string
}
declare function createUser(body: unknown): Promise<User>
declare function findUser(id: string): User
