// Counts (`include=comments_count`) under Objection's name mappers: a model's
// `columnNameMappers = snakeCaseMappers()` and Knex's `knexSnakeCaseMappers()` rename the count's
// column (`comments_count` -> `commentsCount`) and the id column (`post_id` -> `postId`) in the
// rows read back, so every count was 0. They are now read under aliases a mapper leaves as they
// are, and the page's keys under the model's properties.
import type { Knex } from 'knex'
import { Model, knexSnakeCaseMappers, snakeCaseMappers } from 'objection'
import { JsonResource, WhenCounted, defineQuery, queryPlan } from 'api-resources'
import { paginate } from 'api-resources/objection'
import { DIALECTS, knexWith as knexWithConfig, uniqueName } from '../../support/db'

// the resource, its sort and unique key named as the app's queries name the column
class PostByColumn extends JsonResource<Record<string, unknown>> {
  static query = defineQuery<Record<string, unknown>>()({ sort: ['post_id'], uniqueKey: 'post_id' })
  @WhenCounted() comments_count?: number
}
class PostByProperty extends JsonResource<Record<string, unknown>> {
  static query = defineQuery<Record<string, unknown>>()({ sort: ['postId'], uniqueKey: 'postId' })
  @WhenCounted() comments_count?: number
}
const postResource = (key: string) => (key === 'post_id' ? PostByColumn : PostByProperty)

describe.each(DIALECTS.map((d) => [d.name, d] as const))(
  'Objection counts under name mappers on %s',
  (_name, dialect) => {
    const posts = uniqueName('omap_posts')
    const comments = uniqueName('omap_comments')
    const open: Knex[] = []

    async function knexWith(config: Partial<Knex.Config>): Promise<Knex> {
      const knex = await knexWithConfig(dialect, config)
      open.push(knex)
      await knex.raw(`drop table if exists ${comments}`)
      await knex.raw(`drop table if exists ${posts}`)
      await knex.raw(`create table ${posts} (post_id integer primary key)`)
      await knex.raw(`create table ${comments} (id integer primary key, parent_post_id integer)`)
      await knex.raw(`insert into ${posts} values (1), (2), (3)`)
      await knex.raw(`insert into ${comments} values (1, 1), (2, 1), (3, 2)`)
      return knex
    }

    afterEach(async () => {
      for (const knex of open.splice(0)) {
        await knex.raw(`drop table if exists ${comments}`)
        await knex.raw(`drop table if exists ${posts}`)
        await knex.destroy()
      }
    })

    function models(mappers: boolean) {
      class Comment extends Model {
        static override tableName = comments
        static override get columnNameMappers() {
          return mappers ? snakeCaseMappers() : super.columnNameMappers
        }
      }
      class Post extends Model {
        static override tableName = posts
        static override idColumn = mappers ? 'post_id' : 'postId'
        static override get columnNameMappers() {
          return mappers ? snakeCaseMappers() : super.columnNameMappers
        }
        static override get relationMappings() {
          return {
            comments: {
              relation: Model.HasManyRelation,
              modelClass: Comment,
              join: mappers
                ? { from: `${posts}.post_id`, to: `${comments}.parent_post_id` }
                : { from: `${posts}.postId`, to: `${comments}.parentPostId` },
            },
          }
        }
      }
      return Post
    }

    it.each([
      // the model's mappers: queries name the database's columns; Knex's: the app's camelCase
      ['a model with snakeCaseMappers()', true, {}, 'post_id'],
      ['knexSnakeCaseMappers()', false, knexSnakeCaseMappers(), 'postId'],
    ] as const)('%s', async (_label, mappers, config, key) => {
      const knex = await knexWith(config)
      const Post = models(mappers).bindKnex(knex)
      const plan = queryPlan(postResource(key), { query: `include=comments_count&sort=${key}` })
      const page = await paginate(Post.query(), plan)
      expect(
        page
          .items()
          .map((p) => [
            (p as unknown as { postId: number }).postId,
            (p as unknown as { comments_count: number }).comments_count,
          ]),
      ).toEqual([
        [1, 2],
        [2, 1],
        [3, 0],
      ])
    })
  },
)
