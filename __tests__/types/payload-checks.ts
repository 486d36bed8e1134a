// Type tests of the typed payloads, checked by tsc in both decorator modes: legacy through
// tsconfig.json (which includes __tests__), standard through types/standard/tsconfig.json (run by
// payload-types.test.ts). Each `@ts-expect-error` must be an error in both modes.
import { expectTypeOf } from 'expect-type'
import type { Request, RequestHandler } from 'express'
import {
  Attribute,
  CursorPaginator,
  Field,
  JsonApiResource,
  JsonResource,
  LengthAwarePaginator,
  MergeWhen,
  Paginator,
  Relationship,
  ResourceCollection,
  When,
  WhenCounted,
  WhenLoaded,
  WhenAggregated,
  WhenExistsLoaded,
  WhenHas,
  WhenNotNull,
  WhenPivotLoaded,
  type BodyOf,
  type CollectionBody,
  type CursorPaginatedBody,
  type JsonApiCollectionDocument,
  type JsonApiDocument,
  type Merged,
  type Nested,
  type NestedList,
  type PaginatedBody,
  type PayloadOf,
  type ResourceBody,
  type ResponseBody,
  type SimplePaginatedBody,
} from 'api-resources'
import { respond, type Sends } from 'api-resources/express'

interface Post {
  id: number
  title: string
  author?: User
}

interface User {
  id: number
  email_address: string
  nickname: string | null
  is_admin: boolean
  last_login_ip: string
  posts?: Post[]
  posts_count?: number
  pivot?: { role: string }
}

class PostResource extends JsonResource<Post> {
  @Field() id!: number
  @Field() title!: string
}

class UserResource extends JsonResource<User> {
  @Field() id!: number
  @Field({ from: 'email_address' }) email!: string // the member name is the key
  @WhenNotNull() nickname?: string
  @When((user: User) => user.is_admin) is_admin?: boolean
  @WhenLoaded(() => PostResource) posts?: PostResource[]
  @WhenCounted() posts_count?: number
  @WhenPivotLoaded() pivot?: { role: string }
  @Field() get label(): string {
    return `#${this.resource.id}`
  }
  @MergeWhen((user: User) => user.is_admin) get adminFields(): Merged<{ last_login_ip: string }> {
    return { last_login_ip: this.resource.last_login_ip }
  }
  /** Methods and `resource` are not output keys. */
  describe(): string {
    return String(this.resource.id)
  }
}

type UserPayload = {
  id: number
  email: string
  label: string
  nickname?: string
  is_admin?: boolean
  posts?: { id: number; title: string }[]
  posts_count?: number
  pivot?: { role: string }
  last_login_ip?: string
}

// --- one resource's payload ------------------------------------------------------------------

expectTypeOf<PayloadOf<typeof UserResource>>().toEqualTypeOf<UserPayload>()
expectTypeOf<PayloadOf<UserResource>>().toEqualTypeOf<UserPayload>()
expectTypeOf<PayloadOf<typeof PostResource>>().toEqualTypeOf<{ id: number; title: string }>()

// nested through the helper types: the same payload
class PostWithAuthor extends JsonResource<Post> {
  @Field() id!: number
  @WhenLoaded(() => UserResource) author?: Nested<typeof UserResource>
}
export class UserWithPosts extends JsonResource<User> {
  @WhenLoaded(() => PostWithAuthor) posts?: NestedList<typeof PostWithAuthor>
}
expectTypeOf<PayloadOf<typeof PostWithAuthor>>().toEqualTypeOf<{
  id: number
  author?: UserPayload
}>()
expectTypeOf<PayloadOf<typeof UserWithPosts>>().toEqualTypeOf<{
  posts?: { id: number; author?: UserPayload }[]
}>()

// a relation that may be loaded as null says so on the member
export class PostWithNullableAuthor extends JsonResource<Post> {
  @WhenLoaded(() => UserResource) author?: Nested<typeof UserResource> | null
}
expectTypeOf<PayloadOf<typeof PostWithNullableAuthor>>().toEqualTypeOf<{
  author?: UserPayload | null
}>()

