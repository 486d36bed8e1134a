// The users both HTTP workloads serve (bench/express.bench.ts, bench/http-server.ts): a model with a
// field the resource hides, and the resource that shapes it.
import 'reflect-metadata'
import { Field, JsonResource } from '../src'

export interface User {
  id: number
  name: string
  email: string
  secret: string
}

export class UserResource extends JsonResource<User> {
  @Field() id!: number
  @Field() name!: string
  @Field() email!: string
}

/** `count` users with ids from `firstId` on. */
export function makeUsers(count: number, firstId = 1): User[] {
  return Array.from({ length: count }, (_, i) => ({
    id: firstId + i,
    name: `User ${firstId + i}`,
    email: `user${firstId + i}@example.test`,
    secret: 'x',
  }))
}
