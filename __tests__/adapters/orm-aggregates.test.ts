// whenAggregated / whenExistsLoaded (helper and decorator forms) over ORM models, each ORM selecting
// the aggregate its own way: Objection (relatedQuery(...).max().as(...)), Sequelize (an attribute
// included by literal SQL), TypeORM (virtual columns), MikroORM (lazy formulas); on every dialect.
import 'reflect-metadata'
import knexFactory, { type Knex } from 'knex'
import { Model } from 'objection'
import { literal, type Sequelize } from 'sequelize'
import { JsonResource, WhenAggregated, WhenExistsLoaded, WhenHas, Field } from 'api-resources'
import { installObjection } from 'api-resources/objection'
import { installSequelize } from 'api-resources/sequelize'
import { dialectNames, prepareDatabase } from '../support/db'
import {
  Comment as OComment,
  Post as OPost,
  Tag as OTag,
  User as OUser,
} from './objection/objection-models'
import { openSequelize, User as SUser } from './sequelize/sequelize-models'
import { installTypeOrm } from 'api-resources/typeorm'
import { installMikroOrm } from 'api-resources/mikro-orm'
import { openDataSource } from './typeorm/typeorm-test-db'
import { User as TUser } from './typeorm/typeorm-entities'
import { openOrm } from './mikro-orm/mikro-orm-test-db'
import { User as MUser } from './mikro-orm/mikro-orm-entities'

class Decorated extends JsonResource<{ id: number; name: string; nickname?: string }> {
  @Field() id!: number
  @WhenHas() name?: string
  @WhenHas() nickname?: string
  @WhenAggregated('posts', 'id', 'max') newest_post?: number
  @WhenExistsLoaded({ relation: 'posts' }) has_posts?: boolean
}

class ByHand extends JsonResource<{ id: number }> {
  override toArray() {
    return {
      id: this.resource.id,
      name: this.whenHas('name'),
      nickname: this.whenHas('nickname'), // not a column: never had
      newest_post: this.whenAggregated('posts', 'id', 'max', (v) => Number(v)),
      has_posts: this.whenExistsLoaded('posts'),
    }
  }
}

/**
 * alice, bob and carol wrote posts 1..30 in turn (max 28, 29, 30); dave wrote none, so his `max` is
 * `null`, which renders as `null` (as Laravel's whenAggregated does).
 */
const EXPECTED = [
  { id: 1, name: 'alice', newest_post: 28, has_posts: true },
  { id: 2, name: 'bob', newest_post: 29, has_posts: true },
  { id: 3, name: 'carol', newest_post: 30, has_posts: true },
  { id: 4, name: 'dave', newest_post: null, has_posts: false },
]

function shapedBothWays(users: unknown[]): void {
  const decorated = (Decorated.collection(users).toPayload() as { data: Record<string, unknown>[] })
    .data
  const byHand = (ByHand.collection(users).toPayload() as { data: unknown[] }).data
  expect(byHand).toEqual(EXPECTED)
  // the decorator form passes the selected value through as the driver gave it
  expect(
    decorated.map((u) => ({
      ...u,
      newest_post: u.newest_post == null ? u.newest_post : Number(u.newest_post),
    })),
  ).toEqual(EXPECTED.map((u) => ({ ...u, newest_post: u.newest_post })))
}

describe.each(dialectNames())('aggregates selected through ORMs on %s', (dialect) => {
  describe('Objection', () => {
    let knex: Knex
    beforeAll(async () => {
      knex = knexFactory((await prepareDatabase(dialect, 'objection_aggregates')).knexConfig)
      Model.knex(knex)
      installObjection([OUser, OPost, OComment, OTag])
    })
    afterAll(() => knex.destroy())

    it('reads <relation>_max_<column> and <relation>_exists from the models', async () => {
      const users = await OUser.query()
        .select(
          'users.*',
          OUser.relatedQuery('posts').max('id').as('posts_max_id'),
          knex.raw('exists (select 1 from posts where posts.user_id = users.id) as posts_exists'),
        )
        .orderBy('users.id')
      shapedBothWays(users)
    })
  })

  describe('Sequelize', () => {
    let sequelize: Sequelize
    beforeAll(async () => {
      sequelize = await openSequelize(await prepareDatabase(dialect, 'sequelize_aggregates'))
      installSequelize(sequelize)
    })
    afterAll(() => sequelize.close())

    it('reads attributes included by literal SQL (what Sequelize keeps only behind get())', async () => {
      const q = (name: string) => sequelize.getQueryInterface().quoteIdentifier(name)
      const owner = `${q('User')}.${q('id')}`
      const users = await SUser.findAll({
        attributes: {
          include: [
            [literal(`(select max(id) from posts where posts.user_id = ${owner})`), 'posts_max_id'],
            [
              literal(`exists (select 1 from posts where posts.user_id = ${owner})`),
              'posts_exists',
            ],
          ],
        },
        order: [['id', 'ASC']],
      })
      shapedBothWays(users)
    })
  })
})

describe.each(dialectNames())(
  'aggregates as TypeORM virtual columns and MikroORM formulas on %s',
  (dialect) => {
    it('TypeORM: the virtual columns of the entity', async () => {
      const ds = await openDataSource(await prepareDatabase(dialect, 'typeorm_aggregates'))
      try {
        installTypeOrm(ds)
        const users = await ds.getRepository(TUser).find({ order: { id: 'ASC' } })
        shapedBothWays(users)
      } finally {
        await ds.destroy()
      }
    })

    it('MikroORM: lazy formulas, selected when asked for', async () => {
      const orm = await openOrm(await prepareDatabase(dialect, 'mikro_aggregates'))
      try {
        installMikroOrm(orm)
        const users = await orm.em.fork().find(MUser, {}, {
          orderBy: { id: 'asc' },
          populate: ['posts_max_id', 'posts_exists'],
        } as never)
        shapedBothWays(users)
      } finally {
        await orm.close()
      }
    })
  },
)
