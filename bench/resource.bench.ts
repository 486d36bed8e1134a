// Shaping 1,000 posts (a dozen fields: a renamed field, a nullable field, a field on half of them,
// a hidden model field, a Date, a loaded author rendered through its own resource, a count) into
// the `{ data: [...] }` payload and serializing it with JSON.stringify, three ways: a decorated
// ResourceCollection, a hand-written map (baseline), and class-transformer's instanceToPlain with
// @Expose. The setup checks that all three produce the same JSON.
import 'reflect-metadata'
import { Exclude, Expose, Transform, Type, instanceToPlain } from 'class-transformer'
import {
  Field,
  JsonResource,
  When,
  WhenCounted,
  WhenLoaded,
  WhenNotNull,
  type Nested,
} from '../src'
import type { BenchOp, Scenario } from './harness'

export interface Author {
  id: number
  name: string
  email: string
  password_hash: string
}

export interface Post {
  id: number
  title: string
  body: string
  url_slug: string
  status: string
  views: number
  created_at: Date
  updated_at: Date
  subtitle: string | null
  featured: boolean
  published_at: string
  password_hash: string
  author: Author
  comments_count: number
}

const COUNT = 1000

export function makePosts(): Post[] {
  const body = 'lorem ipsum dolor sit amet '.repeat(8).slice(0, 200)
  return Array.from({ length: COUNT }, (_, i) => ({
    id: i + 1,
    title: `Post number ${i + 1}`,
    body,
    url_slug: `post-${i + 1}`,
    status: i % 3 === 0 ? 'draft' : 'published',
    views: i * 7,
    created_at: new Date(Date.UTC(2024, 0, 1 + (i % 28))),
    updated_at: new Date(Date.UTC(2024, 1, 1 + (i % 28))),
    subtitle: i % 4 === 0 ? null : `Subtitle ${i}`,
    featured: i % 2 === 0,
    published_at: '2024-03-01T00:00:00.000Z',
    password_hash: 'never shown',
    author: {
      id: i % 50,
      name: `Author ${i % 50}`,
      email: `a${i % 50}@example.com`,
      password_hash: 'x',
    },
    comments_count: i % 13,
  }))
}

// --- api-resources -------------------------------------------------------------------------------

class AuthorResource extends JsonResource<Author> {
  @Field() id!: number
  @Field() name!: string
  @Field() email!: string
}

class PostResource extends JsonResource<Post> {
  @Field() id!: number
  @Field() title!: string
  @Field() body!: string
  @Field({ from: 'url_slug' }) slug!: string
  @Field() status!: string
  @Field() views!: number
  @Field() created_at!: Date
  @Field() updated_at!: Date
  @WhenNotNull() subtitle?: string
  @When((post: Post) => post.featured) published_at?: string
  @WhenLoaded(() => AuthorResource) author?: Nested<typeof AuthorResource>
  @WhenCounted() comments_count?: number
}

// --- hand-written --------------------------------------------------------------------------------

export function handWritten(posts: Post[]): string {
  const data = posts.map((p) => {
    const o: Record<string, unknown> = {
      id: p.id,
      title: p.title,
      body: p.body,
      slug: p.url_slug,
      status: p.status,
      views: p.views,
      created_at: p.created_at,
      updated_at: p.updated_at,
    }
    if (p.subtitle !== null && p.subtitle !== undefined) o.subtitle = p.subtitle
    if (p.featured) o.published_at = p.published_at
    if (p.author !== undefined) {
      const a = p.author
      o.author = a === null ? null : { id: a.id, name: a.name, email: a.email }
    }
    if (p.comments_count !== undefined) o.comments_count = p.comments_count
    return o
  })
  return JSON.stringify({ data })
}

// --- class-transformer ---------------------------------------------------------------------------

@Exclude()
class AuthorDto {
  @Expose() id!: number
  @Expose() name!: string
  @Expose() email!: string
}

@Exclude()
class PostDto {
  @Expose() id!: number
  @Expose() title!: string
  @Expose() body!: string
  @Expose({ name: 'slug' }) url_slug!: string
  @Expose() status!: string
  @Expose() views!: number
  @Expose() @Transform(({ value }) => value, { toPlainOnly: true }) created_at!: Date
  @Expose() @Transform(({ value }) => value, { toPlainOnly: true }) updated_at!: Date
  @Expose() @Transform(({ value }) => value ?? undefined) subtitle?: string
  @Expose() @Transform(({ value, obj }) => (obj.featured ? value : undefined)) published_at!: string
  @Expose() @Type(() => AuthorDto) author!: AuthorDto
  @Expose() comments_count!: number
  featured!: boolean
}

/** Class instances, as an ORM would hand them to class-transformer (not timed). */
function toDtos(posts: Post[]): PostDto[] {
  return posts.map((p) =>
    Object.assign(new PostDto(), p, { author: Object.assign(new AuthorDto(), p.author) }),
  )
}

function classTransformer(dtos: PostDto[]): string {
  return JSON.stringify({ data: instanceToPlain(dtos) })
}

// -------------------------------------------------------------------------------------------------

let expected: string | undefined

/** Every case must serialize to the same JSON as the hand-written one. */
function check(name: string, json: string): void {
  expected ??= handWritten(makePosts())
  if (json !== expected)
    throw new Error(
      `${name} does not produce the hand-written JSON:\n${json.slice(0, 600)}\n${expected.slice(0, 600)}`,
    )
}

const scenario: Scenario = {
  name: `resource: ${COUNT} posts shaped + JSON.stringify`,
  baseline: 'hand-written',
  subject: 'api-resources',
  maxRatio: 1.15,
  cases: [
    {
      name: 'hand-written',
      setup(): BenchOp {
        const posts = makePosts()
        check('hand-written', handWritten(posts))
        return () => handWritten(posts)
      },
    },
    {
      name: 'api-resources',
      setup(): BenchOp {
        const posts = makePosts()
        const run = () => JSON.stringify(PostResource.collection(posts).toPayload())
        check('api-resources', run())
        return run
      },
    },
    {
      name: 'class-transformer',
      setup(): BenchOp {
        const dtos = toDtos(makePosts())
        check('class-transformer', classTransformer(dtos))
        return () => classTransformer(dtos)
      },
    },
  ],
}

export default scenario