// a resource nesting itself terminates
export class Employee extends JsonResource<{ id: number; manager?: { id: number } }> {
  @Field() id!: number
  @WhenLoaded(() => Employee) manager?: Employee
}
expectTypeOf<PayloadOf<typeof Employee>['id']>().toEqualTypeOf<number>()
expectTypeOf<NonNullable<PayloadOf<typeof Employee>['manager']>['manager']>().toEqualTypeOf<
  PayloadOf<typeof Employee> | undefined
>()

// a resource with toArray() only: what toArray() returns, MISSING keys optional
export class ToArrayOnly extends JsonResource<User> {
  override toArray() {
    return {
      id: this.resource.id,
      nickname: this.whenNotNull(this.resource.nickname),
      ...this.mergeWhen(this.resource.is_admin, { ip: this.resource.last_login_ip }),
    }
  }
}
expectTypeOf<PayloadOf<typeof ToArrayOnly>>().toEqualTypeOf<{
  id: number
  nickname?: string
  ip?: string
}>()

// ... a resource or collection over a relation that may not be loaded: its key optional (MISSING), null when the
// source may be null (a relation loaded as null); over a list, a required key
export class ToArrayCollections extends JsonResource<User> {
  override toArray() {
    return {
      id: this.resource.id,
      posts: PostResource.collection(this.whenLoaded<Post[]>('posts')),
      loaded: PostResource.collection(
        this.whenLoaded('posts', (posts: Post[]) => posts, [] as Post[]),
      ),
      maybe: PostResource.collection(this.resource.posts ?? null),
      listed: PostResource.collection([] as Post[]),
      author: UserResource.make(this.whenLoaded<User>('author')),
      self: UserResource.make(this.resource),
    }
  }
}
expectTypeOf<PayloadOf<typeof ToArrayCollections>>().toEqualTypeOf<{
  id: number
  posts?: { id: number; title: string }[] | null
  loaded: { id: number; title: string }[] | null
  maybe: { id: number; title: string }[] | null
  listed: { id: number; title: string }[]
  author?: UserPayload | null
  self: UserPayload
}>()
// make() is new: the same instance type, a resource to call methods on
expectTypeOf(UserResource.make({} as User)).toEqualTypeOf<UserResource>()
UserResource.make({} as User).additional({ meta: 1 })
// @ts-expect-error the resource's model only
UserResource.make({ id: 1, title: 't' } as Post)
// the collection is still a collection to call methods on
PostResource.collection(null as Post[] | null)
  .preserveKeys()
  .count()

// a resource without members: the model
export class Plain extends JsonResource<Post> {}
expectTypeOf<PayloadOf<typeof Plain>>().toEqualTypeOf<Post>()

// ... as JSON writes it: a Date its string, a bigint its decimal string, at any depth; no methods
interface Visit {
  at: Date
  views: bigint
  left_at?: Date | null
  pages: { at: Date }[]
  touch(): void
}
export class PlainVisit extends JsonResource<Visit> {}
expectTypeOf<PayloadOf<typeof PlainVisit>>().toEqualTypeOf<{
  at: string
  views: string
  left_at?: string | null
  pages: { at: string }[]
}>()

// --- conditional members declared with `!` -------------------------------------------------
// They compile (as in the decorator DSL's own example); the payload type then lists each key as
// declared, so `?` (or a getter type with `undefined`) is what marks a key that may be absent, and
// `Merged<...>` is what spreads a @MergeWhen getter's keys.

export class NotOptional extends JsonResource<User> {
  @WhenNotNull() nickname!: string
  @When((user: User) => user.is_admin) is_admin!: boolean
  @WhenLoaded(() => PostResource) posts!: PostResource[]
  @WhenCounted() posts_count!: number
  @WhenPivotLoaded() pivot!: { role: string }
  @When((user: User) => user.is_admin) get secret(): string {
    return 's'
  }
  @When((user: User) => user.is_admin) get allowed(): string | undefined {
    return 's'
  }
  @MergeWhen((user: User) => user.is_admin) get merged() {
    return { last_login_ip: this.resource.last_login_ip }
  }
}
expectTypeOf<PayloadOf<typeof NotOptional>>().toEqualTypeOf<{
  nickname: string
  is_admin: boolean
  posts: { id: number; title: string }[]
  posts_count: number
  pivot: { role: string }
  secret: string
  allowed?: string
  merged: { last_login_ip: string }
}>()

