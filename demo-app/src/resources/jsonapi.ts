// The demo's JSON:API resources: posts, users, comments and tags of the seeded database.
import 'reflect-metadata'
import { Attribute, JsonApiResource, Relationship, WhenCounted } from 'api-resources'
import type { CommentRow, PostRow, TagRow, UserRow } from '../repository'

/** `posts`: attributes by decorator, relationships by `@Relationship`, a count when loaded. */
export class PostApiResource extends JsonApiResource<PostRow> {
  static override resourceType = 'posts'
  @Attribute() title!: string
  @Attribute() body!: string
  @Attribute() published_at!: string | null
  @Attribute() created_at!: string
  @WhenCounted() comments_count!: number
  @Relationship(() => UserApiResource) author!: unknown
  @Relationship(() => CommentApiResource) comments!: unknown
  @Relationship(() => TagApiResource) tags!: unknown
}

/** `users`: relationships through the `static relationships` thunk map. */
export class UserApiResource extends JsonApiResource<UserRow> {
  static override resourceType = 'users'
  static override relationships = { posts: () => PostApiResource }
  @Attribute() name!: string
  @Attribute() email!: string
  @Attribute() bio!: string | null
  @WhenCounted() posts_count!: number
}

export class CommentApiResource extends JsonApiResource<CommentRow> {
  static override resourceType = 'comments'
  static override relationships = { author: () => UserApiResource, post: () => PostApiResource }
  @Attribute() body!: string
  @Attribute() created_at!: string
}

/** `tags`: the id is the slug (`static idKey`). */
export class TagApiResource extends JsonApiResource<TagRow> {
  static override resourceType = 'tags'
  static override idKey = 'slug'
  @Attribute() name!: string
}
