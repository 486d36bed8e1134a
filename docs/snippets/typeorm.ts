// Context of the TypeORM fragments: entities, a data source and a repository.
import { DataSource } from 'typeorm'
import { JsonResource } from 'api-resources'

class User {
  id!: number
  name!: string
  active!: boolean
}
class Tag {
  id!: number
  name!: string
}
class PostTag {
  post!: Post
  tag!: Tag
  role!: string
}
class Post {
  id!: number
  title!: string
  author!: User
  postTags!: PostTag[]
}
const dataSource = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [] })
const posts = dataSource.getRepository(Post)
