// Peak memory of shaping 100,000 posts: api-resources vs a hand-written map.
//
// Each measurement is a fresh child process (node -r @swc-node/register bench/memory.ts child <mode>)
// that builds the same 100,000 model objects and then, depending on <mode>, does nothing ("data"),
// shapes them with a hand-written map, or shapes them with a ResourceCollection, keeping the payload
// alive. The peak is the process's maximum resident set size (getrusage maxRSS); the cost of a mode
// is its peak minus the "data" peak. The ratio of the medians of 7 runs is compared with the target.
import 'reflect-metadata'
import { execFileSync } from 'node:child_process'
import {
  Field,
  JsonResource,
  When,
  WhenCounted,
  WhenLoaded,
  WhenNotNull,
  type Nested,
} from '../src'

const COUNT = 100_000
const RUNS = 7
const TARGET = 1.2

interface Author {
  id: number
  name: string
  email: string
}
interface Post {
  id: number
  title: string
  url_slug: string
  views: number
  subtitle: string | null
  featured: boolean
  published_at: string
  author: Author
  comments_count: number
}

class AuthorResource extends JsonResource<Author> {
  @Field() id!: number
  @Field() name!: string
}

class PostResource extends JsonResource<Post> {
  @Field() id!: number
  @Field() title!: string
  @Field({ from: 'url_slug' }) slug!: string
  @Field() views!: number
  @WhenNotNull() subtitle?: string
  @When((p: Post) => p.featured) published_at?: string
  @WhenLoaded(() => AuthorResource) author?: Nested<typeof AuthorResource>
  @WhenCounted() comments_count?: number
}

function makePosts(): Post[] {
  const authors = Array.from({ length: 100 }, (_, i) => ({
    id: i,
    name: `A${i}`,
    email: `a${i}@x.io`,
  }))
  return Array.from({ length: COUNT }, (_, i) => ({
    id: i,
    title: `Post ${i}`,
    url_slug: `post-${i}`,
    views: i * 3,
    subtitle: i % 4 === 0 ? null : `Sub ${i}`,
    featured: i % 2 === 0,
    published_at: '2024-03-01T00:00:00.000Z',
    author: authors[i % 100],
    comments_count: i % 7,
  }))
}

function handWritten(posts: Post[]): unknown {
  return {
    data: posts.map((p) => {
      const o: Record<string, unknown> = {
        id: p.id,
        title: p.title,
        slug: p.url_slug,
        views: p.views,
      }
      if (p.subtitle !== null) o.subtitle = p.subtitle
      if (p.featured) o.published_at = p.published_at
      o.author = { id: p.author.id, name: p.author.name }
      o.comments_count = p.comments_count
      return o
    }),
  }
}

function child(mode: string): void {
  const posts = makePosts()
  let kept: unknown = null
  if (mode === 'hand-written') kept = handWritten(posts)
  if (mode === 'api-resources') kept = PostResource.collection(posts).toPayload()
  if (mode !== 'data' && JSON.stringify((kept as { data: unknown[] }).data[1]).length < 10)
    throw new Error('no payload')
  process.stdout.write(String(process.resourceUsage().maxRSS))
}

function measure(mode: string): number {
  const out = execFileSync(
    process.execPath,
    ['-r', '@swc-node/register', __filename, 'child', mode],
    {
      encoding: 'utf8',
    },
  )
  return Number(out) / 1024 // MiB
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[s.length >> 1]
}

function main(): void {
  const peaks: Record<string, number[]> = { data: [], 'hand-written': [], 'api-resources': [] }
  for (let i = 0; i < RUNS; i++)
    for (const mode of Object.keys(peaks)) peaks[mode].push(measure(mode))
  const base = median(peaks.data)
  const hand = median(peaks['hand-written']) - base
  const ours = median(peaks['api-resources']) - base
  console.log(
    `\n## memory: peak RSS of shaping ${COUNT.toLocaleString('en')} posts (median of ${RUNS} fresh processes)`,
  )
  console.log('| case | peak RSS (MiB) | cost over the data (MiB) | ratio |')
  console.log('|---|---:|---:|---:|')
  console.log(`| data only | ${base.toFixed(1)} | - | - |`)
  console.log(
    `| hand-written | ${median(peaks['hand-written']).toFixed(1)} | ${hand.toFixed(1)} | 1.00x |`,
  )
  console.log(
    `| api-resources | ${median(peaks['api-resources']).toFixed(1)} | ${ours.toFixed(1)} | ${(ours / hand).toFixed(2)}x |`,
  )
  const ok = ours / hand <= TARGET
  console.log(
    `target: api-resources <= ${TARGET}x hand-written: ${(ours / hand).toFixed(2)}x ${ok ? 'MET' : 'MISSED'}`,
  )
  if (!ok) process.exitCode = 1
}

if (process.argv[2] === 'child') child(process.argv[3])
else main()
