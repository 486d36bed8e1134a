import { DataTypes, Model, Sequelize } from 'sequelize'
import type { DialectName, OrmDatabase } from '../../support/db'

/** Real Sequelize models over the shared schema. */
export class User extends Model {
  declare id: number
  declare name: string
}
export class Post extends Model {
  declare id: number
  declare title: string
  declare tags?: Tag[]
}
export class Comment extends Model {
  declare id: number
}
export class Tag extends Model {
  declare id: number
  declare name: string
}
export class PostTag extends Model {
  declare role: string
}
/** Defined on the same connection but left out of `installSequelize`: default rules. */
export class Loose extends Model {}

const common = { timestamps: false, underscored: true }

function define(sequelize: Sequelize): void {
  const id = { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true }
  User.init(
    { id, name: DataTypes.STRING, active: DataTypes.BOOLEAN },
    {
      sequelize,
      tableName: 'users',
      modelName: 'User',
      ...common,
    },
  )
  Post.init(
    { id, title: DataTypes.STRING, published: DataTypes.BOOLEAN, userId: DataTypes.INTEGER },
    {
      sequelize,
      tableName: 'posts',
      modelName: 'Post',
      ...common,
    },
  )
  Comment.init(
    { id, body: DataTypes.STRING, postId: DataTypes.INTEGER },
    {
      sequelize,
      tableName: 'comments',
      modelName: 'Comment',
      ...common,
    },
  )
  Tag.init(
    { id, name: DataTypes.STRING },
    { sequelize, tableName: 'tags', modelName: 'Tag', ...common },
  )
  PostTag.init(
    {
      postId: { type: DataTypes.INTEGER, primaryKey: true },
      tagId: { type: DataTypes.INTEGER, primaryKey: true },
      role: DataTypes.STRING,
    },
    { sequelize, tableName: 'post_tag', modelName: 'PostTag', ...common },
  )
  Loose.init(
    { id, title: DataTypes.STRING },
    { sequelize, tableName: 'posts', modelName: 'Loose', ...common },
  )
}

function associate(): void {
  User.hasMany(Post, { as: 'posts', foreignKey: 'userId' })
  Post.belongsTo(User, { as: 'author', foreignKey: 'userId' })
  Post.hasMany(Comment, { as: 'comments', foreignKey: 'postId' })
  Post.belongsToMany(Tag, { as: 'tags', through: PostTag, foreignKey: 'postId', otherKey: 'tagId' })
}

/** A Sequelize connection to the prepared database, with the models defined and associated. */
export async function openSequelize(db: OrmDatabase): Promise<Sequelize> {
  const sequelize =
    db.dialect === 'sqlite'
      ? new Sequelize({ dialect: 'sqlite', storage: db.file, logging: false })
      : new Sequelize(db.url, { dialect: db.dialect, logging: false })
  define(sequelize)
  associate()
  await sequelize.authenticate()
  return sequelize
}

/**
 * A Sequelize connection to the dialect's shared test database (SQLite: in memory), for a suite
 * that defines its own models over tables of its own.
 */
export function sequelizeOn(name: DialectName): Sequelize {
  if (name === 'sqlite')
    return new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false })
  const url = name === 'postgres' ? process.env.PG_URL : process.env.MYSQL_URL
  return new Sequelize(url!, {
    dialect: name === 'postgres' ? 'postgres' : 'mysql',
    logging: false,
  })
}
