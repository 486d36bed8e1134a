import type { Knex } from 'knex'
import { createSchema } from './db'

/** How many rows {@link seed} writes by default. */
export const SEED_COUNTS = { users: 50, posts: 2000, comments: 5000, tags: 20 } as const

/** Options of {@link seed}. */
export interface SeedOptions {
  /** @default SEED_COUNTS */
  readonly counts?: Partial<Record<keyof typeof SEED_COUNTS, number>>
  /** The PRNG seed: the same seed gives the same rows. @default 20240601 */
  readonly seed?: number
}

/** mulberry32: a tiny deterministic PRNG (no Math.random anywhere in the demo data). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const FIRST = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Barbara',
  'Ken',
  'Margaret',
  'Dennis',
  'Frances',
  'Edsger',
]
const LAST = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Liskov',
  'Thompson',
  'Hamilton',
  'Ritchie',
  'Allen',
  'Dijkstra',
]
const WORDS = (
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut ' +
  'labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris'
).split(' ')
const TAGS = [
  'TypeScript',
  'Express',
  'SQLite',
  'Knex',
  'JSON',
  'JSON:API',
  'Pagination',
  'Testing',
  'Performance',
  'Accessibility',
  'Node.js',
  'Databases',
  'Security',
  'Design',
  'Tooling',
  'Caching',
  'HTTP',
  'REST',
  'Laravel',
  'Tutorial',
]

// Every timestamp is an offset from this fixed instant, so seeding never depends on the clock.
const EPOCH = Date.UTC(2024, 0, 1)
const DAY = 86_400_000

/**
 * Creates the schema and fills it with deterministic demo data: users, posts (about 1 in 10 a
 * draft with `published_at` null), comments, tags, and a `post_tag` pivot carrying `position` and
 * `added_at`. Returns the row counts written.
 */
export async function seed(db: Knex, options: SeedOptions = {}): Promise<Record<string, number>> {
  const counts = { ...SEED_COUNTS, ...options.counts }
  const random = createRandom(options.seed ?? 20240601)
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
  const pick = <T>(list: readonly T[]) => list[int(0, list.length - 1)]
  const words = (min: number, max: number) =>
    Array.from({ length: int(min, max) }, () => pick(WORDS)).join(' ')
  const at = (maxDays: number) => new Date(EPOCH + int(0, maxDays * DAY)).toISOString()

  await createSchema(db)
  const users = Array.from({ length: counts.users }, (_, i) => ({
    id: i + 1,
    name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
    email: `user${i + 1}@example.test`,
    bio: random() < 0.3 ? null : capitalize(words(4, 10)),
    created_at: at(30),
  }))
  const tags = TAGS.slice(0, counts.tags).map((name, i) => ({ id: i + 1, name, slug: slug(name) }))
  const posts = Array.from({ length: counts.posts }, (_, i) => ({
    id: i + 1,
    user_id: int(1, counts.users),
    title: capitalize(words(3, 8)),
    body: capitalize(words(20, 60)) + '.',
    published_at: random() < 0.1 ? null : at(365),
    created_at: at(365),
  }))
  const comments = Array.from({ length: counts.comments }, (_, i) => ({
    id: i + 1,
    post_id: int(1, counts.posts),
    user_id: int(1, counts.users),
    body: capitalize(words(5, 25)) + '.',
    created_at: at(365),
  }))
  const postTag = posts.flatMap((post) => pivotRows(post.id, tags.length, int, at))
  await db.transaction(async (trx) => {
    for (const [table, rows] of [
      ['users', users],
      ['tags', tags],
      ['posts', posts],
      ['comments', comments],
      ['post_tag', postTag],
    ] as const)
      await trx.batchInsert(table, rows as readonly object[], 200)
  })
  return { ...counts, post_tag: postTag.length }
}

// 0 to 4 distinct tags per post, in order, each with the pivot's own columns.
function pivotRows(
  postId: number,
  tagCount: number,
  int: (min: number, max: number) => number,
  at: (maxDays: number) => string,
) {
  const chosen = new Set<number>()
  const wanted = Math.min(int(0, 4), tagCount)
  while (chosen.size < wanted) chosen.add(int(1, tagCount))
  return [...chosen].map((tagId, position) => ({
    post_id: postId,
    tag_id: tagId,
    position: position + 1,
    added_at: at(365),
  }))
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}
