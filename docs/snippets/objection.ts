// Context of the Objection fragments: models and a resource.
import { Model } from 'objection'
import { JsonResource } from 'api-resources'

class User extends Model {
  static override tableName = 'users'
  id!: number
  active!: boolean
}
class Comment extends Model {
  static override tableName = 'comments'
  id!: number
  body!: string
}
class Tag extends Model {
  static override tableName = 'tags'
  id!: number
  name!: string
}
class Post extends Model {
  static override tableName = 'posts'
  id!: number
  title!: string
  author?: User
  comments?: Comment[]
  tags?: Tag[]
}
class PostResource extends JsonResource<Post> {}
