// Query plans through the Objection adapter in the shared plan suite (SQLite, PostgreSQL, MariaDB):
// WHERE and ORDER BY on Model.query(), includes through one withGraphFetched, counted from Knex's
// query log. (objection-plan.test.ts covers counts, many-to-many and the errors.)
import knexFactory, { type Knex } from 'knex'
import { Model, type RelationMappings } from 'objection'
import { cursorPaginate, paginate, simplePaginate } from 'api-resources/objection'
import { dialectNames } from '../../support/db'
import { planTables } from '../../support/plan-fixture'
import { plannedOrmSuite, type PlannedOrm } from '../planned-orm-suite'

const t = planTables('objection_plan')

class PlanUser extends Model {
  static override tableName = t.users
}
class PlanComment extends Model {
  static override tableName = t.comments
  static override get relationMappings(): RelationMappings {
    return {
      author: {
        relation: Model.BelongsToOneRelation,
        modelClass: PlanUser,
        join: { from: `${t.comments}.user_id`, to: `${t.users}.id` },
      },
    }
  }
}
class PlanPost extends Model {
  static override tableName = t.posts
  static override get relationMappings(): RelationMappings {
    return {
      writer: {
        relation: Model.BelongsToOneRelation,
        modelClass: PlanUser,
        join: { from: `${t.posts}.user_id`, to: `${t.users}.id` },
      },
      comments: {
        relation: Model.HasManyRelation,
        modelClass: PlanComment,
        join: { from: `${t.posts}.id`, to: `${t.comments}.post_id` },
      },
    }
  }
}

plannedOrmSuite({
  name: 'Objection',
  prefix: 'objection_plan',
  dialects: dialectNames(),
  // COUNT, posts, their writers, their comments, the comments' authors
  includeQueries: 5,
  counts: true,
  missingRelation: 'tags',
  open: async (db): Promise<PlannedOrm> => {
    const log: string[] = []
    const knex: Knex = knexFactory(
      db.dialect === 'sqlite'
        ? { client: 'better-sqlite3', connection: { filename: db.file }, useNullAsDefault: true }
        : { client: db.dialect === 'postgres' ? 'pg' : 'mysql2', connection: db.url },
    )
    knex.on('query', (q: { sql: string }) => log.push(q.sql))
    const posts = () => PlanPost.query(knex)
    return {
      log,
      page: (plan) => paginate(posts(), plan),
      simple: (plan) => simplePaginate(posts(), plan),
      cursor: (plan) => cursorPaginate(posts(), plan),
      close: () => knex.destroy(),
    }
  },
})
