// Context of the MikroORM fragments: an entity, its configuration and an entity manager.
import { Collection, MikroORM, type Options } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/better-sqlite'
import { JsonResource } from 'api-resources'

class User {
  id!: number
  active!: boolean
}
class Comment {
  id!: number
  body!: string
}
class Post {
  id!: number
  title!: string
  author!: User
  comments = new Collection<Comment>(this)
}
declare const config: Options
declare const em: EntityManager
class PostResource extends JsonResource<Post> {}
