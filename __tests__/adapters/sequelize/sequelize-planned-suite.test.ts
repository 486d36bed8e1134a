// Query plans through the Sequelize adapter in the shared plan suite (SQLite, PostgreSQL, MariaDB):
// findAll options (where with Op, its values bind parameters; order; include, hasMany separate),
// counted from Sequelize's logging, which shows each statement as the driver receives it (bind
// parameters as $1 or ?, never their values). (sequelize-plan.test.ts covers renames, many-to-many,
// timestamp columns and the errors; sequelize-bind.test.ts the bind parameters themselves.)
import type { QueryPlan } from 'api-resources'
import { DataTypes, Model, Op, Sequelize, literal, type WhereOptions } from 'sequelize'
import { cursorPaginate, installSequelize, paginate, simplePaginate } from 'api-resources/sequelize'
import { dialectNames } from '../../support/db'
import { plannedOrmSuite, type PlannedOrm } from '../planned-orm-suite'

plannedOrmSuite({
  name: 'Sequelize',
  prefix: 'sequelize_plan',
  dialects: dialectNames(),
  // COUNT, posts with their writers joined, their comments with the comments' authors joined
  includeQueries: 3,
  counts: true,
  // the COUNT, the page with its count subqueries
  countQueries: 2,
  missingRelation: 'tags',
  open: async (db): Promise<PlannedOrm> => {
    const log: string[] = []
    const logging = (sql: string) => void log.push(sql)
    const sequelize =
      db.dialect === 'sqlite'
        ? new Sequelize({ dialect: 'sqlite', storage: db.file, logging })
        : new Sequelize(db.url, { dialect: db.dialect, logging })
    class User extends Model {}
    class Comment extends Model {}
    class Post extends Model {}
    const options = { sequelize, timestamps: false }
    const id = { type: DataTypes.INTEGER, primaryKey: true }
    User.init({ id, name: DataTypes.STRING }, { ...options, tableName: db.tables.users })
    Comment.init(
      { id, post_id: DataTypes.INTEGER, user_id: DataTypes.INTEGER, body: DataTypes.STRING },
      { ...options, tableName: db.tables.comments },
    )
    Post.init(
      {
        id,
        user_id: DataTypes.INTEGER,
        title: DataTypes.STRING,
        score: DataTypes.INTEGER,
        published_at: DataTypes.STRING,
      },
      { ...options, tableName: db.tables.posts },
    )
    Post.belongsTo(User, { as: 'writer', foreignKey: 'user_id' })
    Post.hasMany(Comment, { as: 'comments', foreignKey: 'post_id' })
    Comment.belongsTo(User, { as: 'author', foreignKey: 'user_id' })
    installSequelize(sequelize)
    const score = sequelize.getQueryInterface().quoteIdentifier('score')
    const ored = (where: WhereOptions) => ({
      page: (plan: QueryPlan) => paginate({ model: Post, where }, plan),
      cursor: (plan: QueryPlan) => cursorPaginate({ model: Post, where }, plan),
    })
    return {
      log,
      page: (plan) => paginate({ model: Post }, plan),
      simple: (plan) => simplePaginate({ model: Post }, plan),
      cursor: (plan) => cursorPaginate({ model: Post }, plan),
      ored: {
        'Op.or': ored({ [Op.or]: [{ score: 1 }, { score: 2 }] }),
        'a literal() with OR': ored(literal(`${score} = 1 OR ${score} = 2`)),
      },
      close: () => sequelize.close(),
    }
  },
})
