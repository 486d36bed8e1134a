// What the ORM adapter rules cost: 1,000 TypeORM entities (each with its author loaded and a lazy
// relation left alone) shaped by a decorated ResourceCollection and serialized, against the same data
// as plain objects (default rules) and a hand-written map (baseline). The setup loads the entities
// from a real in-memory SQLite database once (not timed) and checks that all three give the same JSON.
import 'reflect-metadata'
import {
  Column,
  DataSource,
  Entity,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
} from 'typeorm'
import { Field, JsonResource, WhenLoaded } from '../src'
import { installTypeOrm } from '../src/adapters/typeorm'
import type { BenchOp, Scenario } from './harness'

const COUNT = 1000

@Entity('bench_users')
class BenchUser {
  @PrimaryGeneratedColumn() id!: number
  @Column() name!: string
}

@Entity('bench_posts')
class BenchPost {
  @PrimaryGeneratedColumn() id!: number
  @Column() title!: string
  @Column() views!: number
  @ManyToOne(() => BenchUser)
  @JoinColumn({ name: 'user_id' })
  author?: BenchUser
  @OneToMany(() => BenchComment, (c) => c.post, { lazy: true }) comments!: Promise<BenchComment[]>
}

@Entity('bench_comments')
class BenchComment {
  @PrimaryGeneratedColumn() id!: number
  @ManyToOne(() => BenchPost, (p) => p.comments)
  @JoinColumn({ name: 'post_id' })
  post?: BenchPost
}

class UserResource extends JsonResource<BenchUser> {
  @Field() id!: number
  @Field() name!: string
}

class PostResource extends JsonResource<BenchPost> {
  @Field() id!: number
  @Field() title!: string
  @Field() views!: number
  @WhenLoaded(() => UserResource) author!: unknown
  @WhenLoaded() comments!: unknown
}

/** 1,000 posts with their authors, as TypeORM entities, from a seeded in-memory database. */
async function loadEntities(): Promise<{ posts: BenchPost[]; ds: DataSource }> {
  const ds = new DataSource({
    type: 'better-sqlite3',
    database: ':memory:',
    entities: [BenchUser, BenchPost, BenchComment],
    synchronize: true,
  })
  await ds.initialize()
  const users = await ds.getRepository(BenchUser).save([{ name: 'alice' }, { name: 'bob' }])
  const rows = Array.from({ length: COUNT }, (_, i) => ({
    title: `Post ${i + 1}`,
    views: i * 7,
    author: users[i % 2],
  }))
  await ds.getRepository(BenchPost).save(rows, { chunk: 100 })
  const posts = await ds.getRepository(BenchPost).find({ relations: { author: true } })
  return { posts, ds }
}

function handWritten(posts: readonly BenchPost[]): string {
  return JSON.stringify({
    data: posts.map((p) => ({
      id: p.id,
      title: p.title,
      views: p.views,
      author: { id: p.author!.id, name: p.author!.name },
    })),
  })
}

function toPlain(posts: readonly BenchPost[]): BenchPost[] {
  return posts.map((p) => ({
    id: p.id,
    title: p.title,
    views: p.views,
    author: { id: p.author!.id, name: p.author!.name },
  })) as BenchPost[]
}

/** A case over freshly loaded entities; every case must render exactly what the baseline renders. */
function caseOf(render: (posts: BenchPost[]) => () => string): () => Promise<BenchOp> {
  return async () => {
    const { posts, ds } = await loadEntities()
    installTypeOrm(ds)
    const op = render(posts) as BenchOp
    if (op() !== handWritten(posts)) throw new Error('orm-adapters: outputs differ from baseline')
    op.teardown = () => ds.destroy()
    return op
  }
}

const scenario: Scenario = {
  name: 'orm-adapters: 1,000 TypeORM entities (author loaded, lazy comments untouched)',
  baseline: 'hand-written',
  subject: 'api-resources (TypeORM rules)',
  note: 'plain objects = the same data through the default rules',
  cases: [
    {
      name: 'hand-written',
      setup: caseOf((posts) => () => handWritten(posts)),
    },
    {
      name: 'api-resources (TypeORM rules)',
      setup: caseOf((posts) => () => JSON.stringify(PostResource.collection(posts))),
    },
    {
      name: 'api-resources (plain objects)',
      setup: caseOf((posts) => {
        const plain = toPlain(posts)
        return () => JSON.stringify(PostResource.collection(plain))
      }),
    },
  ],
}

export default scenario
