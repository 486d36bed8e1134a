// The demo's JSON:API resources: posts, users, comments and tags of the seeded database.
import 'reflect-metadata'
import {
  Attribute,
  JsonApiResource,
  Relationship,
  WhenCounted,
  type JsonApiLinks,
  type Related,
  type RelatedList,
} from 'api-resources'
import type { CommentRow, PostRow, TagRow, UserRow } from '../repository'
import { POST_QUERY } from '../post-query'

/**
 * The demo's JSON:API base: every document carries `links.self` (the request URL), every resource
 * object its own `links.self`, and every relationship object a `related` link to a demo route (also
 * when the relation was not loaded, so a client can fetch it).
 */
abstract class DemoApiResource<T> extends JsonApiResource<T> {
  static override selfLink = true
  /** The route of one object of this type: `/jsonapi/<type>/<id>`. */
  override toLinks(): JsonApiLinks {
    const cls = this.constructor as typeof JsonApiResource
    return { self: `/jsonapi/${cls.resourceType}/${encodeURIComponent(String(this.toId()))}` }
  }
}

/** `posts`: attributes by decorator, relationships by `@Relationship`, a count when loaded. */
export class PostApiResource extends DemoApiResource<PostRow> {
  static override resourceType = 'posts'
  // include, sort, filter[...] and per_page a client may send (the same as the plain JSON posts)
  static query = POST_QUERY
  static override relationshipLinks = {
    author: { related: '/jsonapi/users/{user_id}' },
    comments: { related: '/jsonapi/posts/{id}/comments' },
    tags: { related: '/jsonapi/posts/{id}/tags' },
  }
  @Attribute('string') title!: string
  @Attribute('string') body!: string
  // design:type cannot tell `string | null` from `string`: the options say it
  @Attribute('string', { nullable: true }) published_at!: string | null
  @Attribute('string') created_at!: string
  @WhenCounted() comments_count?: number
  @Relationship(() => UserApiResource) author?: Related<typeof UserApiResource>
  @Relationship(() => [CommentApiResource]) comments?: RelatedList<typeof CommentApiResource>
  @Relationship(() => [TagApiResource]) tags?: RelatedList<typeof TagApiResource>
}

/** `users`: relationships through the `static relationships` thunk map. */
export class UserApiResource extends DemoApiResource<UserRow> {
  static override resourceType = 'users'
  static override relationships = { posts: () => PostApiResource }
  static override relationshipLinks = { posts: { related: '/jsonapi/users/{id}/posts' } }
  @Attribute('string') name!: string
  @Attribute('email') email!: string
  @Attribute('string', { nullable: true }) bio!: string | null
  @WhenCounted() posts_count?: number
}

export class CommentApiResource extends DemoApiResource<CommentRow> {
  static override resourceType = 'comments'
  static override relationships = { author: () => UserApiResource, post: () => PostApiResource }
  static override relationshipLinks = {
    author: { related: '/jsonapi/users/{user_id}' },
    post: { related: '/jsonapi/posts/{post_id}' },
  }
  @Attribute('string') body!: string
  @Attribute('string') created_at!: string
}

/** `tags`: the id is the slug (`static idKey`). */
export class TagApiResource extends DemoApiResource<TagRow> {
  static override resourceType = 'tags'
  static override idKey = 'slug'
  @Attribute('string') name!: string
}
