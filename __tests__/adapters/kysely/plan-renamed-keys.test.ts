// The request half under Kysely's CamelCasePlugin (the app writes camelCase, the database names
// snake_case, the rows carry camelCase): a belongsToMany include read its pivot rows under
// internal aliases the plugin renamed (`__api_resources_parent` -> `_ApiResourcesParent`), so every
// post got no tags. The aliases are now ones a key mapper leaves as they are.
import { CamelCasePlugin, sql, type Kysely } from 'kysely'
import {
  Field,
  JsonResource,
  WhenLoaded,
  belongsToMany,
  defineQuery,
  defineRelations,
  queryPlan,
} from 'api-resources'
import { paginate } from 'api-resources/kysely'
import { DIALECTS, uniqueName } from '../../support/db'

class TagResource extends JsonResource<{ id: number; label: string }> {
  @Field() id!: number
  @Field() label!: string
}
class PostResource extends JsonResource<{ id: number; tags?: unknown }> {
  static query = defineQuery<{ id: number }>()({ sort: ['id'] })
  @Field() id!: number
  @WhenLoaded(() => TagResource) tags?: unknown
}

describe.each(DIALECTS.map((d) => [d.name, d] as const))(
  'Kysely with CamelCasePlugin on %s: include of a belongsToMany relation',
  (_name, dialect) => {
    let plain: Kysely<any>
    const posts = uniqueName('kcp_posts')
    const tags = uniqueName('kcp_tags')
    const pivot = uniqueName('kcp_post_tag')

    beforeAll(async () => {
      plain = dialect.kysely<any>()
      await sql.raw(`create table ${posts} (id integer primary key)`).execute(plain)
      await sql
        .raw(`create table ${tags} (id integer primary key, label varchar(10))`)
        .execute(plain)
      await sql
        .raw(`create table ${pivot} (post_id integer, tag_id integer, sort_position integer)`)
        .execute(plain)
      await sql.raw(`insert into ${posts} values (1), (2), (3)`).execute(plain)
      await sql.raw(`insert into ${tags} values (1, 't1'), (2, 't2')`).execute(plain)
      await sql.raw(`insert into ${pivot} values (1, 1, 5), (1, 2, 6), (3, 2, 7)`).execute(plain)
    })

    afterAll(async () => {
      if (plain === undefined) return
      for (const table of [pivot, tags, posts])
        await plain.schema.dropTable(table).ifExists().execute()
      await plain.destroy()
    })

    it('loads the related rows with their pivot columns, under the keys the rows carry', async () => {
      const db = plain.withPlugin(new CamelCasePlugin())
      const relations = defineRelations({
        [posts]: {
          tags: belongsToMany(tags, {
            pivot,
            foreignPivotKey: 'postId',
            relatedPivotKey: 'tagId',
            pivotColumns: ['sortPosition'],
          }),
        },
      })
      const plan = queryPlan(PostResource, { query: 'include=tags&sort=id' })
      const page = await paginate(db.selectFrom(posts).selectAll(), plan, { db, relations })
      const body = PostResource.collection(page as never).toJSON() as { data: unknown }
      expect(body.data).toEqual([
        {
          id: 1,
          tags: [
            { id: 1, label: 't1' },
            { id: 2, label: 't2' },
          ],
        },
        { id: 2, tags: [] },
        { id: 3, tags: [{ id: 2, label: 't2' }] },
      ])
      const first = page.items()[0] as { tags: { pivot: unknown }[] }
      expect(first.tags.map((t) => t.pivot)).toEqual([
        { postId: 1, tagId: 1, sortPosition: 5 },
        { postId: 1, tagId: 2, sortPosition: 6 },
      ])
    })
  },
)
