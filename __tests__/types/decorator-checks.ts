// Type tests of the decorators, checked by tsc in both decorator modes: legacy through
// tsconfig.json (which includes __tests__), standard through types/standard/tsconfig.json (run by
// decorator-types.test.ts). Each `@ts-expect-error` must be an error in both modes.
import {
  Attribute,
  Field,
  JsonApiResource,
  JsonResource,
  MergeWhen,
  Relationship,
  ResourceCollection,
  When,
  WhenCounted,
  WhenLoaded,
  WhenNotNull,
  WhenPivotLoaded,
  WhenHas,
  WhenAggregated,
  WhenExistsLoaded,
  type Merged,
  type MemberDecorator,
} from 'api-resources'

interface Post {
  id: number
  title: string
}

interface User {
  id: number
  email_address: string
  first: string
  nickname: string | null
  is_admin: boolean
  posts?: Post[]
  posts_count?: number
  author?: User
  team?: unknown
}

class PostResource extends JsonResource<Post> {
  @Field() id!: number
  @Field() title!: string
}

class PostCollection extends ResourceCollection<PostResource> {
  static override collects = () => PostResource
}

export class ResourceTyped extends JsonResource<User> {
  // @ts-expect-error a list of resources without a thunk
  @WhenLoaded() posts!: PostResource[]
  // @ts-expect-error a resource without a thunk (esbuild would pass the model through)
  @WhenLoaded() author!: UserResource
  // @ts-expect-error nullable and optional resource types count too
  @Field({ from: 'author' }) maybeAuthor?: UserResource | null
  // @ts-expect-error a collection is a resource
  @Field({ from: 'posts' }) postList!: PostCollection
  // @ts-expect-error @WhenNotNull maps through a thunk as well
  @WhenNotNull({ from: 'author' }) writer?: UserResource
  // @ts-expect-error @When maps through a thunk as well
  @When(() => true, { from: 'author' }) byCondition!: UserResource
}

export class ResourceTypedWithThunks extends JsonResource<User> {
  @WhenLoaded(() => PostResource) posts?: PostResource[]
  @WhenLoaded(() => UserResource) author?: UserResource
  @Field(() => UserResource, { from: 'author' }) maybeAuthor?: UserResource | null
  @WhenNotNull(() => UserResource, { from: 'author' }) writer?: UserResource
  @When(() => true, () => UserResource, { from: 'author' }) byCondition?: UserResource
  @When((user: User) => user.is_admin, () => [PostResource], { from: 'posts' })
  postsByCondition?: PostResource[]
  @When<User, unknown>((user) => user.is_admin, () => [PostResource], { from: 'posts' })
  postsTyped?: PostResource[]
  @WhenLoaded() team?: unknown // no resource type, no thunk: the loaded value as it is
  @Field() get computed(): PostResource {
    return new PostResource({ id: 1, title: 't' }) // a getter may return a resource
  }
}

export class UserResource extends JsonResource<User> {
  @Field() id!: number
  // @ts-expect-error not a key of User
  @Field() emial!: string
  @Field({ from: 'email_address' }) email!: string
  // @ts-expect-error `from` not a key of User
  @Field({ from: 'email_adress' }) email2!: string
  @Field({ from: 'computed_elsewhere' as string }) escaped!: string // the escape hatch
  @Field() get anything(): string {
    return this.resource.first // getters compute: never checked
  }
  @WhenNotNull() nickname?: string
  // @ts-expect-error not a key of User
  @WhenNotNull() nick?: string
  @When((user: User) => user.is_admin) is_admin?: boolean
  // @ts-expect-error not a key of User
  @When(() => true) is_admn!: boolean
  // @ts-expect-error relation not a key of User
  @WhenLoaded(() => PostResource, { relation: 'postz' }) postz?: PostResource
  @WhenCounted() posts_count?: number
  @WhenCounted({ relation: 'posts' }) total?: number
  // @ts-expect-error reads comments_count, which User lacks
  @WhenCounted() comments_count!: number
  @WhenPivotLoaded({ accessor: 'membership' }) membership?: unknown // pivots are not checked
  @MergeWhen((user: User) => user.is_admin) get adminFields(): Merged<{ first: string }> {
    return { first: this.resource.first }
  }
}

export class ExplicitTypeArguments extends JsonResource<User> {
  // explicit type arguments infer no `from`: it is accepted unchecked
  @When<User, unknown>((user) => user.is_admin, { from: 'first' }) name?: string
  @When<User, unknown>((user) => user.is_admin) first?: string
  // @ts-expect-error the member name is still checked
  @When<User, unknown>((user) => user.is_admin) firts!: string
  // @ts-expect-error an inferred `from` is checked
  @When((user: User) => user.is_admin, { from: 'firts' }) other!: string
}

export class Untyped extends JsonResource<any> {
  @Field() whatever!: string // a model typed `any` is not checked
}

export class PostApiResource extends JsonApiResource<Post & { author?: User }> {
  static override resourceType = 'posts'
  @Attribute() title!: string
  // @ts-expect-error not a key of the model
  @Attribute() titel!: string
  // @ts-expect-error a relationship typed as a resource needs a thunk
  @Relationship() author!: UserApiResource
}

export class UserApiResource extends JsonApiResource<User> {
  static override resourceType = 'users'
  @Relationship(() => PostApiResource) posts!: PostApiResource[]
}

export class Misplaced extends JsonResource<User> {
  // @ts-expect-error not on a method
  @Field() method(): number {
    return 1
  }
  // @ts-expect-error not on a static member
  @Field() static id: number
}

export class LaravelHelpers extends JsonResource<User> {
  @WhenHas() nickname?: string | null
  // @ts-expect-error not a key of the model
  @WhenHas() nicknam?: string
  @WhenHas({ from: 'nickname' }) get shout(): string | undefined {
    return 'x'
  }
  // aggregates and existence checks read computed names: not checked against the model type
  @WhenAggregated('posts', 'votes', 'sum') votes?: number
  @WhenExistsLoaded({ relation: 'posts' }) has_posts?: boolean
}

// A decorator stored under the public type stays usable (and unchecked).
const stored: MemberDecorator = Field()
export class UsesStored extends JsonResource<User> {
  @stored id!: number
}
