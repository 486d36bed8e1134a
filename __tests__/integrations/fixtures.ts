// Resources and data shared by the framework integration suites (Fastify, Hono, NestJS).
import 'reflect-metadata'
import { Field, JsonResource, tryGetRequestContext } from 'api-resources'

// The users and their resources are the examples' own: the suites and the examples share one copy.
export {
  listUsers as usersPage,
  users,
  UserApiResource,
  UserResource,
  type User,
} from '../../examples/shared'
import { type User } from '../../examples/shared'

/** Sets a header (and a status when asked to) on the framework's response object it is given. */
export class HookedResource extends JsonResource<User> {
  static seen: unknown[] = []
  @Field() id!: number

  override withResponse(_request: unknown, response: unknown): void {
    HookedResource.seen.push(response)
  }
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