// --- a member with a `default` is always present -----------------------------------------
// (Laravel: `whenLoaded('posts', fn, default)` and friends always render a key.)

export class Defaulted extends JsonResource<User> {
  @Field() id!: number
  @WhenNotNull({ default: 'anonymous' }) nickname!: string
  @When((user: User) => user.is_admin, { default: false }) is_admin!: boolean
  @WhenLoaded(() => PostResource, { default: () => [] }) posts!: PostResource[]
  @WhenCounted({ default: 0 }) posts_count!: number
  @WhenNotNull({ default: null }) email_address!: string | null
  @WhenAggregated('posts', 'votes', 'sum', { default: 0 }) votes!: number
  @WhenExistsLoaded({ relation: 'posts', default: false }) posts_exists!: boolean
  @WhenHas({ default: 'none' }) last_login_ip!: string
}
expectTypeOf<PayloadOf<typeof Defaulted>>().toEqualTypeOf<{
  id: number
  nickname: string
  is_admin: boolean
  posts: { id: number; title: string }[]
  posts_count: number
  email_address: string | null
  votes: number
  posts_exists: boolean
  last_login_ip: string
}>()

export class DefaultedUndefined extends JsonResource<User> {
  @WhenNotNull({ default: undefined }) nickname?: string
  @WhenCounted({ relation: 'posts' }) posts_count?: number
}
expectTypeOf<PayloadOf<typeof DefaultedUndefined>>().toEqualTypeOf<{
  nickname?: string
  posts_count?: number
}>()

// --- thunks are checked against the member's type ---------------------------------------

export class WrongNested extends JsonResource<User> {
  // @ts-expect-error the thunk's resource produces post payloads, not user payloads
  @WhenLoaded(() => PostResource, { relation: 'posts' }) people?: UserResource[]
  // @ts-expect-error nor strings
  @WhenLoaded(() => PostResource) posts?: string[]
  @WhenLoaded(() => PostResource, { relation: 'posts' }) list?: NestedList<typeof PostResource>
  @WhenLoaded(() => PostResource, { relation: 'posts' }) untyped?: unknown // says nothing: accepted
}

// --- bodies ------------------------------------------------------------------------------

declare const user: User
declare const users: User[]
declare const posts: Post[]

const single = new UserResource(user)
expectTypeOf(single.toPayload()).toEqualTypeOf<ResourceBody<typeof UserResource>>()
expectTypeOf(single.toPayload().data).toEqualTypeOf<UserPayload>()
expectTypeOf(single.toJSON()).toEqualTypeOf<{ data: UserPayload }>()
expectTypeOf<BodyOf<typeof UserResource>>().toEqualTypeOf<{ data: UserPayload }>()

// a model that may be null renders `data: null`
class MaybeUser extends JsonResource<User | null> {
  @Field() id!: number
}
expectTypeOf(new MaybeUser(null).toPayload().data).toEqualTypeOf<{ id: number } | null>()

// the static wrap, as BodyOf reads it
export class Unwrapped extends JsonResource<Post> {
  static override wrap = null
  @Field() id!: number
}
export class Renamed extends JsonResource<Post> {
  static override wrap = 'post' as const
  @Field() id!: number
}
expectTypeOf<BodyOf<typeof Unwrapped>>().toEqualTypeOf<{ id: number }>()
expectTypeOf<BodyOf<typeof Renamed>>().toEqualTypeOf<{ post: { id: number } }>()

// collections: the body follows the source
const list = UserResource.collection(users)
expectTypeOf(list.toPayload()).toEqualTypeOf<CollectionBody<typeof UserResource>>()
expectTypeOf(list.toPayload().data).toEqualTypeOf<UserPayload[]>()

declare const page: LengthAwarePaginator<User>
declare const simplePage: Paginator<User>
declare const cursorPage: CursorPaginator<User>
const paginated = UserResource.collection(page).toPayload()
expectTypeOf(paginated).toEqualTypeOf<PaginatedBody<typeof UserResource>>()
expectTypeOf(paginated.meta.total).toEqualTypeOf<number>()
expectTypeOf(paginated.links.last).toEqualTypeOf<string>()
const simple = UserResource.collection(simplePage).toPayload()
expectTypeOf(simple).toEqualTypeOf<SimplePaginatedBody<typeof UserResource>>()
expectTypeOf(simple.links.last).toEqualTypeOf<null>()
// @ts-expect-error a simple paginator knows no total
void simple.meta.total
const cursor = UserResource.collection(cursorPage).toPayload()
expectTypeOf(cursor).toEqualTypeOf<CursorPaginatedBody<typeof UserResource>>()
expectTypeOf(cursor.meta.next_cursor).toEqualTypeOf<string | null>()

