// Query plans through the TypeORM adapter (the shared plan suite, on SQLite, PostgreSQL and
// MariaDB): WHERE and ORDER BY on the SelectQueryBuilder, includes loaded by TypeORM's own
// query-strategy relation loading, counted from TypeORM's query logger.
import 'reflect-metadata'
import {
  Column,
  DataSource,
  Entity,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryColumn,
} from 'typeorm'
import { JsonResource, WhenCounted, defineQuery, queryPlan, type QueryPlan } from 'api-resources'
import { cursorPaginate, paginate, simplePaginate } from 'api-resources/typeorm'
import { dialectNames } from '../../support/db'
import { plannedOrmSuite, type PlannedOrm } from '../planned-orm-suite'
import { queryLogger } from './typeorm-test-db'

@Entity('typeorm_plan_users')
class PlanUser {
  @PrimaryColumn() id!: number
  @Column({ type: 'varchar' }) name!: string
}

@Entity('typeorm_plan_comments')
class PlanComment {
  @PrimaryColumn() id!: number
  @Column() post_id!: number
  @Column() user_id!: number
  @Column({ type: 'varchar' }) body!: string
  @ManyToOne(() => PlanPost, (post) => post.comments)
  @JoinColumn({ name: 'post_id' })
  post?: unknown
  @ManyToOne(() => PlanUser)
  @JoinColumn({ name: 'user_id' })
  author?: PlanUser
}

@Entity('typeorm_plan_posts')
class PlanPost {
  @PrimaryColumn() id!: number
  @Column() user_id!: number
  @Column({ type: 'varchar' }) title!: string
  @Column() score!: number
  @Column({ type: 'varchar', nullable: true }) published_at!: string | null
  @ManyToOne(() => PlanUser)
  @JoinColumn({ name: 'user_id' })
  writer?: PlanUser
  @OneToMany(() => PlanComment, (comment) => comment.post) comments?: PlanComment[]
}

let dataSource: DataSource | undefined

plannedOrmSuite({
  name: 'TypeORM',
  prefix: 'typeorm_plan',
  dialects: dialectNames(),
  // COUNT, posts, their writers, their comments, the comments' authors, and the ids of the
  // comments per post (TypeORM's query strategy reads a one-to-many relation's ids to group it)
  // counts: COUNT, posts, and one grouped COUNT of the comments for the page
  counts: true,
  countQueries: 3,
  // the plan tables have a pivot, these models no `tags` relation
  missingRelation: 'tags',
  includeQueries: 6,
  open: async (db): Promise<PlannedOrm> => {
    const log: string[] = []
    const logger = queryLogger((query) => void log.push(query))
    const common = {
      entities: [PlanUser, PlanPost, PlanComment],
      synchronize: false,
      logging: true,
      logger,
    }
    const ds =
      db.dialect === 'sqlite'
        ? new DataSource({ type: 'better-sqlite3', database: db.file, ...common })
        : new DataSource({ type: db.dialect, url: db.url, ...common })
    dataSource = await ds.initialize()
    const posts = () => ds.getRepository(PlanPost).createQueryBuilder('post')
    const ored = (where: () => ReturnType<typeof posts>) => ({
      page: (plan: QueryPlan) => paginate(where(), plan),
      cursor: (plan: QueryPlan) => cursorPaginate(where(), plan),
    })
    return {
      log,
      page: (plan) => paginate(posts(), plan),
      simple: (plan) => simplePaginate(posts(), plan),
      cursor: (plan) => cursorPaginate(posts(), plan),
      ored: {
        'where().orWhere()': ored(() =>
          posts().where('post.score = :one', { one: 1 }).orWhere('post.score = :two', { two: 2 }),
        ),
        'a where with OR': ored(() => posts().where('post.score = 1 OR post.score = 2')),
      },
      close: () => ds.destroy(),
    }
  },
})

class WriterCounted extends JsonResource<{ id: number; writer_count?: number }> {
  static query = defineQuery<{ id: number }>()({ sort: ['id'] })
  @WhenCounted({ relation: 'writer' }) writer_count?: number
}

describe('TypeORM query plans: what TypeORM cannot do', () => {
  it('refuses a count of a to-one relation at the first call, naming the alternative', async () => {
    expect(dataSource).toBeDefined()
    const qb = dataSource!.getRepository(PlanPost).createQueryBuilder('post')
    const plan = queryPlan(WriterCounted, { query: 'include=writer_count' })
    await expect(paginate(qb, plan)).rejects.toThrow(/VirtualColumn/)
  })
})
