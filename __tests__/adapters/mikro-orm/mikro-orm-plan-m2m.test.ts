// Many-to-many through MikroORM query plans: include=tags (a pivot table) loaded by em.populate()
// with the select-in strategy and tags_count by one grouped COUNT of the pivot table, on SQLite,
// PostgreSQL and MariaDB, in a bounded number of queries, rendering the Knex adapter's tags with their
// pivot rows (`post_tag.position`, which the entities do not map: the adapter reads the page's pivot
// rows in one more query). The tables, resources and checks: ../m2m-plan-suite.ts.
import 'reflect-metadata'
import { Collection, Entity, ManyToMany, PrimaryKey, Property } from '@mikro-orm/core'
import type { MikroORM } from '@mikro-orm/core'
import { installMikroOrm, paginate } from 'api-resources/mikro-orm'
import { dialectNames } from '../../support/db'
import { planTables } from '../../support/plan-fixture'
import { m2mDatabase, m2mPlanTests } from '../m2m-plan-suite'

const t = planTables('mikro_m2m')

@Entity({ tableName: t.tags })
class M2mTag {
  @PrimaryKey({ type: 'integer', autoincrement: false }) id!: number
  @Property({ type: 'string' }) name!: string
  @ManyToMany({ entity: () => M2mPost, mappedBy: 'tags' })
  posts = new Collection<M2mPost>(this)
}

@Entity({ tableName: t.posts })
class M2mPost {
  @PrimaryKey({ type: 'integer', autoincrement: false }) id!: number
  @Property({ type: 'string' }) title!: string
  @ManyToMany({
    entity: () => M2mTag,
    inversedBy: 'posts',
    pivotTable: t.pivot,
    joinColumn: 'post_id',
    inverseJoinColumn: 'tag_id',
  })
  tags = new Collection<M2mTag>(this)
}

describe.each(dialectNames().map((d) => [d] as const))(
  'MikroORM many-to-many plans on %s',
  (name) => {
    let orm: MikroORM
    const db = m2mDatabase(name, t, {
      async open({ file, url, log }) {
        const common = {
          entities: [M2mTag, M2mPost],
          debug: ['query' as const],
          logger: (message: string) => void log.push(message),
          discovery: { disableDynamicFileAccess: true },
        }
        if (name === 'postgres') {
          const { MikroORM: Orm } = await import('@mikro-orm/postgresql')
          orm = (await Orm.init({ clientUrl: url, ...common })) as unknown as MikroORM
        } else if (name === 'mysql') {
          const { MikroORM: Orm } = await import('@mikro-orm/mysql')
          orm = (await Orm.init({ clientUrl: url, ...common })) as unknown as MikroORM
        } else {
          const { MikroORM: Orm } = await import('@mikro-orm/better-sqlite')
          orm = (await Orm.init({ dbName: file, ...common })) as unknown as MikroORM
        }
        installMikroOrm(orm as never)
      },
      close: async () => void (await orm?.close(true)),
    })

    const builder = (entity: typeof M2mPost | typeof M2mTag, alias: string): never =>
      (
        orm.em.fork() as unknown as {
          createQueryBuilder(entity: typeof M2mPost | typeof M2mTag, alias: string): never
        }
      ).createQueryBuilder(entity, alias)
    m2mPlanTests(db, {
      posts: (plan) => paginate(builder(M2mPost, 'p'), plan),
      tags: (plan) => paginate(builder(M2mTag, 'tg'), plan),
      // COUNT, posts, the tags with their pivot keys (MikroORM's loading), the pivot rows with
      // their columns (the pivots): the same for 100 and 7 posts
      tagsQueries: 4,
      // COUNT, tags, the posts with their pivot keys (MikroORM's loading), the pivot rows
      inverseQueries: 4,
      pivots: {
        note: 'date-times as MikroORM reads them',
        same: (got, want) => {
          const pivots = got.data.map((p) => p.tags?.[0].pivot)
          // MikroORM's connection reads a date-time as its exact text on PostgreSQL and MariaDB (no
          // zone applied, microseconds kept), where Knex's reads a Date in the process's zone: the
          // pivot row carries what the connection read
          if (name !== 'sqlite') {
            expect(pivots[0]?.added_at).toBe('2024-03-10 02:30:00.123456')
            expect(pivots[2]?.added_at).toBe('1999-12-31 23:59:59.999999')
            for (const post of want.data)
              for (const tag of post.tags ?? [])
                if (tag.pivot?.added_at != null) tag.pivot.added_at = pivots[post.id - 1]?.added_at
          }
          expect(got).toEqual(want)
        },
      },
    })
  },
)
