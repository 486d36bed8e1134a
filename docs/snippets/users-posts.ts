// Context of the decorators guide's fragments: a user model and a post resource.
import { JsonResource, WhenLoaded, type NestedList } from 'api-resources'

interface Post {
  id: number
  title: string
}
interface User {
  id: number
  posts?: Post[]
}
class PostResource extends JsonResource<Post> {}
