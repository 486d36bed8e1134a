// A resource written with decorators, as the resources guide shows it: it must type-check (tsc
// covers tests) and give the same payload as the same class written with toArray() and the helpers.
import 'reflect-metadata'
import {
  Field,
  JsonResource,
  MergeWhen,
  When,
  WhenCounted,
  WhenLoaded,
  WhenNotNull,
  WhenPivotLoaded,
  type Merged,
  type NestedList,
} from '../../src'

interface Post {
  id: number
  title: string
}
interface User {
  id: number
  email_address: string
  first: string
  last: string
  nickname?: string | null
  secret: string
  posts?: Post[]
  posts_count?: number
  membership?: { role: string }
  is_admin: boolean
  last_login_ip: string
}

class PostResource extends JsonResource<Post> {
  @Field() id!: number
  @Field() title!: string
}

class UserResource extends JsonResource<User> {
  @Field() id!: number
  @Field({ from: 'email_address' }) email!: string
  @Field() get name() {
    return `${this.resource.first} ${this.resource.last}`
  }
  @WhenNotNull() nickname?: string
  @When((user, request) => request?.user?.isAdmin === true) secret?: string
  @WhenLoaded(() => PostResource) posts?: NestedList<typeof PostResource>
  @WhenCounted() posts_count?: number
  @WhenPivotLoaded({ accessor: 'membership' }) membership?: unknown
  @MergeWhen((user) => user.is_admin) get adminFields(): Merged<{ last_login_ip: string }> {
    return { last_login_ip: this.resource.last_login_ip }
  }
}

class HandWrittenUserResource extends JsonResource<User> {
  override toArray(request?: { user?: { isAdmin?: boolean } }) {
    const user = this.resource
    return {
      id: user.id,
      email: user.email_address,
      name: `${user.first} ${user.last}`,
      nickname: this.whenNotNull(user.nickname),
      secret: this.when(request?.user?.isAdmin === true, user.secret),
      posts: this.whenLoaded('posts', (posts: Post[]) => PostResource.collection(posts)),
      posts_count: this.whenCounted('posts'),
      membership: this.whenPivotLoaded(undefined, 'membership'),
      ...this.mergeWhen(user.is_admin, { last_login_ip: user.last_login_ip }),
    }
  }
}

const base: User = {
  id: 1,
  email_address: 'a@example.com',
  first: 'Ada',
  last: 'Lovelace',
  secret: 's',
  is_admin: false,
  last_login_ip: '10.0.0.1',
}

describe('the decorator example', () => {
  const models: User[] = [
    base,
    {
      ...base,
      nickname: 'ada',
      posts: [{ id: 1, title: 't' }],
      posts_count: 1,
      membership: { role: 'o' },
      is_admin: true,
    },
    { ...base, nickname: null, posts: [] },
  ]
  const requests = [undefined, { user: { isAdmin: true } }, { user: { isAdmin: false } }]

  it('gives the same payload as toArray() with the helpers', () => {
    for (const model of models)
      for (const request of requests)
        expect(new UserResource(model).toPayload(request)).toEqual(
          new HandWrittenUserResource(model).toPayload(request),
        )
  })

  it('renders the expected keys in declaration order', () => {
    const payload = new UserResource(models[1]).toPayload({ user: { isAdmin: true } }) as {
      data: object
    }
    expect(payload.data).toEqual({
      id: 1,
      email: 'a@example.com',
      name: 'Ada Lovelace',
      nickname: 'ada',
      secret: 's',
      posts: [{ id: 1, title: 't' }],
      posts_count: 1,
      membership: { role: 'o' },
      last_login_ip: '10.0.0.1',
    })
    expect(Object.keys(payload.data)).toEqual([
      'id',
      'email',
      'name',
      'nickname',
      'secret',
      'posts',
      'posts_count',
      'membership',
      'last_login_ip',
    ])
  })
})
