// whenAggregated / whenExistsLoaded (helper and decorator forms) over ORM models whose ORM selects
// the aggregate as an attribute of the model: Objection (relatedQuery(...).max().as(...)) and
// Sequelize (an attribute included by literal SQL), on every dialect of the run.
import 'reflect-metadata'
import knexFactory, { type Knex } from 'knex'
import { Model } from 'objection'
import { literal, type Sequelize } from 'sequelize'
import { JsonResource, WhenAggregated, WhenExistsLoaded, Field } from 'api-resources'
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

class Decorated extends JsonResource<{ id: number }> {
  @Field() id!: number
  @WhenAggregated('posts', 'id', 'max') newest_post!: number
  @WhenExistsLoaded({ relation: 'posts' }) has_posts!: boolean
}

class ByHand extends JsonResource<{ id: number }> {
  override toArray() {
    return {
      id: this.resource.id,
      newest_post: this.whenAggregated('posts', 'id', 'max', (v) => Number(v)),
      has_posts: this.whenExistsLoaded('posts'),
    }
  }
}

/** alice, bob and carol wrote posts 1..30 in turn (max 28, 29, 30); dave wrote none. */
const EXPECTED = [
  { id: 1, newest_post: 28, has_posts: true },
  { id: 2, newest_post: 29, has_posts: true },
  { id: 3, newest_post: 30, has_posts: true },
  { id: 4, has_posts: false },
]

function shapedBothWays(users: object[]): void {
  const decorated = (Decorated.collection(users).toPayload() as { data: Record<string, unknown>[] })
    .data
  const byHand = (ByHand.collection(users).toPayload() as { data: unknown[] }).data
  expect(byHand).toEqual(EXPECTED)
  // the decorator form passes the selected value through as the driver gave it
  expect(
    decorated.map((u) => ({
      ...u,
      newest_post: u.newest_post === undefined ? undefined : Number(u.newest_post),
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
