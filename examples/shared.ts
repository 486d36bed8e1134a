// The data and resources the framework examples share: 42 users, a JSON resource and a JSON:API one.
import 'reflect-metadata'
import {
  Attribute,
  Field,
  JsonApiResource,
  JsonResource,
  LengthAwarePaginator,
  NotFoundError,
  ValidationError,
  tryGetRequestContext,
} from 'api-resources'

export interface User {
  id: number
  name: string
}

export const users: User[] = Array.from({ length: 42 }, (_, i) => ({
  id: i + 1,
  name: `User ${i + 1}`,
}))

export class UserResource extends JsonResource<User> {
  @Field() id!: number
  @Field() name!: string
}

export class UserApiResource extends JsonApiResource<User> {
  static override resourceType = 'users'
  @Attribute() name!: string
}

/** `GET /users?page=n`: 15 users a page; the page and the links' path come from the request. */
export function listUsers() {
  const page = tryGetRequestContext()?.page ?? 1 // what the adapters' paginate() does for you
  const rows = users.slice((page - 1) * 15, page * 15)
  return UserResource.collection(
    new LengthAwarePaginator(rows, { total: users.length, perPage: 15 }),
  )
}

/** `GET /users/:id` as a JSON:API document, or a 404. */
export function showUser(id: string) {
  const user = users.find((u) => u.id === Number(id))
  if (user === undefined) throw new NotFoundError('User not found.')
  return new UserApiResource(user)
}

/** `POST /users`: a 422 unless the body has a name. */
export function createUser(body: unknown) {
  const name = (body as { name?: unknown } | undefined)?.name
  if (typeof name !== 'string' || name === '')
    throw new ValidationError({ name: ['The name field is required.'] })
  return new UserResource({ id: users.length + 1, name })
}
