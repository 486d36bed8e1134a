// Resource classes and models used by the compiler tests: every fixture is rendered by the compiled
// function and by the reference interpreter, and both must agree.
import 'reflect-metadata'
import {
  Field,
  JsonResource,
  MISSING,
  MergeWhen,
  ResourceCollection,
  When,
  WhenCounted,
  WhenLoaded,
  WhenNotNull,
  WhenPivotLoaded,
  type Merged,
  type Nested,
  type NestedList,
} from '../../src'

export class TagResource extends JsonResource<any> {
  @Field() name!: string
}

export class TagCollection extends ResourceCollection<TagResource> {
  static override collects = () => TagResource
}

export class AuthorResource extends JsonResource<any> {
  static override wrap = 'author'
  @Field() id!: number
  @Field({ from: 'display_name' }) name!: string
  @WhenLoaded(() => PostResource) posts?: NestedList<typeof PostResource> // a cycle: Author -> Post -> Author
}

export class PostResource extends JsonResource<any> {
  @Field() id!: number
  @Field() title!: string
  @Field({ from: 'created_at' }) created!: Date
  @WhenNotNull() subtitle?: string
  @When((post: any) => post.published) published_at?: string
  @When((_p: any, req: any) => req?.admin === true) secret?: string
  @When((_p: any, _q: unknown, r: PostResource) => r.resource.id % 2 === 0) even?: boolean
  @When(() => true) get always(): string | undefined {
    return 'yes'
  }
  @WhenLoaded(() => AuthorResource) author?: Nested<typeof AuthorResource>
  @WhenLoaded(() => TagCollection) tags?: Nested<typeof TagCollection>
  @WhenLoaded({ raw: true }) raw?: unknown
  @WhenCounted() comments_count?: number
  @WhenPivotLoaded() pivot?: unknown
  @Field() get summary() {
    return { len: this.resource.title.length, gone: MISSING, list: [MISSING, 1] }
  }
  @Field() get maybe() {
    return this.resource.id > 1 ? MISSING : 'first'
  }
  @MergeWhen((post: any) => post.id === 1) get firstOnly(): Merged<{
    first: boolean
    hidden: typeof MISSING
    nested: TagResource
  }> {
    return { first: true, hidden: MISSING, nested: new TagResource({ name: 'n' }) }
  }
  @WhenLoaded() get editor(): AuthorResource | undefined {
    return new AuthorResource(this.resource.editor)
  }
  @WhenNotNull() get note() {
    return this.resource.note
  }
}

export class OverridingResource extends PostResource {
  override toArray(request?: unknown) {
    return { ...super.toArray(request), extra: this.when(true, 'x'), gone: MISSING }
  }
}

export const author = { id: 7, display_name: 'Ann' }

export function posts(): any[] {
  return [
    {
      id: 1,
      title: 'One',
      created_at: new Date(0),
      subtitle: null,
      published: true,
      published_at: '2020',
      secret: 's1',
      author: { ...author, posts: [{ id: 9, title: 'x', created_at: new Date(1) }] },
      tags: [{ name: 'a' }, null],
      raw: { any: 'thing' },
      comments_count: 0,
      pivot: { role: 'r' },
      editor: null,
      note: 'n',
    },
    {
      id: 2,
      title: 'Two',
      created_at: new Date(2),
      subtitle: 'sub',
      published: false,
      secret: 's2',
      author: null,
      tags: () => Promise.resolve([]),
      editor: author,
      note: undefined,
    },
    { id: 3, title: 'Three', created_at: new Date(3), author: Promise.resolve(author) },
  ]
}

export const requests: unknown[] = [undefined, { admin: true }, { admin: false }]
