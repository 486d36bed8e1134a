// Query plans through the MikroORM adapter (the shared plan suite, on SQLite, PostgreSQL and
// MariaDB): WHERE and ORDER BY on the QueryBuilder, includes loaded by em.populate() with the
// select-in strategy, counted from MikroORM's query logger. One EntityManager fork per request.
import 'reflect-metadata'
import {
  Collection,
  Entity,
  ManyToOne,
  OneToMany,
  PrimaryKey,
  Property,
  raw,
} from '@mikro-orm/core'
import type { MikroORM } from '@mikro-orm/core'
import { JsonResource, WhenCounted, defineQuery, queryPlan, type QueryPlan } from 'api-resources'
import { cursorPaginate, installMikroOrm, paginate, simplePaginate } from 'api-resources/mikro-orm'
import { dialectNames } from '../../support/db'
import { plannedOrmSuite, type PlannedOrm } from '../planned-orm-suite'

@Entity({ tableName: 'mikro_plan_users' })
class PlanUser {
  @PrimaryKey({ type: 'integer', autoincrement: false }) id!: number
  @Property({ type: 'string' }) name!: string
}

@Entity({ tableName: 'mikro_plan_posts' })
class PlanPost {
  @PrimaryKey({ type: 'integer', autoincrement: false }) id!: number
  @Property({ type: 'string' }) title!: string
  @Property({ type: 'integer' }) score!: number
  @Property({ type: 'string', nullable: true }) published_at!: string | null
  // the author: a filter on the column user_id compares this relation's foreign key
  @ManyToOne({ entity: () => PlanUser, fieldName: 'user_id' }) writer!: PlanUser
  @OneToMany({ entity: () => PlanComment, mappedBy: 'post' }) comments =
    new Collection<PlanComment>(this)
}

@Entity({ tableName: 'mikro_plan_comments' })
class PlanComment {
  @PrimaryKey({ type: 'integer', autoincrement: false }) id!: number
  @Property({ type: 'string' }) body!: string
  @ManyToOne({ entity: () => PlanPost, fieldName: 'post_id' }) post!: PlanPost
  @ManyToOne({ entity: () => PlanUser, fieldName: 'user_id' }) author!: PlanUser
}

let orm: MikroORM | undefined

plannedOrmSuite({
  name: 'MikroORM',
  prefix: 'mikro_plan',
  dialects: dialectNames(),
  // at most: COUNT, posts, their writers, their comments, the comments' authors (fewer when the
  // writers already loaded every author: the EntityManager's identity map)
  // counts: COUNT, posts, and one grouped COUNT of the comments for the page
  counts: true,
  countQueries: 3,
  // the plan tables have a pivot, these models no `tags` relation
  missingRelation: 'tags',
  includeQueries: 5,
  open: async (db): Promise<PlannedOrm> => {
    const log: string[] = []
    const common = {
      entities: [PlanUser, PlanPost, PlanComment],
      debug: ['query' as const],
      logger: (message: string) => void log.push(message),
      discovery: { disableDynamicFileAccess: true },
    }
    if (db.dialect === 'postgres') {
      const { MikroORM: Orm } = await import('@mikro-orm/postgresql')
      orm = (await Orm.init({ clientUrl: db.url, ...common })) as unknown as MikroORM
    } else if (db.dialect === 'mysql') {
      const { MikroORM: Orm } = await import('@mikro-orm/mysql')
      orm = (await Orm.init({ clientUrl: db.url, ...common })) as unknown as MikroORM
    } else {
      const { MikroORM: Orm } = await import('@mikro-orm/better-sqlite')
      orm = (await Orm.init({ dbName: db.file, ...common })) as unknown as MikroORM
    }
    const opened = orm
    installMikroOrm(opened as never)
    // a fresh EntityManager per request, as an app forks one per request
    const posts = () =>
      (
        opened.em.fork() as unknown as {
          createQueryBuilder(entity: typeof PlanPost, alias: string): never
        }
      ).createQueryBuilder(PlanPost, 'p')
    // the builder's own WHERE, written as the test says
    interface Builder {
      where(cond: unknown): Builder
      orWhere(cond: unknown): Builder
    }
    const ored = (where: (qb: Builder) => Builder) => ({
      page: (plan: QueryPlan) => paginate(where(posts()) as never, plan) as never,
      cursor: (plan: QueryPlan) => cursorPaginate(where(posts()) as never, plan) as never,
    })
    return {
      log,
      page: (plan) => paginate(posts(), plan),
      simple: (plan) => simplePaginate(posts(), plan),
      cursor: (plan) => cursorPaginate(posts(), plan),
      ored: {
        $or: ored((qb) => qb.where({ $or: [{ score: 1 }, { score: 2 }] })),
        'where().orWhere()': ored((qb) => qb.where({ score: 1 }).orWhere({ score: 2 })),
        'a string with OR': ored((qb) => qb.where('p.score = 1 or p.score = 2')),
        'raw() with OR': ored((qb) => qb.where(raw('p.score = 1 or p.score = 2'))),
      },
      close: () => opened.close(true),
    }
  },
})

class WriterCounted extends JsonResource<{ id: number; writer_count?: number }> {
  static query = defineQuery<{ id: number }>()({ sort: ['id'] })
  @WhenCounted({ relation: 'writer' }) writer_count?: number
}

describe('MikroORM query plans: what the adapter cannot do', () => {
  it('refuses a count of a to-one relation at the first call, naming the alternative', async () => {
    expect(orm).toBeDefined()
    const qb = (
      orm!.em.fork() as unknown as { createQueryBuilder(e: unknown, a: string): never }
    ).createQueryBuilder(PlanPost, 'p')
    const plan = queryPlan(WriterCounted, { query: 'include=writer_count' })
    await expect(paginate(qb, plan)).rejects.toThrow(/@Formula/)
  })
})
