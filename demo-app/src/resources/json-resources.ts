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

// Each member says its type (`@Field('integer')`), so the schema is the same whether the compiler
// emits design:type (legacy decorators) or not (standard decorators, esbuild, tsx); `() => [R]`
// says a list.
export class UserResource extends JsonResource<UserRow> {
  @Field('integer') id!: number
  @Field('string') name!: string
  @Field('email') email!: string
  @WhenNotNull('string') bio?: string
  @WhenCounted() posts_count?: number
  @WhenLoaded(() => [PostResource]) posts?: NestedList<typeof PostResource>
  @Field('string', { from: 'created_at' }) joined_at!: string
}

export class TagResource extends JsonResource<TagRow> {
  @Field('integer') id!: number
  @Field('string') name!: string
  @Field('string') slug!: string
  // the post_tag row: only present when the tag was loaded through a post
  @WhenPivotLoaded({
    schema: {
      type: 'object',
      properties: {
        post_id: { type: 'integer' },
        tag_id: { type: 'integer' },
        position: { type: 'integer' },
        added_at: { type: 'string' },
      },
      required: ['position', 'added_at'],
    },
  })
  pivot?: TagRow['pivot']
}

export class PostResource extends JsonResource<PostRow> {
  static query = POST_QUERY
  @Field('integer') id!: number
  @Field('string') title!: string
  @Field('string') body!: string
  @Field('string') get excerpt(): string {
    return this.resource.body.length > 80
      ? `${this.resource.body.slice(0, 77)}...`
      : this.resource.body
  }
  @Field('boolean') get is_draft(): boolean {
    return this.resource.published_at === null
  }
  @WhenNotNull('string') published_at?: string
  // a loaded to-one relation may be null
  @WhenLoaded(() => UserResource) author?: Nested<typeof UserResource> | null
  @WhenLoaded(() => [TagResource]) tags?: NestedList<typeof TagResource>
  @WhenLoaded(() => [CommentResource]) comments?: NestedList<typeof CommentResource>
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
      // the author when loaded: what UserResource renders (null without one)
      author: { anyOf: [{ $ref: '#/$defs/User' }, { type: 'null' }] },
    },
    required: ['id', 'body', 'created_at'],
    additionalProperties: false,
  }

  override toArray() {
    return {
      id: this.resource.id,
      body: this.resource.body,
      created_at: this.resource.created_at,
      author: this.whenLoaded('author', (author: UserRow) => new UserResource(author)),
    }
  }
}
