import { Model, type RelationMappings } from 'objection'

/** Real Objection models over the shared schema (users, posts, comments, tags, post_tag.role). */
export class User extends Model {
  static override tableName = 'users'
  id!: number
  name!: string
  posts?: Post[]
  static override get relationMappings(): RelationMappings {
    return {
      posts: {
        relation: Model.HasManyRelation,
        modelClass: Post,
        join: { from: 'users.id', to: 'posts.user_id' },
      },
    }
  }
}

export class Post extends Model {
  static override tableName = 'posts'
  id!: number
  title!: string
  user_id!: number
  author?: User
  comments?: Comment[]
  tags?: Tag[]
  static override get relationMappings(): RelationMappings {
    return {
      author: {
        relation: Model.BelongsToOneRelation,
        modelClass: User,
        join: { from: 'posts.user_id', to: 'users.id' },
      },
      comments: {
        relation: Model.HasManyRelation,
        modelClass: Comment,
        join: { from: 'posts.id', to: 'comments.post_id' },
      },
      tags: {
        relation: Model.ManyToManyRelation,
        modelClass: Tag,
        join: {
          from: 'posts.id',
          through: { from: 'post_tag.post_id', to: 'post_tag.tag_id', extra: ['role'] },
          to: 'tags.id',
        },
      },
      labels: {
        relation: Model.ManyToManyRelation,
        modelClass: Tag,
        join: {
          from: 'posts.id',
          through: {
            from: 'post_tag.post_id',
            to: 'post_tag.tag_id',
            extra: { label_role: 'role' },
          },
          to: 'tags.id',
        },
      },
    }
  }
}

export class Comment extends Model {
  static override tableName = 'comments'
  id!: number
  body!: string
}

export class Tag extends Model {
  static override tableName = 'tags'
  id!: number
  name!: string
}

/** A model class nobody registers: it must get the default rules. */
export class Unregistered extends Model {
  static override tableName = 'posts'
}
