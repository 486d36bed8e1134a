// Resources and data shared by the framework integration suites (Fastify, Hono, NestJS).
import 'reflect-metadata'
import {
  Attribute,
  Field,
  JsonApiResource,
  JsonResource,
  LengthAwarePaginator,
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

/** Sets a header (and a status when asked to) on the framework's response object it is given. */
export class HookedResource extends JsonResource<User> {
  static seen: unknown[] = []
  @Field() id!: number

  override withResponse(_request: unknown, response: unknown): void {
    HookedResource.seen.push(response)
  }
}

/** Page `?page=` of the 42 users, 15 a page, as a resource collection. */
export function usersPage(): unknown {
  const page = tryGetRequestContext()?.page ?? 1
  const rows = users.slice((page - 1) * 15, page * 15)
  return UserResource.collection(
    new LengthAwarePaginator(rows, { total: users.length, perPage: 15 }),
  )
}

/** What the request context holds right now. */
export function contextProbe(): unknown {
  const context = tryGetRequestContext()
  if (context === undefined) return { context: false }
  return {
    path: context.path,
    page: context.page,
    include: context.include,
    fields: Object.fromEntries([...context.fields].map(([type, set]) => [type, [...set]])),
  }
}

export const JSONAPI = 'application/vnd.api+json'