// collection() takes the resource's models only
// @ts-expect-error posts are not users
UserResource.collection(posts)
declare const postPage: LengthAwarePaginator<Post>
// @ts-expect-error nor a paginator of posts
UserResource.collection(postPage)
// @ts-expect-error nor a list of something else
UserResource.collection([1, 2, 3])
UserResource.collection(new Set(users)) // any iterable
UserResource.collection(new Map([['a', user]])) // a keyed source
// a Map is keyed like a plain object: its keys are kept when preserveKeys is on
expectTypeOf(UserResource.collection(new Map([['a', user]])).toPayload().data).toEqualTypeOf<
  UserPayload[] | Record<string, UserPayload>
>()
expectTypeOf(UserResource.collection({ a: user }).toPayload().data).toEqualTypeOf<
  UserPayload[] | Record<string, UserPayload>
>()
expectTypeOf(UserResource.collection(new Set(users)).toPayload().data).toEqualTypeOf<
  UserPayload[]
>()

// a subclass of ResourceCollection does not know its source: any of the bodies
class UserCollection extends ResourceCollection<UserResource> {
  static override collects = () => UserResource
}
expectTypeOf(new UserCollection(users).toPayload().data).toMatchTypeOf<
  UserPayload[] | Record<string, UserPayload>
>()

// --- JSON:API ----------------------------------------------------------------------------

interface Article {
  id: number
  title: string
  body: string | null
  author?: Person
  comments?: Comment[]
}
interface Person {
  id: number
  name: string
  articles?: Article[]
}
interface Comment {
  id: number
  text: string
}

class CommentApi extends JsonApiResource<Comment> {
  static override resourceType = 'comments'
  @Attribute() text!: string
}
class PersonApi extends JsonApiResource<Person> {
  static override resourceType = 'people'
  @Attribute() name!: string
  @Relationship(() => ArticleApi) articles?: ArticleApi[]
}
class ArticleApi extends JsonApiResource<Article> {
  static override resourceType = 'articles'
  @Attribute() title!: string
  @WhenNotNull() body?: string
  @Relationship(() => PersonApi) author?: PersonApi
  @Relationship(() => CommentApi) comments?: CommentApi[]
}

export class WrongRelationship extends JsonApiResource<Article> {
  static override resourceType = 'articles'
  // @ts-expect-error a relationship typed as a resource is typed as the thunk's resource
  @Relationship(() => PersonApi) author?: CommentApi
  // @ts-expect-error and a list of it
  @Relationship(() => PersonApi) comments?: CommentApi[]
}

const doc = new ArticleApi({ id: 1, title: 't', body: null }).toPayload()
expectTypeOf(doc).toEqualTypeOf<JsonApiDocument<typeof ArticleApi>>()
expectTypeOf(doc.data.type).toEqualTypeOf<string>()
expectTypeOf(doc.data.id).toEqualTypeOf<string>()
// every attribute optional: a sparse fieldset may leave any out
expectTypeOf(doc.data.attributes).toEqualTypeOf<{ title?: string; body?: string } | undefined>()
expectTypeOf(doc.data.relationships).toEqualTypeOf<
  | {
      author?: import('api-resources').RelationshipObjectOf<PersonApi | undefined>
      comments?: import('api-resources').RelationshipObjectOf<CommentApi[] | undefined>
    }
  | undefined
>()
expectTypeOf(doc.data.relationships!.comments!.data).toEqualTypeOf<
  { type: string; id: string }[] | undefined
>()
expectTypeOf(doc.data.relationships!.author!.data).toEqualTypeOf<
  { type: string; id: string } | null | undefined
>()
// included: the related types, and theirs
type Included = NonNullable<typeof doc.included>[number]
expectTypeOf<Included['attributes']>().toEqualTypeOf<
  { name?: string } | { text?: string } | { title?: string; body?: string } | undefined
