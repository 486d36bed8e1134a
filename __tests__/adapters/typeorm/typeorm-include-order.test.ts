// A to-many include through the TypeORM adapter is ordered by the related primary key, as the
// Knex loaders order it. A `bigint` key, which TypeORM reads as a string on PostgreSQL and
// MariaDB, is ordered by its value: before, the comments 2, 9, 10 and 100 came back as
// "10", "100", "2", "9".
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
import { Field, JsonResource, WhenLoaded, defineQuery, queryPlan } from 'api-resources'
import { paginate } from 'api-resources/typeorm'
import { DIALECTS, uniqueName } from '../../support/db'

const comments = uniqueName('typeorm_order_comments')
const posts = uniqueName('typeorm_order_posts')

@Entity(comments)
class OrderComment {
  @PrimaryColumn({ type: 'bigint' }) id!: string
  @Column({ type: 'int' }) post_id!: number
  @ManyToOne(() => OrderPost, (post) => post.comments)
  @JoinColumn({ name: 'post_id' })
  post?: unknown
}

@Entity(posts)
class OrderPost {
  @PrimaryColumn({ type: 'int' }) id!: number
  @OneToMany(() => OrderComment, (comment) => comment.post) comments?: OrderComment[]
}

class CommentResource extends JsonResource<OrderComment> {
  @Field() id!: string
}

class PostResource extends JsonResource<OrderPost> {
  static query = defineQuery<OrderPost>()({ sort: ['id'], include: ['comments'] })
  @Field() id!: number
  @WhenLoaded(() => CommentResource) comments?: unknown
}

describe.each(DIALECTS.map((d) => [d.name, d] as const))(
  'TypeORM to-many includes on %s',
  (name) => {
    let ds: DataSource

    beforeAll(async () => {
      const common = { entities: [OrderComment, OrderPost], synchronize: false }
      ds = await (
        name === 'sqlite'
          ? new DataSource({ type: 'better-sqlite3', database: ':memory:', ...common })
          : new DataSource({
              type: name,
              url: name === 'postgres' ? process.env.PG_URL : process.env.MYSQL_URL,
              ...common,
            })
      ).initialize()
      await ds.query(`create table ${posts} (id integer primary key)`)
      await ds.query(`create table ${comments} (id bigint primary key, post_id integer not null)`)
      await ds.query(`insert into ${posts} (id) values (1)`)
      // inserted out of order
      await ds.query(
        `insert into ${comments} (id, post_id) values (9, 1), (10, 1), (100, 1), (2, 1)`,
      )
    })

    afterAll(async () => {
      if (ds === undefined) return
      await ds.query(`drop table if exists ${comments}`)
      await ds.query(`drop table if exists ${posts}`)
      await ds.destroy()
    })

    it('orders a bigint-keyed to-many relation by its key values', async () => {
      const page = await paginate(
        ds.getRepository(OrderPost).createQueryBuilder('post'),
        queryPlan(PostResource, { query: 'include=comments' }),
      )
      const body = PostResource.collection(page).toJSON() as {
        data: Array<{ comments: Array<{ id: unknown }> }>
      }
      expect(body.data[0].comments.map((c) => String(c.id))).toEqual(['2', '9', '10', '100'])
    })
  },
)
