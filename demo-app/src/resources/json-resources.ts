/**
 * The demo's plain JSON resources. Users, posts and tags are declared with decorators; comments
 * override `toArray()` with the helper methods, to show both styles side by side.
 */
import 'reflect-metadata'
import {
  Field,
  JsonResource,
  WhenCounted,
  WhenLoaded,
  WhenNotNull,
  WhenPivotLoaded,
  type Nested,
  type NestedList,
} from 'api-resources'
import type { CommentRow, PostRow, TagRow, UserRow } from '../repository'
import { POST_QUERY } from '../post-query'

export class UserResource extends JsonResource<UserRow> {
  @Field() id!: number
  @Field() name!: string
  @Field() email!: string
  @WhenNotNull() bio?: string
  @WhenCounted() posts_count?: number
  @WhenLoaded(() => PostResource) posts?: NestedList<typeof PostResource>
  @Field({ from: 'created_at' }) joined_at!: string
}

export class TagResource extends JsonResource<TagRow> {
  @Field() id!: number
  @Field() name!: string
  @Field() slug!: string
  // the post_tag row: only present when the tag was loaded through a post
  @WhenPivotLoaded() pivot?: unknown
}

export class PostResource extends JsonResource<PostRow> {
  // include, sort, filter[...] and per_page a client may send
  static query = POST_QUERY
  @Field() id!: number
  @Field() title!: string
  @Field() body!: string
  @Field() get excerpt(): string {
    return this.resource.body.length > 80
      ? `${this.resource.body.slice(0, 77)}...`
      : this.resource.body
  }
  @Field() get is_draft(): boolean {
    return this.resource.published_at === null
  }
  @WhenNotNull() published_at?: string
  @WhenLoaded(() => UserResource) author?: Nested<typeof UserResource>
  @WhenLoaded(() => TagResource) tags?: NestedList<typeof TagResource>
  @WhenLoaded(() => CommentResource) comments?: NestedList<typeof CommentResource>
  @WhenCounted() comments_count?: number
}

export class CommentResource extends JsonResource<CommentRow> {
  // toArray() is code, not declarations: the JSON Schema of its output is declared here
  static jsonSchema = {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      body: { type: 'string' },
      created_at: { type: 'string' },
      author: { type: 'object' },
    },
    required: ['id', 'body', 'created_at'],
    additionalProperties: false,
  }

  override toArray(): Record<string, unknown> {
    return {
      id: this.resource.id,
      body: this.resource.body,
      created_at: this.resource.created_at,
      author: this.whenLoaded('author', (author: UserRow) => new UserResource(author)),
    }
  }
}
