// Context of the Prisma fragments: the parts of a generated client they use, and the resources.
import { JsonResource } from 'api-resources'

interface Tag {
  id: number
  name: string
}
interface PostRow {
  id: number
  title: string
  author?: { id: number; name: string }
  _count?: { comments: number }
  postTags: { role: string; tag: Tag }[]
}
interface PostFindManyArgs {
  where?: { published?: boolean; author?: { active?: boolean } }
  include?: object
  orderBy?: object
  skip?: number
  take?: number
}
declare const prisma: {
  post: {
    findMany(args?: PostFindManyArgs): Promise<PostRow[]>
    count(args?: { where?: PostFindManyArgs['where'] }): Promise<number>
    findUniqueOrThrow(args: { where: { id: number }; include?: object }): Promise<PostRow>
  }
}
class PostResource extends JsonResource<PostRow> {}
class TagResource extends JsonResource<Tag> {}
