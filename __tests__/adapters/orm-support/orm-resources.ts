import 'reflect-metadata'
import {
  createRequestContext,
  Field,
  JsonApiResource,
  JsonResource,
  runWithRequestContext,
  WhenCounted,
  WhenLoaded,
  type Nested,
  type NestedList,
} from 'api-resources'

/**
 * Resources the ORM suites render their real models with: decorated members for posts, helper methods
 * for tags (pivots), and JSON:API resources for linkage and includes.
 */
type Model = Record<string, unknown>

export class UserResource extends JsonResource<Model> {
  @Field() name!: string
}

export class CommentResource extends JsonResource<Model> {
  @Field() body!: string
}

export class PostResource extends JsonResource<Model> {
  @Field() title!: string
  @WhenLoaded(() => UserResource) author?: Nested<typeof UserResource>
  @WhenLoaded(() => CommentResource) comments?: NestedList<typeof CommentResource>
  @WhenCounted() comments_count?: number
}

/** The same with helper methods, and the count as a number whatever the driver returns. */
export class PostHelperResource extends JsonResource<Model> {
  override toArray(): Record<string, unknown> {
    return {
      title: this.resource.title,
      author: this.whenLoaded('author', (a) => new UserResource(a as Model)),
      comments: this.whenLoaded('comments', (c) => CommentResource.collection(c as Model[])),
      comments_count: this.whenCounted('comments', Number),
    }
  }
}

/** Reads the pivot's role under `pivot` and under the renamed accessor `tagging`. */
export class TagResource extends JsonResource<Model> {
  override toArray(): Record<string, unknown> {
    return {
      name: this.resource.name,
      role: this.whenPivotLoaded((p) => p.role),
      tagging: this.whenPivotLoaded((p) => p.role ?? p.label_role, 'tagging'),
    }
  }
}

export class UserDoc extends JsonApiResource<Model> {
  static override resourceType = 'users'
  override toArray(): Record<string, unknown> {
    return { name: this.resource.name }
  }
}

export class CommentDoc extends JsonApiResource<Model> {
  static override resourceType = 'comments'
  override toArray(): Record<string, unknown> {
    return { body: this.resource.body }
  }
}

export class PostDoc extends JsonApiResource<Model> {
  static override resourceType = 'posts'
  static override relationships = { author: () => UserDoc, comments: () => CommentDoc }
  override toArray(): Record<string, unknown> {
    return { title: this.resource.title }
  }
}

/** `fn()` inside a request for `url` (so `?include=` applies). */
export function inRequest<T>(url: string, fn: () => T): T {
  return runWithRequestContext(createRequestContext(url), fn)
}

/** What post 1 loaded with its comments (and nothing else) renders as. */
export const POST_1_WITH_COMMENTS = {
  data: {
    title: 'Post 1',
    comments: [{ body: 'first' }, { body: 'second' }, { body: 'third' }],
  },
}

/** The JSON:API document of post 1 loaded with its comments, `?include=comments`. */
export const POST_1_DOC_INCLUDING_COMMENTS = {
  data: {
    type: 'posts',
    id: '1',
    attributes: { title: 'Post 1' },
    relationships: {
      comments: {
        data: [
          { type: 'comments', id: '1' },
          { type: 'comments', id: '2' },
          { type: 'comments', id: '3' },
        ],
      },
    },
  },
  included: [
    { type: 'comments', id: '1', attributes: { body: 'first' } },
    { type: 'comments', id: '2', attributes: { body: 'second' } },
    { type: 'comments', id: '3', attributes: { body: 'third' } },
  ],
  jsonapi: { version: '1.1' },
}

/** Post 2 loaded with its author only: linkage to the author, nothing included without `include`. */
export const POST_2_DOC_WITH_AUTHOR = {
  data: {
    type: 'posts',
    id: '2',
    attributes: { title: 'Post 2' },
    relationships: { author: { data: { type: 'users', id: '2' } } },
  },
  jsonapi: { version: '1.1' },
}

/** Tags of post 1 with their pivot under `pivot` (`role`) and not under `tagging`. */
export const TAGS_OF_POST_1 = {
  data: [
    { name: 'php', role: 'primary' },
    { name: 'ts', role: 'secondary' },
  ],
}

/** Tags of post 1 with their pivot under `tagging` only. */
export const TAGS_OF_POST_1_RENAMED = {
  data: [
    { name: 'php', tagging: 'primary' },
    { name: 'ts', tagging: 'secondary' },
  ],
}