>()
expectTypeOf(doc.jsonapi.version).toEqualTypeOf<string>()

const docs = ArticleApi.collection([] as Article[]).toPayload()
expectTypeOf(docs).toEqualTypeOf<JsonApiCollectionDocument<typeof ArticleApi, 'list'>>()
declare const articlePage: LengthAwarePaginator<Article>
const pagedDocs = ArticleApi.collection(articlePage).toPayload()
expectTypeOf(pagedDocs.meta.total).toEqualTypeOf<number>()
expectTypeOf(pagedDocs.links.self).toEqualTypeOf<string | undefined>()
// @ts-expect-error a JSON:API collection takes its resource's models only
ArticleApi.collection(users)

// --- respond() and res.json keep the body --------------------------------------------------

const handler = respond(async () => UserResource.collection(page))
expectTypeOf(handler).toEqualTypeOf<
  RequestHandler<Request['params'], PaginatedBody<typeof UserResource>>
>()
const plainHandler = respond(() => ({ ok: true }))
expectTypeOf(plainHandler).toEqualTypeOf<RequestHandler<Request['params'], { ok: boolean }>>()
expectTypeOf<ResponseBody<UserResource>>().toEqualTypeOf<{ data: UserPayload }>()
expectTypeOf<ResponseBody<LengthAwarePaginator<User>>>().toEqualTypeOf<
  ReturnType<LengthAwarePaginator<User>['toJSON']>
>()

// a handler typed with what it sends: res.json takes that resource (or its body), not another
export const typedHandler: RequestHandler<Request['params'], Sends<UserResource>> = (_req, res) => {
  res.json(single)
  res.json(single.toPayload())
  // @ts-expect-error another resource
  res.json(new PostResource({ id: 1, title: 't' }))
}

// a Date member is the string JSON carries (its toJSON(): ISO 8601), a bigint its decimal string,
// nullable or optional as declared
interface Event {
  id: number
  at: Date
  ends_at: Date | null
  starts: Date | null
  views: bigint
}
export class EventResource extends JsonResource<Event> {
  @Field() id!: number
  @Field() at!: Date
  @Field() ends_at!: Date | null
  @WhenNotNull() starts?: Date
  @Field() views!: bigint
}
expectTypeOf<PayloadOf<typeof EventResource>>().toEqualTypeOf<{
  id: number
  at: string
  ends_at: string | null
  starts?: string
  views: string
}>()

// --- the decorator DSL's own example, as written: it compiles in both modes --------------------

interface DslUser extends Omit<User, 'posts'> {
  first: string
  last: string
  secret: string
  posts?: DslPost[]
  membership?: object
}
interface DslPost {
  id: number
  title: string
  body: string
  author?: DslUser
  comments?: { id: number; body: string }[]
}

export class DslUserResource extends JsonResource<DslUser> {
  @Field() id!: number
  @Field({ from: 'email_address' }) email!: string // rename
  @Field() get name() {
    return `${this.resource.first} ${this.resource.last}`
  }
  @WhenNotNull() nickname?: string
  @When((user, request) => request?.user?.isAdmin === true) secret!: string
  @WhenLoaded(() => DslPostResource) posts!: unknown // relation 'posts', each item mapped
  @WhenCounted() posts_count!: number // relation 'posts', from posts_count
  @WhenPivotLoaded({ accessor: 'membership' }) membership!: unknown
  @MergeWhen((user) => user.is_admin) get adminFields() {
    // spread into the output when true
    return { last_login_ip: this.resource.last_login_ip }
  }
}

export class DslPostResource extends JsonApiResource<DslPost> {
  static override resourceType = 'posts'
  @Attribute() title!: string
  @Attribute() body!: string
  @Relationship(() => DslUserApi) author!: unknown
  @Relationship(() => DslCommentResource) comments!: unknown
}
class DslUserApi extends JsonApiResource<DslUser> {
  static override resourceType = 'users'
}
class DslCommentResource extends JsonApiResource<{ id: number; body: string }> {
  static override resourceType = 'comments'
  @Attribute() body!: string
}
expectTypeOf<PayloadOf<typeof DslUserResource>['secret']>().toEqualTypeOf<string>()
expectTypeOf<PayloadOf<typeof DslUserResource>['nickname']>().toEqualTypeOf<string | undefined>()
