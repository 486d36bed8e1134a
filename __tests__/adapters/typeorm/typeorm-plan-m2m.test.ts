// Many-to-many through TypeORM query plans: include=tags (a pivot table) loaded by TypeORM's own
// query-strategy loading and tags_count by one grouped COUNT of the junction table, on SQLite,
// PostgreSQL and MariaDB, in a bounded number of queries, rendering the Knex adapter's tags with their
// pivot rows (`post_tag.position`: TypeORM's implicit junction has no entity, so the adapter reads
// the page's junction rows in one more query). The tables, resources and checks: ../m2m-plan-suite.ts.
import 'reflect-metadata'
import {
  Column,
  DataSource,
  Entity,
  JoinTable,
  ManyToMany,
  PrimaryColumn,
  type Logger,
} from 'typeorm'
import { paginate } from 'api-resources/typeorm'
import { dialectNames } from '../../support/db'
import { planTables } from '../../support/plan-fixture'
import {
  expectInverseLoaded,
  expectPivotColumnsOfRealTypes,
  expectTagsCounted,
  expectTagsLoaded,
  m2mDatabase,
  type PlanPage,
} from '../m2m-plan-suite'

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
        const logger: Logger = {
          logQuery: (query) => void log.push(query),
          logQueryError: () => undefined,
          logQuerySlow: () => undefined,
          logSchemaBuild: () => undefined,
          logMigration: () => undefined,
          log: () => undefined,
        }
        const common = { entities: [M2mTag, M2mPost], synchronize: false, logging: true, logger }
        ds =
          name === 'sqlite'
            ? new DataSource({ type: 'better-sqlite3', database: file, ...common })
            : new DataSource({ type: name, url, ...common })
        await ds.initialize()
      },
      close: async () => void (await ds?.destroy()),
    })

    const posts: PlanPage = (plan) =>
      paginate(ds.getRepository(M2mPost).createQueryBuilder('post'), plan)
    const tags: PlanPage = (plan) =>
      paginate(ds.getRepository(M2mTag).createQueryBuilder('tag'), plan)

    it('loads include=tags for a 100-row page in bounded queries, as the Knex adapter renders them', async () => {
      // COUNT, posts, the junction rows of the page, the tags (TypeORM's loading), the junction
      // rows with their columns (the pivots): the same for 100 and 7 posts
      await expectTagsLoaded(db, posts, 5)
    })

    it('counts include=tags_count with one grouped COUNT of the junction table', async () => {
      await expectTagsCounted(db, posts)
    })

    it('loads the pivot rows from the inverse side too (tags with their posts)', async () => {
      // COUNT, tags, the junction keys, the posts (TypeORM's loading), the junction rows
      await expectInverseLoaded(db, tags, 5)
    })

    // last: it adds columns to the pivot table
    it('renders pivot columns of real types as the Knex adapter does: microsecond zone-less timestamps, decimals, doubles, NULLs', async () => {
      await expectPivotColumnsOfRealTypes(db, posts)
    })
  },
)
