// Many-to-many through TypeORM query plans: include=tags (a pivot table) loaded by TypeORM's own
// query-strategy loading and tags_count by one grouped COUNT of the junction table, on SQLite,
// PostgreSQL and MariaDB, in a bounded number of queries, rendering the Knex adapter's tags with their
// pivot rows (`post_tag.position`: TypeORM's implicit junction has no entity, so the adapter reads
// the page's junction rows in one more query). The tables, resources and checks: ../m2m-plan-suite.ts.
import 'reflect-metadata'
import { Column, DataSource, Entity, JoinTable, ManyToMany, PrimaryColumn } from 'typeorm'
import { paginate } from 'api-resources/typeorm'
import { dialectNames } from '../../support/db'
import { planTables } from '../../support/plan-fixture'
import { m2mDatabase, m2mPlanTests } from '../m2m-plan-suite'
import { queryLogger } from './typeorm-test-db'

const t = planTables('typeorm_m2m')

@Entity(t.tags)
class M2mTag {
  @PrimaryColumn() id!: number
  @Column({ type: 'varchar' }) name!: string
  @ManyToMany(() => M2mPost, (post) => post.tags) posts?: M2mPost[]
}

@Entity(t.posts)
class M2mPost {
  @PrimaryColumn() id!: number
  @Column({ type: 'varchar' }) title!: string
  @ManyToMany(() => M2mTag, (tag) => tag.posts)
  @JoinTable({
    name: t.pivot,
    joinColumn: { name: 'post_id', referencedColumnName: 'id' },
    inverseJoinColumn: { name: 'tag_id', referencedColumnName: 'id' },
  })
  tags?: M2mTag[]
}

describe.each(dialectNames().map((d) => [d] as const))(
  'TypeORM many-to-many plans on %s',
  (name) => {
    let ds: DataSource
    const db = m2mDatabase(name, t, {
      async open({ file, url, log }) {
        const logger = queryLogger((query) => void log.push(query))
        const common = { entities: [M2mTag, M2mPost], synchronize: false, logging: true, logger }
        ds =
          name === 'sqlite'
            ? new DataSource({ type: 'better-sqlite3', database: file, ...common })
            : new DataSource({ type: name, url, ...common })
        await ds.initialize()
      },
      close: async () => void (await ds?.destroy()),
    })

    m2mPlanTests(db, {
      posts: (plan) => paginate(ds.getRepository(M2mPost).createQueryBuilder('post'), plan),
      tags: (plan) => paginate(ds.getRepository(M2mTag).createQueryBuilder('tag'), plan),
      // COUNT, posts, the junction rows of the page, the tags (TypeORM's loading), the junction
      // rows with their columns (the pivots): the same for 100 and 7 posts
      tagsQueries: 5,
      // COUNT, tags, the junction keys, the posts (TypeORM's loading), the junction rows
      inverseQueries: 5,
    })
  },
)
